import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { useWebHost } from '../../helpers/api-client.ts';
import http from 'node:http';
import path from 'node:path';
import type { Library } from '../../../electron/services/library/library.ts';
import type { WebHost } from '../../../electron/host/web.ts';
import { v2Card } from '../../helpers/temp-dir.ts';

const startHost = useWebHost();

let library: Library;

async function start(): Promise<WebHost> {
  const started = await startHost((dir) => {
    fs.mkdirSync(path.join(dir, 'static'));
    fs.writeFileSync(path.join(dir, 'static', 'index.html'), '<h1>Lorewright</h1>');
    return path.join(dir, 'static');
  });
  library = started.library;
  return started.host;
}

/** Raw request so tests control the Host header (fetch does not allow it). */
function request(
  h: WebHost,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: h.port,
        path: options.path,
        method: options.method ?? 'POST',
        headers: { host: `127.0.0.1:${h.port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('web host', () => {
  it('listens on 127.0.0.1 only and prints a URL carrying the token in the fragment', async () => {
    const h = await start();
    expect(h.url).toBe(`http://127.0.0.1:${h.port}/`);
    expect(h.openUrl).toBe(`${h.url}#token=${h.token}`);
    expect(h.token.length).toBeGreaterThanOrEqual(32);
  });

  it('rejects API calls without the token or with a wrong one, and the library is unchanged', async () => {
    const h = await start();
    const body = JSON.stringify({ name: 'Intruder' });
    const missing = await request(h, { path: '/api/cards.create', body });
    const wrong = await request(h, { path: '/api/cards.create', body, headers: { authorization: 'Bearer nope' } });
    for (const r of [missing, wrong]) {
      expect(r.status).toBe(401);
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    }
    expect(library.cards.list({}).total).toBe(0);
  });

  it('rejects a foreign Host header (DNS rebinding) and a foreign Origin, even with the token', async () => {
    const h = await start();
    const auth = { authorization: `Bearer ${h.token}` };
    const rebind = await request(h, {
      path: '/api/cards.list',
      body: '{}',
      headers: { ...auth, host: `evil.example:${h.port}` },
    });
    expect(rebind.status).toBe(403);
    expect(JSON.parse(rebind.body).error.code).toBe('forbidden_host');
    const page = await request(h, { path: '/', method: 'GET', headers: { host: 'evil.example' } });
    expect(page.status).toBe(403);
    const origin = await request(h, {
      path: '/api/cards.create',
      body: '{"name":"x"}',
      headers: { ...auth, origin: 'http://evil.example' },
    });
    expect(origin.status).toBe(403);
    expect(library.cards.list({}).total).toBe(0);
  });

  it('serves good calls, validation errors and unknown methods with proper statuses', async () => {
    const h = await start();
    const auth = { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' };
    const ok = await request(h, {
      path: '/api/cards.create',
      body: '{"name":"Nyx"}',
      headers: { ...auth, host: `localhost:${h.port}` },
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, value: { name: 'Nyx' } });
    const bad = await request(h, { path: '/api/cards.list', body: '{"limit":"lots"}', headers: auth });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.details[0].path).toBe('/limit');
    const notJson = await request(h, { path: '/api/cards.list', body: '{nope', headers: auth });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error.message).toMatch(/not valid JSON/);
    const unknown = await request(h, { path: '/api/library.nuke', body: '{}', headers: auth });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('unknown_method');
  });

  it('streams progress as NDJSON then one result line', async () => {
    const h = await start();
    const files = Array.from({ length: 3 }, (_, i) => ({ name: `c${i}.json`, text: v2Card(`Card ${i}`) }));
    const r = await request(h, {
      path: '/api/cards.import',
      body: JSON.stringify({ files }),
      headers: { authorization: `Bearer ${h.token}`, accept: 'application/x-ndjson' },
    });
    expect(r.headers['content-type']).toMatch(/ndjson/);
    const lines = r.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines.map((l) => l.type)).toEqual(['progress', 'progress', 'progress', 'result']);
    expect(lines[3]).toMatchObject({
      type: 'result',
      ok: true,
      value: [{ status: 'imported' }, { status: 'imported' }, { status: 'imported' }],
    });
  });

  it('serves the renderer with a strict CSP and never lets a path escape its folder', async () => {
    const h = await start();
    const page = await request(h, { path: '/library', method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Lorewright');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const escape = await request(h, { path: '/../../../../etc/passwd', method: 'GET' });
    expect(escape.body).not.toContain('root:');
    const missingAsset = await request(h, { path: '/assets/missing.js', method: 'GET' });
    expect(missingAsset.status).toBe(404);
    const malformed = await request(h, { path: '/%E0%A4%A', method: 'GET' });
    expect(malformed.status).toBe(400);
    expect((await request(h, { path: '/', method: 'GET' })).status).toBe(200); // and the server is still up
  });
});
