import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { backupFile, writeFileAtomic, writeFileAtomicSync } from '../../../electron/services/convert/atomic-write.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();

describe('writeFileAtomic / backupFile', () => {
  it('replaces a file whole and leaves no temp file behind', async () => {
    const file = path.join(tempDir(), 'card.png');
    fs.writeFileSync(file, 'old');
    await writeFileAtomic(file, new TextEncoder().encode('new'), true);
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['card.png']);
  });

  it('leaves the target as it was, and no temp file, when the final rename fails', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'card.png');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'inside'), 'old');
    await expect(writeFileAtomic(target, new TextEncoder().encode('new'), true)).rejects.toThrow();
    expect(fs.readFileSync(path.join(target, 'inside'), 'utf8')).toBe('old');
    expect(fs.readdirSync(dir)).toEqual(['card.png']);
  });

  it('writes slices in order, from both the async and the worker-thread writer', async () => {
    const dir = tempDir();
    const source = new TextEncoder().encode('0123456789');
    // Views into one buffer, a fresh piece, an empty one: what a PNG rewrite hands over.
    const parts = [source.subarray(0, 4), new TextEncoder().encode('-new-'), new Uint8Array(0), source.subarray(4)];
    await writeFileAtomic(path.join(dir, 'a.png'), parts, false);
    writeFileAtomicSync(path.join(dir, 'b.png'), parts, false);
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
