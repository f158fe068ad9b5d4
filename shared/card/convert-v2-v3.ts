/**
 * V2 ↔ V3. V3 keeps every V2 field, so V2 → V3 relabels the spec and adds what V3 requires
 * (`group_only_greetings`, entry `use_regex`). V3 → V2 relabels back and keeps V3-only fields inside `data`
 * (V2 readers ignore unknown data keys and must not destroy them). Decorator lines are split off entry content
 * for V2 (SPEC_V3: remove decorators when backfilling V2) and parked in the entry's extensions under
 * DECORATORS_KEY, from where V2 → V3 puts them back; non-numeric string ids are parked the same way under
 * STRING_ID_KEY. V3 → V2 → V3 is therefore the identity (numeric string ids come back as numbers).
 */
import { childPointer, pointer } from './json-pointer.ts';
import { ReportBuilder } from './loss-report.ts';
import type { ConversionReport } from './loss-report.ts';
import { splitDecorators } from './decorators.ts';
import { isObject, V2_DATA_FIELDS, V3_ONLY_DATA_FIELDS } from './types.ts';
import type { CardV2, CardV3, JsonObject } from './types.ts';

export const DECORATORS_KEY = 'lorewright/v3_decorators';
/** V3 entry ids may be strings; V2 ids are numbers. A non-numeric id waits here for V2 → V3. */
export const STRING_ID_KEY = 'lorewright/v3_id';

export const V3_BACKFILL_NOTICE =
  'This character card is Character Card V3, but it is loaded as a Character Card V2. Please use a V3-compatible application for the full experience.';

const BOOK = pointer('data', 'character_book');

function keepKeys(
  r: ReportBuilder,
  obj: JsonObject,
  at: string,
  skip: ReadonlySet<string>,
  note?: (key: string) => string | undefined,
): void {
  for (const key of Object.keys(obj)) {
    if (!skip.has(key)) r.add('kept', childPointer(at, key), childPointer(at, key), note?.(key));
  }
}

function relabel(doc: JsonObject, spec: string, version: string, r: ReportBuilder): JsonObject {
  const out: JsonObject = { ...doc, spec, spec_version: version };
  r.add(
    doc['spec'] === undefined ? 'defaulted' : 'changed',
    doc['spec'] === undefined ? undefined : '/spec',
    '/spec',
    `"${spec}"`,
  );
  r.add(
    doc['spec_version'] === undefined ? 'defaulted' : 'changed',
    doc['spec_version'] === undefined ? undefined : '/spec_version',
    '/spec_version',
    `"${version}"`,
  );
  keepKeys(r, doc, '', new Set(['spec', 'spec_version', 'data']));
  return out;
}

export function convertV2toV3(doc: JsonObject): { doc: CardV3; report: ConversionReport } {
  const r = new ReportBuilder();
  const out = relabel(doc, 'chara_card_v3', '3.0', r);
  const data: JsonObject = { ...(isObject(doc['data']) ? doc['data'] : {}) };
  keepKeys(r, data, '/data', new Set(['character_book']));
  if (!Array.isArray(data['group_only_greetings'])) {
    if (data['group_only_greetings'] !== undefined)
      r.add('dropped', '/data/group_only_greetings', undefined, 'not an array; replaced by []');
    data['group_only_greetings'] = [];
    r.add('defaulted', undefined, '/data/group_only_greetings');
  }
  if (isObject(data['character_book'])) data['character_book'] = bookToV3(data['character_book'], r);
  else if ('character_book' in data) r.add('kept', BOOK, BOOK);
  out['data'] = data;
  return { doc: out as CardV3, report: { from: 'v2', to: 'v3', items: r.items } };
}

function bookToV3(book: JsonObject, r: ReportBuilder): JsonObject {
  keepKeys(r, book, BOOK, new Set(['entries']));
  if (!Array.isArray(book['entries'])) return book;
  const entries = book['entries'].map((entry, i) => {
    const at = childPointer(childPointer(BOOK, 'entries'), i);
    if (!isObject(entry)) {
      r.add('kept', at, at);
      return entry;
    }
    const e: JsonObject = { ...entry };
    r.add('kept', at, at);
    const ext = e['extensions'];
    if (isObject(ext) && typeof ext[DECORATORS_KEY] === 'string') {
      const { [DECORATORS_KEY]: decorators, ...restExt } = ext;
      e['content'] = `${decorators as string}${typeof e['content'] === 'string' ? e['content'] : ''}`;
      e['extensions'] = restExt;
      r.add(
        'moved',
        childPointer(`${at}/extensions`, DECORATORS_KEY),
        `${at}/content`,
        'decorator lines restored to the top of content',
      );
    }
    if (isObject(e['extensions']) && typeof e['extensions'][STRING_ID_KEY] === 'string' && e['id'] === undefined) {
      const { [STRING_ID_KEY]: id, ...restExt } = e['extensions'];
      e['id'] = id;
      e['extensions'] = restExt;
      r.add('moved', childPointer(`${at}/extensions`, STRING_ID_KEY), `${at}/id`, 'string id restored');
    }
    if (typeof e['use_regex'] !== 'boolean') {
      e['use_regex'] = false;
      r.add('defaulted', undefined, `${at}/use_regex`, 'required in V3');
    }
    return e;
  });
  return { ...book, entries };
}

