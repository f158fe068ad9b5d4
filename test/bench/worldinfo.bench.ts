// World Info scan speed (issue 16): a realistic book of 1k–100k entries, 3 primary keys each (a single word, a
// multi-word name, one key in ten a regex), one entry in ten selective with a secondary key, contents that mention
// other entries so recursion runs until the budget (25 % of 32k) overflows after ~240 activations; a 20-message
// chat scanned at depth 4, whole words, case-insensitive, recursion on. "compile" is the first scan of a fresh
// book object (key compilation and indexing included); warm scans reuse it across different chats, each with its
// newest message made new by one word (session 12: the engine now remembers the key hits of messages it has seen,
// so the same chats again would search no message at all; a turn or a keystroke brings one new message). "edit"
// replaces one entry at a time and scans again (only that entry recompiles). Four generators: the scenario
// ("realistic"), "mixed" (CJK keys, case-sensitive and substring entries, more regex keys, longer messages),
// "crowded" (common keys shared by crowds of selective entries, timed effects, scored groups, long recursion chains,
// 400-word messages, case-sensitive) and "dense" (keys drawn from one vocabulary by word frequency: over half the book
// are candidates in one pass).
// Warm scans (changed in session 7: before, each book got 5 warm-up scans and then 60/40/30/15 measured ones in one
// stretch, which measured the JIT's warm-up and let one burst of other work move a figure by 5×): each generator runs
// in a process of its own (session 12, see eachInItsOwnProcess); its four books are built first; each gets 48
// unmeasured scans; then 7 rounds give every book, in an order that rotates each round, one unmeasured cycle of its 8
// chats (the engine keeps the scan order of the last set of books only, so the first scan after a switch derives it
// again) and then its measured scans (24/16/16/8 by size). The figure is the median of the rounds' p50s, printed
// with their range; p95 is over all measured scans.
// Comparisons measured in the same run: the engine's exhaustive path (every entry checked every pass) and a naive
// matcher (per pass, per entry, per key: lowered buffer and a fresh whole-word RegExp, SillyTavern's method).
// SillyTavern's own figures from the issue are printed as quoted reference values, not measured here.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import {
  scan,
  type ChatMessageObject,
  type Scenario,
  type ScanResult,
  type ScanSettings,
  type WorldInfoBook,
  type WorldInfoEntry,
} from '../../shared/lorebook/index.ts';
import { parseRegexKey } from '../../shared/lorebook/keys.ts';
import { measure, quantile, sample } from './stats.ts';
import type { Row } from './table.ts';
import { entry, scenario } from '../shared/lorebook/scenario-builder.ts';
import { DEFAULT_SCAN_SETTINGS } from '../../shared/lorebook/defaults.ts';
import { prepareEdit } from '../../shared/lorebook/prepare.ts';
import { mulberry32 } from '../../shared/util/mulberry32.ts';

const SIZES = [1_000, 5_000, 20_000, 100_000];
const TARGETS: Record<number, number> = { 5_000: 2, 20_000: 4, 100_000: 25 };
/** SillyTavern 1.18.0's own scan of the issue's scenario, as quoted in issue 16 (not measured by this bench). */
const QUOTED_SILLYTAVERN_MS: Record<number, number> = { 1_000: 160, 5_000: 590, 20_000: 1_365 };
/** Unmeasured warm scans per book before the rounds: a book's first few dozen scans run slower (JIT, heap settling). */
const WARM_UP = 48;
/** Rounds of warm scans, interleaved across a generator's books (see the header). */
const ROUNDS = 7;
/** Measured scans per book and round; fewer for bigger books keep the suite within a couple of minutes. */
const PER_ROUND: Record<number, number> = { 1_000: 24, 5_000: 16, 20_000: 16, 100_000: 8 };
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

/** Deterministic pseudo-random integers below `below`. */
function rng(seed: number): (below: number) => number {
  const next = mulberry32(seed);
  return (below) => Math.floor(next() * below);
}

