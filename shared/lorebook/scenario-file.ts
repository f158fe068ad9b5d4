/**
 * Scenario files for `preview` and `test`: the scenario format (docs/world-info-scenarios.md#scenario; case files
 * with `input` or `turns`) or the lighter author format, where only `books` and `chat` are required and every other
 * field takes SillyTavern's new-install default (docs/lore-tests.md). A full scenario passes through unchanged.
 * The shape is checked by scenario-schema.ts; here the layers are merged, defaults filled in and fields checked
 * against each other. Books given as file paths are read by the caller's loader (the CLI reads files).
 */
import type { ChatMessage, Scenario, ScanSettings, WorldInfoBook } from './model.ts';
import { DEFAULT_CHARACTER, DEFAULT_SCAN_SETTINGS } from './defaults.ts';
import { BookFormatError, importBook, locateBook } from './formats/index.ts';
import { parseExpect, type Expectations } from './lore-test.ts';
import { ScenarioError } from './scenario-error.ts';
import { checkScenarioFile, SCAN_FIELD_NAMES } from './scenario-schema.ts';

export interface LoadedScenario {
  turns: Scenario[];
  /** Per turn; undefined when the turn has no `expect`. */
  expects: (Expectations | undefined)[];
  /** The file has `turns` (results are then an array). */
  multiTurn: boolean;
}

/** Reads a book named by a file path (relative to the scenario); `at` is the field path, for its errors. */
export type BookFileReader = (file: string, at: string) => unknown;

export const DEFAULT_MAX_CONTEXT = 8192;
const ROLE_FIELDS = ['globalBooks', 'characterBook', 'extraCharacterBooks', 'chatBook', 'personaBook'];

type Json = Record<string, unknown>;

interface Layer {
  doc: Json;
  /** Path prefix of the layer's fields ('' or 'turns[2].' or 'input.'). */
  prefix: string;
}

interface Located {
  value: unknown;
  path: string;
}

/** SillyTavern books are used exactly as stored; other formats (V2/V3 card books, NovelAI…) are imported first. */
function asWorldInfo(json: unknown, at: string): WorldInfoBook {
  try {
    const located = locateBook(json);
    return located.format === 'st' ? (located.book as WorldInfoBook) : importBook(json).book;
  } catch (e) {
    if (e instanceof BookFormatError) throw new ScenarioError(at, `not a lorebook: ${e.message}`);
    throw e;
  }
}

/** Loads books given as file paths once per scenario file, so every turn scans the same book object. */
function bookLoader(read: BookFileReader): (at: Located) => WorldInfoBook {
  const files = new Map<string, WorldInfoBook>();
  return ({ value, path }) => {
    if (typeof value !== 'string') return asWorldInfo(value, path);
    let book = files.get(value);
    if (!book) files.set(value, (book = asWorldInfo(read(value, path), path)));
    return book;
  };
}

/** One turn's view of the file: later layers win; object fields read with `members` (`settings`, `books`,
 * `character`, `user`) merge key by key, so a turn can change one setting or one book. */
class TurnFields {
  readonly #layers: Layer[];

  constructor(layers: Layer[]) {
    this.#layers = layers;
  }

  has(name: string): boolean {
    return this.#layers.some((l) => Object.hasOwn(l.doc, name));
  }

  get(name: string): Located | undefined {
    for (let i = this.#layers.length - 1; i >= 0; i--) {
      const { doc, prefix } = this.#layers[i] as Layer;
      if (Object.hasOwn(doc, name)) return { value: doc[name], path: `${prefix}${name}` };
    }
    return undefined;
  }

  value<T>(name: string, fallback: T): T {
    return (this.get(name)?.value as T | undefined) ?? fallback;
  }

  /** Members of an object field across layers, each with the path it came from. */
  members(name: string): Map<string, Located> | undefined {
    let members: Map<string, Located> | undefined;
    for (const { doc, prefix } of this.#layers) {
      if (!Object.hasOwn(doc, name)) continue;
      members ??= new Map();
      for (const [key, value] of Object.entries(doc[name] as Json))
        members.set(key, { value, path: `${prefix}${name}.${key}` });
    }
    return members;
  }

  merged<T extends object>(name: string, defaults: T): T {
    const out: Json = { ...(defaults as Json) };
    for (const [key, at] of this.members(name) ?? []) out[key] = at.value;
    return out as T;
  }
}

