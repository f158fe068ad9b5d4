/** Handlers for the lorebook methods (methods/lorebooks.ts). */
import type { HandlerTable, HostContext } from './types.ts';

export function lorebookHandlers({ library }: HostContext): HandlerTable<'lorebooks.'> {
  const books = library.lorebooks;
  return {
    'lorebooks.list': (input) => books.list(input),
    'lorebooks.get': (input) => books.get(input.id),
    'lorebooks.create': (input) => books.create(input),
    'lorebooks.update': (input) => books.update(input),
    'lorebooks.delete': (input) => books.setDeleted(input.id, true),
    'lorebooks.restore': (input) => books.setDeleted(input.id, false),
    'lorebooks.purge': (input) => ({ purged: books.purge(input.ids) }),
    'lorebooks.revisions': (input) => books.revisions(input.id),
    'lorebooks.revision': (input) => books.revision(input.id, input.revision),
    'lorebooks.import': (input) => books.import(input.files),
  };
}
