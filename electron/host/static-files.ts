/** Serves the built renderer: files under one folder only, with the right types, SPA fallback to index.html. */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Same policy as the Electron window: local scripts only; workers from blobs for Monaco. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The path of a request target, whether origin-form (`/a/b?q`) or absolute-form (`http://host/a/b`), with dot
 * segments resolved by the URL parser. Undefined for anything else (`*`, authority-form, unparsable).
 */
export function requestPath(target: string): string | undefined {
  if (!target.startsWith('/') && !/^https?:\/\//i.test(target)) return undefined;
  try {
    // A base is needed for origin-form only; `//evil/x` must stay a path, not become a host.
    return new URL(target.startsWith('/') ? `http://h${target}` : target).pathname;
  } catch {
    return undefined;
  }
}

/**
 * The file under `root` a URL path names; 'outside' when it would leave `root`, 'malformed' when a segment does not
 * decode. Each segment is decoded
 * separately, and one that decodes to `..`, a slash, a backslash or NUL is refused (so `%2e%2e%2f` cannot climb),
 * and the result must sit inside `root` by path.relative (so `/app/dist-secret` is not inside `/app/dist`).
 */
export function fileUnder(root: string, urlPath: string): string | 'outside' | 'malformed' {
  const segments: string[] = [];
  for (const raw of urlPath.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return 'malformed';
    }
    if (segment === '' || segment === '.') continue;
    if (segment === '..' || /[/\\\0]/.test(segment)) return 'outside';
    segments.push(segment);
  }
  const base = path.resolve(root);
  const file = path.resolve(base, ...segments);
  const rel = path.relative(base, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? 'outside' : file;
}

export function serveStatic(root: string, urlPath: string, res: ServerResponse): void {
  const found = fileUnder(root, urlPath);
  if (found === 'malformed' || found === 'outside') {
    res
      .writeHead(found === 'malformed' ? 400 : 404, { 'content-type': 'text/plain' })
      .end(found === 'malformed' ? 'Bad path' : 'Not found');
    return;
  }
  const rel = path.relative(root, found);
  let file = found;
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    // Client-side routes fall back to the app; missing assets (with an extension) are real 404s.
    if (path.extname(rel) !== '') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    file = path.join(root, 'index.html');
  }
  if (!fs.existsSync(file)) {
    res
      .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
      .end('The renderer is not built. Run `npm run build` (npm run web and npm start do it for you).');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control':
      path.basename(path.dirname(file)) === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  fs.createReadStream(file).pipe(res);
}
