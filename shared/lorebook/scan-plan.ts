// What a scan can know before reading the chat, cached per entry order (itself cached per book revisions) and key
// context: compiled books, delay levels, hash lookup, and which entries a pass must evaluate. Entries with only plain
// keys are found through each book's key index; the rest (regex or empty keys, own buffers, constants, @@activate)
// are evaluated every pass. The plan of an order derived after an edit is derived from the plan before it: only the
// changed entries are looked at again.
// Selections are in scan order, so outcomes are identical to checking every entry.
import { CheckTable, entryFlags } from './check-table.ts';
import type { EntryOrder } from './entry-order.ts';
import { contextId, type CompiledBook, type KeyContext, type PreparedEntry } from './prepare.ts';
import type { BufferView } from './scan-buffer.ts';

/** Changed entries a derived hash lookup checks one by one, beyond which it is rebuilt. */
const MAX_HASH_CHANGES = 256;

interface HashLookup {
  /** Timed-effect hash → first scan index, as of the plan that built it. */
  first: Map<number, number>;
  /** Hashes held by more than one entry there. */
  shared: Set<number>;
  /** Scan indices whose entries changed since. */
  changed: ReadonlySet<number>;
}

export class ScanPlan {
  readonly order: EntryOrder;
  /** Compiled book by slot. */
  readonly #books: readonly CompiledBook[];
  /** Sorted distinct delay-until-recursion levels. */
  readonly delayLevels: readonly number[];
  readonly #levelCounts: Map<number, number>;
  readonly #always: readonly number[];
  /** By slot: index in the book → scan index, -1 when the entry is not looked up through the key index. */
  readonly #indexed: readonly (Int32Array | null)[];
  readonly #marked: Uint8Array;
  /** Evaluate every entry in every pass (the reference path the index must agree with). */
  readonly #exhaustive: boolean;
  #hashes: HashLookup | undefined;
  /** The hot data of the checks (null on the reference path, whose checks search). */
  readonly #table: CheckTable | null;

  constructor(order: EntryOrder, context: KeyContext, exhaustive: boolean, base?: ScanPlan) {
    this.order = order;
    this.#exhaustive = exhaustive;
    this.#books = order.books.map((b) => b.compiled(context));
    const changed = base && order.base?.order === base.order ? order.base.changed : undefined;
    if (base && changed && this.#books.every((b, slot) => sameIndexFlags(base.#books[slot] as CompiledBook, b))) {
      this.#levelCounts = new Map(base.#levelCounts);
      const always = base.#always.filter((i) => !changed.has(i));
      const indexed = base.#indexed.slice();
      const copied = new Set<number>();
      for (const i of changed) {
        const slot = order.slot(i);
        this.#countLevel(base.order.entry(i), -1);
        if (!copied.has(slot)) {
          copied.add(slot);
          indexed[slot] = indexed[slot]?.slice() ?? null;
        }
        const table = indexed[slot];
        if (table) table[order.bookIndex(i)] = -1;
        this.#place(i, always, indexed);
      }
      this.#always = always.sort((a, b) => a - b);
      this.#indexed = indexed;
      this.#marked = base.#marked;
      const hashes = base.#hashes;
      if (hashes && hashes.changed.size + changed.size <= MAX_HASH_CHANGES)
        this.#hashes = { ...hashes, changed: new Set([...hashes.changed, ...changed]) };
      this.#table = base.#table && new CheckTable(order.length, { table: base.#table, changed });
    } else {
      this.#levelCounts = new Map();
      const always: number[] = [];
      const indexed: (Int32Array | null)[] = this.#books.map(() => null);
      for (let i = 0; i < order.length; i++) this.#place(i, always, indexed);
      this.#always = always;
      this.#indexed = indexed;
      this.#marked = new Uint8Array(order.length);
      this.#table = exhaustive ? null : new CheckTable(order.length);
    }
    this.delayLevels = [...this.#levelCounts.keys()].sort((a, b) => a - b);
  }

  /** Compiled book of the entry at a scan index. */
  book(index: number): CompiledBook {
    return this.#books[this.order.slot(index)] as CompiledBook;
  }

  #countLevel(entry: PreparedEntry, by: number): void {
    if (!entry.delayed) return;
    const count = (this.#levelCounts.get(entry.delayLevel) ?? 0) + by;
    if (count > 0) this.#levelCounts.set(entry.delayLevel, count);
    else this.#levelCounts.delete(entry.delayLevel);
  }

  /** Files the entry at scan index `i` under always-evaluated or key-indexed (or neither: no primary keys). */
  #place(i: number, always: number[], indexed: (Int32Array | null)[]): void {
    const entry = this.order.entry(i);
    const slot = this.order.slot(i);
    const bookIndex = this.order.bookIndex(i);
    const book = this.#books[slot] as CompiledBook;
    this.#countLevel(entry, 1);
    if (entry.activates || entry.constant) always.push(i);
    else if (book.keys(bookIndex).primary) {
      if (hasOwnBuffer(entry) || !book.keyIndex.indexed[bookIndex]) always.push(i);
      else {
        const table = (indexed[slot] ??= new Int32Array(book.prepared.entries.length).fill(-1));
        table[bookIndex] = i;
      }
    }
  }

