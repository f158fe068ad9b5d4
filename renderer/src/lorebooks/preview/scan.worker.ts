/**
 * Runs the shared engine off the main thread. The book is cached between requests; a request carries it only
 * when it changed, as a patch of the changed entries when the page knows them, else as the whole text. A runaway
 * regex key blocks only this worker, which the page then terminates and replaces. A changed book keeps the entry
 * objects of the entries that did not change, and the engine is told which did: an edit prepares and compiles only
 * the edited entries. The page's clock starts when this worker says the book is prepared.
 */
import {
  scan,
  scanTurns,
  chatForScan,
  guesstimateTokenizer,
  parseRegexKey,
  prepareEdit,
} from '../../../../shared/lorebook/index.ts';
import { deepEqual } from '../../../../shared/lorebook/formats/values.ts';
import { jsonEqual } from '../../../../shared/card/json-equal.ts';
import { prepareScan } from '../../../../shared/lorebook/prepare-scan.ts';
import type { ScanResult, Scenario, WorldInfoBook, WorldInfoEntry } from '../../../../shared/lorebook/model.ts';
import type { Highlight, ScanOutput, ScanReply, ScanRequest, TurnSummary, WarmUpRequest } from './protocol.ts';
import { DOES_NOT_FIRE_LIMIT } from './lore-test-from-preview.ts';
import { buildScenario, buildTurns } from './scenario.ts';
import { errorMessage } from '../../../../shared/errors.ts';
import { readBook } from './read-book.ts';
import { patchEntries } from './book-edit.ts';
import { BookHolder, type BookPatch } from './book-sync.ts';

// The renderer is typed against the DOM; this is the part of the worker scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ScanRequest | WarmUpRequest>) => void) | null;
  postMessage(message: ScanReply): void;
};

/**
 * The last output sent: one that prints the same is not sent again. Compared by walking both, not by printing: the
 * printed text of a result that fired fifty entries was a third of what a keystroke's scan allocated, and the
 * worker's young-generation collections (each a 5-15 ms stall of the scan that met it) came that much more often.
 */
let lastSent: ScanOutput | null = null;

/**
 * `book` (freshly parsed) with the entry objects of `before` wherever an entry is unchanged, prepared from what was
 * prepared for `before`: only the changed entries are compiled again.
 */
function reuseEntries(name: string, before: WorldInfoBook, book: WorldInfoBook): WorldInfoBook {
  const changed: string[] = [];
  const { entries } = book;
  for (const id of Object.keys(entries)) {
    const old = Object.hasOwn(before.entries, id) ? before.entries[id] : undefined;
    if (old && deepEqual(old, entries[id])) entries[id] = old;
    else changed.push(id);
  }
  prepareEdit(name, before, book, changed);
  return book;
}

/** `before` with the patch's entries replaced, added or removed; only those are parsed and compiled. */
function patched(name: string, before: WorldInfoBook, changes: BookPatch['entries']): WorldInfoBook {
  const book = { ...before, entries: patchEntries(before.entries, changes) };
  prepareEdit(name, before, book, Object.keys(changes));
  return book;
}

const held = new BookHolder<WorldInfoBook>(
  (text, name, before) => (before ? reuseEntries(name, before, readBook(text)) : readBook(text)),
  (before, changes, name) => patched(name, before, changes),
);
/** Few enough entries in the held book that every scan explains all of them (a lore test saved from it lists them). */
let small = false;

/** Where each fired key hit falls in the chat, mapped from the scan buffer's segment back to the message text. */
function highlights(scenario: Scenario, result: ScanResult): Highlight[] {
  const out: Highlight[] = [];
  const scanned = chatForScan(scenario);
  const n = scenario.chat.length;
  for (const e of result.explain.entries) {
    if (!e.fired || e.reason.code !== 'key-match') continue;
    const { match } = e.reason;
    if (match.segment?.kind !== 'message') continue;
    const message = n - 1 - match.segment.index;
    const raw = scanned[match.segment.index];
    const source = scenario.chat[message];
    if (raw === undefined || source === undefined || typeof source === 'string') continue;
    let length = match.expanded.length;
    if (match.regex) {
      const re = parseRegexKey(match.expanded);
      const sticky = re ? new RegExp(re.source, re.flags.replace(/[gy]/g, '') + 'y') : null;
      if (sticky) sticky.lastIndex = match.offset;
      length = sticky?.exec(raw.trim())?.[0].length ?? 0;
    }
    const lead = raw.length - raw.trimStart().length;
    const prefix = scenario.settings.includeNames ? source.name.length + 2 : 0;
    const start = Math.max(0, match.offset + lead - prefix);
    const end = match.offset + lead - prefix + length;
    if (end > start) out.push({ message, start, end, entry: e.key });
  }
  return out;
}