/** How a scenario is generated: its entries' keys and fields, the text that mentions an entry, the chat's shape. */
interface Generator {
  name: string;
  keysOf(uid: number): Partial<WorldInfoEntry>;
  /** Text that matches one of entry `uid`'s keys (which one varies with `pick`). */
  mention(uid: number, pick: number): string;
  sentence(next: (below: number) => number, words: number, inserts: string[]): string;
  contentWords: number;
  messageWords: number;
  mentionsPerMessage: number;
  depth: number;
  /** Mentions of other entries per content (2 by default). */
  mentionsPerContent?: number;
  settings?: Partial<ScanSettings>;
  /** Scan each chat after the turn before it, so sticky and cooldown records are in force. */
  carryTimedEffects?: boolean;
}

/**
 * The scenario: a word, a multi-word name, and a third word that is a regex key in one entry of ten; one entry
 * in ten selective; whole words, case-insensitive.
 */
const REALISTIC: Generator = {
  name: 'realistic',
  keysOf(uid) {
    const third = uid % 10 === 3 ? `/\\b${word(uid * 3 + 2)}(s|es)?\\b/i` : capital(word(uid * 3 + 2));
    const selective = uid % 10 === 7;
    return {
      key: [word(uid * 3), `${capital(word(uid * 3 + 1))} ${PLACES[uid % PLACES.length]}`, third],
      keysecondary: selective ? [FILLER[uid % FILLER.length] as string] : [],
    };
  },
  mention(uid, pick) {
    switch (pick % 3) {
      case 0:
        return capital(word(uid * 3));
      case 1:
        return `${capital(word(uid * 3 + 1))} ${PLACES[uid % PLACES.length]!.toLowerCase()}`;
      default:
        return `${word(uid * 3 + 2)}s`.slice(0, uid % 10 === 3 ? undefined : -1);
    }
  },
  sentence: (next, words, inserts) => sentence(next, words, inserts, FILLER),
  contentWords: 24,
  messageWords: 40,
  mentionsPerMessage: 3,
  depth: 4,
};

const CJK = '龍城河山風光影石火水月星林門王劍'.split('');
/** A distinct made-up CJK name per number. */
function cjkWord(n: number): string {
  let w = '';
  do {
    w += CJK[n % CJK.length];
    n = Math.floor(n / CJK.length);
  } while (n > 0);
  return `${w}之${CJK[n % 7]}`;
}
const MIXED_FILLER = [...FILLER, '的', '在', '他们', 'über', 'café', 'naïve', "don't", 'x-ray', '2024', 'sword_arm'];

/**
 * A differently shaped book, so the figures are not tuned to one generator: per five entries one has a CJK name key,
 * one is case-sensitive, one matches substrings (not whole words), one has only regex keys of several shapes, one is
 * selective with AND ALL; one entry in 500 has a regex key without a required literal, one in 250 its own scan depth.
 * Longer messages in mixed scripts, depth 6.
 */
