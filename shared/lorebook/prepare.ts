// Preparation cached by object identity: per entry (decorators, stripped content, groups, timed-effect hash, compiled
// keys) and per book (entry list, key index). Books and entries are treated as immutable values: an edit must produce
// a new entry object (and a new book object), and then only what changed is prepared again; `prepareEdit` is told
// which entries changed, so not even the unchanged ones are walked.
import type { WorldInfoBook, WorldInfoEntry } from './model.ts';
import { ChunkedList } from './chunked-list.ts';
import { mayBeFiltered } from './filters.ts';
import { bufferLayout, type BufferLayout } from './scan-buffer.ts';
import { parseDecorators } from './decorators.ts';
import { cyrb53 } from './hash.ts';
import { compileKey, type CompiledKey, type PlainKeyOptions } from './keys.ts';
import { KeyIndex } from './key-index.ts';
import { expandMacros, hasMacros, type MacroNames } from './macros.ts';

/** The groups of the many entries in none: one shared list. */
const NO_GROUPS: readonly string[] = Object.freeze([]);

/** The bits of `PreparedEntry.hashLow`. */
export const HASH_LOW = 0x3fffffff;

export class PreparedEntry {
  /** Runtime identity `${world}.${uid}`. */
  readonly key: string;
  readonly world: string;
  readonly raw: WorldInfoEntry;
  /** Content with decorator lines removed, macros not yet expanded. */
  readonly content: string;
  /** `content` holds no macro (see `expandMacros`): the budget step takes it as it is, scan after scan. */
  readonly macroFree: boolean;
  readonly decorators: readonly string[];
  readonly groups: readonly string[];
  /** `delayUntilRecursion` is truthy. */
  readonly delayed: boolean;
  /** The recursion level it waits for (true → 1). */
  readonly delayLevel: number;
  /** The buffer its keys see. */
  readonly layout: BufferLayout;
  /** Some static filter (disable, triggers, character filter) may exclude it (see filters.ts). */
  readonly filterable: boolean;
  // Read in every check: kept here because raw entries come in many shapes, which makes reading their fields slow.
  /** `constant` is truthy. */
  readonly constant: boolean;
  /** `excludeRecursion` is truthy. */
  readonly excludeRecursion: boolean;
  /** `delay`, `sticky` and `cooldown` as given. */
  readonly delay: WorldInfoEntry['delay'];
  readonly sticky: WorldInfoEntry['sticky'];
  readonly cooldown: WorldInfoEntry['cooldown'];
  /** `selectiveLogic` as given. */
  readonly selectiveLogic: unknown;
  /** Secondary keys are ignored because `selective` is missing (a SillyTavern quirk). */
  readonly ignoresSecondary: boolean;
  /** It has the `@@activate` decorator. */
  readonly activates: boolean;
  /** It has `@@dont_activate` and not `@@activate`. */
  readonly dontActivate: boolean;
  /** A decorator with trailing text fails to decide a firing (`@@dont_activate …`) or a rejection (`@@activate …`). */
  readonly inertWhenFired: boolean;
  readonly inertWhenRejected: boolean;
  #hash: number | undefined;
  #hashLow = 0;
  /** `content`'s measure by the last measure function asked (see `contentMeasure`). */
  #measuredBy: ((text: string) => number) | undefined;
  #measure = 0;
  /** Compiled keys by context and expansion mode (see CompiledBook): usually one or two. */
  readonly #keys: { id: string; keys: EntryKeys }[] = [];
  /**
   * The slots `keys` returned last, expanded and raw: a scan asks for the same ones again and again (activation
   * keys, and group scoring's raw keys in between). Id and keys as fields of the entry, not a slot object: one
   * memory read fewer for each entry a scan checks.
   */
  #lastExpandedId: string | undefined;
  #lastExpanded: EntryKeys | undefined;
  #lastRawId: string | undefined;
  #lastRaw: EntryKeys | undefined;

