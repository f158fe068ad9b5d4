import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parsePngChunks, readCard } from '../../../shared/card/index.ts';
import { runCli } from '../../../electron/cli/main.ts';
import type { ConvertReport } from '../../../electron/services/convert/index.ts';
import type { FileValidation } from '../../../electron/cli/cards/validate-file.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { blankCard } from '../../../shared/library/card-summary.ts';

const tempDir = useTempDir();
const fixtures = path.resolve(import.meta.dirname, '../../fixtures/cards');
const V2_PNG = 'default_Seraphina-1.12.6.png';

function v1(name: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify(
    {
      name,
      description: `${name} guards the forest`,
      personality: 'kind',
      scenario: '',
      first_mes: 'Hello!',
      mes_example: '',
      ...extra,
    },
    null,
    2,
  );
}

/** The mixed folder of the brief: a V1 JSON, a real V2 PNG, a PNG cut short and a JSON that is not a card. */
function mixedFolder(): { dir: string; cards: string } {
  const dir = tempDir();
  const cards = path.join(dir, 'cards');
  fs.mkdirSync(path.join(cards, 'nested'), { recursive: true });
  fs.writeFileSync(path.join(cards, 'aria.json'), v1('Aria', { talkativeness: '0.5' }));
  fs.copyFileSync(path.join(fixtures, V2_PNG), path.join(cards, 'nested', 'seraphina.png'));
  fs.writeFileSync(
    path.join(cards, 'nested', 'cut.png'),
    fs.readFileSync(path.join(fixtures, V2_PNG)).subarray(0, 4000),
  );
  fs.writeFileSync(path.join(cards, 'settings.json'), JSON.stringify({ theme: 'dark', fontSize: 14 }));
  return { dir, cards };
}

/** Every file under `dir` with a hash of its bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

function byFile(report: ConvertReport, root: string): Record<string, ConvertReport['files'][number]> {
  return Object.fromEntries(report.files.map((f) => [path.relative(root, f.input), f]));
}

/** Runs the CLI in-process with a custom io: a TTY flag, and a hook on every err write. */
async function runWithIo(
  argv: string[],
  cwd: string,
  isTTY: boolean,
  onErr: (text: string) => void = () => undefined,
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    out: (t) => (out += t),
    err: (t) => {
      err += t;
      onErr(t);
    },
    env: {},
    cwd,
    isTTY,
  });
  return { code, out, err };
}