const MIXED: Generator = {
  name: 'mixed',
  keysOf(uid) {
    const w = word(uid * 3);
    const w2 = word(uid * 3 + 1);
    const own: Partial<WorldInfoEntry> = uid % 250 === 17 ? { scanDepth: 2 } : {};
    if (uid % 500 === 11) return { ...own, key: [`/(?:${w}|${w2})/i`] };
    switch (uid % 5) {
      case 0:
        return { ...own, key: [cjkWord(uid), w] };
      case 1:
        return { ...own, key: [capital(w), `${capital(w2)} ${PLACES[uid % PLACES.length]}`], caseSensitive: true };
      case 2:
        return { ...own, key: [w.slice(0, -2), w2], matchWholeWords: false };
      case 3:
        return {
          ...own,
          key: [`/\\b${w}(?:ian|ish)?\\b/i`, `/${capital(w2)}\\s+(?:the\\s+)?${PLACES[uid % PLACES.length]}/`],
        };
      default:
        return {
          ...own,
          key: [w, `${w2} of the ${PLACES[uid % PLACES.length]!.toLowerCase()}`],
          keysecondary: [FILLER[uid % FILLER.length] as string, FILLER[(uid + 3) % FILLER.length] as string],
          selectiveLogic: 3,
        };
    }
  },
  mention(uid, pick) {
    const w = word(uid * 3);
    const w2 = word(uid * 3 + 1);
    if (uid % 500 === 11) return capital(w2);
    switch (uid % 5) {
      case 0:
        return pick % 2 ? cjkWord(uid) : w.toUpperCase();
      case 1:
        return pick % 2 ? capital(w) : `${capital(w2)} ${PLACES[uid % PLACES.length]}`;
      case 2:
        return pick % 2 ? `${w.slice(0, -2)}mir` : `${w2}'s`;
      case 3:
        return pick % 2 ? `${capital(w)}ish` : `${capital(w2)} the ${PLACES[uid % PLACES.length]}`;
      default:
        return pick % 2 ? capital(w) : `${w2} of the ${PLACES[uid % PLACES.length]!.toLowerCase()}`;
    }
  },
  sentence: (next, words, inserts) => sentence(next, words, inserts, MIXED_FILLER),
  contentWords: 40,
  messageWords: 120,
  mentionsPerMessage: 4,
  depth: 6,
};

const COMMON =
  'sword ship storm crown blood winter market temple dragon harbor forest oath ghost king queen tower poison wolf fire rain'.split(
    ' ',
  );

/** The crowd: one entry in four of the first 5,000 (1,250 in books of 5k and more, ~62 per common word). */
const inCrowd = (uid: number): boolean => uid % 4 === 0 && uid < 5_000;

/**
 * A third shape: crowds of entries share common keys (1,250 entries are selective on one of 20 common words, AND ANY
 * of two rarer words, so most are candidates that fail every pass), case-sensitive matching with one key in three a regex,
 * inclusion groups with scoring, sticky, cooldown, delay and delay-until-recursion levels (each chat is scanned after
 * the turn before it, so timed records are in force), contents that mention one other entry (long recursion chains),
 * and very long messages (400 words) at depth 8.
 */
const CROWDED: Generator = {
  name: 'crowded',
  keysOf(uid) {
    const w = capital(word(uid * 3));
    const w2 = word(uid * 3 + 1);
    const timed: Partial<WorldInfoEntry> = {
      ...(uid % 11 === 0 ? { sticky: 3 } : {}),
      ...(uid % 13 === 0 ? { cooldown: 2 } : {}),
      ...(uid % 29 === 0 ? { delay: 40 } : {}),
      ...(uid % 19 === 0 ? { delayUntilRecursion: 1 + (uid % 2) } : {}),
      ...(uid % 7 === 0 ? { group: `g${uid % 40}`, useGroupScoring: uid % 14 === 0 } : {}),
    };
    if (inCrowd(uid))
      return {
        ...timed,
        key: [COMMON[uid % COMMON.length] as string, w],
        keysecondary: [word(uid % 97), `${FILLER[uid % FILLER.length]} ${word(uid % 89)}`],
        selective: true,
        selectiveLogic: 0,
      };
    return { ...timed, key: [w, uid % 3 === 0 ? `/\\b${w2}(?:s|ed)?\\b/` : capital(w2)] };
  },
  mention(uid, pick) {
    if (inCrowd(uid)) return pick % 2 ? `${COMMON[uid % COMMON.length]} ${word(uid % 97)}` : capital(word(uid * 3));
    return pick % 2 ? capital(word(uid * 3)) : uid % 3 === 0 ? `${word(uid * 3 + 1)}ed` : capital(word(uid * 3 + 1));
  },
  sentence: (next, words, inserts) =>
    sentence(next, words, [...inserts, COMMON[next(COMMON.length)] as string], FILLER),
  contentWords: 30,
  mentionsPerContent: 1,
  messageWords: 400,
  mentionsPerMessage: 3,
  depth: 8,
  settings: { caseSensitive: true },
  carryTimedEffects: true,
};

