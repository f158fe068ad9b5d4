import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { convertFiles, ConvertUsageError } from '../../../electron/services/convert/index.ts';
import type { ConvertProgress, FileResult } from '../../../electron/services/convert/index.ts';
import { convertCard, readCard, writeCard } from '../../../shared/card/index.ts';
import { readU32 } from '../../../shared/card/bytes.ts';
import { copyablePrefix } from '../../../electron/services/convert/atomic-write.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';
import { b64, fixture, noisePng, pngWith, textChunk, v1Card, v2Card, v3Card } from '../../shared/card/helpers.ts';

const tempDir = useTempDir();
const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** A mixed folder: V1/V2/V3 in PNG, JSON, YAML, CharX, a WEBP-less legacy JPEG, a lorebook, and broken files. */
function mixedFolder(): { dir: string; hashes: Map<string, string> } {
  const dir = path.join(tempDir(), 'cards');
  const put = (rel: string, bytes: Uint8Array | string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), bytes);
  };
  put('seraphina.png', fixture('default_Seraphina-1.12.6.png'));
  put('v1.png', pngWith([textChunk('chara', b64(v1Card({ name: 'Png One' })))]));
  put('v1.json', JSON.stringify(v1Card({ name: 'Json One', avatar: 'none' }), null, 4));
  put(
    'nested/deeper/v1.yaml',
    'name: Yaml One\ndescription: d\npersonality: ""\nscenario: ""\nfirst_mes: hi\nmes_example: ""\n',
  );
  put('v2.json', JSON.stringify(v2Card()));
  put(
    'v3.charx',
    zipSync({ 'card.json': new TextEncoder().encode(JSON.stringify(v3Card())), 'assets/a.png': new Uint8Array([1]) }),
  );
  put('corrupt.png', fixture('default_Seraphina-1.12.6.png').subarray(0, 4000));
  put('nocard.png', pngWith([]));
  put('lorebook.json', JSON.stringify({ entries: { '0': { key: ['a'], content: 'x' } } }));
  put('garbage.json', '{"name": ');
  put('notes.txt', 'not a card, not even looked at');
  const hashes = new Map<string, string>();
  for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, f);
    if (fs.statSync(full).isFile()) hashes.set(full, sha(full));
  }
  return { dir, hashes };
}

/** A folder of `count` V1 JSON cards named card000.json… (zero-padded to the widest number). */
function manyCards(count: number): string {
  const dir = path.join(tempDir(), 'many');
  fs.mkdirSync(dir);
  const width = String(count - 1).length;
  for (let i = 0; i < count; i++)
    fs.writeFileSync(
      path.join(dir, `card${String(i).padStart(width, '0')}.json`),
      JSON.stringify(v1Card({ name: `C${i}` })),
    );
  return dir;
}

function byName(files: FileResult[]): Record<string, FileResult> {
  return Object.fromEntries(files.map((f) => [path.basename(f.input), f]));
}

