// A book's keys indexed for whole-pass matching: per case mode, one Aho-Corasick automaton over every distinct plain
// key text (primary and secondary) and every regex key's required literal. One pass over a view's text (lowered once
// for the case-insensitive mode) records where each text first occurs, and first occurs as a whole word (boundaries
// checked only at hits); recursion feeds only the appended text. An entry is indexed when each of its primary keys
// is plain, empty or a regex with a literal: the hits then name a superset of the indexed entries whose keys match,
// and answer plain-key matching for every covered text. Regex keys are still tested exactly, and only when their
// literal occurs.
import { AhoCorasick } from './aho-corasick.ts';
import { isWordChar, wordBounded, type CompiledKey, type IndexedText, type TextKey } from './keys.ts';
import type { EntryKeys } from './prepare.ts';

/**
 * Texts made only of ASCII word characters and used only as whole words: a whole-word occurrence of such a text is
 * exactly a maximal run of word characters equal to it, so they are found by hashing the buffer's words (no automaton,
 * and building the table is cheap); the automaton keeps the rest.
 */
class WordTable {
  /** Open addressing: slot → pattern id + 1 (0 = empty), and the hash stored there. */
  readonly #slots: Int32Array;
  readonly #hashes: Int32Array;
  readonly #texts: readonly string[];
  readonly #mask: number;

  constructor(texts: readonly string[], ids: readonly number[]) {
    let size = 16;
    while (size < texts.length * 2) size *= 2;
    this.#slots = new Int32Array(size);
    this.#hashes = new Int32Array(size);
    this.#mask = size - 1;
    const all: string[] = [];
    texts.forEach((text, i) => {
      const id = ids[i] as number;
      all[id] = text;
      const hash = hashWord(text, 0, text.length);
      let slot = hash & this.#mask;
      while (this.#slots[slot] !== 0) slot = (slot + 1) & this.#mask;
      this.#slots[slot] = id + 1;
      this.#hashes[slot] = hash;
    });
    this.#texts = all;
  }

  get size(): number {
    return this.#texts.length;
  }

  /** Calls `onWord(id, start)` for every maximal run of word characters in `text` from `from` that is a table text. */
  run(text: string, from: number, onWord: (id: number, start: number) => void): void {
    const slots = this.#slots;
    const hashes = this.#hashes;
    const mask = this.#mask;
    let start = -1;
    let hash = 0;
    for (let i = from; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 32;
      if (isWordChar(c)) {
        if (start < 0) {
          start = i;
          hash = HASH_SEED;
        }
        hash = Math.imul(hash ^ c, HASH_PRIME);
        continue;
      }
      if (start < 0) continue;
      for (let slot = hash & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
        if (hashes[slot] !== hash) continue;
        const id = (slots[slot] as number) - 1;
        if (sameText(this.#texts[id] as string, text, start, i)) {
          onWord(id, start);
          break;
        }
      }
      start = -1;
    }
  }
}

const HASH_SEED = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;

function hashWord(text: string, start: number, end: number): number {
  let hash = HASH_SEED;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), HASH_PRIME);
  return hash;
}

function sameText(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

function isPlainWord(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isWordChar(text.charCodeAt(i))) return false;
  return text.length > 0;
}

/** Per text: some key needs its substring occurrences; some key selects its entry on any (not only whole) occurrence. */
const SUBSTRING = 1;
const SELECTS_ON_SUBSTRING = 2;

class PatternSet {
  readonly ids = new Map<string, number>();
  /** Pattern id → 1 when every entry it selects uses it as a whole-word key: only whole-word hits select. */
  readonly wholeOnly: Uint8Array;
  /** Pattern id → 1 when only its whole-word occurrences are known (it is in the word table). */
  readonly wordOnly: Uint8Array;
  /** Pattern id → book indices whose primary keys use it (CSR: targets[start[id] .. start[id + 1])). */
  readonly start: Int32Array;
  readonly targets: Int32Array;
  readonly automaton: AhoCorasick;
  /** Automaton pattern → pattern id. */
  readonly automatonIds: Int32Array;
  readonly words: WordTable;
  /** No automaton text holds a separator, so no occurrence spans two pieces of a recursion chunk (see pieceHits). */
  readonly piecewise: boolean;
  readonly #pieces = new Map<string, Int32Array>();

