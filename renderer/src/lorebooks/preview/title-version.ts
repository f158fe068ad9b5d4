/**
 * A count that moves when an entry's title (its comment) may have changed from one book of an editing session to the
 * next, so what shows titles is rendered again only then. A keystroke in the entry form makes the next book from the
 * last by replacing entries (`replacedKeys`): only those are compared. Any other new book counts as a change.
 */
import { replacedKeys } from '../../../../shared/document/doc-session.ts';
import { entriesOf } from '../book-model.ts';

export class TitleVersion {
  #entries: Record<string, unknown> | null = null;
  #version = 0;

  of(book: Record<string, unknown>): number {
    const entries = entriesOf(book);
    const before = this.#entries;
    this.#entries = entries;
    if (entries === before) return this.#version;
    const replaced = before === null ? null : replacedKeys(before, entries);
    if (replaced === null || replaced.some((id) => commentOf(before![id]) !== commentOf(entries[id]))) this.#version++;
    return this.#version;
  }
}

function commentOf(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null ? (entry as { comment?: unknown }).comment : undefined;
}