/** Each book's entries by uid, kept while the book object lives (the open book's, across scans). */
const entriesByUid = new WeakMap<WorldInfoBook, Map<string, WorldInfoEntry>>();

function usedTokens(result: ScanResult, books: Scenario['books']): number {
  const byKey = (key: string): WorldInfoEntry | undefined => {
    for (const [name, book] of Object.entries(books)) {
      if (!key.startsWith(`${name}.`)) continue;
      let byUid = entriesByUid.get(book);
      if (!byUid) {
        byUid = new Map();
        for (const entry of Object.values(book.entries)) byUid.set(String(entry.uid), entry);
        entriesByUid.set(book, byUid);
      }
      const entry = byUid.get(key.slice(name.length + 1));
      if (entry) return entry;
    }
    return undefined;
  };
  const text = result.activated.map((k) => String(byKey(k)?.content ?? '')).join('\n');
  return guesstimateTokenizer.count(text);
}

function turnSummary(result: ScanResult): TurnSummary {
  const list = (records: Record<string, { end: number }>) =>
    Object.entries(records).map(([key, r]) => ({ key, end: r.end }));
  return {
    activated: result.activated,
    sticky: list(result.timedWorldInfo.sticky),
    cooldown: list(result.timedWorldInfo.cooldown),
    chatLength: result.trace.chatLength,
  };
}

type ScanOptions = { listUnmatched: true } | { explainEvaluatedOnly: true };

/**
 * A plain copy of `result` without `unmatched` (the reply carries it on its own). While "Why not?" is closed on a
 * large book (`explainEvaluatedOnly`), its `explain` keeps only the entries the fired list shows (the fired and the
 * dropped ones), and `left` counts every other entry: that list needs no other reason, and the page asks for them all
 * when it opens.
 */
function shown(result: ScanResult, options: ScanOptions): { result: ScanResult; left: number } {
  const { unmatched, ...copy } = result;
  if (!('explainEvaluatedOnly' in options)) return { result: copy, left: unmatched?.length ?? 0 };
  const dropped = new Set(result.slots.dropped.map((d) => d.key));
  const { mode, entries } = result.explain;
  const listed = entries.filter((e) => e.fired || dropped.has(e.key));
  const left = (result.unevaluated ?? 0) + entries.length - listed.length;
  return { result: { ...copy, explain: { mode, entries: listed } }, left };
}

/** Scans `scenarios` (one, or one per turn) and builds what a reply says of them; `scanned` is when the scan ended. */
function scanAll(scenarios: Scenario[], turns: boolean, options: ScanOptions): { output: ScanOutput; scanned: number } {
  const all = turns ? scanTurns(scenarios, options) : [scan(scenarios[0]!, options)];
  const scanned = performance.now();
  const copies = all.map((r) => shown(r, options));
  const results = copies.map((c) => c.result);
  const output: ScanOutput = {
    results,
    unmatched: all.map((r) => r.unmatched ?? null),
    unmatchedCount: copies.map((c) => c.left),
    turns: results.map(turnSummary),
    highlights: results.map((r, i) => highlights(scenarios[i]!, r)),
    used: results.map((r, i) => usedTokens(r, scenarios[i]!.books)),
  };
  return { output, scanned };
}

/** Entries whose first key the warm-up's first step names. */
const WARM_UP_ENTRIES = 8;
/**
 * Entries whose first key each later step names: a step is then a scan of a few milliseconds, which an input that
 * arrives meanwhile waits for. In Node, the 5,000-entry book's first firing key took 0.4-4.9 ms after all its entries
 * had fired in steps of 50 (0.4-0.6 s in all), against 14-16 ms after the first step alone.
 */
const WARM_UP_BATCH = 50;
/**
 * Scans per warm-up: V8 optimises a function once it has run a few times. In Node, the first keystroke that fired
 * entries took 2.5-7.5 ms of CPU after three runs and 5.5-24 ms after one (5,000- and 20,000-entry books).
 */
const WARM_UP_RUNS = 3;

/** The last scan's inputs, which a warm-up reuses. */
let last: { name: string; book: WorldInfoBook; request: ScanRequest; options: ScanOptions } | null = null;

