import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  addSwipe,
  appendMessage,
  createTranscript,
  detectChatFormat,
  exportChat,
  fromSillyTavern,
  importChat,
  toGlm,
  toSillyTavern,
  validateGlm,
  type Transcript,
} from '../../../shared/chat/index.ts';
import { characterFromCard } from '../../../shared/prompt/index.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/chat/${name}`, import.meta.url), 'utf8');
function seraphinaCard(): { data: Record<string, unknown> } {
  const card = JSON.parse(
    readFileSync(new URL('../../fixtures/lorebooks/Seraphina-1.18.0.card.json', import.meta.url), 'utf8'),
  ) as { data: Record<string, unknown> };
  card.data.alternate_greetings = ['*Seraphina hums softly.*'];
  return card;
}
const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

/** A transcript using every field Lorewright models. */
function fullTranscript(): Transcript {
  let t = createTranscript(
    characterFromCard(seraphinaCard()),
    { name: 'Sam', persona: 'A lost traveller.' },
    new Date('2025-06-01T10:00:00Z'),
  );
  t = { ...t, messages: [{ ...t.messages[0]!, swipe: 1 }] };
  t = appendMessage(
    t,
    'user',
    'Sam',
    { text: 'Where am I?', at: '2025-06-01T10:00:05.000Z', stats: { tokens: 4 } },
    new Date('2025-06-01T10:00:05Z'),
  );
  const reply = {
    text: 'In Eldoria.',
    at: '2025-06-01T10:00:07.000Z',
    stats: {
      tokens: 3,
      promptTokens: 812,
      firstTokenMs: 120.5,
      totalMs: 1234.5678,
      tokensPerSecond: 2.7,
      finishReason: 'stop',
      model: 'test-model',
    },
    lore: [{ book: 'Eldoria', uid: 0, comment: 'Eldoria', keys: ['eldoria', 'forest'], position: 0, depth: 4 }],
    request: { model: 'test-model', max_tokens: 300, stream: true, messages: [{ role: 'system', content: 'x' }] },
  };
  t = appendMessage(t, 'assistant', 'Seraphina', reply, new Date('2025-06-01T10:00:07Z'));
  t = addSwipe(t, 2, {
    text: 'You are safe.',
    at: '2025-06-01T10:00:09.000Z',
    stats: { tokens: 4, model: 'other-model' },
  });
  t = appendMessage(
    t,
    'system',
    'Narrator',
    { text: 'Night falls.', at: '2025-06-01T10:00:10.000Z' },
    new Date('2025-06-01T10:00:10Z'),
  );
  t = {
    ...t,
    messages: [...t.messages.slice(0, 3), { ...t.messages[3]!, hidden: true }],
    timedEffects: { sticky: { 'Eldoria.0': { hash: 1, start: 2, end: 4, protected: false } }, cooldown: {} },
  };
  return t;
}

describe('GLM chat history', () => {
  it('round-trips every transcript field through JSON and YAML, and validates against the schema', () => {
    const t = fullTranscript();
    for (const format of ['glm-json', 'glm-yaml'] as const) {
      const out = exportChat(t, format);
      expect(out.lost).toEqual([]);
      expect(detectChatFormat(out.value)).toBe(format);
      const back = importChat(out.value);
      expect(back.lost).toEqual([]);
      expect(back.value).toEqual(t);
    }
  });

  it('writes the mapping of the reference: greeting, alternatives + selected, persona, model', () => {
    const doc = toGlm(fullTranscript()).value as {
      meta: Record<string, unknown>;
      system: Record<string, unknown>;
      history: Record<string, { content: string; meta: Record<string, unknown> }>[];
    };
    expect(doc.meta).toMatchObject({
      chat_started: '2025-06-01T10:00:00.000Z',
      used_model: 'other-model',
      card: { name: 'Seraphina' },
    });
    expect(doc.system.available_user_info).toEqual({ name: 'Sam', description: 'A lost traveller.' });
    expect(doc.history[0]!.assistant!.meta).toMatchObject({ kind: 'greeting', greeting_index: 1, selected: 1 });
    expect(doc.history[2]!.assistant!).toMatchObject({
      content: 'You are safe.',
      meta: { selected: 1, alternatives: [{ content: 'In Eldoria.', meta: { token_count: 3 } }] },
    });
    expect(doc.history[1]!.user!.meta.token_count).toBe(4);
  });

  it('imports the legacy chat.yaml shape and writes its foreign content back', () => {
    const original = yaml.load(fixture('legacy-chat.glm.yaml')) as Record<string, unknown>;
    const { value, lost } = importChat(fixture('legacy-chat.glm.yaml'));
    expect(lost).toEqual([]);
    expect(value.user.name).toBe('John');
    expect(value.messages.map((m) => [m.role, m.swipes[0]!.text])).toEqual([
      ['user', "What's the weather like?"],
      ['assistant', 'Let me check.'],
      ['assistant', 'It is sunny.'],
    ]);
    expect(value.messages[0]!.swipes[0]!.stats).toEqual({ tokens: 5 });
    const again = toGlm(value).value as { history: unknown[]; settings: unknown; system: Record<string, unknown> };
    // Normalised (settings merged up, function_calls in a list) but nothing dropped.
    expect(again.settings).toEqual({
      function_calls: { available_functions: ['ask_weather', 'find_recipe'], enabled: true },
    });
    expect(again.system).toMatchObject({
      content: (original.system as { content: string }).content,
      service_info: { service_status: 'Online' },
      available_user_info: { name: 'John', primary_language: 'English' },
    });
    expect(again.history[2]).toEqual({
      user_interaction: { content: 'Clicked "show map"', meta: { action: 'click' } },
    });
    expect(again.history[1]).toMatchObject({ assistant: { function_calls: [{ name: 'ask_weather' }] } });
    expect(again.history[3]).toMatchObject({ assistant: { content: 'It is sunny.', feedback: { rating: 1 } } });
  });

  it('rejects what the schema rejects', () => {
    expect(() => validateGlm({ history: [{ robot: { content: 'x' } }] })).toThrow(/GLM/);
    expect(() => validateGlm({ history: [{ user: { content: 3 } }] })).toThrow(/content/);
    expect(() => importChat('history:\n  - user: {content: [1]}\n')).toThrow(/GLM/);
  });
});

