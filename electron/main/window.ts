/** The hardened window: isolated, sandboxed, no Node; no navigation away, no new windows, links to the browser. */
import { app, BrowserWindow, dialog, shell } from 'electron';
import { unsavedDialogText } from './dialog-text.ts';
import { isAllowedNavigation, isExternalLink } from './guards.ts';
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
    if (isExternalLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    // In-app routes change only the hash; anything else would leave the app.
    if (isAllowedNavigation(url, indexUrl)) return;
    event.preventDefault();
    if (isExternalLink(url)) void shell.openExternal(url);
  });
  // Every frame, subframes too (an iframe a document might smuggle in), stays on the app; no <webview> is attached.
  win.webContents.on('will-frame-navigate', (event) => {
    if (!(event.isMainFrame && isAllowedNavigation(event.url, indexUrl))) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  // The renderer blocks unloading while a document has unsaved changes; let the author decide.
  win.webContents.on('will-prevent-unload', (event) => {
    const text = unsavedDialogText(app.getLocale());
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: [text.leave, text.stay],
      defaultId: 1,
      cancelId: 1,
      message: text.message,
      detail: text.detail,
    });
    if (choice === 0) event.preventDefault();
  });
  void win.loadURL(indexUrl);
  return win;
}
