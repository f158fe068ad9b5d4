// The PPE specification's worked cases that call a model, run through the real adapter against a local HTTP
// server speaking the OpenAI protocol. The server streams the answers the reference's mock gives (see
// test/shared/ppe/helpers.ts: a regex on the last user message, else `MOCK:<first 60 chars>`), and the test checks
// the exact request bodies it received.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectionProfile, modelCaller } from '../../../electron/services/ppe/call-model.ts';
import { ModelError } from '../../../electron/services/models/index.ts';
import { PpeRunError, runPpe } from '../../../shared/ppe/index.ts';
import type { ModelRequest } from '../../../shared/ppe/index.ts';
import { startOpenAIServer, type OpenAIServer } from '../models/openai-server.ts';
import { fixture, library } from '../../shared/ppe/helpers.ts';

let server: OpenAIServer;

beforeEach(async () => {
  server = await startOpenAIServer({ models: ['test-model'] });
});

afterEach(async () => {
  await server.close();
});

/** Queues the mock's answers, each streamed in word-sized tokens so the client really assembles a stream. */
function answer(...replies: string[]): void {
  for (const reply of replies) server.scripts.push({ kind: 'tokens', tokens: reply.split(/(?<= )/) });
}

async function run(name: string, input?: unknown) {
  const tokens: string[] = [];
  const callModel = modelCaller(
    { ...connectionProfile({ baseURL: server.baseURL, model: 'test-model' }, {}), maxRetries: 0 },
    { onToken: (t) => tokens.push(t) },
  );
  const result = await runPpe(fixture(name), { callModel, loadScript: library, random: () => 0, input });
  // Every queued answer was asked for, and nothing more.
  expect(server.scripts).toEqual([]);
  return { ...result, tokens, bodies: server.requests.map((r) => r.body) };
}

/** The body the OpenAI client sends for a runtime request: the model, streaming on, the standard fields as given. */
const body = (request: ModelRequest) => ({ model: 'test-model', stream: true, ...request });

const user = (content: string) => ({ role: 'user' as const, content });
const system = (content: string) => ({ role: 'system' as const, content });
const assistant = (content: string) => ({ role: 'assistant' as const, content });

describe('reference cases that call a model, over HTTP (intended results)', () => {
  it('01: the deferred system template is filled; the end-of-script call answers', async () => {
    answer('I am Dobby.');
    const r = await run('case-01');
    expect(r.bodies).toEqual([
      body({ messages: [system('Act as Dobby. You are Dobby from the Harry Potter series.'), user('Who are you?')] }),
    ]);
    expect(r.tokens).toEqual(['I ', 'am ', 'Dobby.']);
    expect(r.output).toBe('I am Dobby.');
  });

  it('02: each dialogue sends its own request with the init section; $print logs the first answer', async () => {
    answer('10 plus 18 equals 28.', '10 plus 12 equals 22.');
    const r = await run('case-02');
    expect(r.bodies).toEqual([
      body({ messages: [system("You're an AI."), user("What's 10 plus 18?")] }),
      body({ messages: [system("You're an AI."), user("What's 10 plus 12?")] }),
    ]);
    expect(r.log.flatMap((e) => (e.kind === 'print' ? [e.text] : []))).toEqual(['10 plus 18 equals 28.']);
    expect(r.output).toBe('10 plus 12 equals 22.');
  });

  it('06: a choice list asks for exactly one item and accepts the answer', async () => {
    answer('banana');
    const r = await run('case-06');
    expect(r.bodies).toEqual([
      body({ messages: [user('Pick a fruit\n\nAnswer with exactly one of: apple, banana, orange.')] }),
    ]);
    expect(r.messages).toEqual([user('Pick a fruit'), assistant('banana')]);
    expect(r.output).toBe('banana');
  });

  it('08c/08d: the regex replacement is sent, escaped slash or not', async () => {
    for (const name of ['case-08d', 'case-08c']) {
      server.requests.length = 0;
      answer('MOCK:Based on: 42 ok');
      const r = await run(name);
      expect(r.bodies).toEqual([body({ messages: [user('Based on: 42 ok')] })]);
    }
  });

  it('09: a chain passes the answer to a library script, then to $echo', async () => {
    answer('Why did the chicken cross the road?');
    const r = await run('case-09');
    expect(r.bodies).toEqual([body({ messages: [user('Tell me a joke!')] })]);
    expect(r.output).toBe('WHY DID THE CHICKEN CROSS THE ROAD?!!');
  });

  it('10b: [[@script(args)]] is expanded before the message is sent', async () => {
    answer('MOCK:Shout: HELLO?');
    const r = await run('case-10b');
    expect(r.bodies).toEqual([body({ messages: [user('Shout: HELLO?')] })]);
    expect(r.output).toBe('MOCK:Shout: HELLO?');
  });

  it('11: type char sends our own char prompt with the name and description', async () => {
    answer('I am Dobby.');
    const r = await run('case-11');
    expect(r.bodies).toHaveLength(1);
    const sent = r.bodies[0] as ReturnType<typeof body>;
    expect(sent).toMatchObject({ model: 'test-model', stream: true });
    expect(Object.keys(sent).sort()).toEqual(['messages', 'model', 'stream']);
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('Dobby');
    expect(sent.messages[0]!.content).toContain('Dobby is a house-elf.');
    expect(sent.messages.slice(1)).toEqual([user('Who are you?')]);
    expect(r.output).toBe('I am Dobby.');
  });

  it('12: response_format json goes out as json_object; the streamed reply is parsed and checked', async () => {
    answer('{"answer": 5}');
    const r = await run('case-12');
    expect(r.bodies).toEqual([
      body({ messages: [system('Calculator. Output JSON.'), user('2+3')], response_format: { type: 'json_object' } }),
    ]);
    expect(r.output).toEqual({ answer: 5 });
  });

  it('20: [[VAR:params]] override the front-matter parameters in the body', async () => {
    answer('banana');
    const r = await run('case-20');
    expect(r.bodies).toEqual([body({ messages: [user('Pick a fruit')], temperature: 0.01, max_tokens: 5 })]);
    expect(r.output).toBe('banana');
  });

  it('25: an immediate template right after [[result]] sees the answer', async () => {
    answer('10 plus 18 equals 28.');
    const r = await run('case-25');
    expect(r.bodies).toEqual([body({ messages: [user("What's 10 plus 18?")] })]);
    expect(r.output).toBe('Answer=10 plus 18 equals 28.');
  });

  it('27: $AI with parameters, then LatestResult', async () => {
    answer('10 plus 18 equals 28.');
    const r = await run('case-27');
    expect(r.bodies).toEqual([body({ messages: [user("What's 10 plus 18?")], temperature: 0.5 })]);
    expect(r.output).toBe('10 plus 18 equals 28. (done)');
  });

  it('29: every --- resets to the init section, few-shot turns included', async () => {
    answer('MOCK:Q1', '10 plus 12 equals 22.');
    const r = await run('case-29');
    const init = [system('SYS'), user('few-shot Q'), assistant('few-shot A')];
    expect(r.bodies).toEqual([
      body({ messages: [...init, user('Q1')] }),
      body({ messages: [...init, user("What's 10 plus 12?")] }),
    ]);
    expect(r.output).toBe('10 plus 12 equals 22.');
  });
});

