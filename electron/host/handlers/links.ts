/** Handlers for the card–lorebook link methods (methods/links.ts). */
import type { HandlerTable, HostContext } from './types.ts';

export function linkHandlers({ library }: HostContext): HandlerTable<'links.'> {
  const links = library.links;
  return {
    'links.list': (input) => links.list(input.cardId),
    'links.set': (input) => links.link(input.cardId, input.lorebookId, input.role),
    'links.remove': (input) => links.unlink(input.cardId, input.lorebookId),
    'links.embed': (input) => links.embed(input.cardId, input.lorebookId),
    'links.unembed': (input) => links.unembed(input.cardId, input.remove ?? false),
  };
}
