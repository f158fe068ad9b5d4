// World Info scan speed (issue 16): a realistic book of 1k–100k entries, 3 primary keys each (a single word, a
// multi-word name, one key in ten a regex), one entry in ten selective with a secondary key, contents that mention
// other entries so recursion runs until the budget (25 % of 32k) overflows after ~240 activations; a 20-message
// chat scanned at depth 4, whole words, case-insensitive, recursion on. "compile" is the first scan of a fresh
// book object (key compilation and indexing included); warm scans reuse it across different chats. "edit" replaces
// one entry and scans again (only that entry recompiles).
// Comparisons measured in the same run: the engine's exhaustive path (every entry checked every pass) and a naive
// matcher (per pass, per entry, per key: lowered buffer and a fresh whole-word RegExp, SillyTavern's method).
// SillyTavern's own figures from the issue are printed as quoted reference values, not measured here.
import { isDeepStrictEqual } from 'node:util';
import {
  scan,
  type Scenario,
  type ScanResult,
  type WorldInfoBook,
  type WorldInfoEntry,
} from '../../shared/lorebook/index.ts';
import { parseRegexKey } from '../../shared/lorebook/keys.ts';
import { measure } from './stats.ts';
import { entry, scenario } from '../shared/lorebook/scenario-builder.ts';
import { DEFAULT_SCAN_SETTINGS } from '../../shared/lorebook/defaults.ts';
import { prepareBook } from '../../shared/lorebook/prepare.ts';

const SIZES = [1_000, 5_000, 20_000, 100_000];
const TARGETS: Record<number, number> = { 5_000: 2, 20_000: 4, 100_000: 25 };
/** SillyTavern 1.18.0's own scan of the issue's scenario, as quoted in issue 16 (not measured by this bench). */
const QUOTED_SILLYTAVERN_MS: Record<number, number> = { 1_000: 160, 5_000: 590, 20_000: 1_365 };
/** Fewer warm runs for bigger books keep the whole suite within a couple of minutes. */
const RUNS: Record<number, number> = { 1_000: 60, 5_000: 40, 20_000: 30, 100_000: 15 };
const MESSAGES = 20;

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tu',
  'sha',
  'vel',
  'dor',
  'eth',
  'qui',
  'zan',
  'bri',
  'ol',
  'fen',
  'gar',
  'hal',
  'ix',
  'jo',
  'nim',
  'pax',
];
const FILLER =
  'the a of and to in was she he it with as his her that on for at by from they old night road light stone river long over under'.split(
    ' ',
  );
const PLACES = ['Tower', 'River', 'Guild', 'Order', 'Gate', 'Hollow', 'Keep'];

