/** Handlers for the script methods (methods/scripts.ts). */
import { checkPpe } from '../../../shared/ppe/index.ts';
import { cardFromScript, scriptFromCard } from '../../services/ppe/card-scripts.ts';
import { runScript } from '../../services/ppe/run-script.ts';
import { ProfileStore } from '../../services/chats/profile-store.ts';
import type { HandlerTable, HostContext } from './types.ts';

export function scriptHandlers({ library, sandbox, keyCipher }: HostContext): HandlerTable<'scripts.'> {
  const scripts = library.scripts;
  // The same connections.json the Chats page saves to: a script runs against any saved connection.
  const profiles = new ProfileStore(library.file, process.env, keyCipher);
  const loadScript = (name: string) => scripts.textByName(name);
  return {
    'scripts.list': (input) => scripts.list(input),
    'scripts.get': (input) => scripts.get(input.id),
    'scripts.create': (input) => scripts.create(input),
    'scripts.update': (input) => scripts.update(input),
    'scripts.delete': (input) => scripts.setDeleted(input.id, true),
    'scripts.restore': (input) => scripts.setDeleted(input.id, false),
    'scripts.purge': (input) => ({ purged: scripts.purge(input.ids) }),
    'scripts.revisions': (input) => scripts.revisions(input.id),
    'scripts.revision': (input) => scripts.revision(input.id, input.revision),
    'scripts.check': (input) => checkPpe(input.document, { loadScript }),
    'scripts.run': (input, options) =>
      runScript(input, {
        loadScript,
        env: process.env,
        onProgress: options.onProgress,
        signal: options.signal,
        sandbox,
        savedConnection: (id) => profiles.connection(id),
      }),
    'scripts.fromCard': (input) => scriptFromCard(library, input.cardId),
    'scripts.toCard': (input) => cardFromScript(library, input.id),
  };
}