  /** Scan index of the first entry with this timed-effect hash. */
  indexOfHash(hash: number): number | undefined {
    const { first, shared, changed } = (this.#hashes ??= this.#hashLookup());
    let found = first.get(hash);
    if (found !== undefined && changed.has(found)) {
      // Its entry changed since: another unchanged entry may hold the hash (rare: equal hashes need equal uids).
      if (shared.has(hash)) return this.#hashLookup().first.get(hash);
      found = undefined;
    }
    for (const i of changed) if ((found === undefined || i < found) && this.order.entry(i).hash === hash) found = i;
    return found;
  }

  /** No other entry has this timed-effect hash (false may also mean unknown). */
  hashIsUnique(hash: number): boolean {
    const { first, shared, changed } = (this.#hashes ??= this.#hashLookup());
    if (shared.has(hash)) return false;
    const found = first.get(hash);
    let holders = found !== undefined && !changed.has(found) ? 1 : 0;
    for (const i of changed) if (this.order.entry(i).hash === hash) holders++;
    return holders <= 1;
  }

  /** The check-table row of the entry at a scan index (see check-table.ts), or -1: its checks read the entry. */
  checkRow(index: number): number {
    const table = this.#table;
    if (!table) return -1;
    const row = table.known(index);
    if (row !== -2) return row;
    const book = this.book(index);
    const bookIndex = this.order.bookIndex(index);
    const selected = this.#indexed[this.order.slot(index)]?.[bookIndex] === index;
    return table.add(index, book.prepared.entry(bookIndex), book.keys(bookIndex), book.keyIndex, selected);
  }

  /** The entry's flags (see check-table.ts), from the check table once `checkRow` has looked at it. */
  entryFlags(index: number): number {
    const table = this.#table;
    return table && table.known(index) !== -2 ? table.flags(index) : entryFlags(this.order.entry(index));
  }

  /** The check table's rows (see CheckTable.keys). */
  get checkKeys(): Int32Array {
    return (this.#table as CheckTable).keys;
  }

  #hashLookup(): HashLookup {
    const first = new Map<number, number>();
    const shared = new Set<number>();
    for (let i = 0; i < this.order.length; i++) {
      const { hash } = this.order.entry(i);
      if (!first.has(hash)) first.set(hash, i);
      else shared.add(hash);
    }
    return { first, shared, changed: new Set() };
  }

  /** Number of book slots. */
  get slots(): number {
    return this.#books.length;
  }

  /** Scan indices a pass must evaluate, ascending. `view` is the shared buffer; `extra` adds e.g. sticky entries. */
  select(view: BufferView, extra: readonly number[]): Int32Array {
    if (this.#exhaustive) return Int32Array.from({ length: this.order.length }, (_, i) => i);
    const { choose, chosen } = this.#chooser();
    this.#always.forEach(choose);
    extra.forEach(choose);
    this.#books.forEach((book, slot) => {
      const table = this.#indexed[slot];
      if (table) view.hits(book.keyIndex).forEachEntry((bookIndex) => choose(table[bookIndex] as number));
    });
    return chosen();
  }

  /** Writes where the shared view's occurrence logs stand (two numbers per book slot) into `marks`. */
  mark(view: BufferView, marks: Int32Array): void {
    this.#books.forEach((book, slot) => {
      if (this.#indexed[slot]) view.hits(book.keyIndex).mark(marks, slot * 2);
    });
  }

