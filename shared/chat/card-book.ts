// The name of a card's embedded book, on its own so the chat page can show it without loading the scan pipeline.

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The name SillyTavern gives the card's embedded book (its linked world's name first); null when it has none. */
export function cardBookName(card: unknown): string | null {
  const data = record(record(card).data);
  const raw = record(data.character_book);
  if (!Array.isArray(raw.entries)) return null;
  const world = record(data.extensions).world;
  return typeof world === 'string' && world
    ? world
    : typeof raw.name === 'string' && raw.name
      ? raw.name
      : `${String(data.name ?? '')}'s Lorebook`;
}
