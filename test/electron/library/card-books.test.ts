// Linking library lorebooks to cards and moving a book into and out of a card, through the API host on a real SQLite file.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openLibrary } from '../../../electron/services/library/library.ts';
import type { Library } from '../../../electron/services/library/library.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { exportBook, importBook } from '../../../shared/lorebook/formats/index.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const seraphina = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/cards/default_Seraphina-1.18.0.png'));
let library: Library | undefined;
afterEach(() => library?.close());

type Reply = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
const raw = (method: string, input: unknown): Promise<Reply> => createApiHost({ library: library! }).call(method, input) as Promise<Reply>;

async function call<T>(method: string, input: unknown): Promise<T> {
  const reply = await raw(method, input);
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.value as T;
}

async function failure(method: string, input: unknown): Promise<{ code: string; message: string }> {
  const reply = await raw(method, input);
  if (reply.ok) throw new Error(`${method} succeeded`);
  return reply.error;
}

interface Card {
  id: number;
  revision: number;
  document: string;
}
interface Link {
  lorebookId: number;
  name: string;
  role: string;
}

async function setup(): Promise<number> {
  library = openLibrary(path.join(tempDir(), 'library.db'));
  const [r] = await call<{ id: number }[]>('library.import', { files: [{ name: 'Seraphina.png', text: seraphina.toString('base64'), encoding: 'base64' }] });
  return r!.id;
}

const newBook = async (name: string, entries: Record<string, unknown> = {}): Promise<number> =>
  (await call<{ id: number }>('lorebooks.create', { name, document: JSON.stringify({ entries }) })).id;

const characterBook = (card: Card): Record<string, unknown> => (JSON.parse(card.document) as { data: { character_book: Record<string, unknown> } }).data.character_book;

describe('card–lorebook links', () => {
  it('links books, keeps one primary by demoting the old one, updates a role on relink, and unlinks', async () => {
    const cardId = await setup();
    const a = await newBook('Alpha');
    const b = await newBook('Beta');
    expect(await call<Link[]>('links.list', { cardId })).toEqual([]);
    await call('links.set', { cardId, lorebookId: a, role: 'primary' });
    let links = await call<Link[]>('links.set', { cardId, lorebookId: b, role: 'primary' });
    expect(links).toEqual([
      { lorebookId: b, name: 'Beta', role: 'primary', deletedAt: null },
      { lorebookId: a, name: 'Alpha', role: 'extra', deletedAt: null },
    ]);
    links = await call<Link[]>('links.set', { cardId, lorebookId: b, role: 'extra' });
    expect(links.map((l) => l.role)).toEqual(['extra', 'extra']);
    links = await call<Link[]>('links.remove', { cardId, lorebookId: a });
    expect(links.map((l) => l.lorebookId)).toEqual([b]);
    expect((await failure('links.remove', { cardId, lorebookId: a })).code).toBe('not_found');
    expect((await failure('links.set', { cardId, lorebookId: b, role: 'main' })).code).toBe('bad_input');
  });

  it('refuses cards and books in the trash', async () => {
    const cardId = await setup();
    const book = await newBook('Old');
    await call('lorebooks.delete', { id: book });
    expect((await failure('links.set', { cardId, lorebookId: book, role: 'extra' })).code).toBe('conflict');
    expect((await failure('links.embed', { cardId, lorebookId: book })).code).toBe('conflict');
    await call('library.delete', { id: cardId });
    const live = await newBook('Live');
    const error = await failure('links.set', { cardId, lorebookId: live, role: 'extra' });
    expect(error).toMatchObject({ code: 'conflict', message: expect.stringContaining('trash') });
    expect((await failure('links.unembed', { cardId })).code).toBe('conflict');
  });
});

