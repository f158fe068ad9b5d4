// Public types of the lorebook format converters: format names, conversion results and the loss report.

/** `st` SillyTavern World Info JSON, `v2` character_book (bare or inside a V2 card), `v3` lorebook_v3 (or inside a
 * V3 card), `novelai` .lorebook, `agnai` memory book, `risu` RisuAI lorebook export. */
export type BookFormat = 'st' | 'v2' | 'v3' | 'novelai' | 'agnai' | 'risu';

export const BOOK_FORMATS: readonly BookFormat[] = ['st', 'v2', 'v3', 'novelai', 'agnai', 'risu'];

/**
 * What happened to one field:
 * - `kept`: same name, same value;
 * - `mapped`: moved (and possibly transformed, see `note`) to `to`;
 * - `extensions`: carried under an `extensions` object at `to` because the target has no field of its own;
 * - `stored`: not understood by the target; kept verbatim at `to` so a later export restores it;
 * - `defaulted`: an output field the source did not have, filled the way SillyTavern's importer fills it;
 * - `dropped`: lost, `note` says why.
 */
export type FieldFate = 'kept' | 'mapped' | 'extensions' | 'stored' | 'defaulted' | 'dropped';

export interface LossItem {
  fate: FieldFate;
  /** Input JSON path (`$.entries[0].keys`); null for `defaulted`. */
  from: string | null;
  /** Output JSON path; null for `dropped`. */
  to: string | null;
  note?: string;
  /** In a summary report: how many fields this line stands for. */
  count?: number;
}

/** `fields`: one item per field of every entry; `summary`: one line per field and fate across entries. */
export type ReportDetail = 'fields' | 'summary';

export interface LossReport {
  from: BookFormat;
  to: BookFormat;
  detail: ReportDetail;
  items: LossItem[];
  /** Suspicious input that was accepted (wrong types SillyTavern passes through, ignored semantics). */
  warnings: { path: string; message: string }[];
}

export interface Conversion<B> {
  book: B;
  report: LossReport;
}
