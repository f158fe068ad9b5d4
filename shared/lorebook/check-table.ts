// The hot data of entry checks, by scan index, in typed arrays (one table per scan plan). A crowded scan checks
// thousands of entries, and each check used to wait on memory for the entry, then its key lists, then each key
// object. An entry is tabled when its plain keys alone decide its checks: the plan selects it through its book's key
// index in the shared buffer; no static filter, delay, decorator, recursion rule or secondary-key quirk applies to it;
// its secondary logic is a known one; and every key, primary and secondary, is a plain text the index covers or a regex
// key with a required literal (not anchored with ^, whose quirk reads the keys). Its row holds what the checks read:
// the keys' pattern codes (see KeyIndex.code; a regex key's is its literal's), kinds and text lengths, and the logic.
// A regex key whose literal is absent cannot match, so its object is read only when the literal occurs.
// Rows are written on an entry's first check under the plan and shared by the plans derived from it after an edit,
// except for the changed entries. The table also keeps every looked-at entry's flags (see `entryFlags`), which the
// steps after the checks read for each candidate.
import type { KeyIndex } from './key-index.ts';
import { caretAnchored, type CompiledKey } from './keys.ts';
import type { EntryKeys, PreparedEntry } from './prepare.ts';

/**
 * Key bits in a row: a whole-word key; a multi-word key matched as a substring under whole words; a regex key (its
 * code is its required literal's). The text length is above them (see `keyLength`).
 */
export const WORD = 1;
export const MULTI_WORD = 2;
export const REGEX = 4;
const LENGTH_SHIFT = 3;
/** A row's head: primary key count in the low bits, then the secondary key count, the logic and REGEX_ROW. */
const SECONDARY_SHIFT = 16;
const LOGIC_SHIFT = 24;
/** The row has a regex key. */
const REGEX_ROW = 1 << 28;
/** Secondary hits are bits of one number (see SecondaryHits): at most 31 keys. */
const MAX_SECONDARY = 31;
const MAX_PRIMARY = (1 << SECONDARY_SHIFT) - 1;

/** A row head's primary key count. */
export const primaryCount = (head: number): number => head & MAX_PRIMARY;
/** A row head's secondary key count (0: the entry has no secondary keys). */
export const secondaryCount = (head: number): number => (head >> SECONDARY_SHIFT) & 0xff;
/** A row head's secondary logic (see SelectiveLogic). */
export const logicOf = (head: number): number => (head >> LOGIC_SHIFT) & 0xf;
/** A row head's entry has a regex key. */
export const hasRegex = (head: number): boolean => (head & REGEX_ROW) !== 0;
/** A plain key's text length, from its bits. */
export const keyLength = (bits: number): number => bits >> LENGTH_SHIFT;

/**
 * Entry flags: it is in an inclusion group; it ignores the budget; its content does not feed recursion; it rolls for
 * its probability (unless sticky).
 */
export const GROUPED = 1;
export const IGNORE_BUDGET = 2;
export const PREVENT_RECURSION = 4;
export const ROLLS = 8;

/**
 * What inclusion groups, admission and recursion ask of every candidate, as bits: a book with thousands of candidates
 * a pass would otherwise read thousands of entry objects, each a wait on memory.
 */
export function entryFlags(entry: PreparedEntry): number {
  const { raw } = entry;
  return (
    (entry.groups.length > 0 ? GROUPED : 0) |
    (raw.ignoreBudget ? IGNORE_BUDGET : 0) |
    (raw.preventRecursion ? PREVENT_RECURSION : 0) |
    (raw.useProbability && raw.probability !== 100 ? ROLLS : 0)
  );
}

/** `rows` values besides row + 2: not looked at yet; not tabled. */
const UNKNOWN = 0;
const UNTABLED = 1;

/** Row storage that a plan and the plans derived from it append to. */
interface Pool {
  data: Int32Array;
  used: number;
}

export class CheckTable {
  /** By scan index: the entry's row offset in `keys` + 2, or UNKNOWN, or UNTABLED. */
  readonly #rows: Int32Array;
  /** By scan index: `entryFlags`, once looked at. */
  readonly #flags: Uint8Array;
  readonly #pool: Pool;

