// Which books are scanned and in which order (docs/world-info.md#book-order): chat book, persona book, then global and character
// books by strategy, each part a stable sort by `order` descending. This order breaks every later tie.
import type { Scenario } from './model.ts';
import { prepareBook, type PreparedBook, type PreparedEntry } from './prepare.ts';

export const CharacterStrategy = { EVENLY: 0, CHARACTER_FIRST: 1, GLOBAL_FIRST: 2 } as const;

export interface BookSelection {
  global: string[];
  character: string[];
  chat: string[];
  persona: string[];
}

export function selectBooks(scenario: Scenario): BookSelection {
  const global = [...new Set(scenario.globalBooks)];
  const isGlobal = (name: string) => global.includes(name);
  const { chatBook, personaBook } = scenario;
  const character = [...new Set([scenario.characterBook, ...scenario.extraCharacterBooks])].filter(
    (name): name is string => !!name && !isGlobal(name) && name !== chatBook && name !== personaBook,
  );
  const chat = chatBook && !isGlobal(chatBook) ? [chatBook] : [];
  const persona = personaBook && personaBook !== chatBook && !isGlobal(personaBook) ? [personaBook] : [];
  return { global, character, chat, persona };
}

/**
 * The scan order of every loaded entry, as typed arrays: scan index → book slot and index in that book. A book appears
 * under one name at most, so each has one slot. After an edit that keeps every entry's `order`, the next order shares
 * these arrays and only its books differ.
 */
export class EntryOrder {
  readonly books: readonly PreparedBook[];
  readonly length: number;
  readonly #slot: Int32Array;
  readonly #bookIndex: Int32Array;
  /** Per slot: index in the book → scan index. */
  readonly #scanIndex: readonly Int32Array[];
  /**
   * No two entries share a key (`world.uid`), so an entry's own activation says whether its key is activated. False
   * may also mean unknown: an edit that changes a key keeps it false until the order is computed again.
   */
  readonly keysUnique: boolean;
  /**
   * The order this one was derived from and the scan indices whose entries differ, until a scan plan has been derived
   * from it (see ScanPlan).
   */
  base: { order: EntryOrder; changed: ReadonlySet<number> } | undefined;

  constructor(
    books: readonly PreparedBook[],
    layout: { slot: Int32Array; bookIndex: Int32Array; scanIndex: readonly Int32Array[] },
    keysUnique: boolean,
    base?: { order: EntryOrder; changed: ReadonlySet<number> },
  ) {
    this.books = books;
    this.length = layout.slot.length;
    this.#slot = layout.slot;
    this.#bookIndex = layout.bookIndex;
    this.#scanIndex = layout.scanIndex;
    this.keysUnique = keysUnique;
    this.base = base;
  }

  slot(index: number): number {
    return this.#slot[index] as number;
  }

  bookIndex(index: number): number {
    return this.#bookIndex[index] as number;
  }

