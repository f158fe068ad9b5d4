/**
 * The JSON Schema of scenario files (`lorewright preview` / `test`, docs/lore-tests.md) and of the turns of lore
 * tests saved in the library: one validator for the CLI and the app. Each schema node carries the words of its error
 * message (`expected`, `missing`, `unknown`), so a problem reads as a field path and what was wanted there:
 * `turns[0].settings.depth: expected a whole number ≥ 0, got "4"`. Merging layers, defaults and the checks that
 * relate fields to each other (book names, timed effects) are in scenario-file.ts.
 */
import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { DEFAULT_SCAN_SETTINGS } from './defaults.ts';
import { ScenarioError } from './scenario-error.ts';

/** Message words a schema node may carry (a vocabulary ajv is told about, so strict mode accepts it). */
interface Words {
  /** What a value here must be: `expected <this>, got …`. */
  expected?: string;
  /** For a property that must be there: `missing: <this>`. */
  missing?: string;
  /** The kind of field an unknown member would be: `unknown <this> (known: …)`; "field" when not said. */
  unknown?: string;
}
type Node = Words & Record<string, unknown>;

export const TRIGGERS = ['normal', 'continue', 'impersonate', 'swipe', 'regenerate', 'quiet'];

const whole = (min: number): Node => ({ type: 'integer', minimum: min, expected: `a whole number ≥ ${min}` });
const bool: Node = { type: 'boolean', expected: 'true or false' };
const text: Node = { type: 'string', expected: 'a string' };
const texts: Node = { type: 'array', items: text, expected: 'a list of strings' };
const bookName: Node = { type: ['null', 'string'], expected: 'null or a book name' };

function object(properties: Record<string, Node>, words: Words & { required?: string[] }): Node {
  return { type: 'object', properties, additionalProperties: false, ...words };
}

const settings = object(
  Object.fromEntries(
    Object.entries(DEFAULT_SCAN_SETTINGS).map(([key, value]) => [
      key,
      typeof value === 'boolean'
        ? bool
        : key === 'characterStrategy'
          ? { ...whole(0), maximum: 2, expected: '0 (evenly), 1 (character first) or 2 (global first)' }
          : whole(0),
    ]),
  ),
  { expected: 'an object of World Info settings', unknown: 'setting' },
);

const message: Node = {
  ...object(
    {
      name: { ...text, missing: 'who wrote the message' },
      mes: { ...text, missing: 'the message text' },
      is_system: bool,
    },
    { required: ['name', 'mes'], unknown: 'message field' },
  ),
  type: ['string', 'object'],
  expected: 'a string or a {"name", "mes"} object',
};

const timedRecord = object(
  { hash: whole(0), start: whole(0), end: whole(0), protected: bool },
  { required: ['hash', 'start', 'end', 'protected'], expected: 'a record {hash, start, end, protected}' },
);
const timedKind: Node = {
  type: 'object',
  additionalProperties: timedRecord,
  expected: 'an object: entry key → {hash, start, end, protected}',
};

/** The fields of one scan, every one optional: a file, its `input` and each turn are layers of these. */
const SCAN_FIELDS: Record<string, Node> = {
  settings,
  maxContext: whole(1),
  tokenizer: { const: 'guesstimate', expected: `"guesstimate" (SillyTavern's offline estimate)` },
  seed: { type: 'integer', expected: 'a whole number' },
  random: {
    type: ['null', 'array'],
    items: { type: 'number', minimum: 0, exclusiveMaximum: 1, expected: 'a number in [0, 1)' },
    expected: 'null or a list of numbers in [0, 1)',
  },
  books: {
    type: 'object',
    additionalProperties: { type: ['string', 'object'], expected: 'a World Info book object or a book file path' },
    expected: 'an object: book name → book',
  },
  globalBooks: texts,
  characterBook: bookName,
  extraCharacterBooks: texts,
  chatBook: bookName,
  personaBook: bookName,
  character: object(
    Object.fromEntries(
      ['name', 'avatar', 'description', 'personality', 'scenario', 'creatorNotes', 'depthPrompt', 'tags'].map((k) => [
        k,
        k === 'tags' ? texts : text,
      ]),
    ),
    { expected: 'an object', unknown: 'character field' },
  ),
  user: object({ name: text, persona: text }, { expected: 'an object', unknown: 'user field' }),
  chat: { type: 'array', items: message, expected: 'a list of messages, oldest first' },
  trigger: { type: 'string', enum: TRIGGERS, expected: `one of ${TRIGGERS.join(', ')}` },
  extensionPrompts: {
    type: 'object',
    additionalProperties: object(
      { value: { ...text, missing: 'the prompt text' }, scan: bool },
      { required: ['value'], expected: 'an object {"value", "scan"}', unknown: 'extension prompt field' },
    ),
    expected: 'an object: id → {"value", "scan"}',
  },
  authorsNote: {
    ...object(
      {
        value: { ...text, missing: "the note's text" },
        scan: bool,
        position: whole(0),
        depth: whole(0),
        role: whole(0),
      },
      { required: ['value'], unknown: "Author's Note field" },
    ),
    type: ['null', 'object'],
    expected: "null or an Author's Note object",
  },
  dryRun: bool,
  carryTimedEffects: bool,
  timedWorldInfo: {
    ...object({ sticky: timedKind, cooldown: timedKind }, { unknown: 'timed-effect kind' }),
    type: ['null', 'object'],
    expected: 'null or {"sticky": {…}, "cooldown": {…}}',
  },
};
export const SCAN_FIELD_NAMES = Object.keys(SCAN_FIELDS);

