/**
 * Lenient read: repairs the quirks real exporters produce so the document becomes spec-shaped, and reports each
 * repair as a warning with its JSON pointer. Nothing is dropped: values are coerced ("100" → 100), defaulted
 * when missing, or moved (ST's numeric entry position goes to extensions.position, as ST itself exports it).
 * The input is not mutated; containers on a changed path are shallow-copied.
 */
import { childPointer } from './json-pointer.ts';
import { isObject, V1_FIELDS } from './types.ts';
import type { CardSpec, JsonObject } from './types.ts';
import type { CardWarning } from './errors.ts';

const V2_STRINGS = [
  ...V1_FIELDS,
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'creator',
  'character_version',
];
const V2_STRING_ARRAYS = ['alternate_greetings', 'tags'];
const BOOK_NUMBERS = ['scan_depth', 'token_budget'];
const ENTRY_NUMBERS = ['insertion_order', 'priority'];
const ENTRY_BOOLEANS = ['enabled', 'case_sensitive', 'selective', 'constant', 'use_regex'];
/** SillyTavern World Info names → V2 entry names (ST-style entries inside character_book, as Chub exports). */
const ST_RENAMES: [string, string][] = [
  ['key', 'keys'],
  ['keysecondary', 'secondary_keys'],
  ['order', 'insertion_order'],
  ['uid', 'id'],
];

/** Pygmalion/early-Tavern V1 names → V1 names. */
const PYGMALION_RENAMES: [string, string][] = [
  ['char_name', 'name'],
  ['char_persona', 'description'],
  ['world_scenario', 'scenario'],
  ['char_greeting', 'first_mes'],
  ['example_dialogue', 'mes_example'],
];

class Fixer {
  readonly warnings: CardWarning[] = [];
  warn(pointer: string, message: string): void {
    this.warnings.push({ pointer, message });
  }

  string(obj: JsonObject, key: string, at: string): void {
    const v = obj[key];
    const p = childPointer(at, key);
    if (v === undefined || v === null) {
      obj[key] = '';
      this.warn(p, `${v === null ? 'null' : 'missing'} "${key}" read as ""`);
    } else if (typeof v === 'number' || typeof v === 'boolean') {
      obj[key] = String(v);
      this.warn(p, `${typeof v} "${key}" read as the string "${String(v)}"`);
    }
  }

  stringArray(obj: JsonObject, key: string, at: string, required: boolean): void {
    const v = obj[key];
    const p = childPointer(at, key);
    if (v === undefined && !required) return;
    if (v === undefined || v === null) {
      obj[key] = [];
      this.warn(p, `${v === null ? 'null' : 'missing'} "${key}" read as []`);
    } else if (typeof v === 'string') {
      obj[key] =
        v === ''
          ? []
          : v
              .split(',')
              .map((s) => s.trim())
              .filter((s) => s !== '');
      this.warn(p, `"${key}" is a string, read as a comma-separated list`);
    } else if (Array.isArray(v) && v.some((x) => typeof x === 'number' || typeof x === 'boolean')) {
      obj[key] = v.map((x) => (typeof x === 'number' || typeof x === 'boolean' ? String(x) : x));
      this.warn(p, `non-string items in "${key}" read as strings`);
    }
  }

  number(obj: JsonObject, key: string, at: string): void {
    const v = obj[key];
    if (typeof v !== 'string' || v.trim() === '' || !Number.isFinite(Number(v))) return;
    obj[key] = Number(v);
    this.warn(childPointer(at, key), `string "${v}" in "${key}" read as the number ${Number(v)}`);
  }

  boolean(obj: JsonObject, key: string, at: string): void {
    const v = obj[key];
    let b: boolean | undefined;
    if (v === 'true' || v === 1 || v === '1') b = true;
    else if (v === 'false' || v === 0 || v === '0') b = false;
    if (b === undefined) return;
    obj[key] = b;
    this.warn(childPointer(at, key), `${JSON.stringify(v)} in "${key}" read as ${b}`);
  }

  /** Moves `from` to `to` when only `from` is there (an older tool's name for the same field). */
  rename(obj: JsonObject, from: string, to: string, at: string, tool: string): void {
    if (obj[to] !== undefined || obj[from] === undefined) return;
    obj[to] = obj[from];
    delete obj[from];
    this.warn(childPointer(at, from), `${tool} field "${from}" read as "${to}"`);
  }

  extensions(obj: JsonObject, at: string): void {
    const v = obj['extensions'];
    if (v !== undefined && v !== null) return;
    obj['extensions'] = {};
    this.warn(childPointer(at, 'extensions'), `${v === null ? 'null' : 'missing'} "extensions" read as {}`);
  }
}

export interface Normalized {
  doc: JsonObject;
  warnings: CardWarning[];
}

