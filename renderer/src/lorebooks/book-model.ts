/**
 * Pure helpers over a World Info book as the editor sees it: entries in file order keyed by their map key (which
 * may differ from `uid`), new and duplicated entries, and the list's sort and filter.
 */
import type { WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { ST_ENTRY_TEMPLATE } from '../../../shared/lorebook/formats/st-template.ts';
import { isObject } from '../../../shared/util/is-object.ts';
import { guesstimateTokenizer, utf8Length } from '../../../shared/lorebook/index.ts';
import { replacedKeys } from '../../../shared/document/doc-session.ts';

export interface EntryRow {
  /** The key inside `entries` (paths use it; `uid` is what SillyTavern shows). */
  id: string;
  entry: WorldInfoEntry;
}

export type Strategy = 'constant' | 'normal' | 'vectorized';
export type SortField = 'display' | 'title' | 'order' | 'position' | 'depth' | 'probability';

export interface EntryFilter {
  text: string;
  group: string;
  /** '' = any position. */
  position: string;
  enabled: 'all' | 'on' | 'off';
  /** Only entries with lint findings (ids). */
  lintOnly: ReadonlySet<string> | null;
}

export const NO_FILTER: EntryFilter = { text: '', group: '', position: '', enabled: 'all', lintOnly: null };

export function entriesOf(book: Record<string, unknown>): Record<string, WorldInfoEntry> {
  const entries = book['entries'];
  return isObject(entries) ? (entries as Record<string, WorldInfoEntry>) : {};
}

/** Each entry object's row, so a keystroke, which makes one new entry object, makes one new row. */
const rowOf = new WeakMap<object, EntryRow>();

function rowFor(id: string, entry: WorldInfoEntry): EntryRow {
  let row = rowOf.get(entry);
  if (row?.id !== id) rowOf.set(entry, (row = { id, entry }));
  return row;
}

export function entryRows(book: Record<string, unknown>): EntryRow[] {
  const entries = entriesOf(book);
  const rows: EntryRow[] = [];
  for (const id of Object.keys(entries)) {
    const entry = entries[id];
    if (typeof entry === 'object' && entry !== null) rows.push(rowFor(id, entry));
  }
  return rows;
}

/** An entry's part in the uid index: its uid as the index writes it, or null when it is not an entry object. */
function uidOf(entry: unknown): string | null {
  return typeof entry === 'object' && entry !== null ? `${(entry as { uid?: unknown }).uid}` : null;
}

/**
 * The entry id (its key in `entries`) of each entry key `${bookName}.${uid}` the engine names entries by; of entries
 * sharing a uid, the last in key order. Kept from book to book: when the ids are the same in the same order and each
 * entry object that changed kept its uid (a keystroke in a field makes one new entry object), the index is the same
 * Map, found by comparing entry objects, without building 5,000 keys again.
 */
export class UidIndex {
  #bookName = '';
  #entries: Record<string, unknown> | null = null;
  #ids: readonly string[] = [];
  #index: ReadonlyMap<string, string> = new Map();

  of(bookName: string, book: Record<string, unknown>): ReadonlyMap<string, string> {
    const entries = entriesOf(book);
    const before = this.#entries;
    if (entries === before && bookName === this.#bookName) return this.#index;
    // Made from the last book by replacing entries (the session's entry-only parse): only those can change a uid.
    const replaced = before !== null && bookName === this.#bookName ? replacedKeys(before, entries) : null;
    if (replaced?.every((id) => uidOf(entries[id]) === uidOf(before![id]))) {
      this.#entries = entries;
      return this.#index;
    }
    const ids = Object.keys(entries);
    if (!(bookName === this.#bookName && this.#entries !== null && this.#same(entries, ids))) {
      const index = new Map<string, string>();
      for (const id of ids) {
        const uid = uidOf(entries[id]);
        if (uid !== null) index.set(`${bookName}.${uid}`, id);
      }
      this.#index = index;
    }
    this.#bookName = bookName;
    this.#entries = entries;
    this.#ids = ids;
    return this.#index;
  }

  /** Whether `entries` (with these `ids`) gives the index of the last book. */
  #same(entries: Record<string, unknown>, ids: readonly string[]): boolean {
    const before = this.#entries!;
    if (ids.length !== this.#ids.length) return false;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (id !== this.#ids[i]) return false;
      const entry = entries[id];
      if (entry !== before[id] && uidOf(entry) !== uidOf(before[id])) return false;
    }
    return true;
  }
}

/** Each entry object's content in UTF-8 bytes: an edit makes one new entry object, so a keystroke measures one. */
const contentBytes = new WeakMap<object, number>();

function contentBytesOf(entry: unknown): number {
  if (!isObject(entry)) return 0;
  let bytes = contentBytes.get(entry);
  if (bytes === undefined) contentBytes.set(entry, (bytes = utf8Length(String(entry['content'] ?? ''))));
  return bytes;
}

/** Content bytes and entries, of all entries and of the constant ones. */
interface ByteSums {
  all: number;
  allCount: number;
  constant: number;
  constantCount: number;
}

/** Adds `entry`'s bytes to the sums (`sign` -1: takes them out). */
function addEntry(sums: ByteSums, entry: unknown, sign: 1 | -1): void {
  const bytes = contentBytesOf(entry);
  sums.all += sign * bytes;
  sums.allCount += sign;
  if ((entry as WorldInfoEntry | null)?.constant) {
    sums.constant += sign * bytes;
    sums.constantCount += sign;
  }
}

/**
 * The token estimate of all entries' content joined by newlines, and of the constant entries' alone. The estimate
 * is additive in UTF-8 bytes (its `measure`), so each entry's bytes summed give the count of the joined text
 * without joining the book's text on every keystroke; and a book made from the last one by replacing entries (the
 * session's entry-only parse) changes the sums by those entries alone.
 */
export class BookTokens {
  #entries: Record<string, unknown> | null = null;
  #sums: ByteSums = { all: 0, allCount: 0, constant: 0, constantCount: 0 };

  of(book: Record<string, unknown>): { all: number; constant: number } {
    const entries = entriesOf(book);
    const before = this.#entries;
    const replaced = before === null ? null : replacedKeys(before, entries);
    const sums = { ...this.#sums };
    if (replaced)
      for (const id of new Set(replaced)) {
        addEntry(sums, before![id], -1);
        addEntry(sums, entries[id], 1);
      }
    else {
      sums.all = sums.allCount = sums.constant = sums.constantCount = 0;
      for (const entry of Object.values(entries)) addEntry(sums, entry, 1);
    }
    this.#entries = entries;
    this.#sums = sums;
    return { all: joinedTokens(sums.all, sums.allCount), constant: joinedTokens(sums.constant, sums.constantCount) };
  }
}

/** The estimate of `n` texts of `bytes` UTF-8 bytes in all, joined by newlines (a byte each); none is the empty text. */
function joinedTokens(bytes: number, n: number): number {
  return n === 0 ? guesstimateTokenizer.count('') : guesstimateTokenizer.fromMeasure!(bytes + n - 1);
}

export function strategyOf(entry: WorldInfoEntry): Strategy {
  return entry.constant ? 'constant' : entry.vectorized ? 'vectorized' : 'normal';
}

/** The two booleans behind the strategy select (SillyTavern stores them separately). */
export function strategyFields(strategy: Strategy): { constant: boolean; vectorized: boolean } {
  return { constant: strategy === 'constant', vectorized: strategy === 'vectorized' };
}

/** `disable` is compared loosely by SillyTavern, so `1` and `"1"` disable too. */
export function isEnabled(entry: WorldInfoEntry): boolean {
  // Loose on purpose: SillyTavern compares `disable == true`.
  return !(entry.disable == true);
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : Number.NEGATIVE_INFINITY;
}

/** Two sort keys in order; 0 when equal, also when both are missing (−∞ − −∞ is NaN, which says "moved"). */
function byNumber(a: unknown, b: unknown): number {
  const x = num(a);
  const y = num(b);
  return x === y ? 0 : x - y;
}

const COMPARE: Record<SortField, (a: EntryRow, b: EntryRow) => number> = {
  display: (a, b) => byNumber(a.entry.displayIndex, b.entry.displayIndex),
  title: (a, b) => String(a.entry.comment ?? '').localeCompare(String(b.entry.comment ?? '')),
  order: (a, b) => byNumber(a.entry.order, b.entry.order),
  position: (a, b) => byNumber(a.entry.position, b.entry.position),
  depth: (a, b) => byNumber(a.entry.depth, b.entry.depth),
  probability: (a, b) => byNumber(a.entry.probability, b.entry.probability),
};

export function matchesFilter(row: EntryRow, filter: EntryFilter): boolean {
  const { entry } = row;
  if (filter.enabled !== 'all' && isEnabled(entry) !== (filter.enabled === 'on')) return false;
  if (filter.position !== '' && String(entry.position) !== filter.position) return false;
  if (filter.lintOnly && !filter.lintOnly.has(row.id)) return false;
  if (filter.group.trim() !== '') {
    const groups = String(entry.group ?? '')
      .toLowerCase()
      .split(/,\s*/);
    if (!groups.some((g) => g.includes(filter.group.trim().toLowerCase()))) return false;
  }
  const text = filter.text.trim().toLowerCase();
  if (text !== '') {
    const keys = [
      ...(Array.isArray(entry.key) ? entry.key : []),
      ...(Array.isArray(entry.keysecondary) ? entry.keysecondary : []),
    ];
    const hay = [String(entry.comment ?? ''), ...keys.map(String)].join('\n').toLowerCase();
    if (!hay.includes(text)) return false;
  }
  return true;
}

/** Filtered and sorted rows; the sort is stable, so file order breaks ties as in SillyTavern. */
export function visibleRows(
  rows: readonly EntryRow[],
  filter: EntryFilter,
  sort: SortField,
  descending: boolean,
): EntryRow[] {
  const out = rows.filter((r) => matchesFilter(r, filter));
  const compare = COMPARE[sort];
  out.sort((a, b) => (descending ? compare(b, a) : compare(a, b)));
  return out;
}

/** The table's rows of a book's entries, as a filter and sort leave them (`EntryTableRows`). */
interface TableRows {
  entries: Record<string, unknown>;
  filter: EntryFilter;
  sort: SortField;
  descending: boolean;
  all: EntryRow[];
  visible: EntryRow[];
}

/**
 * The entry table's rows of a book (`entryRows`) and those a filter and sort leave (`visibleRows`), carried from
 * book to book. A book made from the last one by replacing entries (`replacedKeys`, the session's entry-only parse)
 * changes only those rows, each in its place, as long as each stays in or out of the filter and keeps its sort key
 * (the sort is stable, and the file order is the same); anything else is computed afresh.
 */
export class EntryTableRows {
  #last: TableRows | null = null;

  of(
    book: Record<string, unknown>,
    filter: EntryFilter,
    sort: SortField,
    descending: boolean,
  ): { all: EntryRow[]; visible: EntryRow[] } {
    const entries = entriesOf(book);
    const last = this.#last;
    const same = last !== null && last.filter === filter && last.sort === sort && last.descending === descending;
    const carried = same ? this.#replaced(last, entries) : null;
    const all = carried?.all ?? entryRows(book);
    const visible = carried?.visible ?? visibleRows(all, filter, sort, descending);
    this.#last = { entries, filter, sort, descending, all, visible };
    return { all, visible };
  }

  /** The last rows with the replaced entries' rows put in place; null when a replaced entry may move or (dis)appear. */
  #replaced(last: TableRows, entries: Record<string, unknown>) {
    const replaced = replacedKeys(last.entries, entries);
    if (replaced === null) return null;
    let { all, visible } = last;
    for (const id of new Set(replaced)) {
      const before = last.entries[id];
      const after = entries[id];
      if (before === after) continue;
      if (!isObject(before) || !isObject(after)) return null;
      const at = all.findIndex((r) => r.id === id);
      if (at < 0) return null;
      const old = all[at]!;
      const row = rowFor(id, after as WorldInfoEntry);
      const shown = matchesFilter(old, last.filter);
      if (shown !== matchesFilter(row, last.filter) || (shown && COMPARE[last.sort](old, row) !== 0)) return null;
      if (all === last.all) all = [...all];
      all[at] = row;
      if (!shown) continue;
      if (visible === last.visible) visible = [...visible];
      visible[visible.indexOf(old)] = row;
    }
    return { all, visible };
  }
}

export function nextUid(book: Record<string, unknown>): number {
  let max = -1;
  for (const [id, entry] of Object.entries(entriesOf(book))) {
    max = Math.max(max, num(entry?.uid), Number.isInteger(Number(id)) ? Number(id) : -1);
  }
  return max + 1;
}

/**
 * A new entry with every field of SillyTavern 1.18's template, so nothing relies on a missing field; as its editor
 * does for a fresh entry, the memo shows, delay is the number 0 and the role is unset.
 */
export function newEntry(uid: number, displayIndex: number): WorldInfoEntry {
  // A deep copy: the template's arrays are shared and must never be edited through an entry.
  const template = structuredClone(ST_ENTRY_TEMPLATE) as Omit<WorldInfoEntry, 'uid'>;
  return {
    uid,
    ...template,
    addMemo: true,
    delayUntilRecursion: 0,
    role: null,
    displayIndex,
    characterFilter: { isExclude: false, names: [], tags: [] },
  };
}

/** The entries object with `patch` applied to each listed entry (one document edit for a bulk change). */
export function patchEntries(
  book: Record<string, unknown>,
  ids: ReadonlySet<string>,
  patch: (entry: WorldInfoEntry) => WorldInfoEntry,
): Record<string, WorldInfoEntry> {
  const out: Record<string, WorldInfoEntry> = {};
  for (const [id, entry] of Object.entries(entriesOf(book))) out[id] = ids.has(id) ? patch(entry) : entry;
  return out;
}

export function withoutEntries(
  book: Record<string, unknown>,
  ids: ReadonlySet<string>,
): Record<string, WorldInfoEntry> {
  const out: Record<string, WorldInfoEntry> = {};
  for (const [id, entry] of Object.entries(entriesOf(book))) if (!ids.has(id)) out[id] = entry;
  return out;
}

/** Copies of the listed entries under fresh uids, appended after the existing ones. */
export function withDuplicates(book: Record<string, unknown>, ids: readonly string[]): Record<string, WorldInfoEntry> {
  const out: Record<string, WorldInfoEntry> = { ...entriesOf(book) };
  let uid = nextUid(book);
  for (const id of ids) {
    const source = out[id];
    if (!source) continue;
    const copy = structuredClone(source);
    copy.uid = uid;
    copy.displayIndex = uid;
    out[String(uid)] = copy;
    uid++;
  }
  return out;
}

/**
 * Moves one entry to another's place in display order and renumbers `displayIndex` 0…n-1 along the new order
 * (only entries whose index changes are touched). `ordered`: every entry id in current display order.
 */
export function withMovedEntry(
  book: Record<string, unknown>,
  ordered: readonly string[],
  moved: string,
  target: string,
): Record<string, WorldInfoEntry> {
  const next = ordered.filter((id) => id !== moved);
  const at = next.indexOf(target);
  if (at < 0 || moved === target) return entriesOf(book);
  // Dropping on a later entry places the moved one after it, on an earlier one before it (as in a list).
  next.splice(ordered.indexOf(moved) < ordered.indexOf(target) ? at + 1 : at, 0, moved);
  const position = new Map(next.map((id, i) => [id, i]));
  const out: Record<string, WorldInfoEntry> = {};
  for (const [id, entry] of Object.entries(entriesOf(book))) {
    const index = position.get(id);
    out[id] = index === undefined || entry.displayIndex === index ? entry : { ...entry, displayIndex: index };
  }
  return out;
}
