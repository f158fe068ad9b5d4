import type { WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import { isObject } from '../../../../shared/util/is-object.ts';

/** The book a preview worker scans, from the JSON text the page sends (only text that parsed); `entries` of another
 * shape previews as an empty book. */
export function readBook(text: string): WorldInfoBook {
  const doc = JSON.parse(text) as Record<string, unknown>;
  const entries = doc['entries'];
  return isObject(entries) ? (doc as WorldInfoBook) : { entries: {} };
}
