/** Handlers for app-level facts (methods/app.ts). */
import pkg from '../../../package.json' with { type: 'json' };
import type { HandlerTable, HostContext } from './types.ts';

export function appHandlers({ library, transport = 'web' }: HostContext): HandlerTable<'app.'> {
  const count = (table: string): number => (library.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    'app.info': () => ({
      version: pkg.version,
      libraryFile: library.file,
      schemaVersion: library.db.pragma('user_version', { simple: true }) as number,
      counts: { cards: count('cards'), lorebooks: count('lorebooks'), scripts: count('scripts'), chats: count('chats'), revisions: count('revisions') },
      transport,
    }),
  };
}
