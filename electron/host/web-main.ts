/** `npm run web`: opens the library and serves the UI and API on 127.0.0.1, printing the URL to open. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openLibrary } from '../services/library/library.ts';
import { resolveDbPath } from '../services/paths.ts';
import { createApiHost } from './api.ts';
import { warmStartView } from './warm-start.ts';
import { startWebHost } from './web.ts';
import { openInBrowser } from './open-browser.ts';
import { errorMessage } from '../../shared/errors.ts';
import { fileErrorLog, logFileFor } from '../services/error-log.ts';
import fs from 'node:fs';

const HELP = `Usage: npm run web -- [--port N] [--db PATH] [--open]

Serves Lorewright's UI and API on http://127.0.0.1 only.
  --port N     port to listen on (default 5170; 0 picks a free port)
  --db PATH    library file (default: LOREWRIGHT_DB, else the app's user-data folder)
  --open       open the URL in the default browser
  --static DIR built renderer to serve (default dist/renderer)
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      db: { type: 'string' },
      open: { type: 'boolean' },
      static: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const port = values.port === undefined ? 5170 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be an integer from 0 to 65535, got "${values.port}".\n`);
    process.exit(2);
  }
  const dbPath = resolveDbPath(values.db);
  if (values.db === undefined && !process.env['LOREWRIGHT_DB']) fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  const library = openLibrary(dbPath);
  const staticDir = path.resolve(values.static ?? path.join(import.meta.dirname, '../../dist/renderer'));
  const api = createApiHost({ library, log: fileErrorLog(logFileFor(dbPath)) });
  let host;
  try {
    host = await startWebHost({ api, staticDir, port });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || values.port !== undefined) throw e;
    host = await startWebHost({ api, staticDir, port: 0 });
  }
  // Listening first: the warm-up's queries run while the URL is printed and opened.
  void warmStartView(api);
  process.stdout.write(
    `Lorewright library: ${dbPath}\nLorewright is running. Open this URL (it carries this launch's access token):\n  ${host.openUrl}\n`,
  );
  if (values.open) await openInBrowser(host.openUrl);
  const stop = (): void => {
    void host.close().then(() => {
      library.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`Lorewright web host could not start: ${errorMessage(e)}\n`);
  process.exit(1);
});