/**
 * The last warmed book's entries in book order, listed once per book object: a step names 50 of them, and listing a
 * 100,000-entry book's entries at every step would cost more than the step's scan.
 */
let listed: { book: WorldInfoBook; entries: WorldInfoEntry[] } | null = null;

function entriesOf(book: WorldInfoBook): WorldInfoEntry[] {
  if (listed?.book !== book) listed = { book, entries: Object.values(book.entries) };
  return listed.entries;
}

/** The first keys of `entries`, `from` on, every `stride`th, up to `count` of them. */
function firstKeys(entries: WorldInfoEntry[], from: number, stride: number, count: number): string[] {
  const keys: string[] = [];
  for (let i = from; i < entries.length && keys.length < count; i += stride) {
    const key = entries[i]?.key;
    if (Array.isArray(key) && typeof key[0] === 'string') keys.push(key[0]);
  }
  return keys;
}

/**
 * One step of the warm-up (protocol.ts WarmUpRequest); false once every entry has been named. Step 0 runs the engine
 * WARM_UP_RUNS times over a chat naming the first keys of a few entries across the book, the later steps once over the
 * next WARM_UP_BATCH entries; each output is compared with the one before, as a reply's is.
 */
function warmUp(step: number): boolean {
  if (!last) return false;
  const { name, book, request, options } = last;
  const entries = entriesOf(book);
  const first = step === 0;
  const from = first ? 0 : (step - 1) * WARM_UP_BATCH;
  const keys = first
    ? firstKeys(entries, 0, Math.max(1, Math.floor(entries.length / WARM_UP_ENTRIES)), WARM_UP_ENTRIES)
    : firstKeys(entries.slice(from, from + WARM_UP_BATCH), 0, 1, WARM_UP_BATCH);
  const chat = [{ role: 'user' as const, text: keys.join(', ') }];
  const scenario = buildScenario(name, book, request.setup, chat, request.sources);
  let previous: ScanOutput | null = null;
  for (let run = 0; run < (first ? WARM_UP_RUNS : 1); run++) {
    const { output } = scanAll([scenario], false, options);
    if (previous) jsonEqual(output, previous);
    previous = output;
  }
  // The next step names the entries from step * WARM_UP_BATCH on.
  return step * WARM_UP_BATCH < entries.length;
}

scope.onmessage = (event: MessageEvent<ScanRequest | WarmUpRequest>) => {
  const { id } = event.data;
  if ('warmUp' in event.data) {
    scope.postMessage({ id, prepared: true });
    let more = false;
    try {
      more = warmUp(event.data.step);
    } catch {
      // Nothing was asked for: the author's own scans report what fails.
    }
    scope.postMessage({ id, warmed: true, more });
    return;
  }
  const request = event.data;
  let reply: ScanReply;
  try {
    const start = performance.now();
    if (request.book) {
      if (!held.receive(request.book)) {
        scope.postMessage({ id, resend: true });
        return;
      }
      small = Object.keys(held.at(request.book.version)!.book.entries).length <= DOES_NOT_FIRE_LIMIT;
    }
    const current = held.at(request.bookVersion);
    if (!current) throw new Error('book not received');
    const { name, book: value } = current;
    const read = performance.now();
    const { setup, chat, sources } = request;
    const scenarios = setup.turns
      ? buildTurns(name, value, setup, chat, sources)
      : [buildScenario(name, value, setup, chat, sources)];
    // Every turn has the same books, names and settings: preparing the first prepares them all.
    prepareScan(scenarios[0]!);
    const prepared = performance.now();
    scope.postMessage({ id, prepared: true });
    // On a large book nearly every entry is one no pass looked at: unless "Why not?" lists them, they are counted,
    // not explained, and only the fired list's explanations are sent; when listed, those no key matched are named,
    // not explained.
    const options: ScanOptions =
      request.listUnmatched || small ? { listUnmatched: true } : { explainEvaluatedOnly: true };
    const { output, scanned: scanDone } = scanAll(scenarios, setup.turns, options);
    const same = lastSent !== null && jsonEqual(output, lastSent);
    if (!same) lastSent = output;
    const timing = { book: read - start, prepare: prepared - read, scan: scanDone - prepared, rest: 0 };
    timing.rest = performance.now() - scanDone;
    reply = { id, ok: true, output: same ? null : output, timing };
    last = { name, book: value, request, options };
  } catch (e) {
    reply = { id, ok: false, error: errorMessage(e) };
  }
  scope.postMessage(reply);
};
