// A book's keys indexed for whole-pass matching, per case mode: every distinct plain key text (primary and secondary)
// and every regex key's required literal. Texts of ASCII word characters used only as whole words are found by
// hashing the buffer's words; the others by one Aho-Corasick automaton. One pass over a view's text (lowered once for
// the case-insensitive mode) records where each text first occurs, and first occurs as a whole word (boundaries
// checked only at hits); recursion adds only the appended entry contents, whose hits are remembered. An entry is
// indexed when each of its primary keys is plain, empty or a regex with a literal: the hits then name a superset of
// the indexed entries whose keys match, and answer plain-key matching for every covered text. Regex keys are still
// tested exactly, and only when their literal occurs.
import { AhoCorasick } from './aho-corasick.ts';
import { FirstHits } from './first-hits.ts';
import { TextTable } from './text-table.ts';
import {
  isWordChar,
  wordBounded,
  type CompiledKey,
  type IndexedText,
  type PlainKey,
  type RegexKey,
  type TextKey,
} from './keys.ts';
import type { EntryKeys } from './prepare.ts';

function isPlainWord(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isWordChar(text.charCodeAt(i))) return false;
  return text.length > 0;
}

/**
 * Per text: some key needs its substring occurrences; some key selects its entry on any (not only whole) occurrence;
 * it is the literal that leads every match of some regex key, which is tried at each of its occurrences.
 */
const SUBSTRING = 1;
const SELECTS_ON_SUBSTRING = 2;
const LEADS = 4;

class PatternSet {
  readonly texts: TextTable;
  /** Pattern id → 1 when every entry it selects uses it as a whole-word key: only whole-word hits select. */
  readonly wholeOnly: Uint8Array;
  /**
   * Pattern id → 1 for texts made only of ASCII word characters and used only as whole words: such an occurrence is
   * exactly a maximal run of word characters equal to the text, so they are found by hashing the buffer's words,
   * and only their whole-word occurrences are known. The automaton keeps the other texts.
   */
  readonly wordOnly: Uint8Array;
  /** Pattern id → 1 when every occurrence is kept, not only the first (leading regex literals; see `LEADS`). */
  readonly everyOccurrence: Uint8Array;
  /** Pattern id → book indices whose primary keys use it (CSR: targets[start[id] .. start[id + 1])). */
  readonly start: Int32Array;
  readonly targets: Int32Array;
  /** Pattern id → book indices of indexed entries whose secondary keys use it (CSR, as above). */
  readonly watchStart: Int32Array;
  readonly watchers: Int32Array;
  readonly automaton: AhoCorasick;
  /** Automaton pattern → pattern id. */
  readonly automatonIds: Int32Array;
  readonly wordCount: number;
  /** No automaton text holds a separator, so no occurrence spans two pieces (see pieceHits). */
  readonly piecewise: boolean;
  readonly #pieces = new Map<string, Int32Array>();
  /** The length of the remembered pieces together. */
  #pieceChars = 0;

  constructor(texts: TextCollector) {
    const count = texts.table.texts.length;
    this.wholeOnly = new Uint8Array(count);
    this.wordOnly = new Uint8Array(count);
    this.everyOccurrence = new Uint8Array(count);
    const automatonTexts: string[] = [];
    const automatonIds: number[] = [];
    let wordCount = 0;
    this.texts = texts.table;
    texts.table.texts.forEach((text, id) => {
      const flags = texts.flags[id] as number;
      if (!(flags & SELECTS_ON_SUBSTRING)) this.wholeOnly[id] = 1;
      if (flags & LEADS) this.everyOccurrence[id] = 1;
      if (!(flags & SUBSTRING) && isPlainWord(text)) {
        this.wordOnly[id] = 1;
        wordCount++;
      } else {
        automatonTexts.push(text);
        automatonIds.push(id);
      }
    });
    [this.start, this.targets] = compressedRows(count, texts.pairs);
    [this.watchStart, this.watchers] = compressedRows(count, texts.watchPairs);
    this.automaton = new AhoCorasick(automatonTexts);
    this.automatonIds = Int32Array.from(automatonIds);
    this.wordCount = wordCount;
    this.piecewise = automatonTexts.every((text) => !text.includes('\n') && !text.includes('\x01'));
  }

