/** Handlers for the lore-test methods (methods/lore-tests.ts). */
import { scanInSandbox } from '../../sandbox/index.ts';
import type { HandlerTable, HostContext } from './types.ts';

export function loreTestHandlers({ library, sandbox }: HostContext): HandlerTable<'loreTests.'> {
  const tests = library.loreTests;
  return {
    'loreTests.list': (input) => tests.list(input.lorebookId),
    'loreTests.save': (input) => tests.save(input),
    'loreTests.delete': (input) => tests.delete(input.id),
    'loreTests.run': (input, options) =>
      tests.run(input.lorebookId, (turns) => scanInSandbox(sandbox, turns, { signal: options.signal })),
  };
}
