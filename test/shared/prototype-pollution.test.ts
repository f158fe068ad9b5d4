// Keys a hostile file can carry (`__proto__`, `constructor`, `prototype`) never reach Object.prototype nor become
// an object's prototype in the merges and assignments that take keys from input: prompt settings, chat formats'
// foreign fields, card JSON edits and the books of a turn.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonChanges, applyJsonChanges } from '../../shared/card/json-edit.ts';
import { mergeUnder, unknownFields, compact } from '../../shared/chat/formats/foreign.ts';
import { createTranscript, appendMessage, planTurn } from '../../shared/chat/index.ts';
import { resolveSettings } from '../../shared/prompt/defaults.ts';
import { characterFromCard } from '../../shared/prompt/index.ts';
import { importBook } from '../../shared/lorebook/formats/index.ts';

const hostile = (): Record<string, unknown> =>
  JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}}') as Record<
    string,
    unknown
  >;

afterEach(() => {
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
});

describe('prototype keys from input', () => {
  it('prompt settings skip them at every level', () => {
    const settings = resolveSettings({ ...hostile(), chat: hostile(), text: { ...hostile(), maxTokens: 99 } } as never);
    for (const level of [settings, settings.chat, settings.text] as object[]) {
      expect(Object.getPrototypeOf(level)).toBe(Object.prototype);
      expect((level as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.hasOwn(level, 'constructor')).toBe(false);
    }
    expect(settings.text.maxTokens).toBe(99);
  });

  it("a chat format's foreign fields keep them as data, never as the prototype", () => {
    const rest = unknownFields(hostile(), [])!;
    expect(Object.getPrototypeOf(rest)).toBe(Object.prototype);
    expect(Object.keys(rest)).toEqual(['__proto__', 'constructor']);
    const merged = mergeUnder(hostile(), { name: 'x', ...hostile() });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(JSON.stringify(merged)).toContain('"__proto__":{"polluted":1}');
    const onlyBase = mergeUnder({ name: 'y' }, hostile());
    expect(Object.getPrototypeOf(onlyBase)).toBe(Object.prototype);
    expect(JSON.stringify(compact(hostile()))).toBe(JSON.stringify(hostile()));
  });

  it('a card JSON edit that adds a __proto__ key edits the document, not Object.prototype', () => {
    const from = { name: 'Mira' };
    const to = JSON.parse('{"name": "Mira", "__proto__": {"polluted": 1}}') as object;
    const changes = jsonChanges(from, to);
    expect(changes).toEqual([{ path: ['__proto__'], value: { polluted: 1 } }]);
    const edited = applyJsonChanges(from, [...changes, { path: ['constructor', 'prototype', 'polluted'], value: 3 }]);
    expect(Object.getPrototypeOf(edited)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(edited))).toEqual(
      JSON.parse('{"name": "Mira", "__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 3}}}'),
    );
  });

  it('a book named __proto__ or constructor is scanned like any other', () => {
    const card = JSON.parse(
      readFileSync(new URL('../fixtures/lorebooks/Seraphina-1.18.0.card.json', import.meta.url), 'utf8'),
    ) as { data: { character_book: unknown } };
    const book = importBook(card.data.character_book, { detail: 'summary' }).book;
    let transcript = createTranscript(characterFromCard(card), { name: 'Sam' }, new Date('2025-06-01T10:00:00Z'));
    transcript = appendMessage(transcript, 'user', 'Sam', { text: 'What is this forest?' });
    // One book each: SillyTavern fires identical entries of two books only once.
    for (const name of ['__proto__', 'constructor']) {
      const plan = planTurn({
        card: { ...card, data: { ...card.data, character_book: undefined } },
        persona: { name: 'Sam', description: '' },
        transcript,
        mode: 'chat',
        target: { model: 'm' },
        books: [{ name, book, role: 'global' }],
      });
      expect(plan.lore.length).toBeGreaterThan(0);
      expect(new Set(plan.lore.map((l) => l.book))).toEqual(new Set([name]));
    }
  });
});
