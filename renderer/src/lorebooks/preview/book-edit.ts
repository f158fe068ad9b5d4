/**
 * Which entries an edit of the book's text changed, so the preview's and the lint's workers can be sent just those
 * (`BookEdit`, through book-sync.ts) instead of the whole text. The editor page records each entry edit it writes into
 * the text; edits made before the page passes the text on chain into one. A worker applies them with `patchEntries`.
 */
import { setOwn } from '../../../../shared/util/own.ts';

/** How a book's text came from an earlier text: the entries that changed, each as JSON text (null: removed). */
export interface BookEdit {
  from: string;
  entries: Record<string, string | null>;
}

/** The text went from `from` to `to` by changing (adding, removing) only the entries `ids`. */
export interface EntryEdits {
  from: string;
  to: string;
  ids: ReadonlySet<string>;
}

export function chainEdits(last: EntryEdits | null, from: string, to: string, ids: Iterable<string>): EntryEdits {
  if (last && last.to === from) return { from: last.from, to, ids: new Set([...last.ids, ...ids]) };
  return { from, to, ids: new Set(ids) };
}

/** Ids whose entry object differs between two `entries` objects (changed, added or removed). */
export function changedIds(before: Record<string, unknown>, next: Record<string, unknown>): string[] {
  const ids = Object.keys(next).filter((id) => !Object.hasOwn(before, id) || before[id] !== next[id]);
  for (const id of Object.keys(before)) if (!Object.hasOwn(next, id)) ids.push(id);
  return ids;
}

/**
 * The edit that made `text`, with each changed entry's JSON taken from `entries` (the parsed `text`); null when
 * the recorded edits do not end at `text` (an undo, an edit in the JSON view): the whole text is sent then.
 */
export function bookEditOf(edits: EntryEdits | null, text: string, entries: Record<string, unknown>): BookEdit | null {
  if (!edits || edits.to !== text) return null;
  const changed: Record<string, string | null> = {};
  for (const id of edits.ids) setOwn(changed, id, Object.hasOwn(entries, id) ? JSON.stringify(entries[id]) : null);
  return { from: edits.from, entries: changed };
}

/** `entries` with the changed ones (each as JSON text; null: removed) replaced, added or removed; the rest kept. */
export function patchEntries<Entry>(
  entries: Record<string, Entry>,
  changes: Record<string, string | null>,
): Record<string, Entry> {
  const next = { ...entries };
  for (const [id, text] of Object.entries(changes)) {
    if (text === null) delete next[id];
    else setOwn(next, id, JSON.parse(text) as Entry);
  }
  return next;
}
