import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  walkFiles,
  readableByMode,
  readRegularFile,
  readRegularFileSync,
  scratchBuffer,
} from '../../../electron/services/files/walk-files.ts';
import { isCardFileName } from '../../../electron/services/convert/collect.ts';
import { convertFiles } from '../../../electron/services/convert/index.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';
import { runCliCaptured } from '../../helpers/run-cli.ts';

const tempDir = useTempDir();

/** A folder of three good cards plus every kind of entry a walk must survive. */
async function hostileFolder(): Promise<{ dir: string; close: () => Promise<void> }> {
  const dir = tempDir();
  const cards = path.join(dir, 'cards');
  fs.mkdirSync(path.join(cards, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(cards, 'a.json'), v2Card('A'));
  fs.writeFileSync(path.join(cards, 'sub', 'b.json'), v2Card('B'));
  fs.mkdirSync(path.join(dir, 'elsewhere'));
  fs.writeFileSync(path.join(dir, 'elsewhere', 'c.json'), v2Card('C'));
  fs.symlinkSync(path.join(dir, 'elsewhere'), path.join(cards, 'linked-folder'));
  fs.symlinkSync(path.join(dir, 'nowhere.json'), path.join(cards, 'broken.json'));
  fs.symlinkSync(cards, path.join(cards, 'sub', 'loop'));
  fs.symlinkSync(path.join(cards, 'a.json'), path.join(cards, 'again.json'));
  fs.symlinkSync('/dev/null', path.join(cards, 'device.json'));
  expect(spawnSync('mkfifo', [path.join(cards, 'pipe.json')]).status).toBe(0);
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(path.join(cards, 'socket.json'), resolve));
  return { dir, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('walkFiles', () => {
  it('follows links, detects loops and duplicates, and names every entry it skips', async () => {
    const { dir, close } = await hostileFolder();
    try {
      const cards = path.join(dir, 'cards');
      const found: string[] = [];
      const r = await walkFiles([cards], { accept: isCardFileName, found: (f) => found.push(f.path) });
      // Each file is told as it is found, in the order of the result (a batch starts on it while the walk goes on).
      expect(found).toEqual(r.files.map((f) => f.path));
      expect(r.files.map((f) => path.relative(cards, f.path))).toEqual([
        'a.json',
        'linked-folder/c.json',
        'sub/b.json',
      ]);
      expect(r.skipped.map((s) => [path.relative(cards, s.path), s.code, s.reason])).toEqual([
        ['again.json', 'duplicate', `same file as ${path.join(cards, 'a.json')}`],
        ['broken.json', 'broken_link', `broken symbolic link (to ${path.join(dir, 'nowhere.json')})`],
        ['device.json', 'not_regular', 'is a character device'],
        ['pipe.json', 'not_regular', 'is a FIFO (named pipe)'],
        ['socket.json', 'not_regular', 'is a socket'],
        ['sub/loop', 'link_loop', `symbolic link loop: leads back to ${cards}`],
      ]);
    } finally {
      await close();
    }
  });

  it('checks the size before reading, and a link loop named directly is skipped', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'big.json'), 'x'.repeat(5000));
    fs.symlinkSync(path.join(dir, 'l2'), path.join(dir, 'l1'));
    fs.symlinkSync(path.join(dir, 'l1'), path.join(dir, 'l2'));
    const r = await walkFiles([path.join(dir, 'big.json'), path.join(dir, 'l1')], { maxFileBytes: 4000 });
    expect(r.files).toEqual([]);
    expect(r.skipped.map((s) => [s.code, s.reason])).toEqual([
      ['too_large', '5,000 bytes, over the 4,000-byte limit'],
      ['link_loop', 'symbolic link loop'],
    ]);
  });

  it('readRegularFileSync reads each file into one lent buffer, and a file over its size into memory of its own', () => {
    const dir = tempDir();
    const file = (name: string, text: string): string => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const scratch = scratchBuffer(8);
    const long = readRegularFileSync(file('a.json', '{"a":1}'), 100, undefined, scratch);
    expect(Buffer.from(long).toString()).toBe('{"a":1}');
    const short = readRegularFileSync(file('b.json', '{}'), 100, undefined, scratch);
    expect(Buffer.from(short).toString()).toBe('{}');
    expect(short.buffer).toBe(long.buffer);
    const big = readRegularFileSync(file('c.json', '{"big":true}'), 100, undefined, scratch);
    expect(Buffer.from(big).toString()).toBe('{"big":true}');
    expect(big.buffer).not.toBe(long.buffer);
    expect(() => readRegularFileSync(file('d.json', 'x'.repeat(200)), 100, undefined, scratch)).toThrow(
      'the limit is 100',
    );
  });

  it('readRegularFile refuses a FIFO without blocking on it', async () => {
    const dir = tempDir();
    const fifo = path.join(dir, 'p.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    await expect(readRegularFile(fifo, 1000)).rejects.toThrow('is a FIFO (named pipe)');
  });
});

