// Whether a World Info book is the import of a given source document (it keeps the source in `originalData`).
// SillyTavern turns a card's embedded book into the card's linked world and scans only that; when the library book
// linked to a card is the import of the card's own embedded book, scanning both would fire every entry twice.
import type { WorldInfoBook } from '../model.ts';

export function isImportOf(book: WorldInfoBook, source: unknown): boolean {
  const original = (book as { originalData?: unknown }).originalData;
  return (
    original !== undefined &&
    source !== undefined &&
    source !== null &&
    JSON.stringify(original) === JSON.stringify(source)
  );
}