describe('convertFiles', () => {
  it('converts a mixed folder to V2 into an output folder: bad files fail alone, originals stay untouched', async () => {
    const { dir, hashes } = mixedFolder();
    const out = path.join(tempDir(), 'out');
    const progress: ConvertProgress[] = [];
    const report = await convertFiles({ inputs: [dir], to: 'v2', outDir: out, jobs: 3 }, (p) => progress.push(p));

    const r = byName(report.files);
    expect(report.totals).toMatchObject({ files: 11, converted: 4, already: 2, skipped: 2, failed: 3 });
    expect(r['v1.png']).toMatchObject({
      status: 'converted',
      from: 'v1',
      format: 'png',
      output: path.join(out, 'v1.png'),
      loss: { moved: 6, defaulted: 10, dropped: 0 },
    });
    expect(r['v1.yaml']).toMatchObject({ status: 'converted', output: path.join(out, 'nested/deeper/v1.yaml') });
    expect(r['v3.charx']).toMatchObject({ status: 'converted', from: 'v3', output: path.join(out, 'v3.charx') });
    expect(r['seraphina.png']).toMatchObject({ status: 'already', from: 'v2' });
    expect(r['seraphina.png']!.output).toBeUndefined();
    expect(r['corrupt.png']).toMatchObject({ status: 'failed', error: { code: 'png_truncated' } });
    expect(r['nocard.png']).toMatchObject({ status: 'failed', error: { code: 'png_no_card' } });
    expect(r['garbage.json']).toMatchObject({ status: 'failed', error: { code: 'json_syntax' } });
    expect(r['lorebook.json']).toMatchObject({
      status: 'skipped',
      error: { code: 'not_a_card', message: expect.stringContaining('lorebook') },
    });
    // Other files in the folder are counted and named with the reason, never silently left out.
    expect(r['notes.txt']).toMatchObject({
      status: 'skipped',
      error: { code: 'not_input', message: 'not a card file (.txt); cards are PNG, JSON, YAML or CharX files' },
    });

    expect(readCard(fs.readFileSync(path.join(out, 'v1.json'))).doc).toMatchObject({
      spec: 'chara_card_v2',
      avatar: 'none',
      data: { name: 'Json One' },
    });
    expect(fs.readFileSync(path.join(out, 'v1.json'), 'utf8')).toMatch(/^\{\n {4}"spec"/);
    expect(readCard(fs.readFileSync(path.join(out, 'v3.charx'))).assets!.get('assets/a.png')).toEqual(
      new Uint8Array([1]),
    );
    for (const [file, hash] of hashes) expect(sha(file)).toBe(hash);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(progress.every((p) => p.total === 10)).toBe(true);
  });

  it('converts to V3 in a new format, and re-running gives the same bytes', async () => {
    const { dir } = mixedFolder();
    const out = path.join(tempDir(), 'out');
    const first = await convertFiles({ inputs: [dir], to: 'v3', outDir: out, format: 'charx' });
    const r = byName(first.files);
    expect(r['seraphina.png']).toMatchObject({
      status: 'converted',
      format: 'charx',
      output: path.join(out, 'seraphina.charx'),
    });
    expect(r['v3.charx']).toMatchObject({ status: 'already' });
    expect(r['v3.charx']!.output).toBeUndefined();
    expect(r['v2.json']).toMatchObject({ status: 'converted', output: path.join(out, 'v2.charx') });
    expect(readCard(fs.readFileSync(path.join(out, 'seraphina.charx'))).spec).toBe('v3');
    const before = new Map(first.files.filter((f) => f.output).map((f) => [f.output!, sha(f.output!)]));
    const second = await convertFiles({ inputs: [dir], to: 'v3', outDir: out, format: 'charx' });
    expect(second.totals).toEqual(first.totals);
    for (const [file, hash] of before) expect(sha(file)).toBe(hash);
  });

  it('converts in place atomically with backups; a second run changes nothing', async () => {
    const { dir, hashes } = mixedFolder();
    const file = path.join(dir, 'v1.png');
    const report = await convertFiles({ inputs: [dir], to: 'v2', inPlace: true });
    const r = byName(report.files);
    expect(r['v1.png']).toMatchObject({ status: 'converted', output: file, backup: `${file}.bak` });
    expect(sha(`${file}.bak`)).toBe(hashes.get(file));
    expect(readCard(fs.readFileSync(file)).spec).toBe('v2');
    expect(fs.readdirSync(dir).filter((n) => n.includes('lorewright-tmp'))).toEqual([]);
    for (const bad of ['corrupt.png', 'nocard.png', 'garbage.json', 'lorebook.json', 'seraphina.png'])
      expect(sha(path.join(dir, bad))).toBe(hashes.get(path.join(dir, bad)));

    const again = await convertFiles({ inputs: [dir], to: 'v2', inPlace: true });
    expect(again.totals.converted).toBe(0);
    expect(byName(again.files)['v1.png']).toMatchObject({ status: 'already' });
    expect(fs.existsSync(`${file}.bak2`)).toBe(false);
  });

  it('never overwrites an input or another output: colliding names get a suffix', async () => {
    const a = path.join(tempDir(), 'a');
    const b = path.join(tempDir(), 'b');
    for (const d of [a, b]) {
      fs.mkdirSync(d);
      fs.writeFileSync(path.join(d, 'card.json'), JSON.stringify(v1Card({ name: d })));
    }
    const report = await convertFiles({ inputs: [a, b, path.join(a, 'card.json')], to: 'v2', outDir: a });
    expect(report.files.map((f) => path.basename(f.output!))).toEqual(['card (2).json', 'card (3).json']);
    expect(JSON.parse(fs.readFileSync(path.join(a, 'card.json'), 'utf8'))).toEqual(v1Card({ name: a }));
  });

  it('skips read-only legacy images unless a format is chosen, and reports missing inputs and oversized files', async () => {
    const dir = tempDir();
    const jpeg = path.join(dir, 'old.jpg');
    const { jpegWithExif, tiffWithUserComment } = await import('../../shared/card/helpers.ts');
    fs.writeFileSync(jpeg, jpegWithExif(tiffWithUserComment(new TextEncoder().encode(JSON.stringify(v1Card())))));
    const big = path.join(dir, 'big.json');
    fs.writeFileSync(big, JSON.stringify(v1Card({ filler: 'x'.repeat(5000) })));
    const out = path.join(dir, 'out');
    const report = await convertFiles({
      inputs: [jpeg, big, path.join(dir, 'nope.png')],
      to: 'v2',
      outDir: out,
      maxFileBytes: 4000,
    });
    const r = byName(report.files);
    expect(r['old.jpg']).toMatchObject({ status: 'skipped', error: { code: 'read_only_format' } });
    expect(r['big.json']).toMatchObject({ status: 'failed', error: { code: 'too_large' } });
    expect(r['nope.png']).toMatchObject({
      status: 'failed',
      error: { code: 'ENOENT', message: 'no such file or folder' },
    });
    const json = await convertFiles({ inputs: [jpeg], to: 'v2', outDir: out, format: 'json' });
    expect(json.files[0]).toMatchObject({ status: 'converted', output: path.join(out, 'old.json') });
  });

  it('gives the same results on worker threads as in this thread', async () => {
    const { dir } = mixedFolder();
    const strip = (files: FileResult[]) =>
      files.map(({ ms: _ms, output, ...f }) => ({ ...f, output: output && path.basename(output) }));
    const base = tempDir();
    const inline = await convertFiles({
      inputs: [dir],
      to: 'v3',
      outDir: path.join(base, 'a'),
      jobs: 2,
      threads: false,
    });
    const threaded = await convertFiles({
      inputs: [dir],
      to: 'v3',
      outDir: path.join(base, 'b'),
      jobs: 2,
      threads: true,
    });
    expect(strip(threaded.files)).toEqual(strip(inline.files));
    expect([inline.threads, threaded.threads]).toEqual([0, 1]);
    for (const f of inline.files.filter((x) => x.output)) {
      expect(sha(path.join(base, 'b', path.relative(path.join(base, 'a'), f.output!)))).toBe(sha(f.output!));
    }
  });

  it('on worker threads, batches of many small files: a bad file fails alone, named, and the rest convert', async () => {
    const dir = manyCards(150);
    // Bad files in the middle of a batch: broken JSON, a folder with a card's name, a truncated PNG.
    fs.writeFileSync(path.join(dir, 'card070-broken.json'), '{"name": "half');
    fs.mkdirSync(path.join(dir, 'card071-folder.png'));
    fs.writeFileSync(path.join(dir, 'card072-cut.png'), fixture('default_Seraphina-1.12.6.png').subarray(0, 3000));
    const out = path.join(tempDir(), 'out');
    const progress: number[] = [];
    const report = await convertFiles({ inputs: [dir], to: 'v2', outDir: out, jobs: 2, threads: true }, (p) =>
      progress.push(p.done),
    );
    expect(report.totals).toMatchObject({ files: 152, converted: 150, failed: 2 });
    const r = byName(report.files);
    expect(r['card070-broken.json']).toMatchObject({
      status: 'failed',
      input: path.join(dir, 'card070-broken.json'),
      error: { code: 'json_syntax' },
    });
    expect(r['card072-cut.png']).toMatchObject({ status: 'failed', error: { code: 'png_truncated' } });
    expect(report.files.map((f) => path.basename(f.input))).toEqual(
      fs
        .readdirSync(dir)
        .filter((n) => n !== 'card071-folder.png')
        .sort(),
    );
    expect(progress).toEqual(Array.from({ length: 152 }, (_, i) => i + 1));
    expect(fs.readdirSync(out)).toHaveLength(150);
    expect(readCard(fs.readFileSync(path.join(out, 'card149.json'))).doc).toMatchObject({
      spec: 'chara_card_v2',
      data: { name: 'C149' },
    });
  });

  it('in place on threads, a link to a card the batch has already replaced is still a duplicate', async () => {
    // Links at the end of a big folder to its first cards: a walk that let batches run at its pauses (every 512
    // entries) would meet them after the cards they point to were replaced (new inodes).
    const dir = manyCards(3000);
    for (let i = 0; i < 400; i += 8)
      fs.symlinkSync(path.join(dir, `card${String(i).padStart(4, '0')}.json`), path.join(dir, `zz${i}.json`));
    const report = await convertFiles({
      inputs: [dir],
      to: 'v2',
      inPlace: true,
      backup: false,
      jobs: 2,
      threads: true,
    });
    expect(report.totals).toMatchObject({ converted: 3000, skipped: 50 });
    for (const f of report.files.filter((r) => path.basename(r.input).startsWith('zz')))
      expect(f).toMatchObject({ status: 'skipped', error: { code: 'duplicate' } });
  });

  it('stops starting files once aborted', async () => {
    const { dir } = mixedFolder();
    const controller = new AbortController();
    const report = await convertFiles(
      { inputs: [dir], to: 'v2', outDir: path.join(tempDir(), 'o'), jobs: 1, signal: controller.signal },
      () => controller.abort(),
    );
    expect(report.aborted).toBe(true);
    expect(report.files).toHaveLength(1);
  });

  it('rejects unusable options with a usage error', async () => {
    await expect(convertFiles({ inputs: [], to: 'v2', outDir: 'x' })).rejects.toBeInstanceOf(ConvertUsageError);
    await expect(convertFiles({ inputs: ['x'], to: 'v2' })).rejects.toThrow(
      'an output folder is required unless converting in place',
    );
    await expect(convertFiles({ inputs: ['x'], to: 'v2', inPlace: true, format: 'json' })).rejects.toThrow(
      /keeps each file's format/,
    );
    await expect(convertFiles({ inputs: ['x'], to: 'v4' as 'v2', outDir: 'o' })).rejects.toThrow(/v2 or v3/);
    await expect(convertFiles({ inputs: ['x'], to: 'v2', outDir: 'o', jobs: 0 })).rejects.toThrow(/positive integer/);
  });
});

describe('PNG cards whose unchanged start is copied in the kernel', () => {
  const card = textChunk('chara', b64(v1Card({ name: 'Copied', description: 'A lighthouse keeper. '.repeat(200) })));
  const sillyTavern = noisePng(200_000, [], [card]);
  const badImageCrc = sillyTavern.slice();
  const idatCrc = 33 + 8 + readU32(sillyTavern, 33); // the IDAT chunk right after IHDR
  badImageCrc[idatCrc] = badImageCrc[idatCrc]! ^ 0xff;
  const SHRINKS = 'a V3 card whose ccv3 chunk the V2 conversion drops (the file shrinks)';
  const BAD_CRC = 'a bad CRC in the image data (copied as stored, as when read whole)';
  const copied: Record<string, Uint8Array> = {
    'after the image, just before IEND': sillyTavern,
    'between the image and other chunks': noisePng(
      200_000,
      [],
      [card, textChunk('Software', 'Card Forge'), { type: 'tIME', data: Uint8Array.of(7, 232, 5, 1, 12, 0, 0) }],
    ),
    'the last bytes of the file (no IEND)': sillyTavern.subarray(0, sillyTavern.length - 12),
    'before bytes after IEND': Buffer.concat([sillyTavern, Buffer.from('trailing bytes')]),
    [SHRINKS]: noisePng(
      200_000,
      [],
      [textChunk('chara', b64(v2Card({ name: 'Three' }))), textChunk('ccv3', b64(v3Card({ name: 'Three' })))],
    ),
    [BAD_CRC]: badImageCrc,
  };
  const written: Record<string, Uint8Array> = { 'before the image': noisePng(200_000, [card]) };

  /** What converting `bytes` in memory gives, and whether the writer may copy its start. */
  function expected(bytes: Uint8Array): { out: Uint8Array; copies: boolean } {
    const read = readCard(bytes, 'card.png', { verifyImageCrc: false });
    const doc = convertCard(read.doc, 'v2').doc;
    const out = writeCard(doc, 'png', { source: read }).bytes;
    const source = { path: '', bytes, stats: {} as fs.Stats };
    return { out, copies: copyablePrefix([bytes.subarray(0, commonPrefix(bytes, out))], source) > 0 };
  }

  it.each([true, false])('each layout converts to the bytes a whole rewrite gives (threads: %s)', async (threads) => {
    const dir = path.join(tempDir(), 'cards');
    fs.mkdirSync(dir);
    const all: Record<string, Uint8Array> = { ...copied, ...written };
    const names = Object.keys(all);
    names.forEach((name, i) => fs.writeFileSync(path.join(dir, `${i}.png`), all[name]!));
    const out = path.join(tempDir(), 'out');
    const report = await convertFiles({ inputs: [dir], to: 'v2', outDir: out, threads, jobs: 2 });
    expect(report.totals.converted).toBe(names.length);
    names.forEach((name, i) => {
      const want = expected(all[name]!);
      expect(want.copies, name).toBe(name in copied);
      expect(Buffer.from(fs.readFileSync(path.join(out, `${i}.png`))).equals(want.out), name).toBe(true);
    });
    const output = (name: string) => fs.readFileSync(path.join(out, `${names.indexOf(name)}.png`));
    expect(output(SHRINKS).length).toBeLessThan(copied[SHRINKS]!.length);
    expect(byName(report.files)[`${names.indexOf(BAD_CRC)}.png`]!.warnings).toEqual([]);
    expect(fs.readdirSync(out).filter((n) => n.includes('.lorewright-tmp-'))).toEqual([]);
  });

  it.each([true, false])(
    'a chunk running past the end fails, named, with no output or temp file (threads: %s)',
    async (threads) => {
      const dir = path.join(tempDir(), 'cards');
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'cut.png'), sillyTavern.subarray(0, sillyTavern.length - 100));
      const out = path.join(tempDir(), 'out');
      const report = await convertFiles({ inputs: [dir], to: 'v2', outDir: out, threads, jobs: 2 });
      expect(report.files[0]).toMatchObject({ status: 'failed', error: { code: 'png_truncated' } });
      expect(fs.readdirSync(out)).toEqual([]);
    },
  );
});

/** How many first bytes `a` and `b` share. */
function commonPrefix(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
