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
import { cloneJson, expectRecord } from './values.ts';
import { checkKinds } from './kinds.ts';
import type { Kind } from './kinds.ts';

/** Known fields; `?` allows the null SillyTavern uses for "use the global setting". */
const ENTRY_KINDS: Record<string, Kind> = {
  uid: 'number',
  key: 'string[]',
  keysecondary: 'string[]',
  comment: 'string',
  content: 'string',
  order: 'number',
  position: 'number',
  selectiveLogic: 'number',
  probability: 'number',
  depth: 'number',
  groupWeight: 'number',
  group: 'string',
  outletName: 'string',
  automationId: 'string',
  scanDepth: 'number?',
  caseSensitive: 'boolean?',
  matchWholeWords: 'boolean?',
  useGroupScoring: 'boolean?',
  role: 'number?',
  sticky: 'number?',
  cooldown: 'number?',
  delay: 'number?',
  triggers: 'string[]',
  characterFilter: 'object',
  extensions: 'object',
};

export function readStBook(doc: unknown, report: LossReport): WorldInfoBook {
  let book = expectRecord(doc, ROOT, 'a World Info book');
  const entriesPath = childPath(ROOT, 'entries');
  if (Array.isArray(book.entries)) {
    warn(report, entriesPath, 'an array instead of entries keyed by uid: read by index, as SillyTavern does');
    book = { ...book, entries: { ...book.entries } };
  }
  const entries = expectRecord(book.entries, entriesPath, 'entries keyed by uid');
  for (const [key, raw] of Object.entries(entries)) {
    const path = childPath(entriesPath, key);
    const entry = expectRecord(raw, path, 'an entry');
    for (const field of Object.keys(entry)) record(report, 'kept', childPath(path, field), childPath(path, field));
    checkKinds(entry, path, ENTRY_KINDS, report);
    if (entry.uid === undefined) warn(report, childPath(path, 'uid'), 'missing uid');
    else if (String(entry.uid) !== key)
      warn(report, childPath(path, 'uid'), `uid ${JSON.stringify(entry.uid)} differs from its key`);
  }
  for (const field of Object.keys(book))
    if (field !== 'entries') record(report, 'kept', childPath(ROOT, field), childPath(ROOT, field));
  return cloneJson(book) as WorldInfoBook;
}

export function writeStBook(book: WorldInfoBook, report: LossReport): WorldInfoBook {
  return readStBook(book, report);
}