/** The dense generator's shared vocabulary, made-up words apart from the entries' own. */
const DENSE_WORDS = 1_500;
/** A vocabulary word, log-uniformly by rank for `u` uniform in [0, 1): rank r comes up about as often as 1/r. */
const commonWord = (u: number): string => word(1_000_000 + Math.floor(Math.exp(u * Math.log(DENSE_WORDS))) - 1);
/** A fixed pseudo-random fraction in [0, 1) per number. */
const unit = (n: number): number => (Math.imul(n + 1, 0x9e3779b1) >>> 0) / 2 ** 32;

/**
 * A fourth shape, with no crowd built in: each entry's first key is a word of one shared vocabulary drawn as word
 * frequencies fall (a few words are in most chats), and half the chat's words are drawn from it the same way, so
 * about 57 % of the book are candidates in the first pass and the budget stops it after ~80 activations. 4–8 keys an
 * entry, the others its own words: one in three a regex of varied shape or a multi-word key; one entry in five
 * selective on two vocabulary words, with all four logics; one in six matching substrings; groups; 110-word
 * messages at depth 10, case-insensitive.
 */
const DENSE: Generator = {
  name: 'dense',
  keysOf(uid) {
    const key = [commonWord(unit(uid))];
    for (let k = 1; k < 4 + (uid % 5); k++) {
      const own = word(uid * 8 + k);
      switch ((uid + k) % 9) {
        case 0:
          key.push(`/\\b${own}(?:s|es|'s)?\\b/i`);
          break;
        case 3:
          key.push(`/\\b${own.slice(0, -1)}\\w?\\b/i`);
          break;
        case 6:
          key.push(`${own} ${commonWord(unit(uid * 8 + k))}`);
          break;
        default:
          key.push(own);
      }
    }
    const selective = uid % 5 === 0;
    return {
      key,
      keysecondary: selective ? [commonWord(unit(uid + 1e6)), commonWord(unit(uid + 2e6))] : [],
      selective,
      selectiveLogic: uid % 4,
      matchWholeWords: uid % 6 === 5 ? false : null,
      ...(uid % 17 === 0 ? { group: `d${uid % 23}` } : {}),
    };
  },
  mention: (uid, pick) => (pick % 3 ? commonWord(unit(uid)) : word(uid * 8 + 1)),
  sentence(next, words, inserts) {
    const common = Array.from({ length: Math.round(words * 0.5) }, () => commonWord(next(2 ** 30) / 2 ** 30));
    return sentence(next, words - common.length, [...inserts, ...common], FILLER);
  },
  contentWords: 30,
  messageWords: 110,
  mentionsPerMessage: 2,
  depth: 10,
};

export const GENERATORS = [REALISTIC, MIXED, CROWDED, DENSE];

function sentence(next: (below: number) => number, words: number, inserts: string[], filler: string[]): string {
  const out = Array.from({ length: words }, () => filler[next(filler.length)] as string);
  for (const text of inserts) out.splice(next(out.length), 0, `${text}${next(4) === 0 ? ',' : ''}`);
  return out.join(' ');
}

function makeBook(size: number, generator = REALISTIC): WorldInfoBook {
  const next = rng(size);
  const entries: Record<string, WorldInfoEntry> = {};
  for (let uid = 0; uid < size; uid++) {
    // Mentions of other entries in each content: recursion keeps finding new entries until the budget stops it.
    const mentions = Array.from({ length: generator.mentionsPerContent ?? 2 }, () =>
      generator.mention(next(size), next(3)),
    );
    entries[uid] = entry(uid, {
      ...generator.keysOf(uid),
      comment: `entry ${uid}`,
      content: generator.sentence(next, generator.contentWords, mentions),
    });
  }
  return { entries };
}

