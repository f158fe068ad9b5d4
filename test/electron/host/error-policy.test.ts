// One error policy: typed errors become specific messages at the API boundary; anything unexpected reaches the user
// as its message and the log file (next to the library) as its stack; the CLI prints the stack with --verbose.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiHost } from '../../../electron/host/api.ts';
import { openLibrary } from '../../../electron/services/library/library.ts';
import { fileErrorLog, logFileFor } from '../../../electron/services/error-log.ts';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();

describe('error policy', () => {
  it('maps domain errors to their code and message, and logs the stack of an unexpected one only', async () => {
    const dir = tempDir();
    const db = path.join(dir, 'library.db');
    const library = openLibrary(db);
    const logFile = logFileFor(db);
    const host = createApiHost({ library, log: fileErrorLog(logFile) });

    const notFound = await host.call('cards.get', { id: 99 });
    expect(notFound).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'No card with id 99 in the library.',
        details: [{ path: '/id', message: 'not found' }],
      },
    });
    const unreadable = await host.call('chats.export', { transcript: { nope: true }, format: 'sillytavern' });
    expect(unreadable).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(fs.existsSync(logFile)).toBe(false);

    library.close(); // every later call fails inside better-sqlite3: a fault, not the caller's
    const broken = await host.call('cards.list', {});
    expect(broken).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringMatching(/^Internal error: .*database connection is not open/) },
    });
    const log = fs.readFileSync(logFile, 'utf8');
    expect(log).toMatch(/cards\.list failed\n.*database connection is not open\n\s+at /);
  });

  it('rotates the log file past its size, keeping three old files', () => {
    const file = path.join(tempDir(), 'logs', 'lorewright.log');
    const log = fileErrorLog(file, 1000);
    for (let i = 0; i < 40; i++) log.error(`failure ${i}`, new Error('x'.repeat(300)));
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual([
      'lorewright.log',
      'lorewright.log.1',
      'lorewright.log.2',
      'lorewright.log.3',
    ]);
    expect(fs.readFileSync(file, 'utf8')).toContain('failure 39');
  });

  it('prints the stack of a failed CLI command with --verbose, and only the message without it', async () => {
    const missing = path.join(tempDir(), 'no-such-folder', 'library.db');
    const plain = await runCliCaptured(['library', 'list', '--db', missing]);
    expect(plain.err).toBe(`lorewright: The folder ${path.dirname(missing)} for the library does not exist.\n`);
    const verbose = await runCliCaptured(['--verbose', 'library', 'list', '--db', missing]);
    expect(verbose.code).toBe(1);
    expect(verbose.err).toMatch(/^lorewright: The folder .* does not exist\.\nApiError: .*\n\s+at /);
  });
});
