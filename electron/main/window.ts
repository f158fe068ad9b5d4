/** The hardened window: isolated, sandboxed, no Node; no navigation away, no new windows, links to the browser. */
import { BrowserWindow, dialog, shell } from 'electron';
import path from 'node:path';

export function createMainWindow(appPath: string): BrowserWindow {
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
  const indexUrl = new URL(`file://${path.join(appPath, 'dist', 'renderer', 'index.html')}`).href;
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (url !== indexUrl) {
      event.preventDefault();
      if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    }
  });
  // The renderer blocks unloading while a document has unsaved changes; let the author decide.
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Leave without saving', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      message: 'You have unsaved changes.',
      detail: 'Close anyway and lose them?',
    });
    if (choice === 0) event.preventDefault();
  });
  void win.loadURL(indexUrl);
  return win;
}
