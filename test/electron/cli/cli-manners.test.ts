import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';
import { runCliCaptured } from '../../helpers/run-cli.ts';

const tempDir = useTempDir();
const bin = path.resolve(import.meta.dirname, '../../../bin/lorewright.mjs');

/** A folder of `n` cards with long names, so listings run far past a pipe's 64 KiB buffer. */
function manyCards(n: number): string {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'cards'));
  for (let i = 0; i < n; i++)
    fs.writeFileSync(
      path.join(dir, 'cards', `card-${i}-${'x'.repeat(150)}.json`),
      v2Card(`Card ${i} ${'y'.repeat(200)}`),
    );
  return dir;
}

/** Runs the real command and closes its stdout after the first bytes, like `| head -1`. */
function readFirstThenClose(args: string[], cwd: string): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdout.once('data', () => child.stdout.destroy());
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, err })));
}

describe('CLI manners', { timeout: 120_000 }, () => {
  it('ends quietly when the reader of its output goes away (library list, --json, import --json)', async () => {
    const dir = manyCards(400);
    const db = path.join(dir, 'lib.db');
    for (const args of [
      ['library', 'import', 'cards', '--db', db, '--json'],
      ['library', 'list', '--db', db, '--limit', '1000'],
      ['library', 'list', '--db', db, '--limit', '1000', '--json'],
    ]) {
      const r = await readFirstThenClose(args, dir);
      // Progress lines are fine; a stack trace or an EPIPE message is not.
      expect(r.err.replace(/^\[\d+\/400\] files processed\n/gm, '')).toBe('');
      expect(r.code).toBe(0);
    }
    const listed = await runCliCaptured(['library', 'list', '--db', db, '--limit', '1000', '--json'], {}, dir);
    expect((JSON.parse(listed.out) as { total: number }).total).toBe(400);
  });

  it('Ctrl-C stops a large library import cleanly, says how far it got, and keeps what was imported', async () => {
    const dir = manyCards(400);
    const db = path.join(dir, 'lib.db');
    const child = spawn(process.execPath, [bin, 'library', 'import', 'cards', '--db', db], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let sent = false;
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (!sent && err.includes('[100/400] files processed')) sent = child.kill('SIGINT');
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    const m = /Interrupted: (\d+) of 400 file\(s\) processed; what they imported is kept/.exec(err);
    expect(m).not.toBeNull();
    const listed = await runCliCaptured(['library', 'list', '--db', db, '--limit', '1000', '--json'], {}, dir);
    expect((JSON.parse(listed.out) as { total: number }).total).toBe(Number(m![1]));
  });
});