  /**
   * The occurrences in one piece of text (a message, a character field, an entry's content), searched once and
   * remembered: the same pieces come back scan after scan. Layout: the searched text's length, then (pattern id,
   * offset, FIRST | WHOLE | EVERY) for the first occurrence and the first whole-word occurrence of each text, and for
   * every occurrence of a text whose every occurrence is kept.
   */
  pieceHits(piece: string, lower: boolean): Int32Array {
    let hits = this.#pieces.get(piece);
    if (hits) return hits;
    const text = lower ? piece.toLowerCase() : piece;
    const found: number[] = [text.length];
    const first = new Set<number>();
    const firstWhole = new Set<number>();
    const { lengths } = this.automaton;
    // One walk finds the automaton's texts and the word-only ones.
    if (this.automaton.patternCount > 0 || this.wordCount > 0)
      this.automaton.run(
        text,
        0,
        0,
        (pattern, end) => {
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
          if (this.everyOccurrence[id]) flags |= EVERY;
          if (flags) found.push(id, start, flags);
        },
        this.wordCount > 0 ? this.texts : undefined,
        (id, start) => {
          if (!this.wordOnly[id] || firstWhole.has(id)) return;
          firstWhole.add(id);
          found.push(id, start, WHOLE);
        },
      );
    // Messages, unlike contents, are not kept by the book: a preview makes a new one on every keystroke.
    this.#pieceChars += piece.length;
    if (this.#pieces.size >= MAX_PIECES || this.#pieceChars > MAX_PIECE_CHARS) {
      this.#pieces.clear();
      this.#pieceChars = piece.length;
    }
    this.#pieces.set(piece, (hits = Int32Array.from(found)));
    return hits;
  }
}

/** Flattened (row, value) pairs as compressed rows: row r's values are values[start[r] .. start[r + 1]). */
function compressedRows(rows: number, pairs: readonly number[]): [start: Int32Array, values: Int32Array] {
  const start = new Int32Array(rows + 1);
  for (let p = 0; p < pairs.length; p += 2) {
    const row = (pairs[p] as number) + 1;
    start[row] = (start[row] as number) + 1;
  }
  for (let row = 0; row < rows; row++) start[row + 1] = (start[row + 1] as number) + (start[row] as number);
  const values = new Int32Array(pairs.length / 2);
  const fill = start.slice(0, rows);
  for (let p = 0; p < pairs.length; p += 2) {
    const row = pairs[p] as number;
    const at = fill[row] as number;
    values[at] = pairs[p + 1] as number;
    fill[row] = at + 1;
  }
  return [start, values];
}

const FIRST = 1;
const WHOLE = 2;
const EVERY = 4;
/** Remembered pieces per pattern set: far more entry contents than one preview session activates. */
const MAX_PIECES = 50_000;
/** Their characters together: a long chat's messages many times over. */
const MAX_PIECE_CHARS = 4_000_000;

/** One case mode's distinct texts, with flags and (text, entry) pairs in entry order. */
class TextCollector {
  readonly table = new TextTable();
  readonly flags: number[] = [];
  /** Flattened (text id, entry) pairs, each pair once. */
  readonly pairs: number[] = [];
  /** The same for the secondary keys of indexed entries. */
  readonly watchPairs: number[] = [];
  readonly #lastEntry: number[] = [];
  readonly #lastWatcher: number[] = [];

  /**
   * `entry` ≥ 0 makes the text select that entry (a primary key); `watcher` ≥ 0 names an indexed entry whose
   * secondary key it is. With neither, the text is only covered.
   */
  add(text: string, entry: number, whole: boolean, watcher = -1, leads = false): void {
    if (!text) return;
    const id = this.table.add(text);
    if (id === this.flags.length) {
      this.flags.push(0);
      this.#lastEntry.push(-1);
      this.#lastWatcher.push(-1);
    }
    if (!whole)
      this.flags[id] = (this.flags[id] as number) | (entry >= 0 ? SUBSTRING | SELECTS_ON_SUBSTRING : SUBSTRING);
    if (leads) this.flags[id] = (this.flags[id] as number) | LEADS;
    if (entry >= 0 && this.#lastEntry[id] !== entry) {
      this.#lastEntry[id] = entry;
      this.pairs.push(id, entry);
    }
    if (watcher >= 0 && this.#lastWatcher[id] !== watcher) {
      this.#lastWatcher[id] = watcher;
      this.watchPairs.push(id, watcher);
    }
  }
}

class Collector {
  readonly caseSensitive = new TextCollector();
  readonly caseInsensitive = new TextCollector();

