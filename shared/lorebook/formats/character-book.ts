// V2 `character_book` ⇄ World Info book, following SillyTavern 1.18 in both directions (docs/world-info.md#character-books), so a card's
// book reaches the engine exactly as SillyTavern imports it. Also the inner book of V3 (see v3.ts).
//
// | character_book entry           | World Info entry (import)                              | export back             |
// |--------------------------------|--------------------------------------------------------|-------------------------|
// | id (default: index)            | uid                                                    | id                      |
// | keys                           | key                                                    | keys                    |
// | secondary_keys (|| [])         | keysecondary                                           | secondary_keys          |
// | comment (|| '')                | comment; addMemo = !!comment                           | comment                 |
// | content                        | content                                                | content                 |
// | constant, selective (|| false) | constant, selective                                    | constant, selective     |
// | insertion_order                | order                                                  | insertion_order         |
// | enabled                        | disable = !enabled                                     | enabled = !disable      |
// | position before_char/after_char| position (0/1) unless extensions.position is set       | position 0 ⇒ before_char|
// | extensions.<snake_case>        | camelCase field (EXTENSION_FIELDS, with ST's defaults) | extensions.<snake_case> |
// | extensions (whole object)      | extensions, verbatim                                   | spread under the above  |
// | use_regex                      | not used by SillyTavern: stored in originalData        | true iff every key is /…/ (ST: always true) |
// | case_sensitive, name, priority, unknown | not used by SillyTavern: stored in originalData |
// | book name, description, scan_depth, token_budget, recursive_scanning, extensions: stored in originalData |
// Missing on export (as SillyTavern): probability ⇒ null, useProbability ⇒ false, depth ⇒ 4, selectiveLogic ⇒ 0,
// group_weight ⇒ null, role ⇒ 0; use_group_scoring stays null (SillyTavern writes false, changing its meaning).
// Not carried by V2 (as in SillyTavern): characterFilter, addMemo, unknown World Info fields.

import type { WorldInfoBook, WorldInfoEntry } from '../model.ts';
import { childPath, ROOT } from './json-path.ts';
import { record, sourceFields, warn } from './report.ts';
import type { SourceFields } from './report.ts';
import { checkKinds } from './kinds.ts';
import type { Kind } from './kinds.ts';
import { entryFromTemplate } from './st-template.ts';
import type { LossReport } from './types.ts';
import { compact, expectArray, expectRecord, isObject, setOwn } from './values.ts';
import type { JsonObject } from './values.ts';

/** `extensions` key, World Info field, SillyTavern's import default, export fallback for a missing field. */
const EXTENSION_FIELDS: readonly (readonly [string, string, unknown, unknown?])[] = [
  ['position', 'position', undefined],
  ['exclude_recursion', 'excludeRecursion', false],
  ['display_index', 'displayIndex', undefined],
  ['probability', 'probability', 100, null],
  ['useProbability', 'useProbability', true, false],
  ['depth', 'depth', 4, 4],
  ['selectiveLogic', 'selectiveLogic', 0, 0],
  ['outlet_name', 'outletName', ''],
  ['group', 'group', ''],
  ['group_override', 'groupOverride', false],
  ['group_weight', 'groupWeight', 100, null],
  ['prevent_recursion', 'preventRecursion', false],
  ['delay_until_recursion', 'delayUntilRecursion', false],
  ['scan_depth', 'scanDepth', null],
  ['match_whole_words', 'matchWholeWords', null],
  // SillyTavern exports `?? false`, turning "use the global setting" into "off"; we keep null.
  ['use_group_scoring', 'useGroupScoring', null, null],
  ['case_sensitive', 'caseSensitive', null],
  ['automation_id', 'automationId', ''],
  ['role', 'role', 0, 0],
  ['vectorized', 'vectorized', false],
  ['sticky', 'sticky', null],
  ['cooldown', 'cooldown', null],
  ['delay', 'delay', null],
  ['match_persona_description', 'matchPersonaDescription', false],
  ['match_character_description', 'matchCharacterDescription', false],
  ['match_character_personality', 'matchCharacterPersonality', false],
  ['match_character_depth_prompt', 'matchCharacterDepthPrompt', false],
  ['match_scenario', 'matchScenario', false],
  ['match_creator_notes', 'matchCreatorNotes', false],
  ['triggers', 'triggers', []],
  ['ignore_budget', 'ignoreBudget', false],
];

const ENTRY_KINDS: Record<string, Kind> = {
  keys: 'string[]',
  secondary_keys: 'string[]',
  comment: 'string',
  content: 'string',
  constant: 'boolean',
  selective: 'boolean',
  insertion_order: 'number',
  enabled: 'boolean',
  extensions: 'object',
};

