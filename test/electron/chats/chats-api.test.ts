import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useApiWithModelServer } from '../../helpers/api-client.ts';
import { startChat } from './chat-setup.ts';
import { appendMessage } from '../../../shared/chat/index.ts';
import { withAuthorsNote } from '../../../shared/chat/authors-note.ts';
import { startOpenAIServer } from '../models/openai-server.ts';

type Messages = { messages: { role: string; content: string }[] };

const env = useApiWithModelServer({ apiKey: 'sk-test', models: ['test-model'] });

async function setup() {
  const chat = await startChat(env, 'Is this the forest of Eldoria?', {
    apiKey: 'sk-test',
    parameters: { temperature: 0.5 },
  });
  expect(chat.profileKey).toBe('file');
  return chat;
}

describe('connection profiles', () => {
  it('keeps keys out of the library and the profiles file, in a 0600 key file', async () => {
    const { profileId } = await setup();
    const listed = await env.api.invoke('chats.profiles', {});
    expect(listed.presets.map((p) => p.id)).toEqual(
      expect.arrayContaining(['openai', 'openrouter', 'llamacpp', 'ollama', 'koboldcpp', 'lmstudio', 'vllm']),
    );
    const keyFile = path.join(env.dir, 'keys', `${profileId}.key`);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(env.dir, 'connections.json'), 'utf8')).not.toContain('sk-test');
    env.library.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(fs.readFileSync(path.join(env.dir, 'library.db')).includes('sk-test')).toBe(false);
    expect(await env.api.invoke('chats.testProfile', { id: profileId })).toEqual({ models: ['test-model'] });
  });

  it('lets no caller name a key file or an arbitrary variable, and sends provider variables only to their provider', async () => {
    const secret = path.join(env.dir, 'git-credentials');
    fs.writeFileSync(secret, 'https://user:token@example.com\n', { mode: 0o600 });
    const base = {
      name: 'Evil',
      preset: 'custom',
      kind: 'openai-chat',
      baseURL: env.server.baseURL,
      model: 'test-model',
    } as const;
    await expect(env.api.invoke('chats.saveProfile', { ...base, apiKeyFile: secret } as never)).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('"apiKeyFile"'),
    });
    await expect(
      env.api.invoke('chats.saveProfile', { ...base, apiKeyEnv: 'AWS_SECRET_ACCESS_KEY' }),
    ).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('AWS_SECRET_ACCESS_KEY is not a key variable'),
    });
    await expect(env.api.invoke('chats.saveProfile', { ...base, apiKeyEnv: 'OPENAI_API_KEY' })).rejects.toMatchObject({
      code: 'bad_input',
      message: `OPENAI_API_KEY is only ever sent to https://api.openai.com, not to ${new URL(env.server.baseURL).origin}.`,
    });
    const openai = await env.api.invoke('chats.saveProfile', {
      ...base,
      name: 'OpenAI',
      preset: 'openai',
      baseURL: 'https://api.openai.com/v1',
      apiKeyEnv: 'OPENAI_API_KEY',
    });
    expect(openai.apiKeyEnv).toBe('OPENAI_API_KEY');
    // Pointing it elsewhere forgets the variable: it is never read for the new server.
    const moved = await env.api.invoke('chats.saveProfile', {
      ...base,
      id: openai.id,
      name: 'OpenAI',
      preset: 'openai',
    });
    expect(moved).toMatchObject({ key: 'none' });
    expect(moved.apiKeyEnv).toBeUndefined();
    await env.api.invoke('chats.deleteProfile', { id: openai.id });
    expect((await env.api.invoke('chats.profiles', {})).profiles).toHaveLength(0);
  });

  it('a typed key is only sent to the origin it was saved with; changing the URL clears it', async () => {
    const { profileId } = await setup();
    const keyFile = path.join(env.dir, 'keys', `${profileId}.key`);
    const { key: _key, ...saved } = (await env.api.invoke('chats.profiles', {})).profiles[0]!;
    // Same origin, another path: the key stays.
    const samePlace = await env.api.invoke('chats.saveProfile', {
      ...saved,
      id: profileId,
      baseURL: `${env.server.baseURL}/`,
    });
    expect(samePlace.key).toBe('file');
    const elsewhere = await env.api.invoke('chats.saveProfile', {
      ...saved,
      id: profileId,
      baseURL: 'http://127.0.0.1:9/v1',
    });
    expect(elsewhere.key).toBe('none');
    expect(fs.existsSync(keyFile)).toBe(false);
    // A profiles file edited behind the app's back (or written by an older version) cannot aim a key elsewhere.
    const again = await env.api.invoke('chats.saveProfile', {
      ...saved,
      id: profileId,
      baseURL: env.server.baseURL,
      apiKey: 'sk-test',
    });
    expect(again.key).toBe('file');
    const file = path.join(env.dir, 'connections.json');
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { profiles: Record<string, unknown>[] };
    stored.profiles[0]!['baseURL'] = 'http://127.0.0.1:9/v1';
    fs.writeFileSync(file, JSON.stringify(stored));
    expect((await env.api.invoke('chats.profiles', {})).profiles[0]!.key).toBe('missing');
    await expect(env.api.invoke('chats.testProfile', { id: profileId })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('was saved for another server'),
    });
    stored.profiles[0]!['baseURL'] = env.server.baseURL;
    stored.profiles[0]!['apiKeyFile'] = path.join(env.dir, 'library.db');
    fs.writeFileSync(file, JSON.stringify(stored));
    await expect(env.api.invoke('chats.testProfile', { id: profileId })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining("outside the app's key store"),
    });
  });

  it('turns a wrong key into a readable error', async () => {
    const bad = await env.api.invoke('chats.saveProfile', {
      name: 'Bad',
      preset: 'custom',
      kind: 'openai-chat',
      baseURL: env.server.baseURL,
      model: 'test-model',
      apiKey: 'sk-wrong',
    });
    await expect(env.api.invoke('chats.testProfile', { id: bad.id })).rejects.toMatchObject({
      message: expect.stringContaining('401'),
      details: [{ message: 'unauthorized' }],
    });
  });
});

