// chats.prompt / chats.send with the chat's prompt settings and the card's linked books, against the real local
// OpenAI-protocol server: what the panel sets must be what the server receives.
import { describe, expect, it } from 'vitest';
import { useApiWithModelServer } from '../../helpers/api-client.ts';
import { startChat } from './chat-setup.ts';

type Messages = { messages: { role: string; content: string }[] };

const env = useApiWithModelServer({ models: ['test-model'] });

const setup = () =>
  startChat(env, 'Tell me about the moons over Eldoria.', { parameters: { temperature: 0.5, max_tokens: 200 } });

// Seraphina's own entries fill the default budget (25% of the context), so these ignore the budget.
const book = (key: string, content: string) =>
  JSON.stringify({
    entries: { '0': { uid: 0, key: [key], content, comment: key, position: 1, order: 100, ignoreBudget: true } },
  });
type Sent = {
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  prompt?: string;
};
const contents = (body: Sent) => body.messages.map((m) => m.content).join('\n');

describe("the card's linked books", () => {
  it('fire their entries in the request sent, with the embedded book still scanned', async () => {
    const { cardId, profileId, transcript } = await setup();
    const primary = await env.api.invoke('lorebooks.create', {
      name: 'Sky',
      document: book('moons', 'Eldoria has two moons.'),
    });
    const extra = await env.api.invoke('lorebooks.create', {
      name: 'Tides',
      document: book('moons', 'The tides follow the moons.'),
    });
    const trashed = await env.api.invoke('lorebooks.create', {
      name: 'Old',
      document: book('moons', 'Eldoria has no moon.'),
    });
    await env.api.invoke('links.set', { cardId, lorebookId: primary.id, role: 'primary' });
    await env.api.invoke('links.set', { cardId, lorebookId: extra.id, role: 'extra' });
    await env.api.invoke('links.set', { cardId, lorebookId: trashed.id, role: 'extra' });
    await env.api.invoke('lorebooks.delete', { id: trashed.id });

    env.server.scripts.push({ kind: 'tokens', tokens: ['Two.'] });
    // No bookIds: linked books are the card's, used without being picked.
    const sent = await env.api.invoke('chats.send', { cardId, profileId, transcript, persona: { name: 'Sam' } });
    const body = env.server.requests.at(-1)!.body as Sent;
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
      authorsNote: {
        text: '[Style: terse, two sentences.]',
        position: 'in-chat' as const,
        depth: 0,
        interval: 1,
        role: 'system' as const,
      },
      mainPrompt: 'You are {{char}}; answer {{user}}.',
      maxContext: 16384,
      maxTokens: 120,
      temperature: 1.1,
    };
    const input = { cardId, profileId, transcript, persona: { name: 'Sam' }, settings };
    const preview = await env.api.invoke('chats.prompt', input);
    expect(preview.request).toMatchObject({ temperature: 1.1, max_tokens: 120 });
    expect((preview.request as Messages).messages[0]!.content).toContain('You are Seraphina; answer Sam.');
    // Depth 0: after the last message.
    expect((preview.request as Messages).messages.at(-1)).toEqual({
      role: 'system',
      content: '[Style: terse, two sentences.]',
    });
    // The context size is the chosen one, not the default 4095 (less the reply and a small reserve).
    expect(preview.tokens.budget).toBeGreaterThan(16000);

    env.server.scripts.push({ kind: 'tokens', tokens: ['Yes.'] });
    await env.api.invoke('chats.send', input);
    expect(env.server.requests.at(-1)!.body).toEqual(preview.request);
  });

  it('render a pasted Jinja chat template into a text prompt, and name a broken one as bad input', async () => {
    const { cardId, profileId, transcript } = await setup();
    const jinja =
      '{% for m in messages %}<{{ m.role }}>{{ m.content }}</{{ m.role }}>{% endfor %}{% if add_generation_prompt %}<assistant>{% endif %}';
    env.server.scripts.push({ kind: 'tokens', tokens: ['Yes.'] });
    const sent = await env.api.invoke('chats.send', {
      cardId,
      profileId,
      transcript,
      persona: { name: 'Sam' },
      mode: 'text',
      jinja,
    });
    expect(env.server.requests.at(-1)!.url).toBe('/v1/completions');
    expect(sent.request.prompt).toMatch(/<user>Tell me about the moons over Eldoria\.<\/user><assistant>$/);
    await expect(
      env.api.invoke('chats.prompt', {
        cardId,
        transcript,
        persona: { name: 'Sam' },
        mode: 'text',
        jinja: '{% for %}',
      }),
    ).rejects.toMatchObject({ code: 'bad_input', details: [{ path: '/jinja' }] });
  });
});
