// A book's keys indexed for whole-pass matching: per case mode, one Aho-Corasick automaton over every distinct plain
// key text (primary and secondary) and every regex key's required literal. One pass over a view's text (lowered once
// for the case-insensitive mode) records where each text first occurs, and first occurs as a whole word (boundaries
// checked only at hits); recursion feeds only the appended text. An entry is indexed when each of its primary keys
// is plain, empty or a regex with a literal: the hits then name a superset of the indexed entries whose keys match,
// and answer plain-key matching for every covered text. Regex keys are still tested exactly, and only when their
// literal occurs.
import { AhoCorasick } from './aho-corasick.ts';
import { wordBounded, type CompiledKey } from './keys.ts';
import type { EntryKeys } from './prepare.ts';

class PatternSet {
  readonly ids = new Map<string, number>();
  /** Pattern id → 1 when every entry it selects uses it as a whole-word key: only whole-word hits select. */
  readonly wholeOnly: Uint8Array;
  /** Pattern id → book indices whose primary keys use it (CSR: targets[start[id] .. start[id + 1])). */
  readonly start: Int32Array;
  readonly targets: Int32Array;
  readonly automaton: AhoCorasick;

  constructor(texts: Map<string, number[]>, substrings: Set<string>) {
    const patterns: string[] = [];
    this.start = new Int32Array(texts.size + 1);
    this.wholeOnly = new Uint8Array(texts.size);
    let total = 0;
    for (const [text, entries] of texts) {
      this.ids.set(text, patterns.length);
      if (!substrings.has(text)) this.wholeOnly[patterns.length] = 1;
      patterns.push(text);
      total += entries.length;
      this.start[patterns.length] = total;
    }
    this.targets = new Int32Array(total);
    let at = 0;
    for (const entries of texts.values()) for (const e of entries) this.targets[at++] = e;
    this.automaton = new AhoCorasick(patterns);
  }
}

class Collector {
  readonly caseSensitive = new Map<string, number[]>();
  readonly caseInsensitive = new Map<string, number[]>();
  /** Texts that select an entry on any occurrence, not only on whole-word ones. */
  readonly substrings = { caseSensitive: new Set<string>(), caseInsensitive: new Set<string>() };

  /** `entry` < 0 covers the text without making it select an entry. */
  add(text: string, caseSensitive: boolean, entry: number, whole: boolean): void {
    if (!text) return;
    const map = caseSensitive ? this.caseSensitive : this.caseInsensitive;
    if (entry >= 0 && !whole)
      (caseSensitive ? this.substrings.caseSensitive : this.substrings.caseInsensitive).add(text);
    const list = map.get(text);
    if (!list) map.set(text, entry < 0 ? [] : [entry]);
    else if (entry >= 0 && list.at(-1) !== entry) list.push(entry);
  }

  key(key: CompiledKey, entry: number): void {
    if (key.kind === 'word' || key.kind === 'substring')
      this.add(key.text, key.caseSensitive, entry, key.kind === 'word');
    else if (key.kind === 'regex' && key.literal !== null) this.add(key.literal, false, entry, false);
  }
}

/** Entries changed since the automata were built, beyond which deriving an index rebuilds it instead. */
const MAX_STALE = 256;

export class KeyIndex {
  /** Per entry (1 = yes): the hits alone find every buffer its primary keys can match. */
  readonly indexed: Uint8Array;
  readonly caseSensitive: PatternSet;
  readonly caseInsensitive: PatternSet;
  /** Entries left out since the automata were built (see `derive`). */
  readonly stale: number;

  constructor(keys: readonly EntryKeys[], base?: { index: KeyIndex; changed: readonly number[] }) {
    if (base) {
      // The automata stay; changed (or appended) entries are evaluated every pass until the next rebuild.
      this.indexed = new Uint8Array(keys.length);
      this.indexed.set(base.index.indexed.subarray(0, keys.length));
      for (const entry of base.changed) this.indexed[entry] = 0;
      this.caseSensitive = base.index.caseSensitive;
      this.caseInsensitive = base.index.caseInsensitive;
      this.stale = base.index.stale + base.changed.length;
      return;
    }
    const collector = new Collector();
    this.indexed = new Uint8Array(keys.length);
    keys.forEach(({ primary, secondary }, entry) => {
      const indexed = primary !== null && primary.every(indexable);
      for (const key of primary ?? []) collector.key(key, indexed ? entry : -1);
      for (const key of secondary ?? []) collector.key(key, -1);
      if (indexed) this.indexed[entry] = 1;
    });
    this.caseSensitive = new PatternSet(collector.caseSensitive, collector.substrings.caseSensitive);
    this.caseInsensitive = new PatternSet(collector.caseInsensitive, collector.substrings.caseInsensitive);
    this.stale = 0;
  }

