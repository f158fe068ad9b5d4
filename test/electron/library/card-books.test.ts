// Linking library lorebooks to cards and moving a book into and out of a card, through the API host on a real SQLite file.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openLibrary } from '../../../electron/services/library/library.ts';
import type { Library } from '../../../electron/services/library/library.ts';
import { testApi, type TestApi } from '../../helpers/api-client.ts';
import { exportBook, importBook } from '../../../shared/lorebook/formats/index.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const seraphina = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../fixtures/cards/default_Seraphina-1.18.0.png'),
);
let library: Library | undefined;
let api: TestApi;
afterEach(() => library?.close());

interface Card {
  id: number;
  revision: number;
  document: string;
}

async function setup(): Promise<number> {
  library = openLibrary(path.join(tempDir(), 'library.db'));
  api = testApi({ library });
  const [r] = await api.invoke('cards.import', {
    files: [{ name: 'Seraphina.png', text: seraphina.toString('base64'), encoding: 'base64' }],
  });
  return r!.id!;
}

const newBook = async (name: string, entries: Record<string, unknown> = {}): Promise<number> =>
  (await api.invoke('lorebooks.create', { name, document: JSON.stringify({ entries }) })).id;

const characterBook = (card: Card): Record<string, unknown> =>
  (JSON.parse(card.document) as { data: { character_book: Record<string, unknown> } }).data.character_book;

describe('card–lorebook links', () => {
  it('links books, keeps one primary by demoting the old one, updates a role on relink, and unlinks', async () => {
    const cardId = await setup();
    const a = await newBook('Alpha');
    const b = await newBook('Beta');
    expect(await api.invoke('links.list', { cardId })).toEqual([]);
    await api.invoke('links.set', { cardId, lorebookId: a, role: 'primary' });
    let links = await api.invoke('links.set', { cardId, lorebookId: b, role: 'primary' });
    expect(links).toEqual([
      { lorebookId: b, name: 'Beta', role: 'primary', deletedAt: null },
      { lorebookId: a, name: 'Alpha', role: 'extra', deletedAt: null },
    ]);
    links = await api.invoke('links.set', { cardId, lorebookId: b, role: 'extra' });
    expect(links.map((l) => l.role)).toEqual(['extra', 'extra']);
    links = await api.invoke('links.remove', { cardId, lorebookId: a });
    expect(links.map((l) => l.lorebookId)).toEqual([b]);
    expect((await api.failure('links.remove', { cardId, lorebookId: a })).code).toBe('not_found');
    expect((await api.failure('links.set', { cardId, lorebookId: b, role: 'main' })).code).toBe('bad_input');
  });

  it('refuses cards and books in the trash', async () => {
    const cardId = await setup();
    const book = await newBook('Old');
    await api.invoke('lorebooks.delete', { id: book });
    expect((await api.failure('links.set', { cardId, lorebookId: book, role: 'extra' })).code).toBe('conflict');
    expect((await api.failure('links.embed', { cardId, lorebookId: book })).code).toBe('conflict');
    await api.invoke('cards.delete', { id: cardId });
    const live = await newBook('Live');
    const error = await api.failure('links.set', { cardId, lorebookId: live, role: 'extra' });
    expect(error).toMatchObject({ code: 'conflict', message: expect.stringContaining('trash') });
    expect((await api.failure('links.unembed', { cardId })).code).toBe('conflict');
  });
});

