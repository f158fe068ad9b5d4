/**
 * Scenario files for `preview` and `test`: the scenario format (docs/world-info-scenarios.md#scenario; case files
 * with `input` or `turns`) or the lighter author format, where only `books` and `chat` are required and every other
 * field takes SillyTavern's new-install default (docs/lore-tests.md). A full scenario passes through unchanged.
 */
import path from 'node:path';
import { BookFormatError, importBook, locateBook } from '../../../shared/lorebook/formats/index.ts';
import type {
  AuthorsNote,
  ChatMessage,
  ExtensionPrompt,
  Scenario,
  ScanSettings,
  TimedWorldInfo,
  WorldInfoBook,
} from '../../../shared/lorebook/index.ts';
import { DEFAULT_SCAN_SETTINGS } from '../../../shared/lorebook/index.ts';
import { parseExpect, type Expectations } from '../../../shared/lorebook/lore-test.ts';
import { readJsonFile } from './read-json.ts';
import { ScenarioError } from '../../../shared/lorebook/scenario-error.ts';
import { isObject } from '../../../shared/util/is-object.ts';

export interface LoadedScenario {
  turns: Scenario[];
  /** Per turn; undefined when the turn has no `expect`. */
  expects: (Expectations | undefined)[];
  /** The file has `turns` (results are then an array). */
  multiTurn: boolean;
}

export const DEFAULT_MAX_CONTEXT = 8192;
const TRIGGERS = ['normal', 'continue', 'impersonate', 'swipe', 'regenerate', 'quiet'];
const SCENARIO_FIELDS = [
  'settings',
  'maxContext',
  'tokenizer',
  'seed',
  'random',
  'books',
  'globalBooks',
  'characterBook',
  'extraCharacterBooks',
  'chatBook',
  'personaBook',
  'character',
  'user',
  'chat',
  'trigger',
  'extensionPrompts',
  'authorsNote',
  'dryRun',
  'carryTimedEffects',
  'timedWorldInfo',
];
const ROLE_FIELDS = ['globalBooks', 'characterBook', 'extraCharacterBooks', 'chatBook', 'personaBook'];
/** Case-file members that describe the file rather than the scan. */
const META_FIELDS = ['name', 'description', 'sillyTavernVersion', 'expected'];

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

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

function expectObject(value: unknown, path: string, what: string): Json {
  if (!isObject(value)) throw new ScenarioError(path, `expected ${what}, got ${shown(value)}`);
  return value;
}

function int(at: Located, min = 0): number {
  const { value, path } = at;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new ScenarioError(
      path,
      `expected a whole number${min > 0 ? ` ≥ ${min}` : min === 0 ? ' ≥ 0' : ''}, got ${shown(value)}`,
    );
  return value;
}

function bool(at: Located): boolean {
  if (typeof at.value !== 'boolean') throw new ScenarioError(at.path, `expected true or false, got ${shown(at.value)}`);
  return at.value;
}

function str(at: Located): string {
  if (typeof at.value !== 'string') throw new ScenarioError(at.path, `expected a string, got ${shown(at.value)}`);
  return at.value;
}

function strings(at: Located): string[] {
  if (!Array.isArray(at.value)) throw new ScenarioError(at.path, `expected a list of strings, got ${shown(at.value)}`);
  return at.value.map((v, i) => str({ value: v, path: `${at.path}[${i}]` }));
}

function checkKnown(doc: Json, known: readonly string[], prefix: string, what: string): void {
  for (const key of Object.keys(doc))
    if (!known.includes(key))
      throw new ScenarioError(`${prefix}${key}`, `unknown ${what} (known: ${known.join(', ')})`);
}

/** Loads books given as file paths once per scenario file, so every turn scans the same book object. */
class BookLoader {
  readonly #dir: string;
  readonly #files = new Map<string, WorldInfoBook>();

  constructor(dir: string) {
    this.#dir = dir;
  }

  load(at: Located): WorldInfoBook {
    if (typeof at.value === 'string') {
      const file = path.resolve(this.#dir, at.value);
      let book = this.#files.get(file);
      if (!book)
        this.#files.set(file, (book = this.#asWorldInfo(readJsonFile(file, `${at.path} (${at.value})`), at.path)));
      return book;
    }
    return this.#asWorldInfo(expectObject(at.value, at.path, 'a World Info book object or a book file path'), at.path);
  }

  /** SillyTavern books are used exactly as stored; other formats (V2/V3 card books, NovelAI…) are imported first. */
  #asWorldInfo(json: unknown, at: string): WorldInfoBook {
    try {
      const located = locateBook(json);
      return located.format === 'st' ? (located.book as WorldInfoBook) : importBook(json).book;
    } catch (e) {
      if (e instanceof BookFormatError) throw new ScenarioError(at, `not a lorebook: ${e.message}`);
      throw e;
    }
  }
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

