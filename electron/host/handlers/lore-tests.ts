/** Handlers for the lore-test methods (methods/lore-tests.ts). */
import type { HandlerTable, HostContext } from './types.ts';

export function loreTestHandlers({ library }: HostContext): HandlerTable<'loreTests.'> {
  const tests = library.loreTests;
  return {
    'loreTests.list': (input) => tests.list(input.lorebookId),
    'loreTests.save': (input) => tests.save(input),
    'loreTests.delete': (input) => tests.delete(input.id),
    'loreTests.run': (input) => tests.run(input.lorebookId),
  };
}
