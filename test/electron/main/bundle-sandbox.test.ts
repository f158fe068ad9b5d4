// The production Electron bundle's evaluation sandbox: the build emits sandbox-worker.cjs beside main.cjs, and the
// bundled host (main.cjs, run under Node with Electron's API made inert) finds it and evaluates through it — a PPE
// run, a prompt assembly with a lorebook scan, and a runaway regex key stopped at the limit, naming the key.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildElectronBundles } from '../../../scripts/electron-bundles.mjs';
import { appendMessage, createTranscript } from '../../../shared/chat/index.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const child = path.resolve(import.meta.dirname, '../../helpers/electron-bundle-child.ts');

const entry = (uid: number, key: string) => ({ uid, key: [key], comment: `e${uid}`, content: `Lore ${uid}.` });
const transcript = (text: string) =>
  appendMessage(createTranscript({ name: 'Aria' }, { name: 'Sam' }), 'user', 'Sam', { text });

describe('the built Electron bundle', () => {
  it('emits the sandbox worker, and the bundled host evaluates through it', async () => {
    // The packaged app's layout, away from the sources: dist/electron/ beside node_modules (better-sqlite3 stays
    // external, as in the package).
    const app = tempDir();
    const out = path.join(app, 'dist/electron');
    await buildElectronBundles(out);
    expect(fs.readdirSync(out)).toEqual(expect.arrayContaining(['main.cjs', 'preload.cjs', 'sandbox-worker.cjs']));
    fs.symlinkSync(path.resolve(import.meta.dirname, '../../../node_modules'), path.join(app, 'node_modules'));
    const userData = tempDir();
    fs.writeFileSync(path.join(userData, 'limits.json'), JSON.stringify({ scanMs: 500 }));
    const book = { entries: { '0': entry(0, 'storm'), '1': entry(1, '/(a+)+$/') } };
    const calls = [
      ['scripts.run', { document: '$ret: ?=[1, 2].concat([3]).length', name: 'bundle' }],
      ['cards.create', { document: v2Card('Aria', { first_mes: 'Hello.' }) }],
      ['lorebooks.create', { name: 'Trap', document: JSON.stringify(book) }],
      ['chats.prompt', { cardId: 1, bookIds: [1], transcript: transcript('A storm?'), persona: { name: 'Sam' } }],
      [
        'chats.prompt',
        { cardId: 1, bookIds: [1], transcript: transcript(`${'a'.repeat(40)}!`), persona: { name: 'Sam' } },
      ],
    ];
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [child, path.join(out, 'main.cjs'), userData, JSON.stringify(calls)],
      { cwd: userData },
    );
    const replies = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, never>);
    expect(replies[0]).toMatchObject({ ok: true, value: { status: 'done', output: 3 } });
    expect(replies[3]).toMatchObject({ ok: true, value: { lore: [{ uid: 0 }] } });
    expect(replies[4]).toMatchObject({
      ok: false,
      error: {
        code: 'limit_exceeded',
        message: expect.stringContaining('did not finish within 500 ms: regex key /(a+)+$/ of entry Trap.1'),
      },
    });
  }, 120_000);
});
