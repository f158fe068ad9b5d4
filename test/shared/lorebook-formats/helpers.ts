// Shared test helpers: fixtures and the "every input field is in the report" check.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { LossReport } from '../../../shared/lorebook/formats/index.ts';
import { childPath as child } from '../../../shared/lorebook/formats/json-path.ts';

export const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../fixtures/lorebooks/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

/** Every field of the book object at `path` and of each of its entries appears as the `from` of a report item. */
export function expectEveryFieldReported(
  report: LossReport,
  book: Record<string, unknown>,
  entriesKey: string,
  path = '$',
): void {
  const reported = (field: string) =>
    report.items.some(
      (item) => item.from === field || item.from?.startsWith(`${field}.`) || item.from?.startsWith(`${field}[`),
    );
  const missing: string[] = [];
  for (const key of Object.keys(book)) if (!reported(child(path, key))) missing.push(child(path, key));
  const entries = book[entriesKey] as Record<string, Record<string, unknown>> | Record<string, unknown>[];
  const listPath = child(path, entriesKey);
  for (const [index, entry] of Object.entries(entries)) {
    const entryPath = child(listPath, Array.isArray(entries) ? Number(index) : index);
    for (const key of Object.keys(entry)) if (!reported(child(entryPath, key))) missing.push(child(entryPath, key));
  }
  expect(missing).toEqual([]);
}