  /** Members of an object field across layers, each with the path it came from. */
  members(name: string, what: string): Map<string, Located> | undefined {
    let members: Map<string, Located> | undefined;
    for (const { doc, prefix } of this.#layers) {
      if (!Object.hasOwn(doc, name)) continue;
      const object = expectObject(doc[name], `${prefix}${name}`, what);
      members ??= new Map();
      for (const [key, value] of Object.entries(object)) members.set(key, { value, path: `${prefix}${name}.${key}` });
    }
    return members;
  }
}

export function loadScenarioFile(file: string, shownAs = file): LoadedScenario {
  const doc = readJsonFile(file, shownAs);
  if (!isObject(doc)) throw new ScenarioError('(top level)', `expected a scenario object, got ${shown(doc)}`);
  checkKnown(doc, [...SCENARIO_FIELDS, ...META_FIELDS, 'input', 'turns', 'expect'], '', 'field');
  if (doc.input !== undefined && doc.turns !== undefined)
    throw new ScenarioError('turns', 'contradicts input: a file has either one scenario (input) or a sequence (turns)');
  const base: Layer[] = [
    { doc: Object.fromEntries(Object.entries(doc).filter(([k]) => SCENARIO_FIELDS.includes(k))), prefix: '' },
  ];
  if (doc.input !== undefined) {
    const input = expectObject(doc.input, 'input', 'a scenario object');
    checkKnown(input, [...SCENARIO_FIELDS, 'expect'], 'input.', 'field');
    base.push({ doc: input, prefix: 'input.' });
  }
  const books = new BookLoader(path.dirname(path.resolve(file)));
  if (doc.turns === undefined) {
    const expect = doc.expect ?? (isObject(doc.input) ? doc.input.expect : undefined);
    const expectPath = doc.expect !== undefined ? 'expect' : 'input.expect';
    return {
      turns: [buildTurn(new TurnFields(base), 0, books)],
      expects: [expect === undefined ? undefined : parseExpect(expect, expectPath)],
      multiTurn: false,
    };
  }
  if (!Array.isArray(doc.turns) || doc.turns.length === 0)
    throw new ScenarioError('turns', `expected a non-empty list of turns, got ${shown(doc.turns)}`);
  if (doc.expect !== undefined) throw new ScenarioError('expect', 'with turns, put expect on each turn');
  const turns: Scenario[] = [];
  const expects: (Expectations | undefined)[] = [];
  doc.turns.forEach((turn, i) => {
    const prefix = `turns[${i}].`;
    const own = expectObject(turn, `turns[${i}]`, 'a turn object');
    checkKnown(own, [...SCENARIO_FIELDS, 'expect'], prefix, 'field');
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
    turns.push(buildTurn(new TurnFields([...shared, { doc: own, prefix }]), i, books));
    expects.push(own.expect === undefined ? undefined : parseExpect(own.expect, `${prefix}expect`));
  });
  return { turns, expects, multiTurn: true };
}