  /**
   * The index of an edited book whose entries at `changed` differ from the ones this index was built for (the rest
   * are the same, at the same positions): no automaton is rebuilt until too many entries have changed.
   */
  derive(keys: readonly EntryKeys[], changed: readonly number[]): KeyIndex {
    return this.stale + changed.length > Math.min(MAX_STALE, keys.length / 8)
      ? new KeyIndex(keys)
      : new KeyIndex(keys, { index: this, changed });
  }
}

function indexable(key: CompiledKey): boolean {
  if (key.kind === 'never') return true;
  if (key.kind === 'regex') return key.literal !== null;
  return key.text.length > 0;
}

/** One case mode's hits in a growing text. */
class ModeHits {
  readonly set: PatternSet;
  #state = 0;
  #scanned = 0;
  readonly #first = new Map<number, number>();
  readonly #firstWhole = new Map<number, number>();
  /** Patterns that select their entries, in the order they started to (see PatternSet.wholeOnly). */
  readonly seen: number[] = [];

  constructor(set: PatternSet) {
    this.set = set;
  }

  /** Feeds whatever `haystack` gained since the last call (it only ever grows by appending). */
  advance(haystack: string): void {
    if (this.#scanned >= haystack.length || this.set.automaton.patternCount === 0) return;
    const { lengths } = this.set.automaton;
    const { wholeOnly } = this.set;
    const first = this.#first;
    const firstWhole = this.#firstWhole;
    const seen = this.seen;
    this.#state = this.set.automaton.run(haystack, this.#scanned, this.#state, (pattern, end) => {
      const start = end - (lengths[pattern] as number);
      if (!first.has(pattern)) {
        first.set(pattern, start);
        if (!wholeOnly[pattern]) seen.push(pattern);
      }
      // A hit at the current end is bounded: text is only ever appended after a "\n" separator.
      if (!firstWhole.has(pattern) && wordBounded(haystack, start, end)) {
        firstWhole.set(pattern, start);
        if (wholeOnly[pattern]) seen.push(pattern);
      }
    });
    this.#scanned = haystack.length;
  }

  /** First offset of a covered text (whole words only if asked), -1 when absent, undefined when not covered. */
  first(text: string, whole: boolean): number | undefined {
    const id = this.set.ids.get(text);
    if (id === undefined) return undefined;
    return (whole ? this.#firstWhole : this.#first).get(id) ?? -1;
  }
}

/** A key index's hits in one view's text, carried over when recursion extends the view. */
export class KeyHits {
  readonly index: KeyIndex;
  readonly #caseSensitive: ModeHits;
  readonly #caseInsensitive: ModeHits;

  constructor(index: KeyIndex) {
    this.index = index;
    this.#caseSensitive = new ModeHits(index.caseSensitive);
    this.#caseInsensitive = new ModeHits(index.caseInsensitive);
  }

  /** Brings the hits up to date with the view's text (`lower` is its lowercased form). */
  advance(text: string, lower: string): void {
    this.#caseSensitive.advance(text);
    this.#caseInsensitive.advance(lower);
  }

  first(text: string, caseSensitive: boolean, whole: boolean): number | undefined {
    return (caseSensitive ? this.#caseSensitive : this.#caseInsensitive).first(text, whole);
  }

  /** Calls `visit` with the book index of every indexed entry one of whose primary keys may occur. */
  forEachEntry(visit: (entry: number) => void): void {
    for (const mode of [this.#caseSensitive, this.#caseInsensitive]) {
      const { start, targets } = mode.set;
      for (const id of mode.seen)
        for (let t = start[id] as number; t < (start[id + 1] as number); t++) visit(targets[t] as number);
    }
  }
}