/** `expect` is read by parseExpect (lore-test.ts), which names its own problems. */
const layer = object({ ...SCAN_FIELDS, expect: {} }, { expected: 'a scenario object' });
const turn = { ...layer, expected: 'a turn object' };

/** A scenario file: the scan fields, what describes a recorded case, then one `input` or a list of `turns`. */
const fileSchema = object(
  {
    ...SCAN_FIELDS,
    name: text,
    description: text,
    sillyTavernVersion: text,
    expected: {},
    input: layer,
    turns: { type: 'array', minItems: 1, items: turn, expected: 'a non-empty list of turns' },
    expect: {},
  },
  { expected: 'a scenario object' },
);

/** A turn of a lore test saved in the library: a scenario whose book is the tested one (so no `books`). */
const savedTurnSchema = object(
  {
    ...Object.fromEntries(Object.entries(SCAN_FIELDS).filter(([k]) => k !== 'books')),
    settings: { ...settings, missing: 'the World Info settings object' },
    chat: { ...SCAN_FIELDS['chat'], missing: 'the chat so far, oldest message first' },
  },
  { required: ['settings', 'chat'], expected: 'a scenario object' },
);

const ajv = new Ajv({ strict: true, allowUnionTypes: true, verbose: true });
ajv.addVocabulary(['expected', 'missing', 'unknown']);
const validateFile = ajv.compile(fileSchema);
const validateSavedTurn = ajv.compile(savedTurnSchema);

/** `/turns/0/chat/1` → `turns[0].chat[1]`, the way the messages and the docs write paths. */
function dotted(pointer: string, prefix: string): string {
  const path = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : out ? `${out}.${s}` : s), prefix);
  return path || '(top level)';
}

export function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 37)}…` : json;
}

function toScenarioError(e: ErrorObject, prefix: string): ScenarioError {
  const schema = e.parentSchema as Node & { properties?: Record<string, Node> };
  const at = (member: string): string =>
    dotted(`${e.instancePath}/${member.replace(/~/g, '~0').replace(/\//g, '~1')}`, prefix);
  if (e.keyword === 'additionalProperties') {
    const known = Object.keys(schema.properties ?? {});
    return new ScenarioError(
      at(String(e.params['additionalProperty'])),
      `unknown ${schema.unknown ?? 'field'} (known: ${known.join(', ')})`,
    );
  }
  if (e.keyword === 'required') {
    const name = String(e.params['missingProperty']);
    return new ScenarioError(at(name), `missing: ${schema.properties?.[name]?.missing ?? 'required'}`);
  }
  return new ScenarioError(
    dotted(e.instancePath, prefix),
    `expected ${schema.expected ?? e.message}, got ${shown(e.data)}`,
  );
}

/** Checks a scenario file's shape; throws a ScenarioError at the first problem. */
export function checkScenarioFile(doc: unknown): void {
  if (!validateFile(doc)) throw toScenarioError((validateFile.errors ?? [])[0] as ErrorObject, '');
}

/** Checks a saved lore test's turn; `at` is its path in the document (`turns[1]`). */
export function checkSavedTurn(doc: unknown, at: string): void {
  if (!validateSavedTurn(doc)) throw toScenarioError((validateSavedTurn.errors ?? [])[0] as ErrorObject, at);
}