describe('the adapter at the edges', () => {
  it('sends the key named by apiKeyEnv as a bearer token', async () => {
    await server.close();
    server = await startOpenAIServer({ apiKey: 'sk-ppe' });
    answer('I am Dobby.');
    const profile = connectionProfile(
      { baseURL: server.baseURL, model: 'test-model', apiKeyEnv: 'PPE_KEY' },
      { PPE_KEY: 'sk-ppe' },
    );
    const r = await runPpe(fixture('case-01'), { callModel: modelCaller(profile) });
    expect(r.output).toBe('I am Dobby.');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-ppe');
  });

  it('refuses a connection whose key variable is unset', () => {
    expect(() => connectionProfile({ baseURL: server.baseURL, model: 'm', apiKeyEnv: 'NOPE' }, {})).toThrow(
      'The environment variable NOPE (the API key) is not set.',
    );
  });

  it('a server failure ends the run with the ModelError', async () => {
    server.scripts.push({ kind: 'status', status: 500, body: { error: { message: 'boom' } } });
    const callModel = modelCaller({
      ...connectionProfile({ baseURL: server.baseURL, model: 'test-model' }, {}),
      maxRetries: 0,
    });
    const error = await runPpe(fixture('case-01'), { callModel }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: 'server-error', message: 'The server failed (500): boom' });
  });

  it('a reply that is not JSON under response_format json is a run error', async () => {
    answer('five, I think');
    const callModel = modelCaller({
      ...connectionProfile({ baseURL: server.baseURL, model: 'test-model' }, {}),
      maxRetries: 0,
    });
    const error = await runPpe(fixture('case-12'), { callModel }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PpeRunError);
    expect(error).toMatchObject({ code: 'model-reply' });
  });

  it('a cancelled run stops the stream', async () => {
    server.scripts.push({ kind: 'tokens', tokens: ['a', 'b', 'c', 'd'], delayMs: 200 });
    const controller = new AbortController();
    const callModel = modelCaller(connectionProfile({ baseURL: server.baseURL, model: 'test-model' }, {}), {
      signal: controller.signal,
      onToken: () => controller.abort(),
    });
    await expect(runPpe(fixture('case-01'), { callModel })).rejects.toMatchObject({ code: 'aborted' });
  });
});
