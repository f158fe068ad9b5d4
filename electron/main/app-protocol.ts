/**
 * Serves the built renderer from `app://lorewright/…` instead of file://: a standard, secure origin, so 'self' in
 * the CSP means our files only, module workers (Monaco, the activation preview) load, and no other local file is
 * reachable from the page.
 */
import { net, protocol } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { APP_HOST, APP_SCHEME } from './app-origin.ts';
import { CONTENT_SECURITY_POLICY, fileUnder } from '../host/static-files.ts';

export { APP_ORIGIN } from './app-origin.ts';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveRenderer(rendererRoot: string): void {
  const root = path.resolve(rendererRoot);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = fileUnder(root, url.pathname === '/' ? '/index.html' : url.pathname);
    if (url.host !== APP_HOST || file === 'outside' || file === 'malformed')
      return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).href);
    // The same strict policy as the web host, as a header (the page's meta tag cannot set frame-ancestors).
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
