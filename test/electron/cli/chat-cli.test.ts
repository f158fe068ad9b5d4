import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { startOpenAIServer, type OpenAIServer } from '../models/openai-server.ts';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const seraphina = path.join(fixtures, 'cards', 'default_Seraphina-1.18.0.png');
let server: OpenAIServer;

beforeEach(async () => {
  server = await startOpenAIServer({ apiKey: 'sk-test', models: ['test-model'] });
});
afterEach(async () => {
  await server.close();
});

const base = () => ['chat', '--endpoint', server.baseURL, '--model', 'test-model', '--api-key-env', 'TEST_KEY'];
const env = { TEST_KEY: 'sk-test' };

describe('lorewright chat', () => {
  it('sends one turn from a PNG card with its own book and prints {request, reply}', async () => {
    server.scripts.push({ kind: 'tokens', tokens: ['Rest', ' now.'] });
    const r = await runCliCaptured(
      [...base(), '--card', seraphina, '--user', 'Sam', '--message', 'What lives in this forest?', '--json'],
      env,
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as {
      request: { messages: { role: string; content: string }[]; stream: boolean };
      reply: string;
    };
    expect(out.reply).toBe('Rest now.');
    expect(server.requests.at(-1)!.body).toEqual(out.request);
    expect(out.request.stream).toBe(false);
    // The greeting opens the chat; the card's Eldoria book fired on "forest".
    expect(out.request.messages.at(-1)).toEqual({ role: 'user', content: 'What lives in this forest?' });
    expect(out.request.messages.some((m) => m.role === 'system' && /Eldoria/.test(m.content))).toBe(true);
  });

  it('--stream prints tokens as they arrive, over an existing chat file, in text mode', async () => {
    server.scripts.push({ kind: 'tokens', tokens: ['Only', ' a', ' little.'], delayMs: 5 });
    const r = await runCliCaptured(
      [
        ...base(),
        '--card',
        'chat/aria.card.json',
        '--chat',
        'chat/aria.st.jsonl',
        '--message',
        'Can I stay?',
        '--mode',
        'text',
        '--stream',
      ],
      env,
      fixtures,
    );
    expect(r.code).toBe(0);
    expect(r.out).toBe('Only a little.\n');
    const sent = server.requests.at(-1)!;
    expect(sent.url).toBe('/v1/completions');
    expect(sent.body).toMatchObject({ model: 'test-model', stream: true, max_tokens: 350 });
    expect((sent.body as { prompt: string }).prompt).toMatch(/Sam: Can I stay\?\nAria:$/);
  });

  it('fails clearly: wrong key, refused connection, unset key variable, missing options', async () => {
    const card = ['--card', 'chat/aria.card.json', '--message', 'Hi'];
    const wrong = await runCliCaptured([...base(), ...card], { TEST_KEY: 'sk-wrong' }, fixtures);
    expect(wrong).toMatchObject({ code: 1, err: expect.stringContaining('401') });
    const unset = await runCliCaptured([...base(), ...card], {}, fixtures);
    expect(unset).toMatchObject({ code: 1, err: expect.stringContaining('TEST_KEY is not set') });
    await server.close();
    const refused = await runCliCaptured([...base(), ...card], env, fixtures);
    expect(refused).toMatchObject({ code: 1, err: expect.stringContaining('connection refused') });
    server = await startOpenAIServer();
    const usage = await runCliCaptured(['chat', '--model', 'm', ...card], env, fixtures);
    expect(usage).toMatchObject({ code: 2, err: expect.stringContaining('--endpoint is required') });
    expect(fs.existsSync(path.join(fixtures, 'library.db'))).toBe(false);
  });
});