/** A parsed scenario file as a list of scans; `readBook` reads the books it names by path. */
export function loadScenario(doc: unknown, readBook: BookFileReader): LoadedScenario {
  checkScenarioFile(doc);
  const file = doc as Json;
  if (file.input !== undefined && file.turns !== undefined)
    throw new ScenarioError('turns', 'contradicts input: a file has either one scenario (input) or a sequence (turns)');
  const base: Layer[] = [
    { doc: Object.fromEntries(Object.entries(file).filter(([k]) => SCAN_FIELD_NAMES.includes(k))), prefix: '' },
  ];
  const input = file.input as Json | undefined;
  if (input !== undefined) base.push({ doc: input, prefix: 'input.' });
  const load = bookLoader(readBook);
  if (file.turns === undefined) {
    const expect = file.expect ?? input?.expect;
    const expectPath = file.expect !== undefined ? 'expect' : 'input.expect';
    return {
      turns: [buildTurn(new TurnFields(base), 0, load)],
      expects: [expect === undefined ? undefined : parseExpect(expect, expectPath)],
      multiTurn: false,
    };
  }
  if (file.expect !== undefined) throw new ScenarioError('expect', 'with turns, put expect on each turn');
  const turns = file.turns as Json[];
  return {
    turns: turns.map((own, i) => {
      // The file-level timed-effect state is the first turn's starting state; later turns carry theirs.
      const shared =
        i === 0
          ? base
          : base.map((l) => ({
              ...l,
              doc: Object.fromEntries(
                Object.entries(l.doc).filter(([k]) => k !== 'timedWorldInfo' && k !== 'carryTimedEffects'),
              ),
            }));
      return buildTurn(new TurnFields([...shared, { doc: own, prefix: `turns[${i}].` }]), i, load);
    }),
    expects: turns.map((own, i) =>
      own.expect === undefined ? undefined : parseExpect(own.expect, `turns[${i}].expect`),
    ),
    multiTurn: true,
  };
}

function buildTurn(fields: TurnFields, index: number, load: (at: Located) => WorldInfoBook): Scenario {
  const bookMembers = fields.members('books');
  if (!bookMembers)
    throw new ScenarioError(
      'books',
      'missing: an object mapping book names to World Info books (objects, or file paths relative to the scenario)',
    );
  if (bookMembers.size === 0)
    throw new ScenarioError(fields.get('books')?.path ?? 'books', 'no books: add at least one');
  const books: Record<string, WorldInfoBook> = {};
  for (const [name, at] of bookMembers) books[name] = load(at);
  const bookName = (value: unknown, path: string): void => {
    if (typeof value === 'string' && !Object.hasOwn(books, value))
      throw new ScenarioError(
        path,
        `no book named ${JSON.stringify(value)} in books (have: ${Object.keys(books).join(', ')})`,
      );
  };
  for (const role of ROLE_FIELDS) {
    const at = fields.get(role);
    if (Array.isArray(at?.value)) at.value.forEach((v, i) => bookName(v, `${at.path}[${i}]`));
    else if (at) bookName(at.value, at.path);
  }
  // An author who names no roles means "scan every book": they all become global books, in file order.
  const anyRole = ROLE_FIELDS.some((f) => fields.has(f));

  if (!fields.has('chat'))
    throw new ScenarioError(
      index === 0 ? 'chat' : `turns[${index}].chat`,
      'missing: the chat, oldest message first (strings, or {"name", "mes"} objects)',
    );

  const carry = fields.value('carryTimedEffects', index > 0);
  if (carry && index === 0)
    throw new ScenarioError(
      fields.get('carryTimedEffects')?.path ?? 'carryTimedEffects',
      'true on the first turn, but there is no previous turn to carry timed effects from',
    );
  const timed = fields.value<Partial<NonNullable<Scenario['timedWorldInfo']>> | null>('timedWorldInfo', null);
  const timedWorldInfo = timed && { sticky: timed.sticky ?? {}, cooldown: timed.cooldown ?? {} };
  if (carry && timedWorldInfo)
    throw new ScenarioError(
      fields.get('timedWorldInfo')?.path ?? 'timedWorldInfo',
      'contradicts carryTimedEffects: true (the state comes from the previous turn): set one or the other',
    );

  const character = fields.merged<Omit<Scenario['character'], 'avatar'> & { avatar?: string }>(
    'character',
    DEFAULT_CHARACTER,
  );
  const authorsNote = fields.value<Partial<Scenario['authorsNote']>>('authorsNote', null);
  const prompts = fields.value<Record<string, { value: string; scan?: boolean }>>('extensionPrompts', {});
  return {
    settings: fields.merged<ScanSettings>('settings', DEFAULT_SCAN_SETTINGS),
    maxContext: fields.value('maxContext', DEFAULT_MAX_CONTEXT),
    tokenizer: 'guesstimate',
    seed: fields.value('seed', 0),
    random: fields.value('random', null),
    books,
    globalBooks: anyRole ? fields.value('globalBooks', []) : Object.keys(books),
    characterBook: fields.value('characterBook', null),
    extraCharacterBooks: fields.value('extraCharacterBooks', []),
    chatBook: fields.value('chatBook', null),
    personaBook: fields.value('personaBook', null),
    // Character filters compare the avatar file name without its extension: default it from the name.
    character: { ...character, avatar: character.avatar ?? `${character.name}.png` },
    user: fields.merged('user', { name: 'User', persona: '' }),
    chat: fields.value<ChatMessage[]>('chat', []),
    trigger: fields.value('trigger', 'normal'),
    extensionPrompts: Object.fromEntries(
      Object.entries(prompts).map(([id, p]) => [id, { value: p.value, scan: p.scan ?? false }]),
    ),
    authorsNote: authorsNote && {
      value: authorsNote.value ?? '',
      scan: authorsNote.scan ?? false,
      position: authorsNote.position ?? 1,
      depth: authorsNote.depth ?? 4,
      role: authorsNote.role ?? 0,
    },
    dryRun: fields.value('dryRun', false),
    carryTimedEffects: carry,
    timedWorldInfo,
  };
}