export interface V3toV2Options {
  /** Prepend SPEC_V3's "this is a V3 card" notice to creator_notes (for a PNG `chara` backfill chunk). */
  backfillNotice?: boolean;
}

const V2_FIELD_SET = new Set<string>(V2_DATA_FIELDS);
const V3_ONLY = new Set<string>(V3_ONLY_DATA_FIELDS);

export function convertV3toV2(doc: JsonObject, options: V3toV2Options = {}): { doc: CardV2; report: ConversionReport } {
  const r = new ReportBuilder();
  const out = relabel(doc, 'chara_card_v2', '2.0', r);
  const data: JsonObject = { ...(isObject(doc['data']) ? doc['data'] : {}) };
  keepKeys(r, data, '/data', new Set(['character_book']), (key) =>
    V3_ONLY.has(key)
      ? 'V3-only field: V2 has no such field, kept in data (V2 readers ignore it)'
      : V2_FIELD_SET.has(key)
        ? undefined
        : 'unknown key, kept',
  );
  if (options.backfillNotice) {
    const notes = typeof data['creator_notes'] === 'string' ? data['creator_notes'] : '';
    data['creator_notes'] = notes ? `${V3_BACKFILL_NOTICE}\n\n${notes}` : V3_BACKFILL_NOTICE;
    r.add('changed', '/data/creator_notes', '/data/creator_notes', 'V3 notice prepended for V2-only readers');
  }
  if (isObject(data['character_book'])) data['character_book'] = bookToV2(data['character_book'], r);
  else if ('character_book' in data) r.add('kept', BOOK, BOOK);
  out['data'] = data;
  return { doc: out as CardV2, report: { from: 'v3', to: 'v2', items: r.items } };
}

function bookToV2(book: JsonObject, r: ReportBuilder): JsonObject {
  keepKeys(r, book, BOOK, new Set(['entries']));
  if (!Array.isArray(book['entries'])) return book;
  const entries = book['entries'].map((entry, i) => {
    const at = childPointer(childPointer(BOOK, 'entries'), i);
    r.add(
      'kept',
      at,
      at,
      isObject(entry) && 'use_regex' in entry ? 'use_regex has no V2 field; kept in the entry' : undefined,
    );
    if (!isObject(entry)) return entry;
    const e: JsonObject = { ...entry };
    if (
      typeof e['content'] === 'string' &&
      isObject(e['extensions']) &&
      e['extensions'][DECORATORS_KEY] === undefined
    ) {
      const split = splitDecorators(e['content']);
      if (split.decorators) {
        e['content'] = split.content;
        e['extensions'] = { ...e['extensions'], [DECORATORS_KEY]: split.decorators };
        r.add(
          'moved',
          `${at}/content`,
          childPointer(`${at}/extensions`, DECORATORS_KEY),
          'decorator lines removed from content for V2 (restored on V2 → V3)',
        );
      }
    }
    if (typeof e['id'] === 'string' && /^-?\d{1,15}$/.test(e['id'])) {
      e['id'] = Number(e['id']);
      r.add('changed', `${at}/id`, `${at}/id`, 'V2 ids are numbers');
    } else if (
      typeof e['id'] === 'string' &&
      isObject(e['extensions']) &&
      e['extensions'][STRING_ID_KEY] === undefined
    ) {
      e['extensions'] = { ...e['extensions'], [STRING_ID_KEY]: e['id'] };
      delete e['id'];
      r.add(
        'moved',
        `${at}/id`,
        childPointer(`${at}/extensions`, STRING_ID_KEY),
        'V2 ids are numbers; the string id is parked in extensions (restored on V2 → V3)',
      );
    }
    return e;
  });
  return { ...book, entries };
}