const STORED_NOTE = 'not used by SillyTavern; kept in originalData for export';

/** The uid SillyTavern gives the entry at `index` (`id`, else the index). */
export function characterBookUid(entry: unknown, index: number): unknown {
  return isObject(entry) && entry.id !== undefined ? entry.id : index;
}

function uidOf(id: unknown, path: string, report: LossReport): number {
  if (typeof id === 'number') return id;
  // V3 allows string ids; SillyTavern keys the entry by it anyway, and so do we.
  warn(report, path, `non-numeric id ${JSON.stringify(id)} used as uid`);
  return id as number;
}

/** `stored` maps an input path to where the input keeps it inside the book's `originalData`. */
export function readCharacterBook(
  book: JsonObject,
  path: string,
  report: LossReport,
  stored: (inputPath: string) => string,
): WorldInfoBook {
  const listPath = childPath(path, 'entries');
  // Lenient: some exporters (Chub) key a card book's entries by uid; read them in key order.
  const keyed = isObject(book.entries);
  if (keyed) warn(report, listPath, 'entries keyed by uid instead of a list: read in key order');
  const rawEntries = keyed
    ? Object.entries(book.entries as JsonObject)
    : expectArray(book.entries, listPath, 'the entry list').map((raw, i) => [i, raw] as const);
  const entries: Record<string, WorldInfoEntry> = {};
  rawEntries.forEach(([at, raw], index) => {
    const entryPath = childPath(listPath, at);
    const entry = readEntry(expectRecord(raw, entryPath, 'an entry'), index, entryPath, report, stored);
    const key = String(entry.uid);
    if (Object.hasOwn(entries, key))
      warn(report, entryPath, `duplicate id ${key}: replaces the earlier entry, as in SillyTavern`);
    setOwn(entries, key, entry);
  });
  const fields = sourceFields(book, path, report);
  fields.take('entries', 'mapped', '$.entries');
  fields.rest('stored', (key) => stored(childPath(path, key)), 'book-level setting not used by the SillyTavern engine');
  return { entries };
}

function readEntry(
  raw: JsonObject,
  index: number,
  path: string,
  report: LossReport,
  stored: (inputPath: string) => string,
): WorldInfoEntry {
  const src = sourceFields(raw, path, report);
  const uid = uidOf(characterBookUid(raw, index), childPath(path, 'id'), report);
  const to = (field: string) => childPath(childPath('$.entries', String(uid)), field);
  if (raw.id === undefined) record(report, 'defaulted', null, to('uid'), "the entry's index");
  src.take('id', 'mapped', to('uid'));
  checkKinds(raw, path, ENTRY_KINDS, report);
  const ext = isObject(raw.extensions) ? raw.extensions : {};
  const extFields = sourceFields(ext, childPath(path, 'extensions'), report);

  /** Reads `key` into `field`, applying SillyTavern's `||` / `??` fallback and reporting when it applied. */
  const pick = (
    fields: SourceFields,
    key: string,
    field: string,
    fallback: unknown,
    op: '||' | '??',
    note?: string,
  ) => {
    const value = fields.take(key, 'mapped', to(field), note);
    const result = op === '||' ? value || fallback : (value ?? fallback);
    if (result !== value) {
      const was = Object.hasOwn(fields === src ? raw : ext, key) ? JSON.stringify(value) : 'missing';
      record(
        report,
        'defaulted',
        null,
        to(field),
        `${was} ⇒ ${field === 'displayIndex' ? "the entry's index" : JSON.stringify(result)}`,
      );
    }
    return result;
  };
  const entry: JsonObject = { uid };
  entry.key = src.take('keys', 'mapped', to('key'));
  entry.keysecondary = pick(src, 'secondary_keys', 'keysecondary', [], '||');
  entry.comment = pick(src, 'comment', 'comment', '', '||');
  entry.content = src.take('content', 'mapped', to('content'));
  entry.constant = pick(src, 'constant', 'constant', false, '||');
  entry.selective = pick(src, 'selective', 'selective', false, '||', 'missing ⇒ false (V2 default, unlike the editor)');
  entry.order = src.take('insertion_order', 'mapped', to('order'));
  entry.disable = !src.take('enabled', 'mapped', to('disable'), 'negated');
  if (raw.enabled === undefined)
    warn(report, childPath(path, 'enabled'), 'missing: SillyTavern imports the entry as disabled');
  entry.addMemo = Boolean(raw.comment);
  record(report, 'defaulted', null, to('addMemo'), '!!comment');
  const extPosition = ext.position ?? undefined;
  const position = src.take(
    'position',
    extPosition === undefined ? 'mapped' : 'dropped',
    extPosition === undefined ? to('position') : null,
    extPosition === undefined ? "'before_char' ⇒ 0, anything else ⇒ 1" : 'superseded by extensions.position',
  );
  entry.position = extPosition ?? (position === 'before_char' ? 0 : 1);
  for (const [extKey, field, fallback] of EXTENSION_FIELDS) {
    if (field === 'position') extFields.take(extKey, 'mapped', to(field));
    else if (field === 'displayIndex') entry.displayIndex = pick(extFields, extKey, field, index, '??');
    else entry[field] = pick(extFields, extKey, field, fallback, field === 'triggers' ? '||' : '??');
  }
  extFields.rest('extensions', (key) => childPath(to('extensions'), key), 'copied verbatim with the extensions object');
  src.take('extensions', 'mapped', to('extensions'), 'copied verbatim; known keys are also mapped to fields');
  entry.extensions = raw.extensions;
  src.rest('stored', (key) => stored(childPath(path, key)), STORED_NOTE);
  return entryFromTemplate(entry as WorldInfoEntry, (field, value) =>
    record(report, 'defaulted', null, to(field), `template ${JSON.stringify(value)}`),
  );
}

