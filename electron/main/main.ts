/** Electron entry: opens the library in the main process, wires IPC, shows the window; waits for calls on quit. */
import { app, ipcMain, safeStorage, session } from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { openLibrary } from '../services/library/library.ts';
import { resolveDbPath } from '../services/paths.ts';
import { createApiHost } from '../host/api.ts';
import { warmStartView } from '../host/warm-start.ts';
import { fileErrorLog, logFileFor } from '../services/error-log.ts';
import { registerIpc } from './ipc.ts';
import { createMainWindow } from './window.ts';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './app-protocol.ts';
import { isTrustedFrameUrl, permissionDecision } from './guards.ts';

app.enableSandbox();
registerAppScheme();

function dbArg(argv: string[]): string | undefined {
  const i = argv.indexOf('--db');
  return i >= 0 ? argv[i + 1] : undefined;
}

void app.whenReady().then(() => {
  const dbPath = resolveDbPath(dbArg(process.argv), process.env, app.getPath('userData'));
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  const library = openLibrary(dbPath);
  const appPath = app.getAppPath();
  const rendererRoot = path.join(appPath, 'dist', 'renderer');
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) =>
    callback(permissionDecision(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission) => permissionDecision(permission));
  serveRenderer(rendererRoot);
  const keyCipher = safeStorage.isEncryptionAvailable()
    ? {
        encrypt: (text: string) => safeStorage.encryptString(text),
        decrypt: (bytes: Uint8Array) => safeStorage.decryptString(Buffer.from(bytes)),
      }
    : undefined;
  const api = createApiHost({
    library,
    transport: 'electron',
    log: fileErrorLog(logFileFor(dbPath)),
    ...(keyCipher ? { keyCipher } : {}),
  });
  const wiring = registerIpc(ipcMain, api, (event) => isTrustedFrameUrl(event.senderFrame?.url));
  createMainWindow(appPath, `${APP_ORIGIN}/index.html`);
  // After the window is asked for: its renderer process starts while the warm-up's queries run.
  void warmStartView(api);

  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void wiring.drain().then(() => {
      library.close();
      app.quit();
    });
  });
  app.on('window-all-closed', () => app.quit());
});
