// Per-book-revision preparation, cached by object identity: decorators, stripped content, timed-effect hash, groups
// and compiled keys. Books are treated as immutable values: an edited book must be a new object to be recompiled.
import type { WorldInfoBook, WorldInfoEntry } from './model.ts';
import { parseDecorators } from './decorators.ts';
import { cyrb53 } from './hash.ts';
import { compileKey, type CompiledKey, type PlainKeyOptions } from './keys.ts';
import { expandMacros, type MacroNames } from './macros.ts';

export interface PreparedEntry {
  /** Runtime identity `${world}.${uid}`. */
  readonly key: string;
  readonly world: string;
  readonly raw: WorldInfoEntry;
  /** Content with decorator lines removed, macros not yet expanded. */
  readonly content: string;
  readonly decorators: readonly string[];
  readonly hash: number;
  readonly groups: readonly string[];
  /** `delayUntilRecursion` is truthy. */
  readonly delayed: boolean;
  /** The recursion level it waits for (true → 1). */
  readonly delayLevel: number;
}

export interface EntryKeys {
  /** null when `key` is not a non-empty array. */
  readonly primary: readonly CompiledKey[] | null;
  /** null when there are none, or (activation keys) the entry is not selective. */
  readonly secondary: readonly CompiledKey[] | null;
}

export interface KeyContext extends MacroNames, PlainKeyOptions {}

export class PreparedBook {
  readonly entries: readonly PreparedEntry[];
  readonly #compiled = new Map<string, CompiledBook>();

  constructor(world: string, book: WorldInfoBook) {
    const entries = book && typeof book.entries === 'object' && book.entries ? book.entries : {};
    this.entries = Object.keys(entries).flatMap((id) => {
      const raw = entries[id];
      return raw && typeof raw === 'object' ? [prepareEntry(world, raw)] : [];
    });
  }

  /** Keys compiled for one macro/matching context; reused by every scan with the same context. */
  compiled(context: KeyContext): CompiledBook {
    const id = `${context.user}\u0000${context.char}\u0000${context.caseSensitive}\u0000${context.wholeWords}`;
    let compiled = this.#compiled.get(id);
    if (!compiled) this.#compiled.set(id, (compiled = new CompiledBook(this, context)));
    return compiled;
  }
}

/** Token → entries whose primary keys include that whole-word token key. */
export interface TokenIndex {
  readonly caseSensitive: ReadonlyMap<string, readonly number[]>;
  readonly caseInsensitive: ReadonlyMap<string, readonly number[]>;
  /** Per entry: every primary key is a token key (or can never match), so the index alone finds its hits. */
  readonly indexed: readonly boolean[];
}

/** A prepared book's keys under one context, compiled lazily per entry. */
export class CompiledBook {
  readonly prepared: PreparedBook;
  readonly #context: KeyContext;
  readonly #keys: (EntryKeys | undefined)[] = [];
  readonly #rawKeys: (EntryKeys | undefined)[] = [];
  #index: TokenIndex | undefined;

  constructor(prepared: PreparedBook, context: KeyContext) {
    this.prepared = prepared;
    this.#context = context;
  }

  /** Activation keys: macro-expanded and trimmed. */
  keys(index: number): EntryKeys {
    return (this.#keys[index] ??= compileEntryKeys(this.#entry(index), this.#context, true));
  }

  /** Group-scoring keys: raw (no macros, no trim). */
  rawKeys(index: number): EntryKeys {
    return (this.#rawKeys[index] ??= compileEntryKeys(this.#entry(index), this.#context, false));
  }

  get tokenIndex(): TokenIndex {
    return (this.#index ??= this.#buildIndex());
  }

  #entry(index: number): WorldInfoEntry {
    return (this.prepared.entries[index] as PreparedEntry).raw;
  }

  #buildIndex(): TokenIndex {
    const caseSensitive = new Map<string, number[]>();
    const caseInsensitive = new Map<string, number[]>();
    const indexed = this.prepared.entries.map((_, i) => {
      const primary = this.keys(i).primary ?? [];
      if (!primary.every((k) => k.kind === 'never' || (k.kind === 'word' && k.token))) return false;
      for (const k of primary) {
        if (k.kind !== 'word') continue;
        const map = k.caseSensitive ? caseSensitive : caseInsensitive;
        const list = map.get(k.text);
        if (!list) map.set(k.text, [i]);
        else if (list.at(-1) !== i) list.push(i);
      }
      return true;
    });
    return { caseSensitive, caseInsensitive, indexed };
  }
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
  const secondary = (raw.selective || !expand) && Array.isArray(raw.keysecondary) && raw.keysecondary.length > 0 ? compile(raw.keysecondary) : null;
  return { primary, secondary };
}

function prepareEntry(world: string, raw: WorldInfoEntry): PreparedEntry {
  const hadContent = 'content' in raw;
  const parsed = parseDecorators(typeof raw.content === 'string' ? raw.content : '');
  // The hash covers the object SillyTavern builds: {uid, world, ...file fields} with stripped content, decorators last.
  const { uid, ...rest } = raw;
  const hashed: Record<string, unknown> = { uid, world, ...rest };
  hashed.world = world;
  if (hadContent) hashed.content = parsed.content;
  hashed.decorators = parsed.decorators;
  if (!hadContent) hashed.content = '';
  const group = typeof raw.group === 'string' ? raw.group : '';
  const delay = raw.delayUntilRecursion;
  return {
    key: `${world}.${raw.uid}`,
    world,
    raw,
    content: parsed.content,
    decorators: parsed.decorators,
    hash: cyrb53(JSON.stringify(hashed)),
    groups: group ? group.split(/,\s*/).filter((g) => g) : [],
    delayed: Boolean(delay),
    delayLevel: delay === true ? 1 : Number(delay) || 0,
  };
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
