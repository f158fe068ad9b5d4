// Entry points: import any supported book into a World Info book, export a World Info book to any format, each
// with a loss report. Imports keep the input as `originalData`; exporting back to the same format restores it.

import type { WorldInfoBook } from '../model.ts';
import { readAgnaiBook, writeAgnaiBook } from './agnai.ts';
import { characterBookUid, readCharacterBook, useRegexFor, writeCharacterBook } from './character-book.ts';
import { locateBook } from './detect.ts';
import type { LocatedBook } from './detect.ts';
import { BookFormatError } from './errors.ts';
import { ROOT } from './json-path.ts';
import { readNovelAiBook, writeNovelAiBook } from './novelai.ts';
import { discardedReport, newReport } from './report.ts';
import { restoreDocument } from './restore.ts';
import type { KeyedEntries } from './restore.ts';
import { isRisuExportable, readRisuBook, writeRisuBook } from './risu.ts';
import { readStBook, writeStBook } from './sillytavern.ts';
import type { BookFormat, Conversion, LossReport, ReportDetail } from './types.ts';
import { readV3Book, writeV3Book } from './v3.ts';
import { cloneJson, isObject } from './values.ts';
import type { JsonObject } from './values.ts';

export interface ImportOptions {
  /** Insist on a format instead of detecting it (`v2` and `v3` accept each other's books). */
  format?: BookFormat;
  /** Report granularity; `summary` keeps large books cheap. Default `fields`. */
  detail?: ReportDetail;
}

export interface ExportOptions {
  /** Book name for formats that carry one (V2, V3, Agnai); a restored original keeps its own otherwise. */
  name?: string;
  /** V3 only: also write SillyTavern's @depth/role/scan depth as CCv3 decorators in the content (see v3.ts). */
  decorators?: boolean;
  /** Report granularity; default `fields`. */
  detail?: ReportDetail;
}

const CHARACTER_BOOK_FORMATS: readonly BookFormat[] = ['v2', 'v3'];

export function importBook(json: unknown, options: ImportOptions = {}): Conversion<WorldInfoBook> {
  const located = locateBook(json);
  const wanted = options.format;
  if (
    wanted &&
    wanted !== located.format &&
    !(CHARACTER_BOOK_FORMATS.includes(wanted) && CHARACTER_BOOK_FORMATS.includes(located.format))
  ) {
    throw new BookFormatError(ROOT, `expected format ${wanted}, but the input is ${located.format}`);
  }
  const format = wanted ?? located.format;
  const report = newReport(format, 'st', options.detail);
  const book = readLocated(located, format, report);
  if (format !== 'st') book.originalData = cloneJson(located.original);
  return { book, report };
}

function readLocated(located: LocatedBook, format: BookFormat, report: LossReport): WorldInfoBook {
  if (format === 'st') return readStBook(located.book, report);
  // Paths inside the input, re-rooted where the input is kept.
  const originalRoot = located.original === located.book ? located.path : ROOT;
  const stored = (path: string) => `${ROOT}.originalData${path.slice(originalRoot.length)}`;
  return format === 'v2'
    ? readCharacterBook(located.book, located.path, report, stored)
    : format === 'v3'
      ? readV3Book(located.book, located.path, report, stored)
      : format === 'novelai'
        ? readNovelAiBook(located.book, report)
        : format === 'agnai'
          ? readAgnaiBook(located.book, report)
          : readRisuBook(located.book, report);
}

function write(book: WorldInfoBook, to: BookFormat, report: LossReport, options: ExportOptions): JsonObject {
  switch (to) {
    case 'st':
      return writeStBook(book, report);
    case 'v2':
      return writeCharacterBook(book, report, options.name);
    case 'v3':
      return writeV3Book(book, report, options.name, options.decorators ?? false);
    case 'novelai':
      return writeNovelAiBook(book, report);
    case 'agnai':
      return writeAgnaiBook(book, report, options.name);
    case 'risu':
      return writeRisuBook(book, report);
  }
}