describe('SillyTavern JSONL', () => {
  it('round-trips every transcript field', () => {
    const t = fullTranscript();
    const out = toSillyTavern(t);
    expect(out.lost).toEqual([]);
    expect(detectChatFormat(out.value)).toBe('sillytavern');
    expect(fromSillyTavern(out.value)).toEqual({ value: t, lost: [] });
  });

  it('writes SillyTavern-native fields where SillyTavern has them', () => {
    const lines = jsonl(toSillyTavern(fullTranscript()).value) as Record<string, unknown>[];
    expect(lines[0]).toMatchObject({
      user_name: 'Sam',
      character_name: 'Seraphina',
      chat_metadata: { timedWorldInfo: { sticky: { 'Eldoria.0': { end: 4 } } } },
    });
    expect(lines[1]).toMatchObject({
      is_user: false,
      swipe_id: 1,
      mes: lines[1]!.swipes && (lines[1]!.swipes as string[])[1],
    });
    expect(lines[3]).toMatchObject({
      mes: 'You are safe.',
      swipe_id: 1,
      extra: { token_count: 4, model: 'other-model' },
      swipe_info: [{ extra: { token_count: 3, model: 'test-model' } }, {}],
    });
    expect(lines[4]).toMatchObject({ is_system: true, extra: { type: 'narrator' } });
  });

  it('imports a SillyTavern chat and exports it back without losing a field', () => {
    const text = fixture('seraphina.st.jsonl');
    const { value, lost } = importChat(text);
    expect(lost).toEqual([]);
    expect(value.messages.map((m) => [m.role, m.swipe, m.hidden ?? false])).toEqual([
      ['assistant', 0, false],
      ['user', 0, false],
      ['assistant', 1, false],
      ['system', 0, true],
    ]);
    expect(value.messages[2]!.swipes[1]!.stats).toEqual({ tokens: 10, model: 'gpt-4o' });
    expect(jsonl(toSillyTavern(value).value)).toEqual(jsonl(text));
  });

  it('reports what one format cannot carry into another', () => {
    const st = importChat(fixture('seraphina.st.jsonl')).value;
    const glm = toGlm(st);
    expect(glm.lost.map((l) => l.path)).toContain('$.messages[1].foreign.st.force_avatar');
    expect(glm.lost.map((l) => l.path)).toContain('$.foreign.st.chat_metadata');
    const fromYaml = importChat(fixture('legacy-chat.glm.yaml')).value;
    expect(toSillyTavern(fromYaml).lost.map((l) => l.path)).toEqual(
      expect.arrayContaining(['$.foreign.glm.settings', '$.messages[2].foreign.glm.feedback']),
    );
  });

  it('keeps the shown text when a stale swipe disagrees, and says so', () => {
    const text =
      '{"user_name":"U","character_name":"C"}\n{"name":"C","is_user":false,"mes":"new","swipes":["old"],"swipe_id":0}\n';
    const { value, lost } = fromSillyTavern(text);
    expect(value.messages[0]!.swipes[0]!.text).toBe('new');
    expect(lost).toEqual([{ path: '$[1].swipes[0]', reason: expect.stringContaining('mes') }]);
  });

  it('refuses lines that are not JSON objects', () => {
    expect(() => importChat('{"user_name":"U"}\nnot json\n', 'sillytavern')).toThrow(/line 2/);
  });
});

describe('Lorewright transcript JSON', () => {
  it('round-trips and rejects an inconsistent transcript', () => {
    const t = fullTranscript();
    expect(importChat(exportChat(t, 'lorewright').value).value).toEqual(t);
    const broken = { ...t, messages: [{ ...t.messages[0]!, swipe: 9 }] };
    expect(() => importChat(JSON.stringify(broken))).toThrow(/swipe 9/);
  });
});