  constructor(world: string, raw: WorldInfoEntry) {
    const parsed = parseDecorators(typeof raw.content === 'string' ? raw.content : '');
    const group = typeof raw.group === 'string' ? raw.group : '';
    const delay = raw.delayUntilRecursion;
    this.key = `${world}.${raw.uid}`;
    this.world = world;
    this.raw = raw;
    this.content = parsed.content;
    this.macroFree = !hasMacros(parsed.content);
    this.decorators = parsed.decorators;
    this.groups = group ? group.split(/,\s*/).filter((g) => g) : NO_GROUPS;
    this.delayed = Boolean(delay);
    this.delayLevel = delay === true ? 1 : Number(delay) || 0;
    this.layout = bufferLayout(raw);
    this.filterable = mayBeFiltered(raw);
    this.constant = !!raw.constant;
    this.excludeRecursion = !!raw.excludeRecursion;
    this.delay = raw.delay;
    this.sticky = raw.sticky;
    this.cooldown = raw.cooldown;
    this.selectiveLogic = raw.selectiveLogic;
    this.ignoresSecondary =
      raw.selective === undefined && Array.isArray(raw.keysecondary) && raw.keysecondary.length > 0;
    const { decorators } = this;
    this.activates = decorators.includes('@@activate');
    this.dontActivate = !this.activates && decorators.includes('@@dont_activate');
    const inert = (name: string) => decorators.some((d) => d !== name && d.startsWith(name));
    this.inertWhenFired = inert('@@dont_activate');
    this.inertWhenRejected = inert('@@activate');
  }

  /**
   * `measure(content)`, remembered for the last measure function: the same contents are admitted scan after scan, and
   * measuring them was a walk over every character of each.
   */
  contentMeasure(measure: (text: string) => number): number {
    if (this.#measuredBy !== measure) {
      this.#measure = measure(this.content);
      this.#measuredBy = measure;
    }
    return this.#measure;
  }