describe('batches over a hostile folder finish and report every skip', () => {
  it('convert: every good card converted, every odd entry skipped with its reason', async () => {
    const { dir, close } = await hostileFolder();
    try {
      const report = await convertFiles({
        inputs: [path.join(dir, 'cards'), path.join(dir, 'cards', 'pipe.json')],
        to: 'v3',
        outDir: path.join(dir, 'out'),
      });
      expect(report.totals).toMatchObject({ converted: 3, skipped: 7, failed: 0 });
      const skipped = report.files.filter((f) => f.status === 'skipped').map((f) => f.error?.code);
      // The FIFO is met twice (in the folder, and named): skipped both times, never opened.
      expect(skipped.sort()).toEqual([
        'broken_link',
        'duplicate',
        'link_loop',
        'not_regular',
        'not_regular',
        'not_regular',
        'not_regular',
      ]);
    } finally {
      await close();
    }
  });

  it('library import: one broken link no longer aborts the import; the table lists it', async () => {
    const { dir, close } = await hostileFolder();
    try {
      const r = await runCliCaptured(
        ['library', 'import', 'cards', '--db', path.join(dir, 'lib.db'), '--json'],
        {},
        dir,
      );
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const rows = JSON.parse(r.out) as { file: string; status: string; message?: string }[];
      expect(
        rows
          .filter((x) => x.status === 'imported')
          .map((x) => x.file)
          .sort(),
      ).toEqual(['cards/a.json', 'cards/linked-folder/c.json', 'cards/sub/b.json']);
      expect(rows.filter((x) => x.status === 'skipped').map((x) => [x.file, x.message])).toEqual([
        ['cards/again.json', `same file as ${path.join(dir, 'cards', 'a.json')} [duplicate]`],
        ['cards/broken.json', `broken symbolic link (to ${path.join(dir, 'nowhere.json')}) [broken_link]`],
        ['cards/device.json', 'is a character device [not_regular]'],
        ['cards/pipe.json', 'is a FIFO (named pipe) [not_regular]'],
        ['cards/socket.json', 'is a socket [not_regular]'],
        ['cards/sub/loop', `symbolic link loop: leads back to ${path.join(dir, 'cards')} [link_loop]`],
      ]);
    } finally {
      await close();
    }
  });
});

describe('readable files by their mode bits', () => {
  const reader = { uid: 1000, groups: new Set([1000, 27]) };
  const file = (mode: number, uid = 0, gid = 0) => ({ mode: 0o100000 | mode, uid, gid });

  it('reads them as open(2) would: owner bits for the owner, group bits for a member, other bits for the rest', () => {
    expect(readableByMode(file(0o000), { uid: 0, groups: new Set([0]) })).toBe(true);
    expect(readableByMode(file(0o400, 1000), reader)).toBe(true);
    expect(readableByMode(file(0o044, 1000), reader)).toBe(false);
    expect(readableByMode(file(0o040, 5, 27), reader)).toBe(true);
    expect(readableByMode(file(0o404, 5, 27), reader)).toBe(false);
    expect(readableByMode(file(0o004, 5, 5), reader)).toBe(true);
    expect(readableByMode(file(0o440, 5, 5), reader)).toBe(false);
  });

  // Run as another user (root reads everything): what the mode bits deny is asked of access(2), and skipped.
  it.skipIf(process.platform === 'win32')('skips a file its mode denies, named as unreadable', () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'open.json'), v2Card('Open'), { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'shut.json'), v2Card('Shut'), { mode: 0o600 });
    const walker = path.resolve(import.meta.dirname, '../../../electron/services/files/walk-files.ts');
    const script = `const { walkFiles } = await import(${JSON.stringify(walker)});
      const r = await walkFiles([${JSON.stringify(dir)}]);
      console.log(JSON.stringify({ files: r.files.map((f) => f.path), skipped: r.skipped }));`;
    const asOther = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    if (!asOther.uid) fs.chmodSync(path.join(dir, 'shut.json'), 0o000);
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', ...asOther });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      files: [path.join(dir, 'open.json')],
      skipped: [{ path: path.join(dir, 'shut.json'), code: 'unreadable', reason: 'not readable (permission denied)' }],
    });
  });
});