function buildTurn(fields: TurnFields, index: number, loader: BookLoader): Scenario {
  const get = <T>(name: string, read: (at: Located) => T, fallback: T): T => {
    const at = fields.get(name);
    return at === undefined ? fallback : read(at);
  };

  const settings: ScanSettings = { ...DEFAULT_SCAN_SETTINGS };
  for (const [key, at] of fields.members('settings', 'an object of World Info settings') ?? []) {
    if (!Object.hasOwn(DEFAULT_SCAN_SETTINGS, key))
      throw new ScenarioError(at.path, `unknown setting (known: ${Object.keys(DEFAULT_SCAN_SETTINGS).join(', ')})`);
    const k = key as keyof ScanSettings;
    if (typeof DEFAULT_SCAN_SETTINGS[k] === 'boolean') (settings[k] as boolean) = bool(at);
    else (settings[k] as number) = int(at);
    if (k === 'characterStrategy' && settings.characterStrategy > 2)
      throw new ScenarioError(
        at.path,
        `expected 0 (evenly), 1 (character first) or 2 (global first), got ${settings.characterStrategy}`,
      );
  }

  const bookMembers = fields.members('books', 'an object: book name → book');
  if (!bookMembers)
    throw new ScenarioError(
      'books',
      'missing: an object mapping book names to World Info books (objects, or file paths relative to the scenario)',
    );
  if (bookMembers.size === 0)
    throw new ScenarioError(fields.get('books')?.path ?? 'books', 'no books: add at least one');
  const books: Record<string, WorldInfoBook> = {};
  for (const [name, at] of bookMembers) books[name] = loader.load(at);
  const bookName = (at: Located): string => {
    const name = str(at);
    if (!Object.hasOwn(books, name))
      throw new ScenarioError(
        at.path,
        `no book named ${JSON.stringify(name)} in books (have: ${Object.keys(books).join(', ')})`,
      );
    return name;
  };
  const nullableBook = (at: Located): string | null => (at.value === null ? null : bookName(at));
  const bookList = (at: Located): string[] =>
    strings(at).map((_, i) => bookName({ value: (at.value as unknown[])[i], path: `${at.path}[${i}]` }));
  // An author who names no roles means "scan every book": they all become global books, in file order.
  const anyRole = ROLE_FIELDS.some((f) => fields.has(f));

  const chat = fields.get('chat');
  if (!chat)
    throw new ScenarioError(
      index === 0 ? 'chat' : `turns[${index}].chat`,
      'missing: the chat, oldest message first (strings, or {"name", "mes"} objects)',
    );

  const carry = get('carryTimedEffects', bool, index > 0);
  const carryAt = fields.get('carryTimedEffects')?.path ?? 'carryTimedEffects';
  if (carry && index === 0)
    throw new ScenarioError(
      carryAt,
      'true on the first turn, but there is no previous turn to carry timed effects from',
    );
  const timedWorldInfo = get('timedWorldInfo', readTimed, null);
  if (carry && timedWorldInfo)
    throw new ScenarioError(
      fields.get('timedWorldInfo')?.path ?? 'timedWorldInfo',
      'contradicts carryTimedEffects: true (the state comes from the previous turn): set one or the other',
    );

  const character = readCharacter(fields.members('character', 'an object') ?? new Map());
  return {
    settings,
    maxContext: get('maxContext', (at) => int(at, 1), DEFAULT_MAX_CONTEXT),
    tokenizer: get(
      'tokenizer',
      (at) => {
        if (at.value !== 'guesstimate')
          throw new ScenarioError(
            at.path,
            `only "guesstimate" (SillyTavern's offline estimate) is supported, got ${shown(at.value)}`,
          );
        return 'guesstimate' as const;
      },
      'guesstimate',
    ),
    seed: get('seed', (at) => int(at, -Infinity), 0),
    random: get('random', readRandom, null),
    books,
    globalBooks: anyRole ? get('globalBooks', bookList, []) : Object.keys(books),
    characterBook: get('characterBook', nullableBook, null),
    extraCharacterBooks: get('extraCharacterBooks', bookList, []),
    chatBook: get('chatBook', nullableBook, null),
    personaBook: get('personaBook', nullableBook, null),
    character,
    user: readUser(fields.members('user', 'an object') ?? new Map()),
    chat: readChat(chat),
    trigger: get(
      'trigger',
      (at) => {
        const t = str(at);
        if (!TRIGGERS.includes(t))
          throw new ScenarioError(at.path, `expected one of ${TRIGGERS.join(', ')}, got ${shown(t)}`);
        return t;
      },
      'normal',
    ),
    extensionPrompts: get('extensionPrompts', readExtensionPrompts, {}),
    authorsNote: get('authorsNote', readAuthorsNote, null),
    dryRun: get('dryRun', bool, false),
    carryTimedEffects: carry,
    timedWorldInfo,
  };
}

function readCharacter(members: Map<string, Located>): Scenario['character'] {
  const texts = ['name', 'avatar', 'description', 'personality', 'scenario', 'creatorNotes', 'depthPrompt'];
  const out: Record<string, unknown> = {
    name: 'Character',
    tags: [],
    description: '',
    personality: '',
    scenario: '',
    creatorNotes: '',
    depthPrompt: '',
  };
  for (const [key, at] of members) {
    if (key === 'tags') out.tags = strings(at);
    else if (texts.includes(key)) out[key] = str(at);
    else throw new ScenarioError(at.path, `unknown character field (known: ${[...texts, 'tags'].join(', ')})`);
  }
  // Character filters compare the avatar file name without its extension: default it from the name.
  out.avatar ??= `${out.name as string}.png`;
  return out as unknown as Scenario['character'];
}