export function normalizeCard(input: JsonObject, spec: CardSpec): Normalized {
  const fix = new Fixer();
  const doc = { ...input };
  if (spec === 'v1') {
    for (const [from, to] of PYGMALION_RENAMES) fix.rename(doc, from, to, '', 'Pygmalion');
    for (const key of V1_FIELDS) fix.string(doc, key, '');
    return { doc, warnings: fix.warnings };
  }
  const version = spec === 'v2' ? '2.0' : '3.0';
  if (doc['spec'] === undefined) {
    doc['spec'] = spec === 'v2' ? 'chara_card_v2' : 'chara_card_v3';
    fix.warn('/spec', `missing "spec" read as "${doc['spec']}" (the card has a data object)`);
  }
  const sv = doc['spec_version'];
  if (sv === undefined || typeof sv === 'number' || (spec === 'v2' && (sv === '2' || sv === 2))) {
    doc['spec_version'] = typeof sv === 'number' && spec === 'v3' ? sv.toFixed(1) : version;
    fix.warn(
      '/spec_version',
      `${sv === undefined ? 'missing' : JSON.stringify(sv)} "spec_version" read as "${doc['spec_version']}"`,
    );
  }
  const data = { ...(doc['data'] as JsonObject) };
  doc['data'] = data;
  for (const key of V2_STRINGS) fix.string(data, key, '/data');
  for (const key of V2_STRING_ARRAYS) fix.stringArray(data, key, '/data', true);
  fix.extensions(data, '/data');
  if (spec === 'v3') {
    fix.stringArray(data, 'group_only_greetings', '/data', true);
    fix.stringArray(data, 'source', '/data', false);
    fix.number(data, 'creation_date', '/data');
    fix.number(data, 'modification_date', '/data');
  }
  if (data['character_book'] === null) {
    delete data['character_book'];
    fix.warn('/data/character_book', 'character_book is null; read as absent');
  } else if (isObject(data['character_book'])) {
    data['character_book'] = normalizeBook(data['character_book'], '/data/character_book', spec, fix);
  }
  return { doc, warnings: fix.warnings };
}

function normalizeBook(input: JsonObject, at: string, spec: CardSpec, fix: Fixer): JsonObject {
  const book = { ...input };
  fix.extensions(book, at);
  for (const key of BOOK_NUMBERS) fix.number(book, key, at);
  fix.boolean(book, 'recursive_scanning', at);
  let entries = book['entries'];
  if (entries === undefined || entries === null) {
    fix.warn(childPointer(at, 'entries'), `${entries === null ? 'null' : 'missing'} "entries" read as []`);
    entries = [];
  } else if (isObject(entries)) {
    const keyed = entries;
    entries = Object.keys(keyed).map((k) => {
      const e = keyed[k];
      // The key is the entry's id in ST's layout; keep it when the entry does not carry one.
      return isObject(e) && e['id'] === undefined && e['uid'] === undefined && /^\d+$/.test(k)
        ? { id: Number(k), ...e }
        : e;
    });
    fix.warn(childPointer(at, 'entries'), 'entries is an object keyed by id; read as an array in key order');
  }
  book['entries'] = Array.isArray(entries)
    ? entries.map((e, i) =>
        isObject(e) ? normalizeEntry(e, childPointer(childPointer(at, 'entries'), i), spec, fix) : e,
      )
    : entries;
  return book;
}

function normalizeEntry(input: JsonObject, at: string, spec: CardSpec, fix: Fixer): JsonObject {
  const e = { ...input };
  for (const [from, to] of ST_RENAMES) fix.rename(e, from, to, at, 'SillyTavern');
  if (e['enabled'] === undefined && typeof e['disable'] === 'boolean') {
    e['enabled'] = !e['disable'];
    delete e['disable'];
    fix.warn(childPointer(at, 'disable'), `SillyTavern field "disable" read as "enabled": ${String(e['enabled'])}`);
  }
  fix.stringArray(e, 'keys', at, true);
  fix.stringArray(e, 'secondary_keys', at, false);
  fix.string(e, 'content', at);
  fix.extensions(e, at);
  for (const key of ENTRY_NUMBERS) fix.number(e, key, at);
  if (typeof e['id'] === 'string' && spec === 'v2') fix.number(e, 'id', at);
  for (const key of ENTRY_BOOLEANS) fix.boolean(e, key, at);
  if (e['enabled'] === undefined) {
    e['enabled'] = true;
    fix.warn(childPointer(at, 'enabled'), 'missing "enabled" read as true');
  }
  if (e['insertion_order'] === undefined) {
    e['insertion_order'] = 100;
    fix.warn(
      childPointer(at, 'insertion_order'),
      'missing "insertion_order" read as 100 (SillyTavern\'s default order)',
    );
  }
  if (spec === 'v3' && e['use_regex'] === undefined) {
    e['use_regex'] = false;
    fix.warn(childPointer(at, 'use_regex'), 'missing "use_regex" read as false');
  }
  const pos = e['position'];
  const ext = e['extensions'];
  // ST's 0–6 positions: keep the exact one in extensions, as ST's own export does (unless it would clobber one).
  if (typeof pos === 'number' && isObject(ext) && (ext['position'] === undefined || ext['position'] === pos)) {
    e['extensions'] = { ...ext, position: pos };
    e['position'] = pos === 0 ? 'before_char' : 'after_char';
    fix.warn(
      childPointer(at, 'position'),
      `numeric position ${pos} read as "${e['position']}" (the number is kept in extensions.position)`,
    );
  }
  return e;
}
