/** Handlers for app-level facts (methods/app.ts). */
import pkg from '../../../package.json' with { type: 'json' };
import type { HandlerTable, HostContext } from './types.ts';

export function appHandlers({ library, transport = 'web' }: HostContext): HandlerTable<'app.'> {
  return {
    'app.info': () => ({ version: pkg.version, libraryFile: library.file, ...library.facts(), transport }),
  };
}