  constructor(texts: TextCollector) {
    const count = texts.texts.length;
    this.wholeOnly = new Uint8Array(count);
    this.wordOnly = new Uint8Array(count);
    const automatonTexts: string[] = [];
    const automatonIds: number[] = [];
    const wordTexts: string[] = [];
    const wordIds: number[] = [];
    texts.texts.forEach((text, id) => {
      this.ids.set(text, id);
      const flags = texts.flags[id] as number;
      if (!(flags & SELECTS_ON_SUBSTRING)) this.wholeOnly[id] = 1;
      if (!(flags & SUBSTRING) && isPlainWord(text)) {
        this.wordOnly[id] = 1;
        wordTexts.push(text);
        wordIds.push(id);
      } else {
        automatonTexts.push(text);
        automatonIds.push(id);
      }
    });
    // Compressed rows: count the (deduplicated) pairs per text, then place them.
    const { pairs } = texts;
    const start = new Int32Array(count + 1);
    for (let p = 0; p < pairs.length; p += 2) {
      const row = (pairs[p] as number) + 1;
      start[row] = (start[row] as number) + 1;
    }
    for (let id = 0; id < count; id++) start[id + 1] = (start[id + 1] as number) + (start[id] as number);
    const targets = new Int32Array(pairs.length / 2);
    const fill = start.slice(0, count);
    for (let p = 0; p < pairs.length; p += 2) {
      const id = pairs[p] as number;
      const at = fill[id] as number;
      targets[at] = pairs[p + 1] as number;
      fill[id] = at + 1;
    }
    this.start = start;
    this.targets = targets;
    this.automaton = new AhoCorasick(automatonTexts);
    this.automatonIds = Int32Array.from(automatonIds);
    this.words = new WordTable(wordTexts, wordIds);
    this.piecewise = automatonTexts.every((text) => !text.includes('\n') && !text.includes('\x01'));
  }

  /**
   * The occurrences in one piece of recursion text (an entry's content), searched once and remembered: the same
   * contents come back scan after scan. Layout: the searched text's length, then (pattern id, offset, FIRST | WHOLE)
   * for the first occurrence and the first whole-word occurrence of each text.
   */
  pieceHits(piece: string, lower: boolean): Int32Array {
    let hits = this.#pieces.get(piece);
    if (hits) return hits;
    const text = lower ? piece.toLowerCase() : piece;
    const found: number[] = [text.length];
    const first = new Set<number>();
    const firstWhole = new Set<number>();
    const { lengths } = this.automaton;
    if (this.automaton.patternCount > 0)
      this.automaton.run(text, 0, 0, (pattern, end) => {
        const id = this.automatonIds[pattern] as number;
        const start = end - (lengths[pattern] as number);
        let flags = 0;
        if (!first.has(id)) {
          first.add(id);
          flags |= FIRST;
        }
        if (!firstWhole.has(id) && wordBounded(text, start, end)) {
          firstWhole.add(id);
          flags |= WHOLE;
        }
        if (flags) found.push(id, start, flags);
      });
    if (this.words.size > 0)
      this.words.run(text, 0, (id, start) => {
        if (firstWhole.has(id)) return;
        firstWhole.add(id);
        found.push(id, start, WHOLE);
      });
    if (this.#pieces.size >= MAX_PIECES) this.#pieces.clear();
    this.#pieces.set(piece, (hits = Int32Array.from(found)));
    return hits;
  }
}

const FIRST = 1;
const WHOLE = 2;
/** Remembered pieces per pattern set: far more entry contents than one preview session activates. */
const MAX_PIECES = 50_000;

/** One case mode's distinct texts, with flags and (text, entry) pairs in entry order. */
class TextCollector {
  readonly #ids = new Map<string, number>();
  readonly texts: string[] = [];
  readonly flags: number[] = [];
  /** Flattened (text id, entry) pairs, each pair once. */
  readonly pairs: number[] = [];
  readonly #lastEntry: number[] = [];

  /** `entry` < 0 covers the text without making it select an entry. */
  add(text: string, entry: number, whole: boolean): void {
    if (!text) return;
    let id = this.#ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.#ids.set(text, id);
      this.texts.push(text);
      this.flags.push(0);
      this.#lastEntry.push(-1);
    }
    if (!whole)
      this.flags[id] = (this.flags[id] as number) | (entry >= 0 ? SUBSTRING | SELECTS_ON_SUBSTRING : SUBSTRING);
    if (entry >= 0 && this.#lastEntry[id] !== entry) {
      this.#lastEntry[id] = entry;
      this.pairs.push(id, entry);
    }
  }
}

class Collector {
  readonly caseSensitive = new TextCollector();
  readonly caseInsensitive = new TextCollector();

