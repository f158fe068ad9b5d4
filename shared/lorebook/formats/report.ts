// Building loss reports: every present input field is recorded exactly once, through `sourceFields`.

import { childPath } from './json-path.ts';
import type { BookFormat, FieldFate, LossItem, LossReport, ReportDetail } from './types.ts';
import type { JsonObject } from './values.ts';

/** Summary lines by identity, for reports in `summary` detail. */
const summaries = new WeakMap<LossReport, Map<string, LossItem>>();
/** Reports nobody reads (restoration re-runs a conversion): recording into them is skipped. */
const discarded = new WeakSet<LossReport>();

export function newReport(from: BookFormat, to: BookFormat, detail: ReportDetail = 'fields'): LossReport {
  const report: LossReport = { from, to, detail, items: [], warnings: [] };
  if (detail === 'summary') summaries.set(report, new Map());
  return report;
}

export function discardedReport(from: BookFormat, to: BookFormat): LossReport {
  const report = newReport(from, to);
  discarded.add(report);
  return report;
}

/** Per-entry segments (`[3]`, `["12"]`) become `[*]`. */
function generalize(path: string | null): string | null {
  return path && path.replace(/\[(?:\d+|"-?\d+")\]/g, '[*]');
}

export function record(
  report: LossReport,
  fate: FieldFate,
  from: string | null,
  to: string | null,
  note?: string,
): void {
  if (discarded.has(report)) return;
  const lines = summaries.get(report);
  if (!lines) {
    report.items.push(note === undefined ? { fate, from, to } : { fate, from, to, note });
    return;
  }
  const [general, generalTo] = [generalize(from), generalize(to)];
  const id = `${fate}\u0000${general}\u0000${generalTo}\u0000${note}`;
  const existing = lines.get(id);
  if (existing) {
    existing.count! += 1;
    return;
  }
  const line: LossItem =
    note === undefined
      ? { fate, from: general, to: generalTo, count: 1 }
      : { fate, from: general, to: generalTo, note, count: 1 };
  lines.set(id, line);
  report.items.push(line);
}

export function warn(report: LossReport, path: string, message: string): void {
  if (!discarded.has(report)) report.warnings.push({ path, message });
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

/** A `fields` report condensed to one line per field and fate, as a `summary` report records it. */
export function summarizeReport(report: LossReport): LossItem[] {
  const summary = newReport(report.from, report.to, 'summary');
  for (const item of report.items) {
    for (let i = 0; i < (item.count ?? 1); i++) record(summary, item.fate, item.from, item.to, item.note);
  }
  return summary.items;
}
