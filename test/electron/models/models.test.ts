import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  listModels,
  profileFromPreset,
  providerPresets,
  streamChat,
  streamText,
  type ConnectionProfile,
  type StreamEvent,
} from '../../../electron/services/models/index.ts';
import { startOpenAIServer, type OpenAIServer } from './openai-server.ts';

async function collect(events: AsyncIterable<StreamEvent>, onToken?: (index: number) => void): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) {
    out.push(event);
    if (event.type === 'token') onToken?.(out.length);
  }
  return out;
}

const tokens = (events: StreamEvent[]) => events.flatMap((e) => (e.type === 'token' ? [e.text] : []));
const last = (events: StreamEvent[]) => events[events.length - 1]!;
/** The body the client should send: the profile's model and parameters, then the call's own fields (they win). */
const sentBody = (fields: Record<string, unknown>) => ({
  model: 'test-model',
  temperature: 0.7,
  max_tokens: 100,
  ...fields,
});

let server: OpenAIServer;
let profile: ConnectionProfile;

beforeEach(async () => {
  server = await startOpenAIServer({ apiKey: 'sk-test', models: ['test-model', 'other-model'] });
  profile = {
    name: 'local',
    kind: 'openai-chat',
    baseURL: server.baseURL,
    model: 'test-model',
    apiKey: 'sk-test',
    parameters: { temperature: 0.7, max_tokens: 100 },
    maxRetries: 0,
  };
});

afterEach(async () => {
  await server.close();
});

const messages = [
  { role: 'system' as const, content: "Write Aria's next reply." },
  { role: 'user' as const, content: 'Hello!' },
];

describe('listModels', () => {
  it('lists the ids of GET /v1/models with the key as a bearer token', async () => {
    expect(await listModels(profile)).toEqual(['test-model', 'other-model']);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v1/models' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-test');
  });

  it('turns a wrong key into an unauthorized error', async () => {
    await expect(listModels({ ...profile, apiKey: 'sk-wrong' })).rejects.toMatchObject({
      code: 'unauthorized',
      status: 401,
      message: 'The server rejected the API key (401): Invalid API key',
    });
  });

  it('turns a closed port into connection-refused', async () => {
    const { port } = server;
    await server.close();
    await expect(listModels({ ...profile, baseURL: `http://127.0.0.1:${port}/v1` })).rejects.toMatchObject({
      code: 'connection-refused',
      message: `Cannot connect to http://127.0.0.1:${port}/v1: connection refused. Is the server running?`,
    });
    server = await startOpenAIServer();
  });
});

