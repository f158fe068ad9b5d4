// Building loss reports: every present input field is recorded exactly once, through `sourceFields`.

import { childPath } from './json-path.ts';
import type { BookFormat, FieldFate, LossItem, LossReport } from './types.ts';
import type { JsonObject } from './values.ts';

export function newReport(from: BookFormat, to: BookFormat): LossReport {
  return { from, to, items: [], warnings: [] };
}

export function record(report: LossReport, fate: FieldFate, from: string | null, to: string | null, note?: string): void {
  const item: LossItem = { fate, from, to };
  if (note !== undefined) item.note = note;
  report.items.push(item);
}

export function warn(report: LossReport, path: string, message: string): void {
  report.warnings.push({ path, message });
}

/** The fields of one input object; `take` reads a field and records its fate, `rest` records the untaken ones. */
export interface SourceFields {
  readonly path: string;
  get(key: string): unknown;
  take(key: string, fate: FieldFate, to: string | null, note?: string): unknown;
  rest(fate: FieldFate, to: (key: string) => string | null, note: string): void;
}

export function sourceFields(object: JsonObject, path: string, report: LossReport): SourceFields {
  const taken = new Set<string>();
  return {
    path,
    get: (key) => object[key],
    take(key, fate, to, note) {
      if (!Object.hasOwn(object, key) || taken.has(key)) return object[key];
      taken.add(key);
      record(report, fate, childPath(path, key), to, note);
      return object[key];
    },
    rest(fate, to, note) {
      for (const key of Object.keys(object)) {
        if (taken.has(key)) continue;
        taken.add(key);
        record(report, fate, childPath(path, key), to(key), note);
      }
    },
  };
}

export interface ReportLine extends LossItem {
  count: number;
}

/** Collapses per-entry items (`$.entries[3].keys`, `$.entries["7"].key`) into one line per field and fate. */
export function summarizeReport(report: LossReport): ReportLine[] {
  const lines = new Map<string, ReportLine>();
  const generalize = (path: string | null) => path && path.replace(/\[(?:\d+|"-?\d+")\]/g, '[*]');
  for (const item of report.items) {
    const line = { ...item, from: generalize(item.from), to: generalize(item.to) };
    const id = JSON.stringify([line.fate, line.from, line.to, line.note]);
    const existing = lines.get(id);
    if (existing) existing.count += 1;
    else lines.set(id, { ...line, count: 1 });
  }
  return [...lines.values()];
}