  key(key: CompiledKey, entry: number, watcher = -1): void {
    if (key.kind === 'word' || key.kind === 'substring')
      (key.caseSensitive ? this.caseSensitive : this.caseInsensitive).add(
        key.text,
        entry,
        key.kind === 'word',
        watcher,
      );
    else if (key.kind === 'regex') {
      if (key.literal !== null)
        (key.caseSensitive ? this.caseSensitive : this.caseInsensitive).add(
          key.literal,
          entry,
          false,
          watcher,
          key.leading,
        );
      else for (const text of key.alternatives ?? []) this.caseInsensitive.add(text, entry, false, watcher);
    }
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

  /** `keys(i)`: the activation keys of the book's entry `i`, for i < `length`. */
  constructor(
    length: number,
    keys: (entry: number) => EntryKeys,
    base?: { index: KeyIndex; changed: readonly number[] },
  ) {
    this.indexed = new Uint8Array(length);
    if (base) {
      // The automata stay; changed (or appended) entries are evaluated every pass until the next rebuild.
      this.indexed.set(base.index.indexed.subarray(0, Math.min(length, base.index.indexed.length)));
      for (const entry of base.changed) this.indexed[entry] = 0;
      this.caseSensitive = base.index.caseSensitive;
      this.caseInsensitive = base.index.caseInsensitive;
      this.stale = base.index.stale + base.changed.length;
      return;
    }
    const collector = new Collector();
    for (let entry = 0; entry < length; entry++) {
      const { primary, secondary } = keys(entry);
      const indexed = primary !== null && primary.every(indexable);
      for (const key of primary ?? []) collector.key(key, indexed ? entry : -1);
      for (const key of secondary ?? []) collector.key(key, -1, indexed ? entry : -1);
      if (indexed) this.indexed[entry] = 1;
    }
    this.caseSensitive = new PatternSet(collector.caseSensitive);
    this.caseInsensitive = new PatternSet(collector.caseInsensitive);
    this.stale = 0;
  }

  /**
   * The index of an edited book whose entries at `changed` differ from the ones this index was built for (the rest
   * are the same, at the same positions): no automaton is rebuilt until too many entries have changed. `keys` is
   * called only to rebuild.
   */
  derive(length: number, keys: (entry: number) => EntryKeys, changed: readonly number[]): KeyIndex {
    return this.stale + changed.length > Math.min(MAX_STALE, length / 8)
      ? new KeyIndex(length, keys)
      : new KeyIndex(length, keys, { index: this, changed });
  }

  /**
   * A plain key's text (a regex key's required literal) as one number for `KeyHits.firstOf` (its pattern id and case
   * mode), or -1 when the index does not cover it as the key is matched (word keys as whole words). Derived indexes share the numbering.
   */
  code(key: PlainKey | RegexKey): number {
    const set = key.caseSensitive ? this.caseSensitive : this.caseInsensitive;
    const text = key.kind === 'regex' ? key.literal : key.text;
    const id = text === null ? -1 : set.texts.get(text);
    if (id < 0 || (key.kind !== 'word' && set.wordOnly[id])) return -1;
    return id * 2 + (key.caseSensitive ? 1 : 0);
  }
}

function indexable(key: CompiledKey): boolean {
  if (key.kind === 'never') return true;
  if (key.kind === 'regex') return key.literal !== null || key.alternatives !== null;
  return key.text.length > 0;
}

/**
 * What a text gained, as pieces whose occurrences are remembered (`PatternSet.pieceHits`): `lead` separator
 * characters, then the pieces with `gap` separator characters between each two. Recursion appends entry contents
 * ("\n\x01", then contents joined by "\n"); a view's first text is its parts ("\x01", then parts joined by "\n\x01"):
 * the same messages, character fields and contents come back scan after scan.
 */
export interface Pieces {
  readonly texts: readonly string[];
  readonly lead: number;
  readonly gap: number;
}

/** One case mode's hits in a growing text. */
class ModeHits {
  readonly set: PatternSet;
  #state = 0;
  #scanned = 0;
  readonly #first = new FirstHits();
  /** Every occurrence, in order, of the texts whose every occurrence is kept (PatternSet.everyOccurrence). */
  readonly #every = new Map<number, number[]>();
  /** Patterns that select their entries, in the order they started to (see PatternSet.wholeOnly). */
  readonly seen: number[] = [];
  /**
   * Every first occurrence and first whole-word occurrence, in the order they were found: the pattern id when the
   * occurrence made it select (it joined `seen`), else its complement (~id).
   */
  readonly events: number[] = [];

  constructor(set: PatternSet) {
    this.set = set;
  }