describe('streamChat', () => {
  it('sends the exact body and yields each streamed token, then done', async () => {
    server.scripts.push({
      kind: 'tokens',
      tokens: ['Hel', 'lo', ' there'],
      usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
    });
    const events = await collect(streamChat(profile, { messages, parameters: { max_tokens: 50, stop: ['\nSam:'] } }));

    expect(server.requests[0]!.url).toBe('/v1/chat/completions');
    expect(server.requests[0]!.body).toEqual(sentBody({ max_tokens: 50, stop: ['\nSam:'], stream: true, messages }));
    expect(tokens(events)).toEqual(['Hel', 'lo', ' there']);
    const done = last(events);
    expect(done).toMatchObject({
      type: 'done',
      text: 'Hello there',
      finishReason: 'stop',
      usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
    });
    if (done.type === 'done') expect(done.timing.firstTokenMs).toBeGreaterThanOrEqual(0);
  });

  it('passes server-specific parameters through and handles a non-streamed answer', async () => {
    server.scripts.push({ kind: 'tokens', tokens: ['Whole ', 'answer'] });
    const events = await collect(
      streamChat(profile, { messages, stream: false, parameters: { top_k: 40, min_p: 0.05 } }),
    );
    expect(server.requests[0]!.body).toEqual(sentBody({ top_k: 40, min_p: 0.05, stream: false, messages }));
    expect(events).toEqual([
      { type: 'token', text: 'Whole answer' },
      expect.objectContaining({
        type: 'done',
        text: 'Whole answer',
        finishReason: 'stop',
        usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
      }),
    ]);
  });

  it('reports an unknown model as model-not-found', async () => {
    const events = await collect(streamChat({ ...profile, model: 'missing' }, { messages }));
    expect(events).toHaveLength(1);
    expect(last(events)).toMatchObject({
      type: 'error',
      error: {
        code: 'model-not-found',
        status: 404,
        message: `Model "missing" not found on ${server.baseURL}: The model \`missing\` does not exist`,
      },
    });
  });

  it('reports a base URL without /v1 as a missing endpoint', async () => {
    const base = server.baseURL.replace(/\/v1$/, '');
    const events = await collect(streamChat({ ...profile, baseURL: base }, { messages }));
    expect(last(events)).toMatchObject({ type: 'error', error: { code: 'not-found', status: 404 } });
  });

  it('recognises a context-length refusal', async () => {
    server.scripts.push({
      kind: 'status',
      status: 400,
      body: {
        error: {
          message:
            "This model's maximum context length is 4096 tokens. However, your messages resulted in 5000 tokens.",
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      },
    });
    const events = await collect(streamChat(profile, { messages }));
    expect(last(events)).toMatchObject({ type: 'error', error: { code: 'context-too-long', status: 400 } });
  });

  it('retries a transient 503 before the first byte', async () => {
    server.scripts.push({
      kind: 'status',
      status: 503,
      body: { error: { message: 'loading model' } },
      headers: { 'retry-after-ms': '10' },
    });
    server.scripts.push({ kind: 'tokens', tokens: ['ok'] });
    const events = await collect(streamChat({ ...profile, maxRetries: 1 }, { messages }));
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.body).toEqual(server.requests[0]!.body);
    expect(last(events)).toMatchObject({ type: 'done', text: 'ok' });
  });

  it('reports a 500 as a server error when retries are exhausted', async () => {
    server.scripts.push({ kind: 'status', status: 500, body: { error: { message: 'boom' } } });
    const events = await collect(streamChat(profile, { messages }));
    expect(last(events)).toMatchObject({
      type: 'error',
      error: { code: 'server-error', message: 'The server failed (500): boom' },
    });
  });

  it('keeps the tokens before a malformed SSE event and reports bad-response', async () => {
    server.scripts.push({
      kind: 'raw-sse',
      events: [
        `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'One' }, finish_reason: null }] })}\n\n`,
        'data: {not json\n\n',
      ],
    });
    const events = await collect(streamChat(profile, { messages }));
    expect(tokens(events)).toEqual(['One']);
    expect(last(events)).toMatchObject({ type: 'error', text: 'One', error: { code: 'bad-response' } });
  });

  it('reports an error object sent inside the stream', async () => {
    server.scripts.push({ kind: 'raw-sse', events: ['data: {"error":{"message":"model overloaded"}}\n\n'] });
    const events = await collect(streamChat(profile, { messages }));
    expect(last(events)).toMatchObject({ type: 'error', error: { code: 'server-error' } });
    expect((last(events) as { error: Error }).error.message).toContain('model overloaded');
  });

  it('reports a connection dropped mid-stream as connection-lost, with the partial text', async () => {
    server.scripts.push({ kind: 'drop-after', tokens: ['Par', 'tial'] });
    const events = await collect(streamChat(profile, { messages }));
    expect(tokens(events)).toEqual(['Par', 'tial']);
    expect(last(events)).toMatchObject({ type: 'error', text: 'Partial', error: { code: 'connection-lost' } });
  });

  it('times out a stream that goes silent', async () => {
    server.scripts.push({ kind: 'stall-after', tokens: ['Slow'] });
    const started = Date.now();
    const events = await collect(streamChat({ ...profile, timeoutMs: 300 }, { messages }));
    expect(tokens(events)).toEqual(['Slow']);
    expect(last(events)).toMatchObject({ type: 'error', text: 'Slow', error: { code: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(5000);
    await server.requests[0]!.closed;
  });

  it('stops mid-stream on abort and closes the connection', async () => {
    const many = Array.from({ length: 50 }, (_, i) => `t${i} `);
    server.scripts.push({ kind: 'tokens', tokens: many, delayMs: 30 });
    const controller = new AbortController();
    const events = await collect(streamChat(profile, { messages }, { signal: controller.signal }), (count) => {
      if (count === 3) controller.abort();
    });
    expect(tokens(events)).toEqual(['t0 ', 't1 ', 't2 ']);
    expect(last(events)).toMatchObject({ type: 'error', text: 't0 t1 t2 ', error: { code: 'aborted' } });
    await server.requests[0]!.closed;
  });

  it('does not send anything when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const events = await collect(streamChat(profile, { messages }, { signal: controller.signal }));
    expect(events).toEqual([
      expect.objectContaining({ type: 'error', error: expect.objectContaining({ code: 'aborted' }) }),
    ]);
  });
});

describe('streamText', () => {
  const textProfile = () => ({ ...profile, kind: 'openai-text' as const });

  it('streams /v1/completions with the prompt and stop strings', async () => {
    server.scripts.push({ kind: 'tokens', tokens: [' Only', ' in autumn.'], finishReason: 'length' });
    const prompt = 'Sam: Is it always this stormy here?\nAria:';
    const events = await collect(streamText(textProfile(), { prompt, parameters: { stop: ['\nSam:'] } }));
    expect(server.requests[0]!.url).toBe('/v1/completions');
    expect(server.requests[0]!.body).toEqual(sentBody({ stop: ['\nSam:'], stream: true, prompt }));
    expect(tokens(events)).toEqual([' Only', ' in autumn.']);
    expect(last(events)).toMatchObject({ type: 'done', text: ' Only in autumn.', finishReason: 'length' });
  });

  it('handles a non-streamed completion', async () => {
    server.scripts.push({ kind: 'tokens', tokens: ['Yes.'] });
    const events = await collect(streamText(textProfile(), { prompt: 'Q:', stream: false }));
    expect(server.requests[0]!.body).toEqual(sentBody({ stream: false, prompt: 'Q:' }));
    expect(tokens(events)).toEqual(['Yes.']);
    expect(last(events)).toMatchObject({ type: 'done', text: 'Yes.' });
  });
});

describe('presets', () => {
  it('covers the usual servers with their default base URLs', () => {
    expect(Object.keys(providerPresets).sort()).toEqual([
      'koboldcpp',
      'llamacpp',
      'lmstudio',
      'ollama',
      'openai',
      'openrouter',
      'vllm',
    ]);
    expect(profileFromPreset('ollama', { model: 'llama3.1' })).toEqual({
      name: 'Ollama',
      kind: 'openai-chat',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
    });
    expect(profileFromPreset('koboldcpp', { model: 'x', baseURL: 'http://10.0.0.2:5001/v1' })).toMatchObject({
      kind: 'openai-text',
      baseURL: 'http://10.0.0.2:5001/v1',
    });
  });
});
