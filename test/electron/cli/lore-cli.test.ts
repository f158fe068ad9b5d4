import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { scan, scanTurns, type Scenario, type WorldInfoBook } from '../../../shared/lorebook/index.ts';
import { DEFAULT_CHARACTER } from '../../../shared/lorebook/defaults.ts';
import { scenario } from '../../shared/lorebook/scenario-builder.ts';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(root, 'test/fixtures/lore-cli');
const fixture = (name: string): string => path.join(fixtures, name);
const eldoriaFile = path.join(root, 'test/fixtures/lorebooks/Eldoria.json');
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const eldoria = (): WorldInfoBook => readJson(eldoriaFile);
/** Results as JSON carries them (the lazy `explain` getter included). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
/** What `preview --json` prints for a scan result: the explanations under their public name. */
const resultJson = (value: unknown): unknown => {
  const { explain, ...rest } = asJson(value) as Record<string, unknown>;
  return { ...rest, explanations: explain };
};

/** scenario.json spelled out with every default the light format fills in (docs/lore-tests.md). */
function fullScenario(): Scenario {
  return scenario([], readJson<{ chat: Scenario['chat'] }>(fixture('scenario.json')).chat, {
    seed: 0,
    books: { Eldoria: eldoria() },
    globalBooks: [],
    characterBook: 'Eldoria',
    character: { ...DEFAULT_CHARACTER, name: 'Seraphina', avatar: 'Seraphina.png' },
    user: { name: 'User', persona: '' },
  });
}

describe('lorewright preview', () => {
  it('prints the fired entries in prompt order by slot, with reasons and the budget', async () => {
    const r = await runCliCaptured(['preview', fixture('scenario.json')]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    const expected = scan(fullScenario());
    expect(r.out).toContain(`${expected.activated.length} of 4 entries fired; chat length 2;`);
    expect(r.out).toContain(`budget ${expected.trace.budget} tokens`);
    // Rows follow slot order, each with the entry's own explanation.
    const rows = r.out.split('\n').filter((line) => line.startsWith('before character defs'));
    expect(rows.map((line) => /Eldoria\.\d+/.exec(line)?.[0])).toEqual(expected.slots.before);
    for (const e of expected.explain.entries.filter((x) => x.fired)) expect(r.out).toContain(e.sentence);
    expect(r.out).not.toContain('Did not fire');
  });

  it('--json prints exactly what scan() returns for the light scenario filled with the documented defaults', async () => {
    const r = await runCliCaptured(['preview', 'scenario.json', '--json'], {}, fixtures);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n')).toHaveLength(1); // one line of JSON per file
    expect(JSON.parse(r.out)).toEqual({ file: 'scenario.json', result: resultJson(scan(fullScenario())) });
  });

  it('runs conformance case files as they are, single scans and turns with timed effects carried', async () => {
    const single = path.join(root, 'test/fixtures/worldinfo/sample-eldoria-1.18.0-character-book.json');
    const singleCase = readJson<{ input: Scenario; expected: { activated: string[] } }>(single);
    const one = await runCliCaptured(['preview', single, '--json']);
    expect(JSON.parse(one.out)).toEqual({ file: single, result: resultJson(scan(singleCase.input)) });
    expect(JSON.parse(one.out).result.activated).toEqual(singleCase.expected.activated);

    const turns = path.join(root, 'test/fixtures/worldinfo/sample-eldoria-sticky-description-turns.json');
    const turnsCase = readJson<{ turns: Scenario[]; expected: { activated: string[]; timedWorldInfo: unknown }[] }>(
      turns,
    );
    const many = await runCliCaptured(['preview', turns, '--json']);
    const results = JSON.parse(many.out).result as { activated: string[]; timedWorldInfo: unknown }[];
    expect(results).toEqual(scanTurns(turnsCase.turns).map(resultJson));
    expect(results.map((x) => [x.activated, x.timedWorldInfo])).toEqual(
      turnsCase.expected.map((x) => [x.activated, x.timedWorldInfo]),
    );
    const text = await runCliCaptured(['preview', turns]);
    expect(text.out).toContain(`Turn ${turnsCase.turns.length} of ${turnsCase.turns.length}`);
  });

  it('takes several files: one JSON line each, a bad file reported and the others still run', async () => {
    const r = await runCliCaptured(
      ['preview', 'scenario.json', 'bad/nope.json', 'scenario.json', '--json'],
      {},
      fixtures,
    );
    expect(r.code).toBe(1);
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string });
    expect(lines.map((l) => l.file)).toEqual(['scenario.json', 'scenario.json']);
    expect(r.err).toContain('bad/nope.json: no such file');
  });

  it('--repeat N adds warm timing to the result', async () => {
    const r = await runCliCaptured(['preview', 'scenario.json', '--json', '--repeat', '5'], {}, fixtures);
    const { result } = JSON.parse(r.out) as {
      result: { timing: { compileMs: number; scanMsMedian: number; scanMsP95: number }; activated: string[] };
    };
    expect(result.timing.scanMsMedian).toBeGreaterThanOrEqual(0);
    expect(result.timing.scanMsP95).toBeGreaterThanOrEqual(result.timing.scanMsMedian);
    expect(result.activated).toEqual(scan(fullScenario()).activated);
  });

  it('--explain (or --why) lists the entries that did not fire and why', async () => {
    const r = await runCliCaptured(['preview', fixture('tests/eldoria.test.json'), '--explain']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Did not fire:');
    expect(r.out).toMatch(/Eldoria\.3\s+power\s+Not fired: no primary key matched/);
  });

  it('--timeout scans in a worker with the same result', async () => {
    const r = await runCliCaptured(['preview', fixture('scenario.json'), '--json', '--timeout', '20000']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).result).toEqual(resultJson(scan(fullScenario())));
  });

  it('--timeout stops a catastrophic regex at the limit and names the entry and key', async () => {
    const r = await runCliCaptured(['preview', fixture('catastrophic.json'), '--timeout', '1500']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('did not finish within 1500 ms');
    expect(r.err).toContain('regex key /(a+)+$/ of entry Trap.0 (runaway)');
  });
});