  /**
   * `select` for a later pass over the same shared view (the same lineage), given where its occurrence logs stood
   * at the last pass (`marks`, moved to now): the always-evaluated, `extra` and `again` entries, the entries one of
   * whose primary keys started to occur since, and the entries `wakes` accepts among those with any key (primary or
   * secondary) that first occurred, or first occurred as a whole word, since.
   */
  selectSince(
    view: BufferView,
    extra: readonly number[],
    again: readonly number[],
    marks: Int32Array,
    wakes: (index: number) => boolean,
  ): Int32Array {
    const { choose, chosen } = this.#chooser();
    this.#always.forEach(choose);
    extra.forEach(choose);
    again.forEach(choose);
    this.#books.forEach((book, slot) => {
      const table = this.#indexed[slot];
      if (!table) return;
      view.hits(book.keyIndex).forEachChange(marks, slot * 2, (bookIndex, selects) => {
        const i = table[bookIndex] as number;
        if (i >= 0 && (selects || wakes(i))) choose(i);
      });
    });
    return chosen();
  }

  /**
   * `choose` marks a scan index and notes it in a scratch array every selection reuses: a dense pass chooses tens of
   * thousands, and growing a fresh array to that size cost more than choosing them. `chosen` ends the selection.
   */
  #chooser(): { choose: (i: number) => void; chosen: () => Int32Array } {
    if (picked.length < this.#marked.length) picked = new Int32Array(this.#marked.length);
    const list = picked;
    const marked = this.#marked;
    let n = 0;
    const choose = (i: number) => {
      if (i >= 0 && !marked[i]) {
        marked[i] = 1;
        list[n++] = i;
      }
    };
    return { choose, chosen: () => this.#chosen(list, n) };
  }

  /** The `n` scan indices noted in `list`, in ascending order, their marks cleared. */
  #chosen(list: Int32Array, n: number): Int32Array {
    const marked = this.#marked;
    const sorted = new Int32Array(n);
    if (n * 8 < marked.length) {
      sorted.set(list.subarray(0, n));
      for (let k = 0; k < n; k++) marked[list[k] as number] = 0;
      return sorted.sort();
    }
    // A large share of the book: sweeping the marks in order costs less than sorting.
    for (let i = 0, k = 0; k < n; i++) {
      if (marked[i]) {
        marked[i] = 0;
        sorted[k++] = i;
      }
    }
    return sorted;
  }
}

/**
 * The book's key index differs from the one `before` had only at entries changed since (it was derived, not rebuilt:
 * the same automata), so a plan can be derived by looking at those entries alone.
 */
function sameIndexFlags(before: CompiledBook, after: CompiledBook): boolean {
  if (before === after) return true;
  const a = before.keyIndex;
  const b = after.keyIndex;
  return a.caseSensitive === b.caseSensitive && a.caseInsensitive === b.caseInsensitive;
}

/** Entries with their own scan depth or match sources see a different buffer than the shared one. */
function hasOwnBuffer(entry: PreparedEntry): boolean {
  return entry.layout.depth !== null || entry.layout.mask !== 0;
}

const plans = new WeakMap<EntryOrder, Map<string, ScanPlan>>();
/** The scratch list of `ScanPlan.#chooser`: a selection runs to its end before another starts. */
let picked = new Int32Array(0);

export function scanPlan(order: EntryOrder, context: KeyContext, exhaustive = false): ScanPlan {
  let byContext = plans.get(order);
  if (!byContext) plans.set(order, (byContext = new Map()));
  const id = `${contextId(context)}\u0000${exhaustive}`;
  let plan = byContext.get(id);
  if (!plan)
    byContext.set(
      id,
      (plan = new ScanPlan(order, context, exhaustive, order.base && plans.get(order.base.order)?.get(id))),
    );
  return plan;
}