  key(key: CompiledKey, entry: number): void {
    if (key.kind === 'word' || key.kind === 'substring')
      (key.caseSensitive ? this.caseSensitive : this.caseInsensitive).add(key.text, entry, key.kind === 'word');
    else if (key.kind === 'regex' && key.literal !== null) this.caseInsensitive.add(key.literal, entry, false);
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
    this.caseSensitive = new PatternSet(collector.caseSensitive);
    this.caseInsensitive = new PatternSet(collector.caseInsensitive);
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

  /**
   * Feeds whatever `haystack` gained since the last call (it only ever grows by appending, after a "\n" separator).
   * When the gain is "\n\x01" and `pieces` joined by "\n" (`lower`: the lowercased pieces), each piece's remembered
   * occurrences stand in for searching it.
   */
  advance(haystack: string, pieces?: readonly string[], lower = false): void {
    if (this.#scanned >= haystack.length) return;
    if (pieces && this.set.piecewise) this.#advancePieces(haystack, pieces, lower);
    else this.#search(haystack);
    this.#scanned = haystack.length;
  }

  #search(haystack: string): void {
    const { wholeOnly, automatonIds, automaton, words } = this.set;
    const first = this.#first;
    const firstWhole = this.#firstWhole;
    const seen = this.seen;
    if (automaton.patternCount > 0) {
      const { lengths } = automaton;
      this.#state = automaton.run(haystack, this.#scanned, this.#state, (pattern, end) => {
        const id = automatonIds[pattern] as number;
        const start = end - (lengths[pattern] as number);
        if (!first.has(id)) {
          first.set(id, start);
          if (!wholeOnly[id]) seen.push(id);
        }
        // A hit at the current end is bounded: text is only ever appended after a "\n" separator.
        if (!firstWhole.has(id) && wordBounded(haystack, start, end)) {
          firstWhole.set(id, start);
          if (wholeOnly[id]) seen.push(id);
        }
      });
    }
    if (words.size > 0)
      words.run(haystack, this.#scanned, (id, start) => {
        if (!firstWhole.has(id)) {
          firstWhole.set(id, start);
          seen.push(id);
        }
      });
  }

  #advancePieces(haystack: string, pieces: readonly string[], lower: boolean): void {
    const { wholeOnly } = this.set;
    let base = this.#scanned + 2;
    for (const piece of pieces) {
      const hits = this.set.pieceHits(piece, lower);
      for (let h = 1; h < hits.length; h += 3) {
        const id = hits[h] as number;
        const at = base + (hits[h + 1] as number);
        const flags = hits[h + 2] as number;
        if (flags & FIRST && !this.#first.has(id)) {
          this.#first.set(id, at);
          if (!wholeOnly[id]) this.seen.push(id);
        }
        if (flags & WHOLE && !this.#firstWhole.has(id)) {
          this.#firstWhole.set(id, at);
          if (wholeOnly[id]) this.seen.push(id);
        }
      }
      base += (hits[0] as number) + 1;
    }
    if (base - 1 !== haystack.length) throw new Error('Recursion pieces do not make up the appended text');
    // No automaton text contains "\n", so after the separator that starts the next gain the automaton is at its root.
    this.#state = 0;
  }

  /** First offset of a covered text (whole words only if asked), -1 when absent, undefined when not covered. */
  first(text: string, whole: boolean): number | undefined {
    return this.#firstById(this.set.ids.get(text) ?? -1, whole);
  }

  keyFirst(key: IndexedText, text: string, whole: boolean): number | undefined {
    if (key.indexSet !== this.set) {
      key.indexSet = this.set;
      key.indexId = this.set.ids.get(text) ?? -1;
    }
    return this.#firstById(key.indexId, whole);
  }

  #firstById(id: number, whole: boolean): number | undefined {
    if (id < 0 || (!whole && this.set.wordOnly[id])) return undefined;
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

  /**
   * Brings the hits up to date with the view's text (`lower` is its lowercased form); `pieces`, when given, are what
   * the text gained since the last call after its "\n\x01" separator, joined by "\n".
   */
  advance(text: string, lower: string, pieces?: readonly string[]): void {
    this.#caseSensitive.advance(text, pieces, false);
    this.#caseInsensitive.advance(lower, pieces, true);
  }

  first(text: string, caseSensitive: boolean, whole: boolean): number | undefined {
    return (caseSensitive ? this.#caseSensitive : this.#caseInsensitive).first(text, whole);
  }

  /** `first` for a key's text (a regex key's literal, case-insensitive), its pattern id remembered on the key. */
  keyFirst(key: TextKey, whole: boolean): number | undefined {
    if (key.kind === 'regex') return this.#caseInsensitive.keyFirst(key, key.literal as string, whole);
    return (key.caseSensitive ? this.#caseSensitive : this.#caseInsensitive).keyFirst(key, key.text, whole);
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