  /**
   * Feeds whatever `haystack` gained since the last call (it only ever grows by appending, after a "\n" separator).
   * When `pieces` make up the gain (`lower`: lowercased), each piece's remembered occurrences stand in for searching
   * it.
   */
  advance(haystack: string, pieces?: Pieces, lower = false): void {
    if (this.#scanned >= haystack.length) return;
    // A case mode without texts finds nothing (a book is mostly one mode): its pieces need no look-up.
    if (this.set.automaton.patternCount === 0 && this.set.wordCount === 0) {
      this.#scanned = haystack.length;
      return;
    }
    if (pieces && this.set.piecewise) this.#advancePieces(haystack, pieces, lower);
    else this.#search(haystack);
    this.#scanned = haystack.length;
  }

  #search(haystack: string): void {
    const { wholeOnly, wordOnly, automatonIds, automaton, wordCount, texts, everyOccurrence } = this.set;
    const first = this.#first;
    if (automaton.patternCount === 0 && wordCount === 0) return;
    const { lengths } = automaton;
    // One walk finds the automaton's texts and the word-only ones.
    this.#state = automaton.run(
      haystack,
      this.#scanned,
      this.#state,
      (pattern, end) => {
        const id = automatonIds[pattern] as number;
        const start = end - (lengths[pattern] as number);
        if (everyOccurrence[id]) this.#occurs(id, start);
        if (first.add(id, false, start)) this.#found(id, !wholeOnly[id]);
        // A hit at the current end is bounded: text is only ever appended after a "\n" separator.
        if (wordBounded(haystack, start, end) && first.add(id, true, start)) this.#found(id, wholeOnly[id] === 1);
      },
      wordCount > 0 ? texts : undefined,
      (id, start) => {
        if (wordOnly[id] && first.add(id, true, start)) this.#found(id, true);
      },
    );
  }

  #occurs(id: number, at: number): void {
    const list = this.#every.get(id);
    if (list) list.push(at);
    else this.#every.set(id, [at]);
  }

  /** Logs a first (or first whole-word) occurrence; `selects`: it makes the pattern select its entries. */
  #found(id: number, selects: boolean): void {
    if (selects) this.seen.push(id);
    this.events.push(selects ? id : ~id);
  }

  #advancePieces(haystack: string, { texts, lead, gap }: Pieces, lower: boolean): void {
    const { wholeOnly } = this.set;
    let base = this.#scanned + lead;
    for (const piece of texts) {
      const hits = this.set.pieceHits(piece, lower);
      for (let h = 1; h < hits.length; h += 3) {
        const id = hits[h] as number;
        const at = base + (hits[h + 1] as number);
        const flags = hits[h + 2] as number;
        if (flags & EVERY) this.#occurs(id, at);
        if (flags & FIRST && this.#first.add(id, false, at)) this.#found(id, !wholeOnly[id]);
        if (flags & WHOLE && this.#first.add(id, true, at)) this.#found(id, wholeOnly[id] === 1);
      }
      base += (hits[0] as number) + gap;
    }
    if (base - gap !== haystack.length) throw new Error('The pieces do not make up the appended text');
    // No automaton text contains "\n", so after the separator that starts the next gain the automaton is at its root.
    this.#state = 0;
  }

  /** First offset of a covered text (whole words only if asked), -1 when absent, undefined when not covered. */
  first(text: string, whole: boolean): number | undefined {
    return this.#firstById(this.set.texts.get(text), whole);
  }

  keyFirst(key: IndexedText, text: string, whole: boolean): number | undefined {
    return this.#firstById(this.#idOf(key, text), whole);
  }

  /** Every occurrence of a key's text, in order, when the index keeps them all; else undefined. */
  keyOccurrences(key: IndexedText, text: string): readonly number[] | undefined {
    const id = this.#idOf(key, text);
    if (id < 0 || !this.set.everyOccurrence[id]) return undefined;
    return this.#every.get(id) ?? NONE;
  }

  /** Whether `first` knows the key's text (as a whole word if asked): a question about the index, not the text. */
  covers(key: IndexedText, text: string, whole: boolean): boolean {
    const id = this.#idOf(key, text);
    return id >= 0 && (whole || !this.set.wordOnly[id]);
  }

  #idOf(key: IndexedText, text: string): number {
    if (key.indexSet !== this.set) {
      key.indexSet = this.set;
      key.indexId = this.set.texts.get(text);
    }
    return key.indexId;
  }

  /** `first` of a covered text by its pattern id: -1 when absent. */
  firstOf(id: number, whole: boolean): number {
    return this.#first.get(id, whole);
  }

  #firstById(id: number, whole: boolean): number | undefined {
    if (id < 0 || (!whole && this.set.wordOnly[id])) return undefined;
    return this.firstOf(id, whole);
  }
}

