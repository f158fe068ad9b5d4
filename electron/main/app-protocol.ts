/**
 * Serves the built renderer from `app://lorewright/…` instead of file://: a standard, secure origin, so 'self' in
 * the CSP means our files only, module workers (Monaco, the activation preview) load, and no other local file is
 * reachable from the page.
 */
import { net, protocol } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const APP_ORIGIN = 'app://lorewright';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

export function serveRenderer(rendererRoot: string): void {
  const root = path.resolve(rendererRoot);
  protocol.handle('app', (request) => {
    const url = new URL(request.url);
    const file = path.resolve(root, `.${decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)}`);
    if (url.host !== 'lorewright' || (file !== root && !file.startsWith(root + path.sep))) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).href);
  });
}
