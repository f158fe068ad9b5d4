// Lorebook formats: detect, import into and export from the canonical SillyTavern World Info book.

export { detectBookFormat, locateBook } from './detect.ts';
export type { LocatedBook } from './detect.ts';
export { importBook, exportBook, convertBook } from './convert.ts';
export type { ImportOptions, ExportOptions, BookConversion } from './convert.ts';
export { BookFormatError } from './errors.ts';
export { summarizeReport } from './report.ts';
export { BOOK_FORMATS } from './types.ts';
export type { BookFormat, Conversion, FieldFate, LossItem, LossReport, ReportDetail } from './types.ts';
export { isImportOf } from './same-source.ts';