const NONE: readonly number[] = Object.freeze([]);

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
   * Brings the hits up to date with the view's text (`lower` is its lowercased form); `pieces`, when given, make up
   * what the text gained since the last call.
   */
  advance(text: string, lower: string, pieces?: Pieces): void {
    this.#caseSensitive.advance(text, pieces, false);
    this.#caseInsensitive.advance(lower, pieces, true);
  }

  first(text: string, caseSensitive: boolean, whole: boolean): number | undefined {
    return (caseSensitive ? this.#caseSensitive : this.#caseInsensitive).first(text, whole);
  }

  /** `first` for a key's text (a regex key's literal, case-insensitive), its pattern id remembered on the key. */
  keyFirst(key: TextKey, whole: boolean): number | undefined {
    if (key.kind === 'regex' && key.literal === null) {
      // Alternatives: the first occurrence of any, undefined when one is not covered.
      if (!key.alternatives) return undefined;
      let found = -1;
      for (const text of key.alternatives) {
        const at = this.#caseInsensitive.first(text, whole);
        if (at === undefined) return undefined;
        if (at >= 0 && (found < 0 || at < found)) found = at;
      }
      return found;
    }
    if (key.kind === 'regex')
      return (key.caseSensitive ? this.#caseSensitive : this.#caseInsensitive).keyFirst(
        key,
        key.literal as string,
        whole,
      );
    return (key.caseSensitive ? this.#caseSensitive : this.#caseInsensitive).keyFirst(key, key.text, whole);
  }

  /** `keyFirst` of a text `KeyIndex.code` numbered (so covered): -1 when absent. */
  firstOf(code: number, whole: boolean): number {
    return (code & 1 ? this.#caseSensitive : this.#caseInsensitive).firstOf(code >> 1, whole);
  }

  /**
   * Every occurrence of the literal that leads a regex key's matches (in the text it is matched in: lowered unless the
   * key is case-sensitive), when the index keeps them.
   */
  leadingOccurrences(key: RegexKey): readonly number[] | undefined {
    if (!key.leading) return undefined;
    return (key.caseSensitive ? this.#caseSensitive : this.#caseInsensitive).keyOccurrences(key, key.literal as string);
  }

  /** Whether `keyFirst` knows a plain key's text (as a whole word if asked). */
  covers(key: PlainKey, whole: boolean): boolean {
    return (key.caseSensitive ? this.#caseSensitive : this.#caseInsensitive).covers(key, key.text, whole);
  }

  /** Calls `visit` with the book index of every indexed entry one of whose primary keys may occur. */
  forEachEntry(visit: (entry: number) => void): void {
    for (const mode of [this.#caseSensitive, this.#caseInsensitive]) {
      const { start, targets } = mode.set;
      for (const id of mode.seen)
        for (let t = start[id] as number; t < (start[id + 1] as number); t++) visit(targets[t] as number);
    }
  }

  /** Where the occurrence logs stand now, for `forEachChange` (two numbers, written at `at` in `marks`). */
  mark(marks: Int32Array, at: number): void {
    marks[at] = this.#caseSensitive.events.length;
    marks[at + 1] = this.#caseInsensitive.events.length;
  }

  /**
   * Calls `visit` for every first (or first whole-word) occurrence since `mark` wrote `marks`, with the book index of
   * each indexed entry using the text as a key, and whether it is a primary key the occurrence makes select; then
   * moves the marks to now.
   */
  forEachChange(marks: Int32Array, at: number, visit: (entry: number, selects: boolean) => void): void {
    [this.#caseSensitive, this.#caseInsensitive].forEach((mode, m) => {
      const { start, targets, watchStart, watchers } = mode.set;
      const { events } = mode;
      for (let e = marks[at + m] as number; e < events.length; e++) {
        const event = events[e] as number;
        const id = event >= 0 ? event : ~event;
        const selects = event >= 0;
        for (let t = start[id] as number; t < (start[id + 1] as number); t++) visit(targets[t] as number, selects);
        for (let t = watchStart[id] as number; t < (watchStart[id + 1] as number); t++)
          visit(watchers[t] as number, false);
      }
      marks[at + m] = events.length;
    });
  }
}
