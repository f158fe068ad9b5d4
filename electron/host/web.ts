/**
 * The web transport: the built renderer and `POST /api/<method>` on 127.0.0.1 only. Every API call needs the
 * per-launch token and a Host header naming this server (no DNS rebinding, no other local page driving it).
 * Streaming methods answer NDJSON: progress lines, then one result line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiHost, ApiReply } from './api.ts';
import type { ApiErrorShape, ErrorCode } from '../../shared/errors.ts';
import { requestPath, serveStatic } from './static-files.ts';

export interface WebHostOptions {
  api: ApiHost;
  staticDir: string;
  port?: number;
  token?: string;
  /** Largest API request body; larger ones get 413 before being read. Default DEFAULT_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** A client must send its headers within this time (ms). Default 10 s. */
  headersTimeoutMs?: number;
  /** …and its whole request within this time (ms). Default 120 s. */
  requestTimeoutMs?: number;
}

/**
 * The app sends imports in batches of at most 32 MB of files (base64 in JSON: ~43 MB); a single bigger file goes
 * alone. 200 MiB takes a ~150 MB card file in one request.
 */
export const DEFAULT_MAX_BODY_BYTES = 200 * 1024 * 1024;

class BodyTooLarge extends Error {}

export interface WebHost {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  /** The URL a user opens: the token rides in the fragment, which browsers never send to servers or logs. */
  readonly openUrl: string;
  close(): Promise<void>;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  bad_input: 400,
  bad_document: 400,
  unknown_method: 404,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  forbidden_host: 403,
  cancelled: 499,
  limit_exceeded: 422,
};

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(text);
}

function sendError(res: http.ServerResponse, error: ApiErrorShape): void {
  sendJson(res, STATUS[error.code] ?? 500, { ok: false, error });
}

function tokenMatches(expected: Buffer, header: string | undefined): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readBody(req: http.IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // A declared length over the limit is refused before a byte of the body is read.
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        req.removeAllListeners('data');
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const expected = Buffer.from(token);
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  let allowedHosts: Set<string> = new Set();
  const headersTimeout = options.headersTimeoutMs ?? 10_000;
  const requestTimeout = options.requestTimeoutMs ?? 120_000;

  const server = http.createServer(
    // Slow or idle clients are cut off: headers must arrive in time, then the whole request (checked often enough
    // for the shorter limit to hold).
    { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
    (req, res) => {
      if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
        sendError(res, {
          code: 'forbidden_host',
          message: `Host "${req.headers.host ?? ''}" is not this Lorewright server; only 127.0.0.1 and localhost are served.`,
        });
        return;
      }
      const urlPath = requestPath(req.url ?? '/');
      if (urlPath === undefined) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request target');
        return;
      }
      if (!urlPath.startsWith('/api/')) {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.writeHead(405).end();
          return;
        }
        serveStatic(options.staticDir, urlPath, res);
        return;
      }
      void handleApi(req, res, urlPath.slice('/api/'.length));
    },
  );

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, method: string): Promise<void> {
    if (req.method !== 'POST') {
      sendError(res, { code: 'bad_input', message: `Use POST for /api/${method}.` });
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts.has(origin.replace(/^https?:\/\//, '').toLowerCase())) {
      sendError(res, { code: 'forbidden_host', message: `Requests from ${origin} are not allowed.` });
      return;
    }
    if (!tokenMatches(expected, req.headers.authorization)) {
      sendError(res, {
        code: 'unauthorized',
        message: 'Missing or wrong API token: open the URL Lorewright printed at start-up.',
      });
      return;
    }
    let input: unknown;
    try {
      const body = await readBody(req, limit);
      input = body === '' ? {} : JSON.parse(body);
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        // Answer at once and close: the rest of the body is never read.
        res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        res.end(
          JSON.stringify({
            ok: false,
            error: {
              code: 'bad_input',
              message: `Request body is larger than ${limit.toLocaleString('en-US')} bytes.`,
            },
          }),
          () => req.destroy(),
        );
        return;
      }
      sendError(res, { code: 'bad_input', message: `Request body is not valid JSON: ${(e as Error).message}` });
      return;
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    if ((req.headers.accept ?? '').includes('application/x-ndjson')) {
      res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
      const reply = await options.api.call(method, input, {
        signal: abort.signal,
        onProgress: (event) => res.write(`${JSON.stringify({ type: 'progress', event })}\n`),
      });
      res.end(`${JSON.stringify({ type: 'result', ...reply })}\n`);
      return;
    }
    const reply: ApiReply = await options.api.call(method, input, { signal: abort.signal });
    if (reply.ok) sendJson(res, 200, reply);
    else sendError(res, reply.error);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
      const url = `http://127.0.0.1:${port}/`;
      resolve({
        url,
        port,
        token,
        openUrl: `${url}#token=${token}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