/** A distinct made-up word per number. */
function word(n: number): string {
  let w = '';
  do {
    w += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return `${w}an`;
}

const capital = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

/** Deterministic pseudo-random integers (mulberry32). */
function rng(seed: number): (below: number) => number {
  let s = seed >>> 0;
  return (below) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/** Entry `uid`'s keys: a word, a multi-word name, and a third word that is a regex key in one entry of ten. */
function keysOf(uid: number): string[] {
  const third = uid % 10 === 3 ? `/\\b${word(uid * 3 + 2)}(s|es)?\\b/i` : capital(word(uid * 3 + 2));
  return [word(uid * 3), `${capital(word(uid * 3 + 1))} ${PLACES[uid % PLACES.length]}`, third];
}

/** Text that matches one of entry `uid`'s keys (which one varies; case varies too). */
function mention(uid: number, pick: number): string {
  switch (pick % 3) {
    case 0:
      return capital(word(uid * 3));
    case 1:
      return `${capital(word(uid * 3 + 1))} ${PLACES[uid % PLACES.length]!.toLowerCase()}`;
    default:
      return `${word(uid * 3 + 2)}s`.slice(0, uid % 10 === 3 ? undefined : -1);
  }
}

function sentence(next: (below: number) => number, words: number, inserts: string[]): string {
  const out = Array.from({ length: words }, () => FILLER[next(FILLER.length)] as string);
  for (const text of inserts) out.splice(next(out.length), 0, `${text}${next(4) === 0 ? ',' : ''}`);
  return out.join(' ');
}

function makeBook(size: number): WorldInfoBook {
  const next = rng(size);
  const entries: Record<string, WorldInfoEntry> = {};
  for (let uid = 0; uid < size; uid++) {
    // Two mentions of other entries per content: recursion keeps finding new entries until the budget stops it.
    const mentions = [mention(next(size), next(3)), mention(next(size), next(3))];
    const selective = uid % 10 === 7;
    entries[uid] = entry(uid, {
      key: keysOf(uid),
      keysecondary: selective ? [FILLER[uid % FILLER.length] as string] : [],
      comment: `entry ${uid}`,
      content: sentence(next, 24, mentions),
    });
  }
  return { entries };
}

function makeScenario(book: WorldInfoBook, size: number, variant = 0): Scenario {
  const next = rng(size + variant * 7919);
  const chat = Array.from({ length: MESSAGES }, (_, i) => ({
    name: i % 2 ? 'User' : 'Aria',
    mes: sentence(next, 40, [mention(next(size), next(3)), mention(next(size), next(3)), mention(next(size), next(3))]),
  }));
  return scenario([], chat, {
    settings: { ...DEFAULT_SCAN_SETTINGS, depth: 4 },
    maxContext: 32_768,
    seed: 1,
    books: { Bench: book },
    globalBooks: ['Bench'],
  });
}

/**
 * The naive method, for comparison: every pass, every entry not yet active, every key: a fresh whole-word RegExp
 * on the buffer (SillyTavern's matching, kinder: the buffer is lowered once per pass, not once per key). Returns the keys of the entries whose keys match in
 * the passes the engine ran (the engine's own trace supplies the buffer of each pass).
 */
function naiveMatch(s: Scenario, result: ScanResult): number {
  const book = s.books.Bench as WorldInfoBook;
  const entries = Object.values(book.entries);
  const chat = s.chat
    .map((m) => (typeof m === 'string' ? m : `${m.name}: ${m.mes}`))
    .reverse()
    .slice(0, s.settings.depth);
  const contents = new Map(entries.map((e) => [`Bench.${e.uid}`, e.content]));
  let buffer = `\x01${chat.join('\n\x01')}`;
  const active = new Set<string>();
  let hits = 0;
  for (const loop of result.trace.loops) {
    const lower = buffer.toLowerCase();
    for (const e of entries) {
      const id = `Bench.${e.uid}`;
      if (active.has(id)) continue;
      for (const key of e.key ?? []) {
        const re = parseRegexKey(key);
        const matched = re
          ? re.test(buffer)
          : key.trim().split(/\s+/).length > 1
            ? lower.includes(key.toLowerCase())
            : new RegExp(`(?:^|\\W)(${key.toLowerCase().replace(/[/\-\\^$*+?.()|[\]{}]/g, '\\$&')})(?:$|\\W)`).test(
                lower,
              );
        if (matched) {
          hits++;
          break;
        }
      }
    }
    for (const id of loop.successful) active.add(id);
    const text = loop.successful.map((id) => contents.get(id) ?? '').join('\n');
    if (text) buffer += `\n\x01${text}`;
  }
  return hits;
}

/** For profiling: a book, its first chat and warm chats. */
export function setup(size: number): { book: WorldInfoBook; first: Scenario; chats: Scenario[] } {
  const book = makeBook(size);
  return {
    book,
    first: makeScenario(book, size),
    chats: Array.from({ length: 8 }, (_, v) => makeScenario(book, size, v + 1)),
  };
}

function replaceOneEntry(book: WorldInfoBook, uid: number): WorldInfoBook {
  const old = book.entries[uid] as WorldInfoEntry;
  const keys = old.key as string[];
  return { ...book, entries: { ...book.entries, [uid]: { ...old, key: [...keys.slice(0, 2), `${keys[2]}x`] } } };
}

type Row = Record<string, string | number>;

export async function run(sizes = SIZES): Promise<{ rows: Row[]; figures: Row[] }> {
  const rows: Row[] = [];
  const figures: Row[] = [];
  for (const size of sizes) {
    const template = makeBook(size);
    // A fresh book object (entries included) has nothing prepared: its first scan compiles.
    const book = structuredClone(template);
    const first = makeScenario(book, size);
    let t = performance.now();
    const result = scan(first);
    const compileMs = performance.now() - t;
    // Warm scans cycle through different chats over the same book, as a preview does while the chat changes.
    const chats = Array.from({ length: 8 }, (_, v) => makeScenario(book, size, v + 1));
    let turn = 0;
    const warm = measure(() => scan(chats[turn++ % chats.length] as Scenario), RUNS[size] ?? 20);
    // One edited entry: a new book object sharing every other entry object. "recompile" is the book's key index
    // after the edit (only the edited entry's keys compile); "scan" the whole first scan of the edited book.
    const editedBook = replaceOneEntry(book, Math.floor(size / 2));
    const { user, character, settings } = first;
    t = performance.now();
    void prepareBook('Bench', editedBook).compiled({
      user: user.name,
      char: character.name,
      caseSensitive: settings.caseSensitive,
      wholeWords: settings.matchWholeWords,
    }).keyIndex;
    const recompileMs = performance.now() - t;
    t = performance.now();
    scan({ ...first, books: { Bench: editedBook } });
    const editMs = performance.now() - t;
    // The exhaustive path checks every entry in every pass: too slow to wait for at 100k.
    const exhaustive = size <= 20_000 ? measure(() => scan(first, { exhaustive: true }), 1) : undefined;
    const slow = size <= 20_000 ? scan(first, { exhaustive: true }) : undefined;
    const naive = size <= 5_000 ? measure(() => naiveMatch(first, result), 3) : undefined;
    const target = TARGETS[size];
    const quoted = QUOTED_SILLYTAVERN_MS[size];
    rows.push({
      entries: size,
      activated: result.activated.length,
      passes: result.trace.loops.length,
      compile_ms: Number(compileMs.toFixed(1)),
      edit_recompile_ms: Number(recompileMs.toFixed(2)),
      edit_scan_ms: Number(editMs.toFixed(1)),
      warm_p50_ms: warm.p50,
      warm_p95_ms: warm.p95,
      warm_cpu_p50_ms: warm.cpuP50,
      exhaustive_ms: exhaustive?.p50 ?? '',
      naive_regex_ms: naive?.p50 ?? '',
      same_as_exhaustive: slow
        ? isDeepStrictEqual(slow.activated, result.activated) && isDeepStrictEqual(slow.prompt, result.prompt)
          ? 'yes'
          : 'NO'
        : 'not run',
      runs: warm.runs,
    });
    const comparison = [
      naive ? `naive per-key RegExp ${naive.p50.toFixed(0)} ms (${(naive.p50 / warm.p50).toFixed(0)}×)` : '',
      exhaustive
        ? `every entry every pass ${exhaustive.p50.toFixed(0)} ms (${(exhaustive.p50 / warm.p50).toFixed(0)}×)`
        : '',
      quoted ? `SillyTavern 1.18 ${quoted} ms as quoted in issue 16, not measured` : '',
    ].filter(Boolean);
    figures.push({
      figure: `scan ${size.toLocaleString('en')} entries, ${result.activated.length} activations, warm p50 (CPU p50)`,
      value: `${warm.p50} ms (${warm.cpuP50} ms)`,
      target: target === undefined ? '' : `≤ ${target} ms: ${warm.p50 <= target ? 'met' : 'MISSED'}`,
      comparison: comparison.join('; '),
    });
    figures.push({
      figure: `edit one entry of ${size.toLocaleString('en')}: key index / next scan`,
      value: `${recompileMs.toFixed(2)} ms / ${editMs.toFixed(1)} ms`,
      target: size === 100_000 ? `recompile ≤ 1 ms: ${recompileMs <= 1 ? 'met' : 'MISSED'}` : '',
      comparison: `first compile ${compileMs.toFixed(0)} ms`,
    });
  }
  return { rows, figures };
}
