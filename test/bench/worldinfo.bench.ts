// World Info scan speed (issue 4, deliverable 6): synthetic books of 1k–100k entries × 20/200-message chats, 3 keys
// per entry, scan depth 4, whole words, recursion on. "compile" is the first scan of a fresh book object (key
// compilation and indexing included); warm scans reuse it. Targets: median warm scan ≤ 5 ms at 5k, ≤ 100 ms at 100k.
// Every case is also checked against the exhaustive path (every entry evaluated every pass): same activations.
import { isDeepStrictEqual } from 'node:util';
import { scan, type Scenario, type WorldInfoBook, type WorldInfoEntry } from '../../shared/lorebook/index.ts';
import { measure } from './stats.ts';
import { scenario } from '../shared/lorebook/scenario-builder.ts';
import { DEFAULT_SCAN_SETTINGS } from '../../shared/lorebook/defaults.ts';

const SIZES = [1_000, 5_000, 20_000, 100_000];
const CHATS = [20, 200];
const TARGETS: Record<number, number> = { 5_000: 5, 100_000: 100 };
/** Fewer warm runs for bigger books keep the whole suite around a minute. */
const RUNS: Record<number, number> = { 1_000: 200, 5_000: 100, 20_000: 40, 100_000: 15 };

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tu', 'sha', 'vel', 'dor', 'eth', 'qui', 'zan', 'bri', 'ol', 'fen', 'gar', 'hal', 'ix', 'jo', 'nim', 'pax'];
const FILLER = 'the a of and to in was she he it with as his her that on for at by from they old night road light stone river long'.split(' ');

/** A distinct made-up word per number, so every key is a whole word that occurs only where placed. */
function word(n: number): string {
  let w = '';
  do {
    w += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return `${w}an`;
}

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

function sentence(next: (below: number) => number, words: number, keys: string[]): string {
  const out = Array.from({ length: words }, () => FILLER[next(FILLER.length)] as string);
  for (const key of keys) out.splice(next(out.length), 0, key);
  return out.join(' ');
}

function makeBook(size: number): WorldInfoBook {
  const next = rng(size);
  const entries: Record<string, WorldInfoEntry> = {};
  for (let uid = 0; uid < size; uid++) {
    // One entry in 50 mentions another entry's key, so recursion has work to do without flooding the budget.
    const mention = uid % 50 === 0 ? [word(next(size) * 3)] : [];
    entries[uid] = {
      uid,
      key: [word(uid * 3), word(uid * 3 + 1), word(uid * 3 + 2)],
      keysecondary: [],
      comment: `entry ${uid}`,
      content: sentence(next, 25, mention),
      constant: false,
      selective: true,
      selectiveLogic: 0,
      order: 100,
      position: 0,
      disable: false,
      probability: 100,
      useProbability: true,
      depth: 4,
      scanDepth: null,
      caseSensitive: null,
      matchWholeWords: null,
    };
  }
  return { entries };
}

function makeScenario(book: WorldInfoBook, size: number, messages: number, variant = 0): Scenario {
  const next = rng(size + messages + variant * 7919);
  const chat = Array.from({ length: messages }, (_, i) => ({
    name: i % 2 ? 'User' : 'Aria',
    mes: sentence(next, 40, [word(next(size) * 3 + next(3)), word(next(size) * 3)]),
  }));
  // Scan depth 4, whole words, recursion on: the reference setup.
  return scenario([], chat, { settings: { ...DEFAULT_SCAN_SETTINGS, depth: 4 }, seed: 1, books: { Bench: book }, globalBooks: ['Bench'] });
}

export async function run(): Promise<Record<string, string | number>[]> {
  const rows: Record<string, string | number>[] = [];
  const baseline = new Map<number, number>();
  for (const messages of CHATS) {
    for (const size of SIZES) {
      const template = makeBook(size);
      // A fresh book object (entries included) has nothing prepared: its first scan compiles.
      const book = structuredClone(template);
      const scenario = makeScenario(book, size, messages);
      const t = performance.now();
      const first = scan(scenario);
      const compileMs = performance.now() - t;
      // Warm scans cycle through different chats over the same book, as a preview does while the chat changes.
      const chats = Array.from({ length: 8 }, (_, v) => makeScenario(book, size, messages, v + 1));
      let turn = 0;
      const warm = measure(() => scan(chats[turn++ % chats.length] as Scenario), RUNS[size] ?? 20);
      const slow = scan(makeScenario(structuredClone(template), size, messages), { exhaustive: true });
      if (size === SIZES[0]) baseline.set(messages, warm.p50);
      const target = TARGETS[size];
      rows.push({
        entries: size,
        messages,
        activated: first.activated.length,
        compile_ms: Number(compileMs.toFixed(1)),
        warm_p50_ms: warm.p50,
        warm_p95_ms: warm.p95,
        growth_vs_1k: `×${(warm.p50 / (baseline.get(messages) ?? warm.p50)).toFixed(1)} for ×${size / (SIZES[0] as number)} entries`,
        target: target === undefined ? '' : `≤ ${target} ms ${warm.p50 <= target ? 'ok' : 'MISSED'}`,
        same_as_exhaustive: isDeepStrictEqual(slow.activated, first.activated) && isDeepStrictEqual(slow.prompt, first.prompt) ? 'yes' : 'NO',
        runs: warm.runs,
      });
    }
  }
  return rows;
}