/** SillyTavern's test for a regex key (`/pattern/flags`). */
function isRegexKey(key: unknown): boolean {
  return typeof key === 'string' && /^\/[\s\S]+?\/[gimsuyvd]*$/.test(key);
}

/** V3 `use_regex`: true only when every primary key is a regex (SillyTavern decides per key). */
export function useRegexFor(keys: unknown): boolean {
  return Array.isArray(keys) && keys.length > 0 && keys.every(isRegexKey);
}

/** A World Info book as a bare character_book (`{name?, extensions, entries[]}`); `root` is where the book sits in the output (`$.data` inside a lorebook_v3 wrapper). */
export function writeCharacterBook(
  book: WorldInfoBook,
  report: LossReport,
  name: string | undefined,
  root = ROOT,
): JsonObject {
  const fields = sourceFields(book, ROOT, report);
  const outEntries = childPath(root, 'entries');
  const entries = Object.entries(book.entries).map(([key, entry], index) =>
    writeEntry(entry, childPath(childPath(ROOT, 'entries'), key), childPath(outEntries, index), report),
  );
  fields.take('entries', 'mapped', outEntries);
  fields.rest('dropped', () => null, 'a character_book has no place for World Info book fields');
  if (name !== undefined) record(report, 'defaulted', null, childPath(root, 'name'), 'from the export options');
  return compact({ name, extensions: {}, entries });
}

function writeEntry(entry: WorldInfoEntry, path: string, outPath: string, report: LossReport): JsonObject {
  const src = sourceFields(entry, path, report);
  const to = (field: string) => childPath(outPath, field);
  const take = (field: string, key: string, note?: string) => src.take(field, 'mapped', to(key), note);
  const keys = take('key', 'keys');
  const out: JsonObject = {
    id: take('uid', 'id'),
    keys,
    secondary_keys: take('keysecondary', 'secondary_keys'),
    comment: take('comment', 'comment'),
    content: take('content', 'content'),
    constant: take('constant', 'constant'),
    selective: take('selective', 'selective'),
    insertion_order: take('order', 'insertion_order'),
    enabled: !take('disable', 'enabled', 'negated'),
    // Loose comparison, as SillyTavern: the real position also goes to extensions.position.
    position: entry.position == 0 ? 'before_char' : 'after_char',
    use_regex: useRegexFor(keys),
  };
  if (entry.disable === undefined) record(report, 'defaulted', null, to('enabled'), 'missing disable ⇒ true');
  const extensions: JsonObject = isObject(entry.extensions) ? { ...entry.extensions } : {};
  take('extensions', 'extensions', 'spread first; the fields below override it');
  const extTo = (key: string) => childPath(to('extensions'), key);
  for (const [extKey, field, , exportFallback] of EXTENSION_FIELDS) {
    const value = src.take(field, field === 'position' ? 'mapped' : 'extensions', extTo(extKey));
    if (value !== undefined) extensions[extKey] = value;
    else if (exportFallback !== undefined) {
      extensions[extKey] = exportFallback;
      record(
        report,
        'defaulted',
        null,
        extTo(extKey),
        `missing ⇒ ${JSON.stringify(exportFallback)}, as SillyTavern exports it`,
      );
    }
  }
  out.extensions = extensions;
  src.take('characterFilter', 'dropped', null, 'V2 has no character filter (SillyTavern drops it too)');
  src.take('addMemo', 'dropped', null, "V2 has no such field; SillyTavern's import derives it from comment");
  src.rest('dropped', () => null, 'no V2 field for it');
  return compact(out);
}
