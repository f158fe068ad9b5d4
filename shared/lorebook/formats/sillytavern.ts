// SillyTavern World Info JSON (`{entries: {"<uid>": entry}, originalData?}`): the canonical form itself. Reading
// keeps the file exactly as stored (no defaults: the engine must see what SillyTavern's loadWorldInfo returns)
// and only warns about values SillyTavern would pass through but misread. Writing is a copy.
//
// | field                       | import / export                                                 |
// |-----------------------------|-----------------------------------------------------------------|
// | entries.<uid>.* (any field) | kept verbatim; wrong types are warnings, never coerced          |
// | originalData, unknown keys  | kept verbatim                                                   |

import type { WorldInfoBook } from '../model.ts';
import { childPath, ROOT } from './json-path.ts';
import { record, warn } from './report.ts';
import type { LossReport } from './types.ts';
import { cloneJson, describe, expectRecord } from './values.ts';

type Kind = 'string' | 'number' | 'boolean' | 'string[]' | 'object';

/** Expected types of known fields; `null` allowed where SillyTavern uses it for "use the global setting". */
const FIELD_KINDS: Record<string, readonly [Kind, 'nullable'?]> = {
  uid: ['number'],
  key: ['string[]'],
  keysecondary: ['string[]'],
  comment: ['string'],
  content: ['string'],
  order: ['number'],
  position: ['number'],
  selectiveLogic: ['number'],
  probability: ['number'],
  depth: ['number'],
  groupWeight: ['number'],
  group: ['string'],
  outletName: ['string'],
  automationId: ['string'],
  scanDepth: ['number', 'nullable'],
  caseSensitive: ['boolean', 'nullable'],
  matchWholeWords: ['boolean', 'nullable'],
  useGroupScoring: ['boolean', 'nullable'],
  role: ['number', 'nullable'],
  sticky: ['number', 'nullable'],
  cooldown: ['number', 'nullable'],
  delay: ['number', 'nullable'],
  triggers: ['string[]'],
  characterFilter: ['object'],
  extensions: ['object'],
};

function hasKind(value: unknown, kind: Kind): boolean {
  if (kind === 'string[]') return Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (kind === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === kind;
}

export function readStBook(doc: unknown, report: LossReport): WorldInfoBook {
  const book = expectRecord(doc, ROOT, 'a World Info book');
  const entriesPath = childPath(ROOT, 'entries');
  const entries = expectRecord(book.entries, entriesPath, 'entries keyed by uid');
  for (const [key, raw] of Object.entries(entries)) {
    const path = childPath(entriesPath, key);
    const entry = expectRecord(raw, path, 'an entry');
    for (const [field, value] of Object.entries(entry)) {
      record(report, 'kept', childPath(path, field), childPath(path, field));
      const [kind, nullable] = Object.hasOwn(FIELD_KINDS, field) ? FIELD_KINDS[field]! : [];
      if (kind && !hasKind(value, kind) && !(nullable && value === null)) {
        warn(report, childPath(path, field), `expected ${kind}${nullable ? ' or null' : ''}, got ${describe(value)}`);
      }
    }
    if (entry.uid === undefined) warn(report, childPath(path, 'uid'), 'missing uid');
    else if (String(entry.uid) !== key) warn(report, childPath(path, 'uid'), `uid ${JSON.stringify(entry.uid)} differs from its key`);
  }
  for (const field of Object.keys(book)) if (field !== 'entries') record(report, 'kept', childPath(ROOT, field), childPath(ROOT, field));
  return cloneJson(book) as WorldInfoBook;
}

export function writeStBook(book: WorldInfoBook, report: LossReport): WorldInfoBook {
  return readStBook(book, report);
}