function makeScenario(book: WorldInfoBook, size: number, variant = 0, generator = REALISTIC): Scenario {
  const next = rng(size + variant * 7919);
  const chat = Array.from({ length: MESSAGES }, (_, i) => ({
    name: i % 2 ? 'User' : 'Aria',
    mes: generator.sentence(
      next,
      generator.messageWords,
      Array.from({ length: generator.mentionsPerMessage }, () => generator.mention(next(size), next(3))),
    ),
  }));
  return scenario([], chat, {
    settings: { ...DEFAULT_SCAN_SETTINGS, depth: generator.depth, ...generator.settings },
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
export function setup(
  size: number,
  generator = REALISTIC,
): { book: WorldInfoBook; first: Scenario; chats: Scenario[] } {
  const book = makeBook(size, generator);
  return {
    book,
    first: makeScenario(book, size, 0, generator),
    chats: Array.from({ length: 8 }, (_, v) => afterTurnBefore(makeScenario(book, size, v + 1, generator), generator)),
  };
}

/** `book` with entry `uid`'s last key changed: a new book object sharing every other entry object. */
function replaceOneEntry(book: WorldInfoBook, uid: number): WorldInfoBook {
  const old = book.entries[uid] as WorldInfoEntry;
  const keys = old.key as string[];
  return { ...book, entries: { ...book.entries, [uid]: { ...old, key: [...keys.slice(0, -1), `${keys.at(-1)}x`] } } };
}

/** Edits measured per book. */
const EDITS = 5;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] as number;

/** The chat with the timed effects its previous turn (the chat without its last message) left, when the generator asks. */
function afterTurnBefore(s: Scenario, generator: Generator): Scenario {
  if (!generator.carryTimedEffects) return s;
  return { ...s, timedWorldInfo: scan({ ...s, chat: s.chat.slice(0, -1) }).timedWorldInfo };
}

export async function run(sizes = SIZES, generators = GENERATORS): Promise<{ rows: Row[]; figures: Row[] }> {
  if (generators.length > 1) return eachInItsOwnProcess(sizes, generators);
  const rows: Row[] = [];
  const figures: Row[] = [];
  for (const generator of generators) {
    const books = sizes.map((size) => buildBook(size, generator));
    const warm = warmScans(books);
    books.forEach((b, i) => measureBook(b, warm[i] as WarmFigures, rows, figures));
  }
  return { rows, figures };
}

/**
 * Runs each generator in a process of its own (this file run as a script, see its end): in one process, the books of
 * the generators before (up to 100,000 entries each, and their garbage) left crowded's scans 1.7× slower (crowded 5k
 * 2.54–2.58 ms after realistic and mixed, 1.44–1.49 ms alone, session 12), and an app's scan worker holds one book.
 */
function eachInItsOwnProcess(sizes: number[], generators: Generator[]): { rows: Row[]; figures: Row[] } {
  const rows: Row[] = [];
  const figures: Row[] = [];
  for (const generator of generators) {
    const out = execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), generator.name, sizes.join(',')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 2 ** 20 },
    );
    const part = JSON.parse(out) as { rows: Row[]; figures: Row[] };
    rows.push(...part.rows);
    figures.push(...part.figures);
  }
  return { rows, figures };
}

/** A generator's book of one size, compiled by its first scan, with the chats its warm scans cycle through. */
interface BenchBook {
  size: number;
  generator: Generator;
  book: WorldInfoBook;
  first: Scenario;
  result: ScanResult;
  compileMs: number;
  chats: Scenario[];
  turn: number;
}

