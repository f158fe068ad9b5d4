/** Handlers for app-level facts and settings (methods/app.ts). */
import pkg from '../../../package.json' with { type: 'json' };
import { LimitsStore } from '../../services/settings/limits-store.ts';
import type { HandlerTable, HostContext } from './types.ts';

export function appHandlers({ library, sandbox, log, transport = 'web' }: HostContext): HandlerTable<'app.'> {
  const limits = new LimitsStore(library.file);
  // The limits saved in Settings govern every later evaluation of this host.
  // A damaged limits.json must not stop the app from starting: the defaults apply until Settings saves again.
  try {
    sandbox.setLimits(limits.read());
  } catch (e) {
    log?.error('limits.json could not be read', e);
  }
  return {
    'app.info': () => ({ version: pkg.version, libraryFile: library.file, ...library.facts(), transport }),
    'app.limits': () => sandbox.limits,
    'app.setLimits': async (input) => {
      const changed = { ...limits.read(), ...input };
      await limits.write(changed);
      return sandbox.setLimits(changed);
    },
  };
}
