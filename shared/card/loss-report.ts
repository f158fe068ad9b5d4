/** The loss report of a conversion: where every input field went, and every field that appeared. */
import type { CardSpec } from './types.ts';

export type LossAction =
  /** Same place, same value. */
  | 'kept'
  /** Same value, new place. */
  | 'moved'
  /** New field with its default value (no input). */
  | 'defaulted'
  /** Same place, value rewritten (e.g. spec relabelled). */
  | 'changed'
  /** Gone from the output; `note` says why. */
  | 'dropped';

export interface LossItem {
  action: LossAction;
  /** JSON pointer in the input (absent for defaulted fields). */
  from?: string;
  /** JSON pointer in the output (absent for dropped fields). */
  to?: string;
  note?: string;
}

export interface ConversionReport {
  from: CardSpec;
  to: CardSpec;
  items: LossItem[];
}

export type ReportSummary = Record<LossAction, number>;

export function summarizeReport(report: ConversionReport): ReportSummary {
  const summary: ReportSummary = { kept: 0, moved: 0, defaulted: 0, changed: 0, dropped: 0 };
  for (const item of report.items) summary[item.action]++;
  return summary;
}

/** Collects items; `keepAll` records every key of an object as kept in place. */
export class ReportBuilder {
  readonly items: LossItem[] = [];

  add(action: LossAction, from: string | undefined, to: string | undefined, note?: string): void {
    // Assigned, not spread in: an item per field of every card converted.
    const item: LossItem = { action };
    if (from !== undefined) item.from = from;
    if (to !== undefined) item.to = to;
    if (note) item.note = note;
    this.items.push(item);
  }
}