  /** This entry's keys compiled under the context and mode `id` names (see CompiledBook), compiled on first use. */
  keys(id: string, context: KeyContext, expand: boolean): EntryKeys {
    if (expand && this.#lastExpandedId === id) return this.#lastExpanded as EntryKeys;
    if (!expand && this.#lastRawId === id) return this.#lastRaw as EntryKeys;
    let slot = this.#keys.find((s) => s.id === id);
    if (!slot) this.#keys.push((slot = { id, keys: compileEntryKeys(this.raw, context, expand) }));
    if (expand) {
      this.#lastExpandedId = id;
      this.#lastExpanded = slot.keys;
    } else {
      this.#lastRawId = id;
      this.#lastRaw = slot.keys;
    }
    return slot.keys;
  }

  /** Timed-effect identity (docs/world-info-scenarios.md#timed-effect-state-and-hashes); computed on first use, since only timed effects need it. */
  get hash(): number {
    if (this.#hash === undefined) {
      this.#hash = this.#computeHash();
      this.#hashLow = this.#hash & HASH_LOW;
    }
    return this.#hash;
  }

  /**
   * The hash's low 30 bits: a small integer kept in the entry itself, where the 53-bit hash is a separate heap number
   * (one more memory read per entry a scan asks about).
   */
  get hashLow(): number {
    if (this.#hash === undefined) void this.hash;
    return this.#hashLow;
  }

  // The object SillyTavern hashes: {uid, world, ...file fields} with stripped content, decorators appended.
  #computeHash(): number {
    const { uid, ...rest } = this.raw;
    const hashed: Record<string, unknown> = { uid, world: this.world, ...rest };
    hashed.world = this.world;
    const hadContent = 'content' in this.raw;
    if (hadContent) hashed.content = this.content;
    hashed.decorators = this.decorators;
    if (!hadContent) hashed.content = '';
    return cyrb53(JSON.stringify(hashed));
  }
}

export interface EntryKeys {
  /** null when `key` is not a non-empty array. */
  readonly primary: readonly CompiledKey[] | null;
  /** null when there are none, or (activation keys) the entry is not selective. */
  readonly secondary: readonly CompiledKey[] | null;
}

export interface KeyContext extends MacroNames, PlainKeyOptions {}

export class PreparedBook {
  readonly world: string;
  readonly entries: ChunkedList<PreparedEntry>;
  /**
   * Set when this book was prepared by `prepareEdit` and not yet ordered: the book before the edit and the positions
   * of the entries that differ, so the entry order and scan plan can be derived instead of rebuilt.
   */
  editOf: { before: PreparedBook; changed: readonly number[] } | undefined;
  /** The id (key in `book.entries`) of each entry. */
  readonly ids: readonly string[];
  #positions: Map<string, number> | undefined;
  readonly #compiled = new Map<string, CompiledBook>();

  constructor(
    world: string,
    book: WorldInfoBook,
    edit?: { before: PreparedBook; at: ReadonlyMap<number, WorldInfoEntry> },
  ) {
    this.world = world;
    if (edit) {
      // Same ids, a few entries replaced: everything else is shared with the book before the edit.
      const replaced = new Map<number, PreparedEntry>();
      for (const [position, raw] of edit.at) replaced.set(position, prepareEntry(world, raw));
      this.entries = edit.before.entries.with(replaced);
      // One step back only: an older book is not kept alive through a chain of edits.
      edit.before.editOf = undefined;
      this.editOf = { before: edit.before, changed: [...edit.at.keys()] };
      this.ids = edit.before.ids;
      this.#positions = edit.before.#positions;
      for (const [id, compiled] of edit.before.#compiled)
        this.#compiled.set(id, compiled.edited(this, [...edit.at.keys()]));
      return;
    }
    const entries = book && typeof book.entries === 'object' && book.entries ? book.entries : {};
    const ids: string[] = [];
    const prepared: PreparedEntry[] = [];
    for (const id of Object.keys(entries)) {
      const raw = entries[id];
      if (raw && typeof raw === 'object') {
        ids.push(id);
        prepared.push(prepareEntry(world, raw));
      }
    }
    this.entries = ChunkedList.from(prepared);
    this.ids = ids;
  }

  entry(index: number): PreparedEntry {
    return this.entries.at(index) as PreparedEntry;
  }

  /** Position of the entry with this id, or -1. */
  position(id: string): number {
    // Books keyed 0, 1, 2… (SillyTavern numbers entries by uid) find most ids at their own number.
    const n = Number(id);
    if (this.ids[n] === id) return n;
    this.#positions ??= new Map(this.ids.map((entryId, i) => [entryId, i]));
    return this.#positions.get(id) ?? -1;
  }

  /** Keys compiled for one macro/matching context; reused by every scan with the same context. */
  compiled(context: KeyContext): CompiledBook {
    const id = contextId(context);
    let compiled = this.#compiled.get(id);
    if (!compiled) this.#compiled.set(id, (compiled = new CompiledBook(this, context)));
    return compiled;
  }
}

/** A prepared book's keys under one context, compiled lazily per entry. */
export class CompiledBook {
  readonly prepared: PreparedBook;
  readonly #context: KeyContext;
  readonly #keysId: string;
  readonly #rawKeysId: string;
  #index: KeyIndex | undefined;

  constructor(prepared: PreparedBook, context: KeyContext) {
    this.prepared = prepared;
    this.#context = context;
    this.#keysId = interned(`${contextId(context)}\u0000expanded`);
    this.#rawKeysId = interned(`${contextId(context)}\u0000raw`);
  }

  /** This book's keys in `prepared`, an edit of it in which the entries at `changed` differ. */
  edited(prepared: PreparedBook, changed: readonly number[]): CompiledBook {
    const book = new CompiledBook(prepared, this.#context);
    if (this.#index) {
      book.#index = this.#index.derive(prepared.entries.length, (i) => book.keys(i), changed);
      lastIndexed.set(prepared.world, { context: this.#keysId, entries: prepared.entries, index: book.#index });
    }
    return book;
  }

  /** Activation keys: macro-expanded and trimmed. */
  keys(index: number): EntryKeys {
    return this.keysOf(this.prepared.entry(index));
  }

  /** `keys` of one of this book's entries. */
  keysOf(entry: PreparedEntry): EntryKeys {
    return entry.keys(this.#keysId, this.#context, true);
  }

  /** Group-scoring keys: raw (no macros, no trim). */
  rawKeys(index: number): EntryKeys {
    return this.prepared.entry(index).keys(this.#rawKeysId, this.#context, false);
  }

  /**
   * Index of every entry's activation keys, built on first use. When this book is an edit of the last one compiled
   * under the same name and context (same entry objects but a few, same positions), that index is derived instead:
   * only the changed entries are compiled again.
   */
  get keyIndex(): KeyIndex {
    if (this.#index) return this.#index;
    const { entries } = this.prepared;
    const previous = lastIndexed.get(this.prepared.world);
    const changed = previous && previous.context === this.#keysId ? changedEntries(previous.entries, entries) : null;
    const keys = (i: number) => this.keys(i);
    this.#index =
      changed && previous ? previous.index.derive(entries.length, keys, changed) : new KeyIndex(entries.length, keys);
    lastIndexed.set(this.prepared.world, { context: this.#keysId, entries, index: this.#index });
    return this.#index;
  }
}

/**
 * One string object per key-slot id: every book compiled under a context then looks its entries' keys up by the same
 * object, which compares by identity instead of character by character.
 */
const slotIds = new Map<string, string>();
function interned(id: string): string {
  let found = slotIds.get(id);
  if (found === undefined) {
    // Ids embed user and character names: a long session may see many; forgetting them only costs speed.
    if (slotIds.size >= 1000) slotIds.clear();
    slotIds.set(id, (found = id));
  }
  return found;
}

/** The last key index built per book name, for deriving the next one after an edit. */
const lastIndexed = new Map<string, { context: string; entries: ChunkedList<PreparedEntry>; index: KeyIndex }>();

/** Positions whose entry differs when `next` keeps every position of `before` (appending is allowed), else null. */
function changedEntries(before: ChunkedList<PreparedEntry>, next: ChunkedList<PreparedEntry>): number[] | null {
  if (next.length < before.length) return null;
  const changed: number[] = [];
  for (let i = 0; i < next.length; i++) if (next.at(i) !== before.at(i)) changed.push(i);
  return changed;
}

function compileEntryKeys(raw: WorldInfoEntry, context: KeyContext, expand: boolean): EntryKeys {
  const options: PlainKeyOptions = {
    caseSensitive: raw.caseSensitive ?? context.caseSensitive,
    wholeWords: raw.matchWholeWords ?? context.wholeWords,
  };
  const compile = (list: unknown[]) =>
    list.map((k) => {
      const source = String(k);
      return compileKey(source, expand ? expandMacros(source, context) : source, options, expand);
    });
  const primary = Array.isArray(raw.key) && raw.key.length > 0 ? compile(raw.key) : null;
  // Activation reads secondary keys only for selective entries; group scoring reads them regardless.
  const secondary =
    (raw.selective || !expand) && Array.isArray(raw.keysecondary) && raw.keysecondary.length > 0
      ? compile(raw.keysecondary)
      : null;
  return { primary, secondary };
}

/** Each entry object's preparation (under the book name it was last prepared for). */
const preparedEntries = new WeakMap<WorldInfoEntry, PreparedEntry>();

function prepareEntry(world: string, raw: WorldInfoEntry): PreparedEntry {
  let entry = preparedEntries.get(raw);
  if (!entry || entry.world !== world) preparedEntries.set(raw, (entry = new PreparedEntry(world, raw)));
  return entry;
}

export function contextId(context: KeyContext): string {
  return `${context.user}\u0000${context.char}\u0000${context.caseSensitive}\u0000${context.wholeWords}`;
}

const prepared = new WeakMap<WorldInfoBook, Map<string, PreparedBook>>();

/** The prepared form of `book` under the name `world`, built on first use and reused while the object lives. */
export function prepareBook(world: string, book: WorldInfoBook): PreparedBook {
  let byName = prepared.get(book);
  if (!byName) prepared.set(book, (byName = new Map()));
  let result = byName.get(world);
  if (!result) byName.set(world, (result = new PreparedBook(world, book)));
  return result;
}

/**
 * Prepares `book`, an edit of `before` in which only the entries under the ids `changed` may differ, from what was
 * prepared for `before` under the same name: when those ids all existed before and still exist, only their entries
 * are prepared and compiled again, and key indexes are derived (see KeyIndex.derive). Otherwise (entries added or
 * removed, or `before` never prepared) the book is prepared from scratch.
 */
export function prepareEdit(
  world: string,
  before: WorldInfoBook,
  book: WorldInfoBook,
  changed: readonly string[],
): PreparedBook {
  const previous = prepared.get(before)?.get(world);
  if (!previous) return prepareBook(world, book);
  const entries = book && typeof book.entries === 'object' && book.entries ? book.entries : {};
  const at = new Map<number, WorldInfoEntry>();
  for (const id of changed) {
    const raw = Object.hasOwn(entries, id) ? entries[id] : undefined;
    const position = raw && typeof raw === 'object' ? previous.position(id) : -1;
    if (position < 0) return prepareBook(world, book);
    at.set(position, raw as WorldInfoEntry);
  }
  let byName = prepared.get(book);
  if (!byName) prepared.set(book, (byName = new Map()));
  let result = byName.get(world);
  if (!result) byName.set(world, (result = new PreparedBook(world, book, { before: previous, at })));
  return result;
}