  entry(index: number): PreparedEntry {
    return (this.books[this.#slot[index] as number] as PreparedBook).entry(this.#bookIndex[index] as number);
  }

  scanIndexOf(slot: number, bookIndex: number): number {
    return this.#scanIndex[slot]?.[bookIndex] ?? -1;
  }

  /**
   * The same layout over `books`, whose entries differ from this order's at the scan indices `changed`;
   * `keysKept`: every changed entry kept its key.
   */
  derive(books: readonly PreparedBook[], changed: ReadonlySet<number>, keysKept: boolean): EntryOrder {
    const layout = { slot: this.#slot, bookIndex: this.#bookIndex, scanIndex: this.#scanIndex };
    return new EntryOrder(books, layout, this.keysUnique && keysKept, { order: this, changed });
  }
}

// `Number(x)` mirrors the coercion of `b.order - a.order`: a missing order yields NaN, which the engine's sort
// treats as it treats any NaN comparison. The built-in sort is used on purpose (same stable algorithm).
const byOrderDesc = (a: Placed, b: Placed) => Number(b.entry.raw.order) - Number(a.entry.raw.order);

interface Placed {
  entry: PreparedEntry;
  slot: number;
  bookIndex: number;
}

export function orderEntries(scenario: Scenario): EntryOrder {
  const selection = selectBooks(scenario);
  const roles = [selection.chat, selection.persona, selection.global, selection.character];
  // Same books (by identity), names and strategy ⇒ same order: the preview re-scans unchanged books constantly.
  const signature = [
    scenario.settings.characterStrategy,
    ...roles.flatMap((names) => [names.length, ...names.flatMap((n) => [n, scenario.books[n]])]),
  ];
  const last = lastOrder;
  if (last && sameList(last.signature, signature)) return last.order;
  const order = (last && derivedOrder(scenario, last, signature)) ?? computeOrder(scenario, selection);
  lastOrder = { signature, order };
  return order;
}

let lastOrder: { signature: unknown[]; order: EntryOrder } | undefined;

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The last order, carried over to books that are `prepareEdit` edits of its own (same names, same roles) in which no
 * changed entry's `order` differs: positions in the scan order cannot move, so only the books are swapped.
 */
function derivedOrder(
  scenario: Scenario,
  last: { signature: unknown[]; order: EntryOrder },
  signature: unknown[],
): EntryOrder | undefined {
  if (last.signature.length !== signature.length || last.signature[0] !== signature[0]) return undefined;
  const previous = last.order;
  const books = previous.books.slice();
  const changed = new Set<number>();
  let keysKept = true;
  // The signature lists, per role, the count and then (name, book object) pairs; slots follow the same order.
  let slot = 0;
  for (let at = 1; at < signature.length;) {
    const count = signature[at] as number;
    if (last.signature[at] !== count) return undefined;
    at++;
    for (let n = 0; n < count; n++, at += 2) {
      const name = signature[at] as string;
      if (last.signature[at] !== name) return undefined;
      const book = bookNamed(scenario, name);
      if (last.signature[at + 1] !== scenario.books[name]) {
        if (!book) return undefined;
        const prepared = prepareBook(name, book);
        const before = books[slot];
        if (!before || prepared.editOf?.before !== before) return undefined;
        for (const bookIndex of prepared.editOf.changed) {
          const was = before.entry(bookIndex);
          const now = prepared.entry(bookIndex);
          if (!Object.is(Number(was.raw.order), Number(now.raw.order))) return undefined;
          if (was.key !== now.key) keysKept = false;
          changed.add(previous.scanIndexOf(slot, bookIndex));
        }
        books[slot] = prepared;
      }
      // A name whose book is missing has no slot.
      if (book) slot++;
    }
  }
  for (const book of books) book.editOf = undefined;
  // One step of derivation is kept: the new order's base, not the base's own.
  previous.base = undefined;
  return previous.derive(books, changed, keysKept);
}

function bookNamed(scenario: Scenario, name: string) {
  return Object.hasOwn(scenario.books, name) ? scenario.books[name] : undefined;
}

function computeOrder(scenario: Scenario, selection: BookSelection): EntryOrder {
  const books: PreparedBook[] = [];
  const load = (names: string[]) =>
    names.flatMap((name) => {
      const book = bookNamed(scenario, name);
      if (!book) return [];
      const prepared = prepareBook(name, book);
      prepared.editOf = undefined;
      const slot = books.push(prepared) - 1;
      const placed: Placed[] = [];
      for (let bookIndex = 0; bookIndex < prepared.entries.length; bookIndex++)
        placed.push({ entry: prepared.entry(bookIndex), slot, bookIndex });
      return placed;
    });
  // Slots in role order: chat, persona, global, character (the signature's order).
  const chat = load(selection.chat);
  const persona = load(selection.persona);
  const global = load(selection.global);
  const character = load(selection.character);
  const sorted = (list: Placed[]) => list.sort(byOrderDesc);
  let rest: Placed[];
  switch (scenario.settings.characterStrategy) {
    case CharacterStrategy.EVENLY:
      rest = sorted([...global, ...character]);
      break;
    case CharacterStrategy.GLOBAL_FIRST:
      rest = [...sorted(global), ...sorted(character)];
      break;
    default:
      rest = [...sorted(character), ...sorted(global)];
  }
  const all = [...sorted(chat), ...sorted(persona), ...rest];
  const slot = new Int32Array(all.length);
  const bookIndex = new Int32Array(all.length);
  const scanIndex = books.map((b) => new Int32Array(b.entries.length));
  all.forEach((p, i) => {
    slot[i] = p.slot;
    bookIndex[i] = p.bookIndex;
    (scanIndex[p.slot] as Int32Array)[p.bookIndex] = i;
  });
  const keys = new Set(all.map((p) => p.entry.key));
  return new EntryOrder(books, { slot, bookIndex, scanIndex }, keys.size === all.length);
}