describe('embed and unembed', () => {
  it('embeds a library book as the card character_book in a new revision and returns the loss report', async () => {
    const cardId = await setup();
    const before = await call<Card>('library.get', { id: cardId });
    const lorebookId = await newBook('Forest lore', {
      0: { uid: 0, key: ['forest'], keysecondary: [], comment: 'Forest', content: 'Tall pines.', order: 50, position: 0, disable: false },
      1: { uid: 1, key: ['river'], keysecondary: [], comment: 'River', content: 'Cold water.', order: 60, position: 1, disable: true },
    });
    const result = await call<{ card: Card; report: { from: string; to: string } }>('links.embed', { cardId, lorebookId });
    // Seraphina is a V3 card: its embedded book gets V3 entries.
    expect(JSON.parse(before.document)).toMatchObject({ spec: 'chara_card_v3' });
    expect(result.report).toMatchObject({ from: 'st', to: 'v3' });
    expect(result.card.revision).toBe(before.revision + 1);
    const stored = await call<Card>('library.get', { id: cardId });
    const book = characterBook(stored);
    expect(book['name']).toBe('Forest lore');
    const entries = book['entries'] as Record<string, unknown>[];
    expect(entries.map((e) => [e['keys'], e['content'], e['insertion_order'], e['position'], e['enabled']])).toEqual([
      [['forest'], 'Tall pines.', 50, 'before_char', true],
      [['river'], 'Cold water.', 60, 'after_char', false],
    ]);
    expect(entries.every((e) => e['use_regex'] === false)).toBe(true);
    const revisions = await call<{ revision: number }[]>('library.revisions', { id: cardId });
    expect(revisions.map((r) => r.revision)).toContain(before.revision);
    const plain = await call<{ id: number }>('library.create', { document: v2Card('Plain') });
    const intoV2 = await call<{ card: Card; report: { to: string } }>('links.embed', { cardId: plain.id, lorebookId });
    expect(intoV2.report.to).toBe('v2');
    expect((characterBook(intoV2.card)['entries'] as unknown[]).length).toBe(2);
  });

  it('saves the embedded book to the library with the same entries, linked as primary, leaving the card alone', async () => {
    const cardId = await setup();
    const old = await newBook('Old primary');
    await call('links.set', { cardId, lorebookId: old, role: 'primary' });
    const before = await call<Card>('library.get', { id: cardId });
    const embedded = characterBook(before);
    const result = await call<{ lorebookId: number; card: Card }>('links.unembed', { cardId });
    expect(result.card.revision).toBe(before.revision);
    expect((await call<Card>('library.get', { id: cardId })).document).toBe(before.document);
    const links = await call<Link[]>('links.list', { cardId });
    expect(links.map((l) => [l.lorebookId, l.role])).toEqual([[result.lorebookId, 'primary'], [old, 'extra']]);
    const saved = await call<{ document: string; entryCount: number }>('lorebooks.get', { id: result.lorebookId });
    const cardEntries = embedded['entries'] as unknown[];
    expect(saved.entryCount).toBe(cardEntries.length);
    // The library book is World Info; written back as a character_book it must give the card's entries.
    const roundTrip = exportBook(importBook(JSON.parse(saved.document)).book, 'v2').book;
    expect(roundTrip['entries']).toEqual(cardEntries);
  });

  it('removes the embedded book from the card as a new revision when asked', async () => {
    const cardId = await setup();
    const before = await call<Card>('library.get', { id: cardId });
    const result = await call<{ card: Card }>('links.unembed', { cardId, remove: true });
    expect(result.card.revision).toBe(before.revision + 1);
    const data = (JSON.parse((await call<Card>('library.get', { id: cardId })).document) as { data: Record<string, unknown> }).data;
    expect(data).not.toHaveProperty('character_book');
    expect((await failure('links.unembed', { cardId })).code).toBe('conflict');
    const old = await call<{ document: string }>('library.revision', { id: cardId, revision: before.revision });
    expect(old.document).toBe(before.document);
  });

  it('refuses V1 cards with a message to convert them first', async () => {
    await setup();
    const v1 = await call<{ id: number }>('library.create', { document: JSON.stringify({ name: 'Old', description: '', personality: '', scenario: '', first_mes: '', mes_example: '' }) });
    const book = await newBook('Any');
    const error = await failure('links.embed', { cardId: v1.id, lorebookId: book });
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/convert it to V2/);
    expect((await failure('links.unembed', { cardId: v1.id })).message).toMatch(/V1/);
    // A V2 card without a book can still be linked to.
    const v2 = await call<{ id: number }>('library.create', { document: v2Card('Plain') });
    expect(await call<Link[]>('links.set', { cardId: v2.id, lorebookId: book, role: 'extra' })).toHaveLength(1);
  });
});
