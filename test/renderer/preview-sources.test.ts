// The preview's card and extra books turned into a scenario: roles, unique names, the card's fields, test chats.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { readPngCard } from '../../shared/card/png-card.ts';
import type { Transcript } from '../../shared/chat/types.ts';
import { scan } from '../../shared/lorebook/index.ts';
import { importBook } from '../../shared/lorebook/formats/index.ts';
import type { WorldInfoBook } from '../../shared/lorebook/model.ts';
import { buildScenario, DEFAULT_SETUP } from '../../renderer/src/lorebooks/preview/scenario.ts';
import {
  assignBooks,
  cardSources,
  NO_SOURCES,
  uniqueName,
  type PreviewSources,
  type SourceBook,
} from '../../renderer/src/lorebooks/preview/sources.ts';
import { chatFromTranscript } from '../../renderer/src/lorebooks/preview/test-chat.ts';

const seraphina = readPngCard(
  new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/cards/default_Seraphina-1.18.0.png'))),
).doc;
const open: WorldInfoBook = { entries: {} };
const bookOf = (uid: number, key: string): WorldInfoBook => ({
  entries: { [uid]: { uid, key: [key], content: key, order: 100, position: 0 } },
});
const source = (name: string, role: SourceBook['role'], origin: SourceBook['origin'] = 'more'): SourceBook => ({
  name,
  role,
  book: bookOf(0, name),
  origin,
});

describe('preview book roles', () => {
  it('scans the open book alone as a global book by default', () => {
    const roles = assignBooks('Open', open, NO_SOURCES);
    expect(roles).toEqual({
      books: { Open: open },
      globalBooks: ['Open'],
      characterBook: null,
      extraCharacterBooks: [],
      chatBook: null,
      personaBook: null,
      unused: [],
    });
  });

  it('puts each book in its role, the first character candidate as primary and a second chat book in none', () => {
    const sources: PreviewSources = {
      openRole: 'persona',
      character: null,
      books: [
        source('Primary', 'character', 'card'),
        source('Embedded', 'character', 'card'),
        source('Extra', 'extra', 'card'),
        source('World', 'global'),
        source('Chat', 'chat'),
        source('Chat 2', 'chat'),
      ],
    };
    const roles = assignBooks('Open', open, sources);
    expect(roles.globalBooks).toEqual(['World']);
    expect(roles.characterBook).toBe('Primary');
    expect(roles.extraCharacterBooks).toEqual(['Embedded', 'Extra']);
    expect(roles.chatBook).toBe('Chat');
    expect(roles.personaBook).toBe('Open');
    expect(roles.unused).toEqual(['Chat 2']);
    expect(Object.keys(roles.books)).toEqual(['Open', 'Primary', 'Embedded', 'Extra', 'World', 'Chat', 'Chat 2']);
  });

  it('keeps the open book as the character book when chosen, so the card book becomes an extra', () => {
    const roles = assignBooks('Open', open, {
      openRole: 'character',
      character: null,
      books: [source('Card', 'character', 'card')],
    });
    expect(roles.characterBook).toBe('Open');
    expect(roles.extraCharacterBooks).toEqual(['Card']);
  });

  it('makes names unique, the open book keeping its own', () => {
    expect(uniqueName('A', new Set(['A', 'A (2)']))).toBe('A (3)');
    const roles = assignBooks('Eldoria', open, {
      openRole: 'global',
      character: null,
      books: [source('Eldoria', 'character', 'card'), source('Eldoria', 'global')],
    });
    expect(roles.books['Eldoria']).toBe(open);
    expect(roles.characterBook).toBe('Eldoria (2)');
    expect(roles.globalBooks).toEqual(['Eldoria', 'Eldoria (3)']);
  });
});

describe('a card as the preview character', () => {
  it("reads Seraphina's fields and embedded book, and the scenario fires its entries as a character book", () => {
    const picked = cardSources('fallback', seraphina, []);
    expect(picked.name).toBe('Seraphina');
    expect(picked.description).toContain('Seraphina');
    const data = seraphina['data'] as Record<string, unknown>;
    expect(picked.character).toMatchObject({
      avatar: 'Seraphina',
      personality: data['personality'],
      scenario: data['scenario'],
      creatorNotes: data['creator_notes'],
    });
    expect(picked.books.map((b) => [b.name, b.role])).toEqual([['Eldoria', 'character']]);

    const setup = { ...DEFAULT_SETUP, charName: picked.name, description: picked.description };
    const sources: PreviewSources = { openRole: 'global', character: picked.character, books: picked.books };
    const scenario = buildScenario('Eldoria', open, setup, [{ role: 'user', text: 'A shadowfang growls.' }], sources);
    expect(scenario.characterBook).toBe('Eldoria (2)');
    expect(scenario.character).toMatchObject({
      name: 'Seraphina',
      description: picked.description,
      personality: picked.character.personality,
      tags: picked.character.tags,
    });
    expect(scan(scenario).activated).toContain('Eldoria (2).1');
  });

  it('leads with the linked primary book and keeps the embedded one as an extra, after it the additional links', () => {
    const links = [
      { name: 'Linked extra', role: 'extra' as const, book: bookOf(0, 'x') },
      { name: 'Linked primary', role: 'primary' as const, book: bookOf(0, 'p') },
    ];
    const { books } = cardSources('Seraphina', seraphina, links);
    const roles = assignBooks('Open', open, { openRole: 'global', character: null, books });
    expect(roles.characterBook).toBe('Linked primary');
    expect(roles.extraCharacterBooks).toEqual(['Eldoria', 'Linked extra']);
  });

  it('drops the embedded book when a linked book is its import (SillyTavern scans the linked world only)', () => {
    const embedded = (seraphina as { data: { character_book: unknown } }).data.character_book;
    const imported = importBook(embedded, { detail: 'summary' }).book;
    const { books } = cardSources('Seraphina', seraphina, [{ name: 'Eldoria', role: 'primary', book: imported }]);
    expect(books.map((b) => b.name)).toEqual(['Eldoria']);
    expect(books[0]!.book).toBe(imported);
  });

  it('reads a V1-shaped card (fields at the top level) without a book', () => {
    const picked = cardSources('Old', { name: 'Old', description: 'd', personality: 'p', tags: ['a', 3] }, []);
    expect(picked).toMatchObject({
      name: 'Old',
      description: 'd',
      character: { personality: 'p', tags: ['a'] },
      books: [],
    });
  });
});

describe('a saved test chat in the preview', () => {
  it('takes the shown swipe of each message and leaves hidden and system messages out', () => {
    const message = (
      id: string,
      role: 'user' | 'assistant' | 'system',
      texts: string[],
      swipe = 0,
      hidden = false,
    ) => ({
      id,
      role,
      name: role,
      swipes: texts.map((text) => ({ text })),
      swipe,
      at: '',
      ...(hidden ? { hidden } : {}),
    });
    const transcript = {
      character: { name: 'Seraphina' },
      user: { name: 'Ann' },
      messages: [
        message('m1', 'assistant', ['Hello', 'Welcome'], 1),
        message('m2', 'user', ['Hi']),
        message('m3', 'system', ['note']),
        message('m4', 'user', ['secret'], 0, true),
      ],
    } as unknown as Transcript;
    expect(chatFromTranscript(transcript)).toEqual([
      { role: 'char', text: 'Welcome' },
      { role: 'user', text: 'Hi' },
    ]);
  });
});
