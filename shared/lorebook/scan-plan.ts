// What a scan can know before reading the chat, cached per entry order (itself cached per book revisions) and key
// context: compiled books per entry, delay levels, hash lookup, and which entries a pass must evaluate. Entries
// with only plain keys are found through each book's key index; the rest (regex or empty keys, own buffers,
// constants, @@activate) are evaluated every pass.
// Selections are in scan order, so outcomes are identical to checking every entry.
import type { OrderedEntry } from './entry-order.ts';
import { contextId, type CompiledBook, type KeyContext, type PreparedBook } from './prepare.ts';
import { MATCH_SOURCES, type BufferView } from './scan-buffer.ts';

interface IndexedBook {
  book: CompiledBook;
  /** bookIndex → scan index, -1 when the entry is not looked up through the index. */
  scanIndex: Int32Array;
}

export class ScanPlan {
  readonly ordered: readonly OrderedEntry[];
  /** Compiled book of each entry, by scan index. */
  readonly books: readonly CompiledBook[];
  /** Sorted distinct delay-until-recursion levels. */
  readonly delayLevels: readonly number[];
  readonly #always: readonly number[];
  readonly #indexed: readonly IndexedBook[];
  readonly #marked: Uint8Array;
  /** Evaluate every entry in every pass (the reference path the index must agree with). */
  readonly #exhaustive: boolean;
  #byHash: Map<number, number> | undefined;

  constructor(ordered: readonly OrderedEntry[], context: KeyContext, exhaustive: boolean) {
    this.ordered = ordered;
    this.#exhaustive = exhaustive;
    const compiled = new Map<PreparedBook, CompiledBook>();
    const indexed = new Map<CompiledBook, IndexedBook>();
    const always: number[] = [];
    const levels = new Set<number>();
    this.books = ordered.map((o, i) => {
      let book = compiled.get(o.book);
      if (!book) compiled.set(o.book, (book = o.book.compiled(context)));
      const { entry, bookIndex } = o;
      if (entry.delayed) levels.add(entry.delayLevel);
      if (entry.decorators.includes('@@activate') || entry.raw.constant) always.push(i);
      else if (book.keys(bookIndex).primary) {
        if (hasOwnBuffer(o) || !book.keyIndex.indexed[bookIndex]) always.push(i);
        else {
          let slot = indexed.get(book);
          if (!slot) indexed.set(book, (slot = { book, scanIndex: new Int32Array(o.book.entries.length).fill(-1) }));
          slot.scanIndex[bookIndex] = i;
        }
      }
      return book;
    });
    this.delayLevels = [...levels].sort((a, b) => a - b);
    this.#always = always;
    this.#indexed = [...indexed.values()];
    this.#marked = new Uint8Array(ordered.length);
  }

  /** Scan index of the first entry with this timed-effect hash. */
  indexOfHash(hash: number): number | undefined {
    if (!this.#byHash) {
      this.#byHash = new Map();
      for (const [i, o] of this.ordered.entries())
        if (!this.#byHash.has(o.entry.hash)) this.#byHash.set(o.entry.hash, i);
    }
    return this.#byHash.get(hash);
  }

  /** Scan indices a pass must evaluate, ascending. `view` is the shared buffer; `extra` adds e.g. sticky entries. */
  select(view: BufferView, extra: readonly number[]): number[] {
    if (this.#exhaustive) return this.ordered.map((_, i) => i);
    const chosen: number[] = [];
    const marked = this.#marked;
    const choose = (i: number) => {
      if (i >= 0 && !marked[i]) {
        marked[i] = 1;
        chosen.push(i);
      }
    };
    this.#always.forEach(choose);
    extra.forEach(choose);
    for (const { book, scanIndex } of this.#indexed)
      view.hits(book.keyIndex).forEachEntry((bookIndex) => choose(scanIndex[bookIndex] as number));
    for (const i of chosen) marked[i] = 0;
    return chosen.sort((a, b) => a - b);
  }
}

/** Entries with their own scan depth or match sources see a different buffer than the shared one. */
function hasOwnBuffer(o: OrderedEntry): boolean {
  const { raw } = o.entry;
  return (raw.scanDepth !== null && raw.scanDepth !== undefined) || MATCH_SOURCES.some(([, flag]) => raw[flag]);
}

const plans = new WeakMap<readonly OrderedEntry[], Map<string, ScanPlan>>();

export function scanPlan(ordered: readonly OrderedEntry[], context: KeyContext, exhaustive = false): ScanPlan {
  let byContext = plans.get(ordered);
  if (!byContext) plans.set(ordered, (byContext = new Map()));
  const id = `${contextId(context)}\u0000${exhaustive}`;
  let plan = byContext.get(id);
  if (!plan) byContext.set(id, (plan = new ScanPlan(ordered, context, exhaustive)));
  return plan;
}
