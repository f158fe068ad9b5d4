// The script methods through the API host: storage with revisions and trash, checks against the library, streamed
// runs against the local OpenAI test server, and card ⇄ character script conversion.
import { describe, expect, it } from 'vitest';
import { useApiWithModelServer } from '../../helpers/api-client.ts';
import type { ScriptRunProgress } from '../../../shared/api/methods/scripts.ts';
import { v2Card } from '../../helpers/temp-dir.ts';
import { fixture } from '../../shared/ppe/helpers.ts';
import { saveLocalProfile } from '../chats/chat-setup.ts';

const env = useApiWithModelServer({ models: ['test-model'] });
/** A run whose connection names an API-key variable (the variable is checked before anything runs). */
const runWithKeyVariable = (apiKeyEnv: string) =>
  env.api.invoke('scripts.run', {
    document: '$echo: 1',
    connection: { baseURL: env.server.baseURL, model: 'm', apiKeyEnv },
  });

describe('script storage', () => {
  it('stores the text exactly, keeps revisions, trashes and restores', async () => {
    const text = '# a comment kept\r\n$echo:   "hi"  \n';
    const created = await env.api.invoke('scripts.create', {
      name: 'greet',
      document: text,
      sourceName: 'greet.ai.yaml',
    });
    expect(created).toMatchObject({ name: 'greet', document: text, revision: 1, deletedAt: null });
    const updated = await env.api.invoke('scripts.update', {
      id: created.id,
      document: '$echo: bye\n',
      baseRevision: 1,
    });
    expect(updated.revision).toBe(2);
    await expect(
      env.api.invoke('scripts.update', { id: created.id, document: 'x', baseRevision: 1 }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await env.api.invoke('scripts.revisions', { id: created.id })).toMatchObject([
      { revision: 1, name: 'greet' },
    ]);
    expect(await env.api.invoke('scripts.revision', { id: created.id, revision: 1 })).toMatchObject({ document: text });

    expect(await env.api.invoke('scripts.list', { query: 'bye' })).toMatchObject({
      total: 1,
      items: [{ name: 'greet' }],
    });
    await env.api.invoke('scripts.delete', { id: created.id });
    expect(await env.api.invoke('scripts.list', {})).toMatchObject({ total: 0 });
    expect(await env.api.invoke('scripts.list', { trash: true })).toMatchObject({ total: 1 });
    await env.api.invoke('scripts.restore', { id: created.id });
    expect(await env.api.invoke('scripts.list', {})).toMatchObject({ total: 1 });
  });

  it('a new script without text gets a starter that checks clean', async () => {
    const created = await env.api.invoke('scripts.create', { name: 'new' });
    expect(await env.api.invoke('scripts.check', { document: created.document })).toEqual([]);
  });
});

describe('scripts.check', () => {
  it('checks references against the live scripts of the library', async () => {
    const document = '$exec:\n  id: upper\n  args: {content: hi}\n';
    expect(await env.api.invoke('scripts.check', { document })).toMatchObject([
      { code: 'missing-script', line: 2, column: 7 },
    ]);
    const upper = await env.api.invoke('scripts.create', { name: 'upper', document: fixture('upper') });
    expect(await env.api.invoke('scripts.check', { document })).toEqual([]);
    await env.api.invoke('scripts.delete', { id: upper.id });
    expect(await env.api.invoke('scripts.check', { document })).toHaveLength(1);
  });
});

describe('scripts.run', () => {
  it('streams tokens and log entries, and calls library scripts by name', async () => {
    await env.api.invoke('scripts.create', { name: 'upper', document: fixture('upper') });
    env.server.scripts.push({ kind: 'tokens', tokens: ['Why did ', 'the chicken ', 'cross the road?'] });
    const progress: ScriptRunProgress[] = [];
    const result = await env.api.invoke(
      'scripts.run',
      { document: fixture('case-09'), connection: { baseURL: env.server.baseURL, model: 'test-model' } },
      { onProgress: (p: ScriptRunProgress) => progress.push(p) },
    );
    expect(result).toMatchObject({ status: 'done', output: 'WHY DID THE CHICKEN CROSS THE ROAD?!!' });
    expect(progress.filter((p) => p.kind === 'token').map((p) => p.kind === 'token' && p.text)).toEqual([
      'Why did ',
      'the chicken ',
      'cross the road?',
    ]);
    expect(progress.filter((p) => p.kind === 'log').map((p) => p.kind === 'log' && p.entry.kind)).toEqual([
      'request',
      'response',
    ]);
    expect(env.server.requests.map((r) => r.body)).toEqual([
      { model: 'test-model', stream: true, messages: [{ role: 'user', content: 'Tell me a joke!' }] },
    ]);
  });

  it('runs against a saved connection profile, with its model and sampler settings; an unknown one is refused', async () => {
    const profile = await saveLocalProfile(env, { parameters: { temperature: 0.3 } });
    env.server.scripts.push({ kind: 'tokens', tokens: ['Sure.'] });
    const result = await env.api.invoke('scripts.run', { document: 'user: hi', profileId: profile.id });
    expect(result).toMatchObject({ status: 'done', output: 'Sure.' });
    expect(env.server.requests.at(-1)!.body).toEqual({
      model: 'test-model',
      temperature: 0.3,
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    await expect(env.api.invoke('scripts.run', { document: 'user: hi', profileId: 'gone' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('gives inputs to the script', async () => {
    const result = await env.api.invoke('scripts.run', { document: fixture('case-21'), input: { content: 'hello' } });
    expect(result).toMatchObject({ status: 'done', output: 'hello -> Chinese' });
  });

  it('a failing script is a failed result with its position and the log so far', async () => {
    env.server.scripts.push({ kind: 'tokens', tokens: ['not json'] });
    const result = await env.api.invoke('scripts.run', {
      document: fixture('case-12'),
      connection: { baseURL: env.server.baseURL, model: 'test-model' },
    });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'model-reply' } });
    expect(result.log.map((e) => e.kind)).toEqual(['request', 'response']);
    const noModel = await env.api.invoke('scripts.run', { document: fixture('case-01') });
    expect(noModel).toMatchObject({ status: 'failed', error: { code: 'no-model', line: 6, column: 1 } });
  });

  it('a model failure is a failed result with the model error code', async () => {
    env.server.scripts.push({ kind: 'status', status: 401, body: { error: { message: 'no' } } });
    const result = await env.api.invoke('scripts.run', {
      document: fixture('case-01'),
      connection: { baseURL: env.server.baseURL, model: 'test-model' },
    });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'unauthorized' } });
  });

  it('a provider key variable goes only to its provider', async () => {
    await expect(runWithKeyVariable('OPENAI_API_KEY')).rejects.toMatchObject({
      code: 'bad_input',
      message: `OPENAI_API_KEY is only ever sent to https://api.openai.com, not to ${new URL(env.server.baseURL).origin}.`,
    });
    await expect(runWithKeyVariable('LOREWRIGHT_TEST_UNSET_API_KEY')).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('LOREWRIGHT_TEST_UNSET_API_KEY is not a key variable Lorewright reads'),
    });
  });

  it('reads only variables named like API keys', async () => {
    // Anything else (HOME, a cloud secret…) could be sent to whatever server the caller names.
    await expect(runWithKeyVariable('HOME')).rejects.toMatchObject({
      code: 'bad_input',
      details: [expect.objectContaining({ path: '/connection/apiKeyEnv' })],
    });
  });

  it('can be cancelled mid-stream', async () => {
    env.server.scripts.push({ kind: 'tokens', tokens: ['a', 'b', 'c'], delayMs: 300 });
    const controller = new AbortController();
    const run = env.api.invoke(
      'scripts.run',
      { document: fixture('case-01'), connection: { baseURL: env.server.baseURL, model: 'test-model' } },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('card ⇄ character script', () => {
  it('exports a library card as a new char script, and imports it back as a new card', async () => {
    const card = env.library.cards.insert({
      document: v2Card('Aria', { description: 'A wandering bard.', first_mes: 'Hello, {{user}}!', creator: 'kai' }),
    });
    const exported = await env.api.invoke('scripts.fromCard', { cardId: card.id });
    expect(exported.script.name).toBe('Aria');
    expect(exported.script.document).toContain('type: char');
    expect(exported.losses).toContainEqual(expect.objectContaining({ action: 'dropped', from: '/data/creator' }));

    const imported = await env.api.invoke('scripts.toCard', { id: exported.script.id });
    expect(imported.card.name).toBe('Aria');
    expect(imported.card.id).not.toBe(card.id);
    expect(JSON.parse(env.library.cards.get(imported.card.id).document)).toMatchObject({
      data: { name: 'Aria', description: 'A wandering bard.' },
    });
  });

  it('an exported character script runs a chat turn against the model', async () => {
    const card = env.library.cards.insert({ document: v2Card('Aria', { description: 'A wandering bard.' }) });
    const { script } = await env.api.invoke('scripts.fromCard', { cardId: card.id });
    env.server.scripts.push({ kind: 'tokens', tokens: ['Greetings!'] });
    const result = await env.api.invoke('scripts.run', {
      document: `${script.document}user: Hi there\n`,
      connection: { baseURL: env.server.baseURL, model: 'test-model' },
    });
    expect(result).toMatchObject({ status: 'done', output: 'Greetings!' });
    const sent = env.server.requests[0]!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]!.content).toContain('A wandering bard.');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Hi there' });
  });
});