describe('lorewright test', () => {
  it('passes a folder of lore tests (books next to them are skipped) with exit 0', async () => {
    const r = await runCliCaptured(['test', 'tests'], {}, fixtures);
    expect(r.code).toBe(0);
    expect(r.out).toContain('2 file(s), 14 expectation(s): 14 passed, 0 failed.');
    expect(r.out).toContain(
      'ok    turn 2: "power" (Eldoria.3) fires — Fired: key "magic" matched in the newest message in pass 1.',
    );
  });

  it('reports each failed expectation with the reason and exits 1', async () => {
    const r = await runCliCaptured(['test', fixture('failing/eldoria-recursion.test.json'), '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as {
      passed: number;
      failed: number;
      files: { expectations: { turn: number; kind: string; entry: string; passed: boolean; message: string }[] }[];
    };
    expect([report.passed, report.failed]).toEqual([4, 3]);
    const failed = report.files[0]!.expectations.filter((o) => !o.passed);
    expect(failed.map((o) => [o.turn, o.kind, o.entry])).toEqual([
      [1, 'doesNotFire', 'Eldoria.1'],
      [1, 'doesNotFire', 'Eldoria.3'],
      [2, 'doesNotFire', 'Eldoria.3'],
    ]);
    expect(failed[0]!.message).toBe('Fired: key "beast" matched in recursed content from pass 1 in pass 2.');
  });

  it('fails expectations naming no scanned entry, and files without expectations', async () => {
    const dir = tempDir();
    fs.copyFileSync(eldoriaFile, path.join(dir, 'Eldoria.json'));
    fs.writeFileSync(
      path.join(dir, 'typo.json'),
      JSON.stringify({
        books: { Eldoria: 'Eldoria.json' },
        chat: ['the forest'],
        expect: { fires: ['eldorai'], slot: { '0': 'atDepth' } },
      }),
    );
    fs.writeFileSync(
      path.join(dir, 'none.json'),
      JSON.stringify({ books: { Eldoria: 'Eldoria.json' }, chat: ['the forest'] }),
    );
    const r = await runCliCaptured(['test', 'typo.json', 'none.json'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('FAIL  turn 1: "eldorai" fires — no scanned entry has the uid or comment "eldorai"');
    expect(r.out).toContain('FAIL  turn 1: "0" (Eldoria.0) goes to atDepth — in before.');
    expect(r.out).toContain('ERROR none.json: no expectations');

    // In a folder, the book and the file without expectations are skipped; a broken file is reported.
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"expect": ');
    const folder = await runCliCaptured(['test', '.', '--json'], {}, dir);
    expect(folder.code).toBe(1);
    const report = JSON.parse(folder.out) as { files: { file: string; error?: string }[] };
    expect(report.files.map((f) => f.file)).toEqual(['broken.json', 'typo.json']);
    expect(report.files[0]!.error).toBe('broken.json: not valid JSON at line 1, column 12: value expected');
  });

  it('walks a folder with a link loop and a FIFO without hanging, reporting the FIFO', async () => {
    // The tests name their book as ../../lorebooks/Eldoria.json.
    const root = tempDir();
    const dir = path.join(root, 'a', 'b');
    fs.cpSync(path.join(fixtures, 'tests'), dir, { recursive: true });
    fs.mkdirSync(path.join(root, 'lorebooks'));
    fs.copyFileSync(eldoriaFile, path.join(root, 'lorebooks', 'Eldoria.json'));
    fs.symlinkSync('.', path.join(dir, 'loop'));
    expect(spawnSync('mkfifo', [path.join(dir, 'pipe.json')]).status).toBe(0);
    const r = await runCliCaptured(['test', '.', '--json'], {}, dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { passed: number; failed: number; files: { file: string; error?: string }[] };
    expect([report.passed, report.failed]).toEqual([14, 0]);
    expect(report.files.filter((f) => f.error)).toEqual([
      { file: 'pipe.json', error: 'pipe.json: is a FIFO (named pipe)', expectations: [] },
    ]);
  });
});

describe('lorewright book convert', () => {
  it('round-trips ST → V2 → ST keeping every entry, with the loss report, and scans the same', async () => {
    const dir = tempDir();
    fs.copyFileSync(eldoriaFile, path.join(dir, 'Eldoria.json'));
    const toV2 = await runCliCaptured(
      ['book', 'convert', 'Eldoria.json', '--to', 'v2', '--out', 'eldoria.v2.json'],
      {},
      dir,
    );
    expect(toV2.code).toBe(0);
    expect(toV2.out).toContain('Eldoria.json: st → v2, written to eldoria.v2.json');
    expect(toV2.out).toMatch(/dropped\s+\$\.entries\[\*\]\.addMemo/);
    const back = await runCliCaptured(
      ['book', 'convert', 'eldoria.v2.json', '--to', 'st', '--out', 'eldoria.st.json', '--json'],
      {},
      dir,
    );
    expect(back.code).toBe(0);
    expect(JSON.parse(back.out)).toMatchObject({
      input: 'eldoria.v2.json',
      from: 'v2',
      to: 'st',
      out: 'eldoria.st.json',
    });

    const original = eldoria();
    const roundTripped = readJson<WorldInfoBook>(path.join(dir, 'eldoria.st.json'));
    expect(Object.keys(roundTripped.entries)).toEqual(Object.keys(original.entries));
    for (const [id, entry] of Object.entries(original.entries)) {
      // SillyTavern's V2 import turns a null role into 0 (system); every other field comes back unchanged.
      expect(roundTripped.entries[id]).toMatchObject({ ...entry, role: entry.role ?? 0 });
    }
    const withBook = (book: WorldInfoBook): Scenario => ({ ...fullScenario(), books: { Eldoria: book } });
    const [a, b] = [scan(withBook(original)), scan(withBook(roundTripped))];
    expect([b.activated, b.prompt]).toEqual([a.activated, a.prompt]);
    expect(fs.readFileSync(path.join(dir, 'Eldoria.json'), 'utf8')).toBe(fs.readFileSync(eldoriaFile, 'utf8'));
  });

  it('prints the book to stdout and the report to stderr without --out', async () => {
    const r = await runCliCaptured(['book', 'convert', eldoriaFile, '--to', 'novelai']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).entries).toHaveLength(4);
    expect(r.err).toContain('SillyTavern World Info → NovelAI lorebook:');
  });

  it('never overwrites the input, and an existing --out only with --force', async () => {
    const dir = tempDir();
    fs.copyFileSync(eldoriaFile, path.join(dir, 'Eldoria.json'));
    fs.writeFileSync(path.join(dir, 'taken.json'), 'keep me');
    const same = await runCliCaptured(
      ['book', 'convert', 'Eldoria.json', '--to', 'v3', '--out', './Eldoria.json', '--force'],
      {},
      dir,
    );
    expect(same.code).toBe(2);
    expect(same.err).toContain('never overwrites its input');
    const taken = await runCliCaptured(
      ['book', 'convert', 'Eldoria.json', '--to', 'v3', '--out', 'taken.json'],
      {},
      dir,
    );
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('taken.json already exists: pass --force to replace it.');
    expect(fs.readFileSync(path.join(dir, 'taken.json'), 'utf8')).toBe('keep me');
    const forced = await runCliCaptured(
      ['book', 'convert', 'Eldoria.json', '--to', 'v3', '--out', 'taken.json', '--force'],
      {},
      dir,
    );
    expect(forced.code).toBe(0);
    expect(readJson<{ spec: string }>(path.join(dir, 'taken.json')).spec).toBe('lorebook_v3');
    expect(fs.readFileSync(path.join(dir, 'Eldoria.json'), 'utf8')).toBe(fs.readFileSync(eldoriaFile, 'utf8'));
  });
});

describe('bad inputs exit 1 with a specific message', () => {
  const cases: [string, string[], string][] = [
    [
      'a card without a book',
      ['book', 'convert', 'bad/not-a-book.json', '--to', 'st'],
      'bad/not-a-book.json: not a lorebook: $: a V1 character card: V1 cards carry no lorebook',
    ],
    [
      'bad JSON',
      ['preview', 'bad/broken.json'],
      'bad/broken.json: not valid JSON at line 4, column 13: value expected',
    ],
    [
      'a missing chat',
      ['preview', 'bad/missing-chat.json'],
      'bad/missing-chat.json: chat: missing: the chat, oldest message first',
    ],
    [
      'a book that is not in books',
      ['preview', 'bad/unknown-book.json'],
      'bad/unknown-book.json: characterBook: no book named "Eldria" in books (have: Eldoria) (line 3)',
    ],
    [
      'contradictory timed-effect fields',
      ['preview', 'bad/carry-contradiction.json'],
      'bad/carry-contradiction.json: turns[1].timedWorldInfo: contradicts carryTimedEffects: true',
    ],
    [
      'a scenario book that is not a book',
      ['preview', 'bad/book-not-a-book.json'],
      'bad/book-not-a-book.json: books.Aria: not a lorebook: $: a V1 character card',
    ],
    [
      'a setting of the wrong type',
      ['preview', 'bad/wrong-type.json'],
      'bad/wrong-type.json: settings.depth: expected a whole number ≥ 0, got "4" (line 3)',
    ],
    ['a missing file', ['preview', 'bad/nope.json'], 'bad/nope.json: no such file'],
  ];
  it.each(cases)('%s', async (_name, argv, message) => {
    const r = await runCliCaptured(argv, {}, fixtures);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`lorewright: ${message}`);
  });
});

describe('usage errors exit 2 with the help', () => {
  const cases: [string[], string][] = [
    [['preview'], 'preview needs at least one scenario file.'],
    [
      ['preview', 'scenario.json', '--timeout', 'soon'],
      '--timeout must be a whole number of milliseconds, got "soon".',
    ],
    [['preview', 'scenario.json', '--repeat', '0'], '--repeat must be a whole number from 1 to 100000, got "0".'],
    [['preview', 'scenario.json', '--verbose'], "Unknown option '--verbose'"],
    [['test'], 'test needs at least one file or folder.'],
    [['test', 'nowhere'], 'No such file or folder: nowhere'],
    [['book', 'convert', 'Eldoria.json'], '--to must be one of st, v2, v3, novelai, agnai, risu.'],
    [
      ['book', 'convert', 'Eldoria.json', '--to', 'pdf'],
      '--to must be one of st, v2, v3, novelai, agnai, risu, got "pdf".',
    ],
    [['book', 'merge', 'Eldoria.json'], 'Unknown book command "merge".'],
  ];
  it.each(cases)('%j', async (argv, message) => {
    const r = await runCliCaptured(argv, {}, fixtures);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).toContain('Usage: lorewright');
  });

  it('--help prints the help with exit 0', async () => {
    for (const command of ['preview', 'test', 'book']) {
      const r = await runCliCaptured([command, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Usage: lorewright ${command}`);
    }
  });
});
