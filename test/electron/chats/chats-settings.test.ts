// chats.prompt / chats.send with the chat's prompt settings and the card's linked books, against the real local
// OpenAI-protocol server: what the panel sets must be what the server receives.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost } from '../../../electron/host/api.ts';
import { openLibrary, type Library } from '../../../electron/services/library/library.ts';
import { appendMessage, createTranscript, type Transcript } from '../../../shared/chat/index.ts';
import { characterFromCard } from '../../../shared/prompt/index.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';
import { startOpenAIServer, type OpenAIServer } from '../models/openai-server.ts';

const tempDir = useTempDir();
const cardText = fs.readFileSync(new URL('../../fixtures/lorebooks/Seraphina-1.18.0.card.json', import.meta.url), 'utf8');
let library: Library;
let host: ApiHost;
let server: OpenAIServer;

beforeEach(async () => {
  library = openLibrary(path.join(tempDir(), 'library.db'));
  host = createApiHost({ library });
  server = await startOpenAIServer({ models: ['test-model'] });
});
afterEach(async () => {
  library.close();
  await server.close();
});

async function call<T>(method: string, input: unknown, options = {}): Promise<T> {
  const reply = await host.call(method, input, options);
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error);
  return reply.value as T;
}

async function setup(): Promise<{ cardId: number; profileId: string; transcript: Transcript }> {
  const card = await call<{ id: number }>('library.create', { document: cardText });
  const profile = await call<{ id: string }>('chats.saveProfile', { name: 'Local', preset: 'custom', kind: 'openai-chat', baseURL: server.baseURL, model: 'test-model', parameters: { temperature: 0.5, max_tokens: 200 } });
  let transcript = createTranscript(characterFromCard(JSON.parse(cardText)), { name: 'Sam' });
  transcript = appendMessage(transcript, 'user', 'Sam', { text: 'Tell me about the moons over Eldoria.' });
  return { cardId: card.id, profileId: profile.id, transcript };
}

// Seraphina's own entries fill the default budget (25% of the context), so these ignore the budget.
const book = (key: string, content: string) => JSON.stringify({ entries: { '0': { uid: 0, key: [key], content, comment: key, position: 1, order: 100, ignoreBudget: true } } });
type Sent = { messages: { role: string; content: string }[]; temperature?: number; max_tokens?: number; prompt?: string };
const contents = (body: Sent) => body.messages.map((m) => m.content).join('\n');

describe("the card's linked books", () => {
  it('fire their entries in the request sent, with the embedded book still scanned', async () => {
    const { cardId, profileId, transcript } = await setup();
    const primary = await call<{ id: number }>('lorebooks.create', { name: 'Sky', document: book('moons', 'Eldoria has two moons.') });
    const extra = await call<{ id: number }>('lorebooks.create', { name: 'Tides', document: book('moons', 'The tides follow the moons.') });
    const trashed = await call<{ id: number }>('lorebooks.create', { name: 'Old', document: book('moons', 'Eldoria has no moon.') });
    await call('links.set', { cardId, lorebookId: primary.id, role: 'primary' });
    await call('links.set', { cardId, lorebookId: extra.id, role: 'extra' });
    await call('links.set', { cardId, lorebookId: trashed.id, role: 'extra' });
    await call('lorebooks.delete', { id: trashed.id });

    server.scripts.push({ kind: 'tokens', tokens: ['Two.'] });
    // No bookIds: linked books are the card's, used without being picked.
    const sent = await call<{ lore: { book: string }[] }>('chats.send', { cardId, profileId, transcript, persona: { name: 'Sam' } });
    const body = server.requests.at(-1)!.body as Sent;
    expect(contents(body)).toContain('Eldoria has two moons.');
    expect(contents(body)).toContain('The tides follow the moons.');
    expect(contents(body)).not.toContain('Eldoria has no moon.');
    expect(new Set(sent.lore.map((l) => l.book))).toEqual(new Set(['Sky', 'Tides', 'Eldoria']));
  });
});

describe('prompt settings', () => {
  it("put the author's note, main prompt, context size and parameters into the request", async () => {
    const { cardId, profileId, transcript } = await setup();
    const settings = {
      authorsNote: { text: '[Style: terse, two sentences.]', position: 'in-chat', depth: 0, interval: 1, role: 'system' },
      mainPrompt: 'You are {{char}}; answer {{user}}.',
      maxContext: 16384,
      maxTokens: 120,
      temperature: 1.1,
    };
    const input = { cardId, profileId, transcript, persona: { name: 'Sam' }, settings };
    const preview = await call<{ request: Sent; tokens: { budget: number } }>('chats.prompt', input);
    expect(preview.request).toMatchObject({ temperature: 1.1, max_tokens: 120 });
    expect(preview.request.messages[0]!.content).toContain('You are Seraphina; answer Sam.');
    // Depth 0: after the last message.
    expect(preview.request.messages.at(-1)).toEqual({ role: 'system', content: '[Style: terse, two sentences.]' });
    // The context size is the chosen one, not the default 4095 (less the reply and a small reserve).
    expect(preview.tokens.budget).toBeGreaterThan(16000);

    server.scripts.push({ kind: 'tokens', tokens: ['Yes.'] });
    await call('chats.send', input);
    expect(server.requests.at(-1)!.body).toEqual(preview.request);
  });

  it('render a pasted Jinja chat template into a text prompt, and name a broken one as bad input', async () => {
    const { cardId, profileId, transcript } = await setup();
    const jinja = "{% for m in messages %}<{{ m.role }}>{{ m.content }}</{{ m.role }}>{% endfor %}{% if add_generation_prompt %}<assistant>{% endif %}";
    server.scripts.push({ kind: 'tokens', tokens: ['Yes.'] });
    const sent = await call<{ request: Sent }>('chats.send', { cardId, profileId, transcript, persona: { name: 'Sam' }, mode: 'text', jinja });
    expect(server.requests.at(-1)!.url).toBe('/v1/completions');
    expect(sent.request.prompt).toMatch(/<user>Tell me about the moons over Eldoria\.<\/user><assistant>$/);
    await expect(call('chats.prompt', { cardId, transcript, persona: { name: 'Sam' }, mode: 'text', jinja: '{% for %}' })).rejects.toMatchObject({ code: 'bad_input', details: [{ path: '/jinja' }] });
  });
});