describe('chats.prompt and chats.send', () => {
  it('previews the exact request and then sends exactly it, streaming tokens', async () => {
    const { cardId, profileId, transcript } = await setup();
    const input = { cardId, profileId, transcript, persona: { name: 'Sam', description: 'A traveller.' } };
    const preview = await env.api.invoke('chats.prompt', input);
    expect(preview.lore.map((l) => l.book)).toContain('Eldoria');
    expect(preview.request).toMatchObject({ model: 'test-model', max_tokens: 300, temperature: 0.5, stream: true });

    env.server.scripts.push({
      kind: 'tokens',
      tokens: ['Yes', ', ', 'traveller', '.'],
      delayMs: 5,
      usage: { prompt_tokens: 900, completion_tokens: 4, total_tokens: 904 },
    });
    const tokens: string[] = [];
    const sent = await env.api.invoke('chats.send', input, {
      onProgress: (e: { token: string }) => tokens.push(e.token),
    });
    expect(tokens).toEqual(['Yes', ', ', 'traveller', '.']);
    expect(sent.text).toBe('Yes, traveller.');
    expect(sent.request).toEqual(preview.request);
    expect(env.server.requests.at(-1)!.body).toEqual(preview.request);
    expect(env.server.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test');
    expect(sent.stats).toMatchObject({ tokens: 4, promptTokens: 900, finishReason: 'stop', model: 'test-model' });
    expect(sent.stats.firstTokenMs).toBeGreaterThan(0);
    expect(sent.stats.tokensPerSecond).toBeGreaterThan(0);
  });

  it('scans library lorebooks chosen for the chat besides the card book', async () => {
    // Seraphina's own entries fill the default budget (25% of the context), so this one ignores the budget.
    const { cardId, transcript } = await setup();
    const document = JSON.stringify({
      entries: {
        '0': {
          uid: 0,
          key: ['Eldoria'],
          content: 'Eldoria has two moons.',
          comment: 'moons',
          position: 1,
          order: 100,
          ignoreBudget: true,
        },
      },
    });
    const book = await env.api.invoke('lorebooks.create', { name: 'Sky', document });
    const preview = await env.api.invoke('chats.prompt', {
      cardId,
      transcript,
      persona: { name: 'Sam' },
      bookIds: [book.id],
    });
    expect(preview.lore).toContainEqual(expect.objectContaining({ book: 'Sky', comment: 'moons' }));
    // Why each entry is in or out, and what the world-info budget held.
    expect(preview.loreReport.entries).toContainEqual(
      expect.objectContaining({ key: 'Sky.0', fired: true, reason: expect.objectContaining({ code: 'key-match' }) }),
    );
    expect(preview.loreReport.budget).toBeGreaterThan(0);
    expect(preview.loreReport.used).toBeGreaterThan(0);
    expect(preview.loreReport.entries.every((e) => e.fired || e.reason.code !== 'no-key-match')).toBe(true);
    expect(preview.lore.some((l) => l.book === 'Eldoria')).toBe(true);
    expect((preview.request as Messages).messages.some((m) => m.content.includes('Eldoria has two moons.'))).toBe(true);
  });

  it('cancels a stream with the signal', async () => {
    const { cardId, profileId, transcript } = await setup();
    env.server.scripts.push({ kind: 'tokens', tokens: Array.from({ length: 200 }, () => 'x'), delayMs: 10 });
    const controller = new AbortController();
    const result = env.api.invoke(
      'chats.send',
      { cardId, profileId, transcript, persona: { name: 'Sam' } },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    await expect(result).rejects.toMatchObject({ code: 'cancelled' });
    await env.server.requests.at(-1)!.closed;
  });

  it('reports a refused connection clearly', async () => {
    const { cardId, transcript } = await setup();
    await env.server.close();
    const dead = await env.api.invoke('chats.saveProfile', {
      name: 'Dead',
      preset: 'llamacpp',
      kind: 'openai-chat',
      baseURL: env.server.baseURL,
      model: 'm',
    });
    await expect(
      env.api.invoke('chats.send', { cardId, profileId: dead.id, transcript, persona: { name: 'Sam' } }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('connection refused'),
      details: [{ message: 'connection-refused' }],
    });
    env.server = await startOpenAIServer();
  });

  it('text-completion profiles send a prompt to /completions with the chosen template', async () => {
    const { cardId, transcript } = await setup();
    const text = await env.api.invoke('chats.saveProfile', {
      name: 'Kobold',
      preset: 'koboldcpp',
      kind: 'openai-text',
      baseURL: env.server.baseURL,
      model: 'test-model',
      apiKey: 'sk-test',
    });
    const sent = await env.api.invoke('chats.send', {
      cardId,
      profileId: text.id,
      transcript,
      persona: { name: 'Sam' },
      template: 'chatml',
    });
    expect(env.server.requests.at(-1)!.url).toBe('/v1/completions');
    expect(sent.request.prompt).toMatch(/<\|im_start\|>user\n(Sam: )?Is this the forest of Eldoria\?<\|im_end\|>/);
    await expect(
      env.api.invoke('chats.prompt', {
        cardId,
        profileId: text.id,
        transcript,
        persona: { name: 'Sam' },
        template: 'nope',
      }),
    ).rejects.toMatchObject({ code: 'bad_input' });
  });

  it("the chat's own Author's Note, context template and budget shape the prompt; the trim is reported", async () => {
    const { cardId, transcript } = await setup();
    const noted = withAuthorsNote(transcript, {
      text: '[Rain.]',
      position: 'in-chat',
      depth: 0,
      interval: 1,
      role: 'system',
    });
    const input = { cardId, transcript: noted, persona: { name: 'Sam' }, mode: 'text' as const, template: 'ChatML' };
    const bound = await env.api.invoke('chats.prompt', { ...input, settings: { bindToContext: true } });
    expect(bound.request.prompt).toMatch(
      /Eldoria\?<\|im_end\|>\n<\|im_start\|>system\n\[Rain\.\]<\|im_end\|>\n<\|im_start\|>assistant\n$/,
    );
    expect(bound.request.prompt).not.toContain('***');
    // Bind to Context off: the first-run Default context stays, with its *** lines and stop string.
    const firstRun = await env.api.invoke('chats.prompt', input);
    expect(firstRun.request.prompt).toContain('<|im_end|>\n***\n');
    expect(firstRun.request.stop).toEqual(['\nSam:', '\n<|im_end|>', '\n<|im_start|>user', '\n<|im_start|>assistant']);
    const tight = await env.api.invoke('chats.prompt', {
      ...input,
      settings: { context: 'ChatML', maxContext: 1024, maxTokens: 300, tokenizer: 'llama' },
    });
    expect(tight.tokens.budget).toBe(724);
    expect(tight.parts.find((p) => p.id === 'dialogueExamples')).toMatchObject({ kept: 0 });
    await expect(env.api.invoke('chats.prompt', { ...input, settings: { context: 'nope' } })).rejects.toMatchObject({
      code: 'bad_input',
      details: [{ path: '/settings/context' }],
    });
  });
});

describe('saved transcripts', () => {
  it('saves, lists per card, updates with a revision check, and deletes', async () => {
    const { cardId, transcript } = await setup();
    const other = await env.api.invoke('cards.create', { name: 'Other' });
    const saved = await env.api.invoke('chats.save', { cardId, transcript, name: 'First' });
    expect(saved).toMatchObject({ revision: 1, messages: 2 });
    await env.api.invoke('chats.save', { cardId: other.id, transcript });
    expect((await env.api.invoke('chats.list', { cardId })).map((c) => c.name)).toEqual(['First']);
    const longer = appendMessage(transcript, 'assistant', 'Seraphina', { text: 'Yes.' });
    const updated = await env.api.invoke('chats.save', { id: saved.id, transcript: longer, baseRevision: 1 });
    expect(updated).toMatchObject({ revision: 2, messages: 3 });
    await expect(env.api.invoke('chats.save', { id: saved.id, transcript, baseRevision: 1 })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await env.api.invoke('chats.get', { id: saved.id })).transcript).toEqual(longer);
    await env.api.invoke('chats.delete', { id: saved.id });
    await expect(env.api.invoke('chats.get', { id: saved.id })).rejects.toMatchObject({ code: 'not_found' });
    expect(await env.api.invoke('chats.list', {})).toHaveLength(1);
  });

  it('imports a chat file as a new chat of the card and exports any transcript, naming what is lost', async () => {
    const { cardId } = await setup();
    const text = fs.readFileSync(new URL('../../fixtures/chat/seraphina.st.jsonl', import.meta.url), 'utf8');
    const imported = await env.api.invoke('chats.import', { cardId, text });
    expect(imported).toMatchObject({ chat: { cardId, messages: 4 }, lost: [] });
    const back = await env.api.invoke('chats.export', { transcript: imported.chat.transcript, format: 'sillytavern' });
    expect(back.lost).toEqual([]);
    expect(
      back.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    );
    const glm = await env.api.invoke('chats.export', { transcript: imported.chat.transcript, format: 'glm-yaml' });
    expect(glm.text).toContain('history:');
    expect(glm.lost.map((l) => l.path)).toContain('$.messages[1].foreign.st.force_avatar');
    await expect(env.api.invoke('chats.import', { cardId, text: '{"user_name":"U"}\nnot json' })).rejects.toMatchObject(
      {
        code: 'bad_document',
      },
    );
  });

  it('rejects a malformed transcript at the boundary', async () => {
    const { cardId, transcript } = await setup();
    expect(
      await env.api.failure('chats.save', { cardId, transcript: { ...transcript, messages: [{ id: 'm1' }] } }),
    ).toMatchObject({ code: 'bad_input' });
    await expect(
      env.api.invoke('chats.save', {
        cardId,
        transcript: { ...transcript, messages: [{ ...transcript.messages[0]!, swipe: 5 }] },
      }),
    ).rejects.toMatchObject({ code: 'bad_input' });
  });
});
