/** The hardened window: isolated, sandboxed, no Node; no navigation away, no new windows, links to the browser. */
import { app, BrowserWindow, dialog, shell } from 'electron';
import { unsavedDialogText } from './dialog-text.ts';
import path from 'node:path';

export function createMainWindow(appPath: string, indexUrl: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Lorewright',
    icon: path.join(appPath, 'resources', 'icon.png'),
    webPreferences: {
      preload: path.join(appPath, 'dist', 'electron', 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: true,
    },
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    // In-app routes change only the hash; anything else would leave the app.
    if (url.split('#')[0] !== indexUrl) {
      event.preventDefault();
      if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    }
  });
  // The renderer blocks unloading while a document has unsaved changes; let the author decide.
  win.webContents.on('will-prevent-unload', (event) => {
    const text = unsavedDialogText(app.getLocale());
    const choice = dialog.showMessageBoxSync(win, { type: 'question', buttons: [text.leave, text.stay], defaultId: 1, cancelId: 1, message: text.message, detail: text.detail });
    if (choice === 0) event.preventDefault();
  });
  void win.loadURL(indexUrl);
  return win;
}