describe('embed and unembed', () => {
  it('embeds a library book as the card character_book in a new revision and returns the loss report', async () => {
    const cardId = await setup();
    const before = await api.invoke('cards.get', { id: cardId });
    const lorebookId = await newBook('Forest lore', {
      0: {
        uid: 0,
        key: ['forest'],
        keysecondary: [],
        comment: 'Forest',
        content: 'Tall pines.',
        order: 50,
        position: 0,
        disable: false,
      },
      1: {
        uid: 1,
        key: ['river'],
        keysecondary: [],
        comment: 'River',
        content: 'Cold water.',
        order: 60,
        position: 1,
        disable: true,
      },
    });
    const result = await api.invoke('links.embed', { cardId, lorebookId });
    // Seraphina is a V3 card: its embedded book gets V3 entries.
    expect(JSON.parse(before.document)).toMatchObject({ spec: 'chara_card_v3' });
    expect(result.report).toMatchObject({ from: 'st', to: 'v3' });
    expect(result.card.revision).toBe(before.revision + 1);
    const stored = await api.invoke('cards.get', { id: cardId });
    const book = characterBook(stored);
    expect(book['name']).toBe('Forest lore');
    const entries = book['entries'] as Record<string, unknown>[];
    expect(entries.map((e) => [e['keys'], e['content'], e['insertion_order'], e['position'], e['enabled']])).toEqual([
      [['forest'], 'Tall pines.', 50, 'before_char', true],
      [['river'], 'Cold water.', 60, 'after_char', false],
    ]);
    expect(entries.every((e) => e['use_regex'] === false)).toBe(true);
    const revisions = await api.invoke('cards.revisions', { id: cardId });
    expect(revisions.map((r) => r.revision)).toContain(before.revision);
    const plain = await api.invoke('cards.create', { document: v2Card('Plain') });
    const intoV2 = await api.invoke('links.embed', { cardId: plain.id, lorebookId });
    expect(intoV2.report.to).toBe('v2');
    expect((characterBook(intoV2.card)['entries'] as unknown[]).length).toBe(2);
  });

  it('saves the embedded book to the library with the same entries, linked as primary, leaving the card alone', async () => {
    const cardId = await setup();
    const old = await newBook('Old primary');
    await api.invoke('links.set', { cardId, lorebookId: old, role: 'primary' });
    const before = await api.invoke('cards.get', { id: cardId });
    const embedded = characterBook(before);
    const result = await api.invoke('links.unembed', { cardId });
    expect(result.card.revision).toBe(before.revision);
    expect((await api.invoke('cards.get', { id: cardId })).document).toBe(before.document);
    const links = await api.invoke('links.list', { cardId });
    expect(links.map((l) => [l.lorebookId, l.role])).toEqual([
      [result.lorebookId, 'primary'],
      [old, 'extra'],
    ]);
    const saved = await api.invoke('lorebooks.get', { id: result.lorebookId });
    const cardEntries = embedded['entries'] as unknown[];
    expect(saved.entryCount).toBe(cardEntries.length);
    // The library book is World Info; written back as a character_book it must give the card's entries.
    const roundTrip = exportBook(importBook(JSON.parse(saved.document)).book, 'v2').book;
    expect(roundTrip['entries']).toEqual(cardEntries);
  });

  it('removes the embedded book from the card as a new revision when asked', async () => {
    const cardId = await setup();
    const before = await api.invoke('cards.get', { id: cardId });
    const result = await api.invoke('links.unembed', { cardId, remove: true });
    expect(result.card.revision).toBe(before.revision + 1);
    const data = (
      JSON.parse((await api.invoke('cards.get', { id: cardId })).document) as { data: Record<string, unknown> }
    ).data;
    expect(data).not.toHaveProperty('character_book');
    expect((await api.failure('links.unembed', { cardId })).code).toBe('conflict');
    const old = await api.invoke('cards.revision', { id: cardId, revision: before.revision });
    expect(old.document).toBe(before.document);
  });

  it('refuses V1 cards with a message to convert them first', async () => {
    await setup();
    const v1 = await api.invoke('cards.create', {
      document: JSON.stringify({
        name: 'Old',
        description: '',
        personality: '',
        scenario: '',
        first_mes: '',
        mes_example: '',
      }),
    });
    const book = await newBook('Any');
    const error = await api.failure('links.embed', { cardId: v1.id, lorebookId: book });
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/convert it to V2/);
    expect((await api.failure('links.unembed', { cardId: v1.id })).message).toMatch(/V1/);
    // A V2 card without a book can still be linked to.
    const v2 = await api.invoke('cards.create', { document: v2Card('Plain') });
    expect(await api.invoke('links.set', { cardId: v2.id, lorebookId: book, role: 'extra' })).toHaveLength(1);
  });
});
