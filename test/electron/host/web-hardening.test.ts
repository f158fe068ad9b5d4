import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { useWebHost } from '../../helpers/api-client.ts';
import net from 'node:net';
import http from 'node:http';
import path from 'node:path';
import type { WebHost, WebHostOptions } from '../../../electron/host/web.ts';
import { fileUnder } from '../../../electron/host/static-files.ts';

const startHost = useWebHost();

/** A served folder `app` beside a secret folder `app-secret` whose name shares its prefix. */
async function start(options: Partial<WebHostOptions> = {}): Promise<{ h: WebHost; dir: string }> {
  const { host, dir } = await startHost((root) => {
    fs.mkdirSync(path.join(root, 'app'));
    fs.writeFileSync(path.join(root, 'app', 'index.html'), '<h1>Lorewright</h1>');
    fs.mkdirSync(path.join(root, 'app-secret'));
    fs.writeFileSync(path.join(root, 'app-secret', 'key.txt'), 'SECRET');
    fs.writeFileSync(path.join(root, 'secret.txt'), 'SECRET');
    return path.join(root, 'app');
  }, options);
  return { h: host, dir };
}

/** Writes a raw request (any target, even absolute-form) and reads the raw answer until the server closes. */
function raw(h: WebHost, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(h.port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (d) => (out += d.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

const get = (h: WebHost, target: string): string =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nConnection: close\r\n\r\n`;

describe('web host: static files stay inside the served folder', () => {
  it('refuses absolute-form, percent-encoded and prefix-sharing targets', async () => {
    const { h } = await start();
    const base = `http://127.0.0.1:${h.port}`;
    const targets = [
      `${base}/../app-secret/key.txt`,
      `http:/../../app-secret/key.txt`,
      `${base}/..%2Fapp-secret%2Fkey.txt`,
      `${base}/%2e%2e/app-secret/key.txt`,
      '/..%2fapp-secret/key.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/../app-secret/key.txt',
      '/%2e%2e/%2e%2e/secret.txt',
    ];
    for (const target of targets) {
      const answer = await raw(h, get(h, target));
      expect(answer, target).not.toContain('SECRET');
      expect(answer.split('\r\n')[0], target).toMatch(/^HTTP\/1\.1 (400|404) /);
    }
    expect(await raw(h, get(h, `${base}/index.html`))).toContain('<h1>Lorewright</h1>');
  });

  it('fileUnder resolves inside the root only', () => {
    expect(fileUnder('/srv/app', '/assets/x.js')).toBe('/srv/app/assets/x.js');
    expect(fileUnder('/srv/app', '/a/%2E%2E/b')).toBe('outside');
    expect(fileUnder('/srv/app', '/a/%00b')).toBe('outside');
    expect(fileUnder('/srv/app', '/%E0%A4%A')).toBe('malformed');
  });
});

describe('web host: request limits', () => {
  it('answers 413 to an oversized body at once, without reading it', async () => {
    const { h } = await start({ maxBodyBytes: 1024 * 1024 });
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = http.request(
        {
          host: '127.0.0.1',
          port: h.port,
          path: '/api/cards.list',
          method: 'POST',
          headers: {
            host: `127.0.0.1:${h.port}`,
            authorization: `Bearer ${h.token}`,
            'content-type': 'application/json',
            'content-length': String(250 * 1024 * 1024),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
        },
      );
      req.on('error', reject);
      // Send one chunk and wait: the answer must come without the other 249 MB.
      req.write(Buffer.alloc(64 * 1024, 32), () => (sent += 64 * 1024));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      error: { code: 'bad_input', message: 'Request body is larger than 1,048,576 bytes.' },
    });
    expect(answer.sent).toBeLessThanOrEqual(64 * 1024);
  });

  it('a chunked body that grows past the limit also gets 413', async () => {
    const { h } = await start({ maxBodyBytes: 100_000 });
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: h.port,
          path: '/api/cards.list',
          method: 'POST',
          headers: { host: `127.0.0.1:${h.port}`, authorization: `Bearer ${h.token}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(200_000, 32));
    });
    expect(status).toBe(413);
  });

  it('closes a connection whose headers never finish (slowloris)', async () => {
    const { h } = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(h.port, '127.0.0.1', () =>
        socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nX-Slow: `),
      );
      let out = '';
      socket.on('data', (d) => (out += d.toString()));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
  });
});