  constructor(length: number, base?: { table: CheckTable; changed: Iterable<number> }) {
    if (base) {
      this.#rows = base.table.#rows.slice(0, length);
      this.#flags = base.table.#flags.slice(0, length);
      for (const i of base.changed) this.#rows[i] = UNKNOWN;
      this.#pool = base.table.#pool;
    } else {
      this.#rows = new Int32Array(length);
      this.#flags = new Uint8Array(length);
      this.#pool = { data: new Int32Array(1024), used: 0 };
    }
  }

  /**
   * Each row: head (primary count | secondary count << SECONDARY_SHIFT | logic << LOGIC_SHIFT), then per key, primary
   * keys first, its pattern code and (text length << LENGTH_SHIFT | WORD | MULTI_WORD | REGEX). Read it afresh after
   * `row`: it grows.
   */
  get keys(): Int32Array {
    return this.#pool.data;
  }

  /** The entry's row offset when known: -1 when it is not tabled, -2 when not looked at yet (see `add`). */
  known(index: number): number {
    return (this.#rows[index] as number) - 2;
  }

  /** The entry's `entryFlags`, once `known` (looked at). */
  flags(index: number): number {
    return this.#flags[index] as number;
  }

  /** Looks at the entry at scan index `index` (`selected`: the plan selects it through `index`'s hits) and files it. */
  add(index: number, entry: PreparedEntry, keys: EntryKeys, keyIndex: KeyIndex, selected: boolean): number {
    const logic = selected ? tabledLogic(entry, keys) : -1;
    const row = logic >= 0 ? this.#write(keys, keyIndex, logic) : -1;
    this.#rows[index] = row < 0 ? UNTABLED : row + 2;
    this.#flags[index] = entryFlags(entry);
    return row;
  }

  #write(keys: EntryKeys, keyIndex: KeyIndex, logic: number): number {
    const primary = keys.primary as readonly CompiledKey[];
    const secondary = keys.secondary ?? [];
    const pool = this.#pool;
    const row = pool.used;
    const end = row + 1 + 2 * (primary.length + secondary.length);
    if (end > pool.data.length) {
      const data = new Int32Array(Math.max(end, pool.data.length * 2));
      data.set(pool.data.subarray(0, row));
      pool.data = data;
    }
    const { data } = pool;
    data[row] = primary.length | (secondary.length << SECONDARY_SHIFT) | (logic << LOGIC_SHIFT);
    let at = row + 1;
    for (const key of [...primary, ...secondary]) {
      if (key.kind === 'never' || (key.kind === 'regex' && caretAnchored(key))) return -1;
      const code = keyIndex.code(key);
      if (code < 0) return -1;
      data[at++] = code;
      if (key.kind === 'regex') {
        data[row] |= REGEX_ROW;
        data[at++] = REGEX;
      } else
        data[at++] = (key.text.length << LENGTH_SHIFT) | (key.kind === 'word' ? WORD : key.multiWord ? MULTI_WORD : 0);
    }
    pool.used = end;
    return row;
  }
}

/**
 * The logic a tabled row stores (0 without secondary keys), or -1 when the entry's checks must read it: something
 * besides its keys can decide them, or it has too many keys for a row.
 */
function tabledLogic(entry: PreparedEntry, keys: EntryKeys): number {
  if (
    entry.filterable ||
    entry.delay ||
    entry.dontActivate ||
    entry.delayed ||
    entry.excludeRecursion ||
    entry.activates ||
    entry.constant ||
    entry.inertWhenFired ||
    entry.inertWhenRejected ||
    entry.ignoresSecondary ||
    !keys.primary ||
    keys.primary.length > MAX_PRIMARY
  )
    return -1;
  if (!keys.secondary) return 0;
  if (keys.secondary.length > MAX_SECONDARY) return -1;
  const logic = entry.selectiveLogic ?? 0;
  return logic === 0 || logic === 1 || logic === 2 || logic === 3 ? logic : -1;
}
