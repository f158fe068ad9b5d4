/**
 * Which lorebooks a turn scans, as the chats handler picks them: the card's embedded book, its linked books
 * (primary, then extras; trashed ones are skipped) and the books chosen for the chat that are not linked already.
 */
import type { CardBookLink } from '../../../shared/api/methods/links.ts';
import type { LorebookSummary } from '../../../shared/api/methods/lorebooks.ts';
import { cardBookName } from '../../../shared/chat/card-book.ts';

export type BookSource = 'embedded' | 'primary' | 'extra' | 'chosen';

export interface BookInPlay {
  name: string;
  source: BookSource;
}

export function booksInPlay(
  card: unknown,
  links: CardBookLink[],
  books: LorebookSummary[],
  bookIds: number[],
): BookInPlay[] {
  const embedded = cardBookName(card);
  const linked = links.filter((l) => l.deletedAt === null);
  const linkedIds = new Set(linked.map((l) => l.lorebookId));
  return [
    ...(embedded === null ? [] : [{ name: embedded, source: 'embedded' as const }]),
    ...linked.map((l) => ({ name: l.name, source: l.role })),
    ...books
      .filter((b) => bookIds.includes(b.id) && !linkedIds.has(b.id))
      .map((b) => ({ name: b.name, source: 'chosen' as const })),
  ];
}