export function exportBook(book: WorldInfoBook, to: BookFormat, options: ExportOptions = {}): Conversion<JsonObject> {
  const report = newReport('st', to, options.detail);
  const fresh = write(book, to, report, options);
  const restored = to === 'st' ? undefined : restoreFromOriginal(book, to, fresh, options);
  if (!restored) return { book: fresh, report };
  const item = report.items.find((candidate) => candidate.from === `${ROOT}.originalData`);
  if (item)
    Object.assign(item, {
      fate: 'mapped',
      to: ROOT,
      note: 'the original document: unchanged fields, unknown keys and entry order restored from it',
    });
  return { book: restored, report };
}

/** The original document of format `to` kept in `originalData`, if any, merged with the fresh export. */
function restoreFromOriginal(
  book: WorldInfoBook,
  to: BookFormat,
  fresh: JsonObject,
  options: ExportOptions,
): JsonObject | undefined {
  let located: LocatedBook;
  try {
    located = locateBook(book.originalData);
  } catch {
    return undefined;
  }
  const isCharacterBook = CHARACTER_BOOK_FORMATS.includes(to);
  if (isCharacterBook ? !CHARACTER_BOOK_FORMATS.includes(located.format) : located.format !== to) return undefined;
  const baseBook = readLocated(located, located.format, discardedReport(located.format, 'st'));
  // Without the name option, so that a name given now counts as a change.
  const base = write(baseBook, to, discardedReport('st', to), { ...options, name: undefined });
  if (!isCharacterBook) {
    const entriesKey = to === 'risu' ? 'data' : 'entries';
    return restoreDocument(
      entriesKey,
      keyed(located.book, entriesKey, (_e, i) => i),
      keyedExport(base, entriesKey, baseBook, to),
      keyedExport(fresh, entriesKey, book, to),
    );
  }
  const inner = (doc: JsonObject) => (to === 'v3' ? (doc.data as JsonObject) : doc);
  const merged = restoreDocument(
    'entries',
    keyed(located.book, 'entries', characterBookUid),
    keyedExport(inner(base), 'entries', baseBook, to),
    keyedExport(inner(fresh), 'entries', book, to),
  );
  if (to === 'v2') return merged;
  if (located.format === 'v2') {
    // V3 requires use_regex, which a V2 original may lack.
    for (const entry of merged.entries as unknown[])
      if (isObject(entry) && entry.use_regex === undefined) entry.use_regex = useRegexFor(entry.keys);
  }
  if (located.original === located.book) return { ...fresh, data: merged };
  return Object.fromEntries(
    Object.entries(located.original).map(([key, value]) => [key, key === 'data' ? merged : cloneJson(value)]),
  );
}

function keyed(doc: JsonObject, entriesKey: string, uidOf: (entry: unknown, index: number) => unknown): KeyedEntries {
  const entries = Array.isArray(doc[entriesKey]) ? (doc[entriesKey] as unknown[]) : [];
  return { doc, entries, uids: entries.map(uidOf) };
}

/** An exported document's entries carry the uids of the book entries they came from. */
function keyedExport(doc: JsonObject, entriesKey: string, book: WorldInfoBook, to: BookFormat): KeyedEntries {
  const exported = Object.values(book.entries).filter((entry) => to !== 'risu' || isRisuExportable(entry));
  const entries = doc[entriesKey] as unknown[];
  return { doc, entries, uids: exported.map((entry) => entry.uid) };
}

export interface BookConversion {
  book: JsonObject;
  /** The import into World Info, then the export to the target. */
  reports: [LossReport, LossReport];
}

export function convertBook(
  json: unknown,
  to: BookFormat,
  options: ImportOptions & ExportOptions = {},
): BookConversion {
  const imported = importBook(json, options);
  const exported = exportBook(imported.book, to, options);
  return { book: exported.book, reports: [imported.report, exported.report] };
}
