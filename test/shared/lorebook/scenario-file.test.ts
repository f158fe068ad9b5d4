// Scenario files through the one schema: defaults, merged layers, and a field path in every error.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../shared/lorebook/scenario-file.ts';
import { checkSavedTurn } from '../../../shared/lorebook/scenario-schema.ts';
import { ScenarioError, withLine } from '../../../shared/lorebook/scenario-error.ts';
import { DEFAULT_CHARACTER } from '../../../shared/lorebook/defaults.ts';
import { scenario } from './scenario-builder.ts';
import type { WorldInfoBook } from '../../../shared/lorebook/model.ts';

const book: WorldInfoBook = { entries: {} };
const noFiles = (file: string): never => {
  throw new Error(`no file ${file}`);
};
const load = (doc: unknown, read: (file: string, at: string) => unknown = noFiles) => loadScenario(doc, read);
const light = { books: { Lore: book }, chat: ['Hello'] };

function problem(doc: unknown): string {
  try {
    load(doc);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as Error).message;
  }
  throw new Error('expected a ScenarioError');
}

describe('scenario files', () => {
  it("fills every field the light format leaves out with SillyTavern's defaults", () => {
    const { turns, expects, multiTurn } = load(light);
    expect(multiTurn).toBe(false);
    expect(expects).toEqual([undefined]);
    expect(turns[0]).toEqual(
      scenario([], ['Hello'], {
        seed: 0,
        books: { Lore: book },
        globalBooks: ['Lore'],
        character: { ...DEFAULT_CHARACTER, avatar: 'Character.png' },
        user: { name: 'User', persona: '' },
      }),
    );
  });

  it('merges settings, books and the character key by key across the file and its turns', () => {
    const { turns } = load({
      ...light,
      settings: { depth: 5 },
      character: { name: 'Mira' },
      authorsNote: { value: 'note' },
      extensionPrompts: { memory: { value: 'remembered' } },
      turns: [{ settings: { recursive: false } }, { chat: ['Hello', 'Again'], timedWorldInfo: null }],
    });
    expect(turns[0]?.settings).toMatchObject({ depth: 5, recursive: false });
    expect(turns[1]?.settings).toMatchObject({ depth: 5, recursive: true });
    expect(turns[0]?.character).toMatchObject({ name: 'Mira', avatar: 'Mira.png' });
    expect(turns[0]?.authorsNote).toEqual({ value: 'note', scan: false, position: 1, depth: 4, role: 0 });
    expect(turns[0]?.extensionPrompts).toEqual({ memory: { value: 'remembered', scan: false } });
    expect(turns.map((t) => t.carryTimedEffects)).toEqual([false, true]);
  });

  it('reads a book named by path once, however many turns use it', () => {
    const read: string[] = [];
    const { turns } = load({ books: { Lore: 'lore.json' }, chat: [], turns: [{}, {}] }, (file, at) => {
      read.push(`${at} ${file}`);
      return book;
    });
    expect(read).toEqual(['books.Lore lore.json']);
    expect(turns[0]?.books['Lore']).toBe(turns[1]?.books['Lore']);
  });

  it.each([
    [[], '(top level): expected a scenario object, got []'],
    [{ ...light, chta: [] }, 'chta: unknown field (known: settings, maxContext,'],
    [{ ...light, settings: { depth: '4' } }, 'settings.depth: expected a whole number ≥ 0, got "4"'],
    [{ ...light, settings: { deep: 4 } }, 'settings.deep: unknown setting (known: depth, budget,'],
    [{ ...light, settings: { characterStrategy: 3 } }, 'settings.characterStrategy: expected 0 (evenly), 1 (character'],
    [{ ...light, maxContext: 0 }, 'maxContext: expected a whole number ≥ 1, got 0'],
    [{ ...light, random: [0.5, 1] }, 'random[1]: expected a number in [0, 1), got 1'],
    [{ ...light, chat: ['a', { name: 'Ann' }] }, 'chat[1].mes: missing: the message text'],
    [{ ...light, chat: ['a', 3] }, 'chat[1]: expected a string or a {"name", "mes"} object, got 3'],
    [{ ...light, trigger: 'sometimes' }, 'trigger: expected one of normal, continue, impersonate'],
    [
      { ...light, tokenizer: 'cl100k' },
      `tokenizer: expected "guesstimate" (SillyTavern's offline estimate), got "cl100k"`,
    ],
    [{ ...light, character: { mood: 'x' } }, 'character.mood: unknown character field (known: name, avatar,'],
    [
      { ...light, timedWorldInfo: { sticky: { 'Lore.1': { hash: 1, start: 0, end: -1, protected: false } } } },
      'timedWorldInfo.sticky.Lore.1.end: expected a whole number ≥ 0, got -1',
    ],
    [
      { ...light, turns: [{}, { settings: { depth: -1 } }] },
      'turns[1].settings.depth: expected a whole number ≥ 0, got -1',
    ],
    [{ ...light, turns: [] }, 'turns: expected a non-empty list of turns, got []'],
    [{ ...light, input: {}, turns: [{}] }, 'turns: contradicts input'],
    [{ chat: [] }, 'books: missing: an object mapping book names'],
    [{ books: { Lore: book } }, 'chat: missing: the chat, oldest message first'],
    [{ ...light, characterBook: 'Lroe' }, 'characterBook: no book named "Lroe" in books (have: Lore)'],
    [{ ...light, globalBooks: ['Lore', 'Other'] }, 'globalBooks[1]: no book named "Other"'],
    [{ ...light, carryTimedEffects: true }, 'carryTimedEffects: true on the first turn'],
    [{ ...light, books: { Lore: { name: 'x', description: 'a V1 card' } } }, 'books.Lore: not a lorebook:'],
  ])('refuses %j: %s', (doc, message) => {
    expect(problem(doc)).toContain(message);
  });

  it('names the line of the field in the file text', () => {
    const text = '{\n  "books": {"Lore": {"entries": {}}},\n  "chat": [],\n  "settings": {\n    "depth": "4"\n  }\n}';
    const e = new ScenarioError('settings.depth', 'expected a whole number ≥ 0, got "4"');
    expect(withLine(e, text).message).toBe('settings.depth: expected a whole number ≥ 0, got "4" (line 5)');
    // A missing member: the line of the nearest parent that is there.
    expect(withLine(new ScenarioError('chat[1].mes', 'missing'), text).message).toBe('chat[1].mes: missing (line 3)');
  });
});

describe('saved lore-test turns', () => {
  it('use the same schema, prefixed with the turn', () => {
    expect(() => checkSavedTurn({ settings: { depth: 'x' }, chat: [] }, 'turns[2]')).toThrow(
      'turns[2].settings.depth: expected a whole number ≥ 0, got "x"',
    );
    expect(() => checkSavedTurn({ settings: {} }, 'turns[0]')).toThrow(
      'turns[0].chat: missing: the chat so far, oldest message first',
    );
  });
});
