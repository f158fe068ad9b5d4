/** Handlers for the card–lorebook link methods (methods/links.ts). */
import { CardBooks } from '../../services/library/card-books.ts';
import type { HandlerTable, HostContext } from './types.ts';

export function linkHandlers({ library }: HostContext): HandlerTable<'links.'> {
  const links = new CardBooks(library.db, library.cards, library.lorebooks);
  return {
    'links.list': (input) => links.list(input.cardId),
    'links.set': (input) => links.link(input.cardId, input.lorebookId, input.role),
    'links.remove': (input) => links.unlink(input.cardId, input.lorebookId),
    'links.embed': (input) => links.embed(input.cardId, input.lorebookId),
    'links.unembed': (input) => links.unembed(input.cardId, input.remove ?? false),
  };
}
