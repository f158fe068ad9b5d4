// A real HTTP server on 127.0.0.1 that speaks enough of the OpenAI protocol for the client tests: /v1/models,
// /v1/chat/completions and /v1/completions, streamed (SSE) or not. Each test scripts the next answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** Resolves when the client closed the connection. */
  closed: Promise<void>;
}

/** What the server does with the next generation request. */
export type Script =
  | { kind: 'tokens'; tokens: string[]; delayMs?: number; finishReason?: string; usage?: object }
  | { kind: 'raw-sse'; events: string[] }
  | { kind: 'drop-after'; tokens: string[] }
  | { kind: 'stall-after'; tokens: string[] }
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> };

export interface OpenAIServer {
  baseURL: string;
  port: number;
  requests: RecordedRequest[];
  /** Answers for the next generation requests, in order; when empty, `tokens: ['Hi', '!']`. */
  scripts: Script[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(
  endpoint: 'chat' | 'text',
  text: string | null,
  finishReason: string | null = null,
  usage?: object,
): string {
  const choice =
    endpoint === 'chat'
      ? { index: 0, delta: text === null ? {} : { content: text }, finish_reason: finishReason }
      : { index: 0, text: text ?? '', finish_reason: finishReason };
  const object = endpoint === 'chat' ? 'chat.completion.chunk' : 'text_completion';
  return `data: ${JSON.stringify({ id: 'gen-1', object, created: 1, model: 'test-model', choices: [choice], ...(usage ? { usage } : {}) })}\n\n`;
}

async function generation(
  endpoint: 'chat' | 'text',
  body: Record<string, unknown>,
  script: Script,
  res: ServerResponse,
) {
  if (script.kind === 'status') {
    res.writeHead(script.status, { 'content-type': 'application/json', ...script.headers });
    res.end(JSON.stringify(script.body));
    return;
  }
  if (!body.stream) {
    const text = script.kind === 'tokens' ? script.tokens.join('') : '';
    const choice =
      endpoint === 'chat'
        ? { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }
        : { index: 0, text, finish_reason: 'stop' };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'gen-1',
        object: endpoint === 'chat' ? 'chat.completion' : 'text_completion',
        created: 1,
        model: 'test-model',
        choices: [choice],
        usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (script.kind === 'raw-sse') {
    for (const event of script.events) res.write(event);
    res.end();
    return;
  }
  for (const token of script.tokens) {
    if (res.destroyed) return;
    res.write(chunk(endpoint, token));
    if (script.kind === 'tokens' && script.delayMs) await sleep(script.delayMs);
  }
  if (script.kind === 'drop-after') {
    await sleep(20);
    res.socket?.destroy();
    return;
  }
  if (script.kind === 'stall-after') return; // never ends; the client must give up
  res.write(chunk(endpoint, null, script.finishReason ?? 'stop', script.usage));
  res.end('data: [DONE]\n\n');
}

export async function startOpenAIServer(options: { apiKey?: string; models?: string[] } = {}): Promise<OpenAIServer> {
  const requests: RecordedRequest[] = [];
  const scripts: Script[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, closed });

    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: 'Invalid API key', type: 'invalid_request_error', code: 'invalid_api_key' },
        }),
      );
      return;
    }
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const data = (options.models ?? ['test-model']).map((id) => ({
        id,
        object: 'model',
        created: 1,
        owned_by: 'test',
      }));
      res.end(JSON.stringify({ object: 'list', data }));
      return;
    }
    const endpoint = req.url === '/v1/chat/completions' ? 'chat' : req.url === '/v1/completions' ? 'text' : null;
    if (req.method !== 'POST' || !endpoint || !body) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not Found');
      return;
    }
    if (options.models && !options.models.includes(String(body.model))) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: `The model \`${String(body.model)}\` does not exist`,
            type: 'invalid_request_error',
            code: 'model_not_found',
          },
        }),
      );
      return;
    }
    await generation(endpoint, body, scripts.shift() ?? { kind: 'tokens', tokens: ['Hi', '!'] }, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    scripts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