function readUser(members: Map<string, Located>): Scenario['user'] {
  const user = { name: 'User', persona: '' };
  for (const [key, at] of members) {
    if (key !== 'name' && key !== 'persona')
      throw new ScenarioError(at.path, 'unknown user field (known: name, persona)');
    user[key] = str(at);
  }
  return user;
}

function readChat(at: Located): ChatMessage[] {
  if (!Array.isArray(at.value))
    throw new ScenarioError(at.path, `expected a list of messages, oldest first, got ${shown(at.value)}`);
  return at.value.map((m, i): ChatMessage => {
    const path = `${at.path}[${i}]`;
    if (typeof m === 'string') return m;
    const message = expectObject(m, path, 'a string or a {"name", "mes"} object');
    checkKnown(message, ['name', 'mes', 'is_system'], `${path}.`, 'message field');
    if (message.name === undefined) throw new ScenarioError(`${path}.name`, 'missing: who wrote the message');
    if (message.mes === undefined) throw new ScenarioError(`${path}.mes`, 'missing: the message text');
    const out: ChatMessage = {
      name: str({ value: message.name, path: `${path}.name` }),
      mes: str({ value: message.mes, path: `${path}.mes` }),
    };
    if (message.is_system !== undefined) out.is_system = bool({ value: message.is_system, path: `${path}.is_system` });
    return out;
  });
}

function readRandom(at: Located): number[] | null {
  if (at.value === null) return null;
  if (!Array.isArray(at.value))
    throw new ScenarioError(at.path, `expected null or a list of numbers in [0, 1), got ${shown(at.value)}`);
  return at.value.map((v, i) => {
    if (typeof v !== 'number' || !(v >= 0 && v < 1))
      throw new ScenarioError(`${at.path}[${i}]`, `expected a number in [0, 1), got ${shown(v)}`);
    return v;
  });
}

function readExtensionPrompts(at: Located): Record<string, ExtensionPrompt> {
  const doc = expectObject(at.value, at.path, 'an object: id → {"value", "scan"}');
  return Object.fromEntries(
    Object.entries(doc).map(([id, p]) => {
      const path = `${at.path}.${id}`;
      const prompt = expectObject(p, path, 'an object {"value", "scan"}');
      checkKnown(prompt, ['value', 'scan'], `${path}.`, 'extension prompt field');
      return [
        id,
        {
          value: str({ value: prompt.value, path: `${path}.value` }),
          scan: prompt.scan === undefined ? false : bool({ value: prompt.scan, path: `${path}.scan` }),
        },
      ];
    }),
  );
}

function readAuthorsNote(at: Located): AuthorsNote | null {
  if (at.value === null) return null;
  const doc = expectObject(at.value, at.path, "null or an Author's Note object");
  checkKnown(doc, ['value', 'scan', 'position', 'depth', 'role'], `${at.path}.`, "Author's Note field");
  const field = (name: string): Located => ({ value: doc[name], path: `${at.path}.${name}` });
  const optionalInt = (name: string, fallback: number): number =>
    doc[name] === undefined ? fallback : int(field(name));
  return {
    value: str(field('value')),
    scan: doc.scan === undefined ? false : bool(field('scan')),
    position: optionalInt('position', 1),
    depth: optionalInt('depth', 4),
    role: optionalInt('role', 0),
  };
}

function readTimed(at: Located): TimedWorldInfo | null {
  if (at.value === null) return null;
  const doc = expectObject(at.value, at.path, 'null or {"sticky": {…}, "cooldown": {…}}');
  checkKnown(doc, ['sticky', 'cooldown'], `${at.path}.`, 'timed-effect kind');
  const records = (kind: 'sticky' | 'cooldown'): TimedWorldInfo[typeof kind] => {
    const path = `${at.path}.${kind}`;
    const map =
      doc[kind] === undefined
        ? {}
        : expectObject(doc[kind], path, 'an object: entry key → {hash, start, end, protected}');
    return Object.fromEntries(
      Object.entries(map).map(([key, r]) => {
        const rp = `${path}.${key}`;
        const rec = expectObject(r, rp, 'a record {hash, start, end, protected}');
        const f = (name: string): Located => ({ value: rec[name], path: `${rp}.${name}` });
        return [
          key,
          { hash: int(f('hash')), start: int(f('start')), end: int(f('end')), protected: bool(f('protected')) },
        ];
      }),
    );
  };
  return { sticky: records('sticky'), cooldown: records('cooldown') };
}