describe('lorewright convert', () => {
  it('converts a mixed folder: bad files reported with reasons, good outputs readable, originals untouched', async () => {
    const { dir, cards } = mixedFolder();
    const before = snapshot(cards);
    const r = await runCliCaptured(
      ['convert', 'cards', '--to', 'v2', '--out', 'out', '--report', 'report.json', '--json'],
      {},
      dir,
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as ConvertReport;
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'))).toEqual(report);
    expect(report.totals).toMatchObject({ files: 4, converted: 1, already: 1, skipped: 1, failed: 1 });
    const files = byFile(report, cards);
    expect(files['aria.json']).toMatchObject({
      status: 'converted',
      from: 'v1',
      output: path.join(dir, 'out', 'aria.json'),
    });
    expect(files['aria.json']?.loss?.dropped).toBe(0);
    expect(files[path.join('nested', 'seraphina.png')]).toMatchObject({ status: 'already', from: 'v2' });
    expect(files[path.join('nested', 'cut.png')]).toMatchObject({ status: 'failed', error: { code: 'png_truncated' } });
    expect(files['settings.json']).toMatchObject({ status: 'skipped', error: { code: 'not_a_card' } });
    expect(files['settings.json']?.error?.message).toContain('theme');

    const converted = readCard(fs.readFileSync(path.join(dir, 'out', 'aria.json')), 'aria.json');
    expect(converted.spec).toBe('v2');
    expect(converted.doc['data']).toMatchObject({
      name: 'Aria',
      description: 'Aria guards the forest',
      first_mes: 'Hello!',
    });
    expect(fs.existsSync(path.join(dir, 'out', 'nested', 'cut.png'))).toBe(false);
    expect(snapshot(cards)).toEqual(before);
  });

  it('prints a summary with counts, every failure and skip with its reason, and the loss report', async () => {
    const { dir } = mixedFolder();
    const r = await runCliCaptured(['convert', 'cards', '--to', 'v3', '--out', 'out'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/converted\s+2\n\s+already at target\s+0\n\s+skipped\s+1\n\s+failed\s+1/);
    expect(r.out).toContain(`Failed:\n  ${path.join('cards', 'nested', 'cut.png')}: PNG is truncated`);
    expect(r.out).toContain(`Skipped:\n  ${path.join('cards', 'settings.json')}: not a character card`);
    expect(r.out).toMatch(
      /Loss report over 2 converted file\(s\): \d+ kept, \d+ moved, \d+ defaulted, \d+ changed, 0 dropped/,
    );
    // Not a terminal: one plain line per file on err.
    expect(r.err.trim().split('\n')).toHaveLength(4);
    expect(r.err).toMatch(/^\[\d\/4\] failed .*cut\.png: PNG is truncated/m);

    // The V2 PNG became a true V3 card (both chunks) around the very same image data.
    const original = parsePngChunks(fs.readFileSync(path.join(fixtures, V2_PNG)));
    const written = parsePngChunks(fs.readFileSync(path.join(dir, 'out', 'nested', 'seraphina.png')));
    const idat = (png: typeof original): Buffer =>
      Buffer.concat(png.chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
    expect(idat(written).equals(idat(original))).toBe(true);
    expect(readCard(fs.readFileSync(path.join(dir, 'out', 'nested', 'seraphina.png'))).spec).toBe('v3');
  });

  it('lists every dropped field in the summary and in the report', async () => {
    const dir = tempDir();
    const doc = JSON.parse(v1('Dara')) as Record<string, unknown>;
    const blank = blankCard('');
    fs.writeFileSync(
      path.join(dir, 'dara.json'),
      JSON.stringify({ ...blank, data: { ...(blank['data'] as object), ...doc, group_only_greetings: 'hi' } }),
    );
    const r = await runCliCaptured(
      ['convert', 'dara.json', '--to', 'v3', '--out', 'out', '--report', 'r.json'],
      {},
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /Loss report over 1 converted file\(s\): .*, 1 dropped\nDropped fields:\n {2}dara\.json: \/data\/group_only_greetings \(not an array; replaced by \[\]\)/,
    );
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')) as ConvertReport;
    expect(report.files[0]?.dropped).toEqual([
      { action: 'dropped', from: '/data/group_only_greetings', note: 'not an array; replaced by []' },
    ]);
  });

  it('--in-place keeps backups of the originals and a re-run changes nothing', async () => {
    const dir = tempDir();
    const original = v1('Bram');
    fs.writeFileSync(path.join(dir, 'bram.json'), original);
    fs.copyFileSync(path.join(fixtures, V2_PNG), path.join(dir, 'seraphina.png'));
    const first = await runCliCaptured(['convert', '.', '--to', 'v2', '--in-place', '--json'], {}, dir);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.out) as ConvertReport;
    expect(report.mode).toBe('in-place');
    expect(byFile(report, dir)['bram.json']).toMatchObject({
      status: 'converted',
      backup: path.join(dir, 'bram.json.bak'),
    });
    expect(fs.readFileSync(path.join(dir, 'bram.json.bak'), 'utf8')).toBe(original);
    expect(readCard(fs.readFileSync(path.join(dir, 'bram.json')), 'bram.json').spec).toBe('v2');
    // Already at the target: left alone, so no backup either.
    expect(fs.existsSync(path.join(dir, 'seraphina.png.bak'))).toBe(false);

    const after = snapshot(dir);
    const again = await runCliCaptured(['convert', '.', '--to', 'v2', '--in-place'], {}, dir);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/converted\s+0\n\s+already at target\s+2/);
    expect(snapshot(dir)).toEqual(after);
  });

  it('--no-backup replaces in place without a backup', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'cara.json'), v1('Cara'));
    expect(
      (await runCliCaptured(['convert', 'cara.json', '--to', 'v3', '--in-place', '--no-backup'], {}, dir)).code,
    ).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['cara.json']);
    expect(readCard(fs.readFileSync(path.join(dir, 'cara.json')), 'cara.json').spec).toBe('v3');
  });

  it.each([
    [['cards', '--to', 'v2'], /--out DIR, or --in-place/],
    [['cards', '--to', 'v2', '--out', 'o', '--in-place'], /either --out DIR or --in-place/],
    [['cards', '--out', 'o'], /--to is required/],
    [['cards', '--to', 'v4', '--out', 'o'], /--to must be v2 or v3, got "v4"/],
    [['cards', '--to', 'v2', '--out', 'o', '--format', 'gif'], /--format must be one of/],
    [['cards', '--to', 'v2', '--in-place', '--format', 'png'], /--in-place keeps each file's format/],
    [['cards', '--to', 'v2', '--out', 'o', '--no-backup'], /--no-backup only applies with --in-place/],
    [['cards', '--to', 'v2', '--out', 'o', '--jobs', '0'], /--jobs must be a positive whole number/],
    [['--to', 'v2', '--out', 'o'], /needs at least one file or folder/],
    [['cards', '--to', 'v2', '--out', 'o', '--bogus'], /Unknown option '--bogus'/],
  ])('exits 2 with the help on a usage error: %j', async (argv, message) => {
    const { dir, cards } = mixedFolder();
    const before = snapshot(cards);
    const r = await runCliCaptured(['convert', ...argv], {}, dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).toContain('Usage: lorewright convert');
    expect(fs.existsSync(path.join(dir, 'o'))).toBe(false);
    expect(snapshot(cards)).toEqual(before);
  });

  it('prints its help with --help and is listed in the main help', async () => {
    const help = await runCliCaptured(['convert', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('--in-place');
    const main = await runCliCaptured(['--help']);
    expect(main.out).toMatch(/convert\s+convert card files/);
    expect(main.out).toMatch(/validate\s+check card files/);
  });

  it('fails a missing input and goes on with the rest', async () => {
    const { dir } = mixedFolder();
    const r = await runCliCaptured(
      ['convert', 'nope.json', 'cards/aria.json', '--to', 'v2', '--out', 'out', '--json'],
      {},
      dir,
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as ConvertReport;
    expect(report.files.map((f) => [path.basename(f.input), f.status])).toEqual([
      ['nope.json', 'failed'],
      ['aria.json', 'converted'],
    ]);
  });

  it('draws a progress bar on a terminal', async () => {
    const { dir } = mixedFolder();
    const r = await runWithIo(['convert', 'cards', '--to', 'v2', '--out', 'out'], dir, true);
    expect(r.code).toBe(1);
    expect(r.err).toContain('\r\x1b[K[');
    expect(r.err).toMatch(/\] 4\/4 100% · 1 failed/);
    expect(r.err).toMatch(/failed .*cut\.png: PNG is truncated/);
  });

  it('Ctrl-C stops after the files in flight and still prints and writes the partial report', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'cards'));
    for (let i = 0; i < 40; i++)
      fs.writeFileSync(path.join(dir, 'cards', `card-${String(i).padStart(2, '0')}.json`), v1(`Card ${i}`));
    const listeners = process.listenerCount('SIGINT');
    let interrupted = false;
    const r = await runWithIo(
      ['convert', 'cards', '--to', 'v2', '--out', 'out', '--jobs', '1', '--report', 'partial.json'],
      dir,
      false,
      (text) => {
        if (!interrupted && text.startsWith('[1/40]')) {
          interrupted = true;
          process.emit('SIGINT');
        }
      },
    );
    expect(interrupted).toBe(true);
    expect(r.code).toBe(130);
    expect(process.listenerCount('SIGINT')).toBe(listeners);
    expect(r.err).toContain('Interrupted: finishing the files in flight');
    expect(r.out).toMatch(/^Interrupted: converting to V2/);
    expect(r.out).toMatch(/not started\s+39 file\(s\)/);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'partial.json'), 'utf8')) as ConvertReport;
    expect(report.aborted).toBe(true);
    expect(report.files).toHaveLength(1);
    expect(fs.readdirSync(path.join(dir, 'out'))).toEqual(['card-00.json']);
  });
});

