import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import {
  backupFile,
  copyablePrefix,
  writeFileAtomic,
  writeFileAtomicSync,
} from '../../../electron/services/convert/atomic-write.ts';
import type { CopySource } from '../../../electron/services/convert/atomic-write.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();

describe('writeFileAtomic / backupFile', () => {
  it('replaces a file whole and leaves no temp file behind', async () => {
    const file = path.join(tempDir(), 'card.png');
    fs.writeFileSync(file, 'old');
    await writeFileAtomic(file, new TextEncoder().encode('new'), 'durable');
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['card.png']);
  });

  it('leaves the target as it was, and no temp file, when the final rename fails', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'card.png');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'inside'), 'old');
    await expect(writeFileAtomic(target, new TextEncoder().encode('new'), 'durable')).rejects.toThrow();
    expect(fs.readFileSync(path.join(target, 'inside'), 'utf8')).toBe('old');
    expect(fs.readdirSync(dir)).toEqual(['card.png']);
  });

  it('writes slices in order, from both the async and the worker-thread writer', async () => {
    const dir = tempDir();
    const source = new TextEncoder().encode('0123456789');
    // Views into one buffer, a fresh piece, an empty one: what a PNG rewrite hands over.
    const parts = [source.subarray(0, 4), new TextEncoder().encode('-new-'), new Uint8Array(0), source.subarray(4)];
    await writeFileAtomic(path.join(dir, 'a.png'), parts, 'atomic');
    writeFileAtomicSync(path.join(dir, 'b.png'), parts, 'atomic');
    expect(fs.readFileSync(path.join(dir, 'a.png'), 'utf8')).toBe('0123-new-456789');
    expect(fs.readFileSync(path.join(dir, 'b.png'), 'utf8')).toBe('0123-new-456789');
    expect(fs.readdirSync(dir).sort()).toEqual(['a.png', 'b.png']);
  });

  it('never replaces an older backup', async () => {
    const file = path.join(tempDir(), 'card.json');
    fs.writeFileSync(file, 'one');
    expect(await backupFile(file)).toBe(`${file}.bak`);
    fs.writeFileSync(`${file}.tmp`, 'two');
    fs.renameSync(`${file}.tmp`, file);
    expect(await backupFile(file)).toBe(`${file}.bak2`);
    expect(fs.readFileSync(`${file}.bak`, 'utf8')).toBe('one');
    expect(fs.readFileSync(`${file}.bak2`, 'utf8')).toBe('two');
  });
});

/** `size` bytes that differ from offset to offset, written to `dir`/src.png (with `mode`), as a write's source. */
function source(dir: string, size: number, mode = 0o644): CopySource {
  const file = path.join(dir, 'src.png');
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 31 + (i >> 8)) & 255);
  fs.writeFileSync(file, bytes, { mode });
  fs.chmodSync(file, mode);
  return { path: file, bytes, stats: fs.statSync(file) };
}

const writers = [
  ['async', writeFileAtomic],
  ['worker-thread', writeFileAtomicSync],
] as const;
const joined = (parts: Uint8Array[]): Buffer => Buffer.concat(parts);

describe('writing over a kernel copy of the source', () => {
  it('copies only a view of the source from its first byte, large and at least half the output', () => {
    const src = source(tempDir(), 200_000);
    const fresh = new Uint8Array(10);
    expect(copyablePrefix([src.bytes.subarray(0, 150_000), fresh], src)).toBe(150_000);
    expect(copyablePrefix([src.bytes], src)).toBe(200_000);
    // Not from the first byte, a copy of it, too small, or less than half of what is written: everything is written.
    expect(copyablePrefix([src.bytes.subarray(1, 150_000)], src)).toBe(0);
    expect(copyablePrefix([src.bytes.slice(0, 150_000)], src)).toBe(0);
    expect(copyablePrefix([src.bytes.subarray(0, 60_000), fresh], src)).toBe(0);
    expect(copyablePrefix([src.bytes.subarray(0, 100_000), new Uint8Array(100_001)], src)).toBe(0);
    expect(copyablePrefix([src.bytes], undefined)).toBe(0);
  });

  it.each(writers)(
    '%s writer: the output is the slices, whether it grows or shrinks; no temp file',
    async (_, write) => {
      const dir = tempDir();
      const src = source(dir, 200_000);
      const edit = new TextEncoder().encode('-the new card chunk-');
      const grown = [src.bytes.subarray(0, 150_000), edit, src.bytes.subarray(150_010)];
      const shrunk = [src.bytes.subarray(0, 120_000), edit, src.bytes.subarray(190_000)];
      const atEnd = [src.bytes.subarray(0, 199_000), edit];
      for (const [name, parts] of Object.entries({ grown, shrunk, atEnd })) {
        expect(copyablePrefix(parts, src)).toBeGreaterThan(0);
        await write(path.join(dir, `${name}.png`), parts, 'atomic', src);
        expect(fs.readFileSync(path.join(dir, `${name}.png`)).equals(joined(parts))).toBe(true);
      }
      expect(fs.readdirSync(dir).sort()).toEqual(['atEnd.png', 'grown.png', 'shrunk.png', 'src.png']);
    },
  );

  it.each(writers)('%s writer: a source changed since it was read is not copied from', async (_, write) => {
    const dir = tempDir();
    const src = source(dir, 200_000);
    const parts = [src.bytes.subarray(0, 150_000), new TextEncoder().encode('edit')];
    // Rewritten meanwhile: same size, other bytes, later times.
    fs.writeFileSync(src.path, new Uint8Array(200_000).fill(7));
    fs.utimesSync(src.path, new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
    await write(path.join(dir, 'out.png'), parts, 'atomic', src);
    expect(fs.readFileSync(path.join(dir, 'out.png')).equals(joined(parts))).toBe(true);
    // Longer meanwhile: the copy's surplus is cut off.
    fs.writeFileSync(src.path, new Uint8Array(300_000).fill(9));
    await write(path.join(dir, 'out2.png'), parts, 'atomic', src);
    expect(fs.readFileSync(path.join(dir, 'out2.png')).equals(joined(parts))).toBe(true);
  });

  it.each(writers)("%s writer: the output has its source file's permissions, copied or written", async (_, write) => {
    if (process.platform === 'win32') return;
    const dir = tempDir();
    const src = source(dir, 200_000, 0o600);
    const small = { ...src, bytes: src.bytes.subarray(0, 100) };
    await write(path.join(dir, 'copied.png'), [src.bytes.subarray(0, 150_000)], 'atomic', src);
    await write(path.join(dir, 'written.png'), [small.bytes, new Uint8Array(5)], 'atomic', small);
    expect(copyablePrefix([small.bytes, new Uint8Array(5)], small)).toBe(0);
    for (const name of ['copied.png', 'written.png'])
      expect(fs.statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
  });

  it.each(writers)('%s writer: a failed rename leaves the target as it was and no temp file', async (_, write) => {
    const dir = tempDir();
    const src = source(dir, 200_000);
    const target = path.join(dir, 'card.png');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'inside'), 'old');
    await expect(async () => write(target, [src.bytes.subarray(0, 150_000)], 'durable', src)).rejects.toThrow();
    expect(fs.readFileSync(path.join(target, 'inside'), 'utf8')).toBe('old');
    expect(fs.readdirSync(dir).sort()).toEqual(['card.png', 'src.png']);
  });
});
