// Shared walk for formats whose entries are an array (NovelAI, Agnai, Risu): SillyTavern numbers the imported
// entries by array index (uid = displayIndex = index) and builds each one on the new-entry template.

import type { WorldInfoBook, WorldInfoEntry } from '../model.ts';
import { childPath, inOriginalData, ROOT } from './json-path.ts';
import { record, sourceFields, warn } from './report.ts';
import type { SourceFields } from './report.ts';
import { entryFromTemplate } from './st-template.ts';
import { checkKinds } from './kinds.ts';
import type { Kind } from './kinds.ts';
import type { LossReport } from './types.ts';
import { expectArray, expectRecord } from './values.ts';
import type { JsonObject } from './values.ts';

/** Converts one source entry into World Info fields; `to(field)` is a field's output path, for the report. */
export type EntryReader = (src: SourceFields, to: (field: string) => string) => Partial<WorldInfoEntry>;

/**
 * What SillyTavern's NovelAI and Agnai importers set on every entry: `disable` from `enabled` negated (a missing one
 * imports disabled), no secondary keys, and not selective.
 */
export function importedEntryBase(
  src: SourceFields,
  to: (field: string) => string,
  report: LossReport,
  importer: string,
) {
  const enabled = src.take('enabled', 'mapped', to('disable'), 'negated');
  if (enabled === undefined)
    warn(report, childPath(src.path, 'enabled'), 'missing: SillyTavern imports the entry as disabled');
  for (const field of ['keysecondary', 'selective'])
    record(report, 'defaulted', null, to(field), `SillyTavern's ${importer} import`);
  return { disable: !enabled, keysecondary: [], selective: false };
}

export function readEntryList(
  doc: JsonObject,
  entriesKey: string,
  kinds: Readonly<Record<string, Kind>>,
  report: LossReport,
  readEntry: EntryReader,
): WorldInfoBook {
  const listPath = childPath(ROOT, entriesKey);
  const list = expectArray(doc[entriesKey], listPath, 'the entry list');
  const entries: Record<string, WorldInfoEntry> = {};
  list.forEach((raw, index) => {
    const path = childPath(listPath, index);
    const object = expectRecord(raw, path, 'an entry');
    checkKinds(object, path, kinds, report);
    const src = sourceFields(object, path, report);
    const to = (field: string) => childPath(childPath('$.entries', String(index)), field);
    const fields = { uid: index, ...readEntry(src, to), displayIndex: index };
    record(report, 'defaulted', null, to('uid'), "the entry's index");
    record(report, 'defaulted', null, to('displayIndex'), "the entry's index");
    src.rest(
      'stored',
      (key) => childPath(inOriginalData(path), key),
      'no World Info equivalent; kept in originalData for export',
    );
    entries[String(index)] = entryFromTemplate(fields, (field, value) =>
      record(report, 'defaulted', null, to(field), `template ${JSON.stringify(value)}`),
    );
  });
  const book = sourceFields(doc, ROOT, report);
  book.take(entriesKey, 'mapped', '$.entries');
  book.rest(
    'stored',
    (key) => inOriginalData(childPath(ROOT, key)),
    'book setting with no World Info equivalent; kept in originalData for export',
  );
  return { entries };
}

/**
 * Walks a World Info book for export, one callback per entry in book order; fields are recorded through `src`
 * and untaken ones reported as dropped. A callback returning undefined leaves the entry out.
 */
export function writeEntryList<T>(
  book: WorldInfoBook,
  report: LossReport,
  outEntries: string,
  writeEntry: (src: SourceFields, to: (field: string) => string, entry: WorldInfoEntry) => T | undefined,
): T[] {
  const out: T[] = [];
  for (const [key, entry] of Object.entries(book.entries)) {
    const src = sourceFields(entry, childPath(childPath(ROOT, 'entries'), key), report);
    const to = (field: string) => childPath(childPath(childPath(ROOT, outEntries), out.length), field);
    const written = writeEntry(src, to, entry);
    src.rest('dropped', () => null, `no ${report.to} field for it`);
    if (written !== undefined) out.push(written);
  }
  const fields = sourceFields(book, ROOT, report);
  fields.take('entries', 'mapped', childPath(ROOT, outEntries));
  fields.rest('dropped', () => null, `no ${report.to} field for it`);
  return out;
}