describe('lorewright validate', () => {
  function folder(): string {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'good.json'), v1('Good'));
    fs.writeFileSync(
      path.join(dir, 'bad.json'),
      JSON.stringify({
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: {
          name: 42,
          description: '',
          personality: '',
          scenario: '',
          first_mes: '',
          mes_example: '',
          tags: [],
          extensions: {},
        },
      }),
    );
    fs.copyFileSync(path.join(fixtures, 'default_Seraphina-1.18.0.png'), path.join(dir, 'seraphina.png'));
    fs.writeFileSync(path.join(dir, 'cut.png'), fs.readFileSync(path.join(fixtures, V2_PNG)).subarray(0, 4000));
    return dir;
  }

  it('reports, per file, the spec, errors and warnings with JSON pointers, and reader warnings', async () => {
    const dir = folder();
    const r = await runCliCaptured(['validate', '.'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('good.json: V1 JSON, valid');
    expect(r.out).toMatch(/bad\.json: V2 JSON, \d+ error\(s\)/);
    expect(r.out).toContain('  error    /data/name: "name" must be a string');
    expect(r.out).toContain('  error    /data/creator_notes: required field "creator_notes" is missing');
    expect(r.out).toContain('  warning  /data/first_mes: the first message is empty');
    expect(r.out).toContain('seraphina.png: V3 PNG, 1 warning(s)');
    expect(r.out).toContain(
      '  warning  /data/character_book/extensions: required field "extensions" is missing (SillyTavern writes cards without it); read as {}',
    );
    expect(r.out).toContain('  reader   /data/character_book/extensions: missing "extensions" read as {}');
    expect(r.out).toMatch(/cut\.png: cannot be read: PNG is truncated.*\[png_truncated\]/);
    expect(r.out).toContain('4 file(s): 2 valid, 1 with errors, 1 unreadable');
  });

  it('--json parses and carries the same facts', async () => {
    const dir = folder();
    const r = await runCliCaptured(['validate', '.', '--json'], {}, dir);
    expect(r.code).toBe(1);
    const { files, totals } = JSON.parse(r.out) as { files: FileValidation[]; totals: Record<string, number> };
    expect(totals).toEqual({ files: 4, valid: 2, withErrors: 1, unreadable: 1 });
    const bad = files.find((f) => f.file.endsWith('bad.json'));
    expect(bad?.spec).toBe('v2');
    expect(bad?.errors).toContainEqual({ pointer: '/data/name', message: '"name" must be a string' });
    expect(files.find((f) => f.file.endsWith('cut.png'))?.unreadable?.code).toBe('png_truncated');
  });

  it('exits 0 when every file is valid, 2 without inputs', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'good.json'), v1('Good'));
    expect((await runCliCaptured(['validate', 'good.json'], {}, dir)).code).toBe(0);
    const none = await runCliCaptured(['validate'], {}, dir);
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage: lorewright validate');
  });
});