function buildBook(size: number, generator: Generator): BenchBook {
  // A fresh book object (entries included) has nothing prepared: its first scan compiles.
  const book = structuredClone(makeBook(size, generator));
  const first = makeScenario(book, size, 0, generator);
  const t = performance.now();
  const result = scan(first);
  const compileMs = performance.now() - t;
  // Warm scans cycle through different chats over the same book, as a preview does while the chat changes.
  const chats = Array.from({ length: 8 }, (_, v) =>
    afterTurnBefore(makeScenario(book, size, v + 1, generator), generator),
  );
  return { size, generator, book, first, result, compileMs, chats, turn: 0 };
}

interface WarmFigures {
  p50: number;
  cpuP50: number;
  p95: number;
  /** The lowest and highest of the rounds' p50s. */
  range: [number, number];
  runs: number;
}

/** Words appended to warm scans' newest messages so far (see `nextChat`). */
let freshWords = 0;

/**
 * `b`'s next chat, its newest message made new by one word, as a turn or a keystroke makes it: the engine remembers
 * the key hits of the messages it has seen, so cycling through the same 8 chats would never search a message.
 */
function nextChat(b: BenchBook): Scenario {
  const s = b.chats[b.turn++ % b.chats.length] as Scenario;
  const last = s.chat.at(-1) as ChatMessageObject;
  return { ...s, chat: [...s.chat.slice(0, -1), { ...last, mes: `${last.mes} again${freshWords++}` }] };
}

/** `runs` warm scans of `b`, each of a chat made beforehand (`nextChat`), so only the scan is timed. */
function scans(b: BenchBook, runs: number): { wall: number[]; cpu: number[] } {
  const chats = Array.from({ length: runs }, () => nextChat(b));
  let i = 0;
  return sample(() => scan(chats[i++] as Scenario), runs);
}

/** Warm scans of each book, interleaved in rounds (see the header). */
function warmScans(books: BenchBook[]): WarmFigures[] {
  for (const b of books) scans(b, WARM_UP);
  const rounds = books.map(() => ({ p50: [] as number[], cpuP50: [] as number[], wall: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < books.length; k++) {
      const i = (round + k) % books.length;
      const b = books[i] as BenchBook;
      scans(b, b.chats.length);
      const { wall, cpu } = scans(b, PER_ROUND[b.size] ?? 8);
      const r = rounds[i]!;
      r.p50.push(quantile(wall, 0.5));
      r.cpuP50.push(quantile(cpu, 0.5));
      r.wall.push(...wall);
    }
  }
  return rounds.map((r) => ({
    p50: quantile(r.p50, 0.5),
    cpuP50: quantile(r.cpuP50, 0.5),
    p95: quantile(r.wall, 0.95),
    range: [Math.min(...r.p50), Math.max(...r.p50)],
    runs: r.wall.length,
  }));
}

function measureBook(b: BenchBook, warm: WarmFigures, rows: Row[], figures: Row[]): void {
  const { size, generator, book, first, result, compileMs, chats } = b;
  const realistic = generator === REALISTIC;
  let t: number;
  // The engine keeps one scan order: give it this book's again, as the edits below derive theirs from it.
  scan(chats[0] as Scenario);
  // Edits one entry at a time, each announced with prepareEdit (as the preview worker does): "recompile" is preparing
  // the edited book, its keys and its key index (only the edited entry compiles); "scan" the next scan of the edited
  // book (its scan order and plan derived from the last ones). Medians of several edits.
  const { user, character, settings } = first;
  const context = {
    user: user.name,
    char: character.name,
    caseSensitive: settings.caseSensitive,
    wholeWords: settings.matchWholeWords,
  };
  const recompiles: number[] = [];
  const editScans: number[] = [];
  let edited = book;
  for (let e = 0; e < EDITS; e++) {
    const uid = String(Math.floor((size * (2 * e + 1)) / (2 * EDITS)));
    const next = replaceOneEntry(edited, Number(uid));
    t = performance.now();
    void prepareEdit('Bench', edited, next, [uid]).compiled(context).keyIndex;
    recompiles.push(performance.now() - t);
    const chat = chats[e % chats.length] as Scenario;
    t = performance.now();
    scan({ ...chat, books: { Bench: next } });
    editScans.push(performance.now() - t);
    edited = next;
  }
  const recompileMs = median(recompiles);
  const editMs = median(editScans);
  // The exhaustive path checks every entry in every pass: too slow to wait for at 100k. Compared on the first chat
  // and on a warm one (with the turn before's timed effects for generators that carry them).
  const slow = size <= 20_000 ? measure(() => scan(first, { exhaustive: true }), 1) : undefined;
  const same = (s: Scenario) => {
    const fast = scan(s);
    const reference = scan(s, { exhaustive: true });
    return isDeepStrictEqual(reference.activated, fast.activated) && isDeepStrictEqual(reference.prompt, fast.prompt);
  };
  const agrees = size <= 20_000 ? same(first) && same(chats[0] as Scenario) : undefined;
  const naive = realistic && size <= 5_000 ? measure(() => naiveMatch(first, result), 3) : undefined;
  const target = TARGETS[size];
  const quoted = realistic ? QUOTED_SILLYTAVERN_MS[size] : undefined;
  rows.push({
    generator: generator.name,
    entries: size,
    activated: result.activated.length,
    passes: result.trace.loops.length,
    compile_ms: Number(compileMs.toFixed(1)),
    edit_recompile_ms: Number(recompileMs.toFixed(3)),
    edit_scan_ms: Number(editMs.toFixed(1)),
    warm_p50_ms: warm.p50,
    warm_p50_range_ms: `${warm.range[0]}–${warm.range[1]}`,
    warm_p95_ms: warm.p95,
    warm_cpu_p50_ms: warm.cpuP50,
    exhaustive_ms: slow?.p50 ?? '',
    naive_regex_ms: naive?.p50 ?? '',
    same_as_exhaustive: agrees === undefined ? 'not run' : agrees ? 'yes' : 'NO',
    runs: warm.runs,
  });
  const comparison = [
    naive ? `naive per-key RegExp ${naive.p50.toFixed(0)} ms (${(naive.p50 / warm.p50).toFixed(0)}×)` : '',
    slow ? `every entry every pass ${slow.p50.toFixed(0)} ms (${(slow.p50 / warm.p50).toFixed(0)}×)` : '',
    quoted ? `SillyTavern 1.18 ${quoted} ms as quoted in issue 16, not measured` : '',
  ].filter(Boolean);
  const label = `${size.toLocaleString('en')} entries (${generator.name})`;
  figures.push({
    figure: `scan ${label}, ${result.activated.length} activations, warm p50 (CPU p50), rounds' range`,
    value: `${warm.p50} ms (${warm.cpuP50} ms), ${warm.range[0]}–${warm.range[1]}`,
    target: target === undefined ? '' : `≤ ${target} ms: ${warm.p50 <= target ? 'met' : 'MISSED'}`,
    comparison: comparison.join('; '),
  });
  figures.push({
    figure: `edit one entry of ${label}: recompile / next scan (medians of ${EDITS})`,
    value: `${recompileMs.toFixed(3)} ms / ${editMs.toFixed(1)} ms`,
    target: size === 100_000 ? `recompile ≤ 1 ms: ${recompileMs <= 1 ? 'met' : 'MISSED'}` : '',
    comparison: `first compile ${compileMs.toFixed(0)} ms`,
  });
}

// Run as a script (by `eachInItsOwnProcess`): one generator's rows and figures, as JSON on stdout.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name, sizes] = process.argv.slice(2);
  const generator = GENERATORS.find((g) => g.name === name);
  if (!generator || !sizes) throw new Error(`usage: worldinfo.bench.ts GENERATOR SIZES (got ${name} ${sizes})`);
  process.stdout.write(JSON.stringify(await run(sizes.split(',').map(Number), [generator])));
}
