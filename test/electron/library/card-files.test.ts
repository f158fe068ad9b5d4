// Import the real Seraphina PNG, inspect it, export it back, convert in the library: through the API host.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openLibrary } from '../../../electron/services/library/library.ts';
import type { Library } from '../../../electron/services/library/library.ts';
import { testApi, type TestApi } from '../../helpers/api-client.ts';
import { parsePngChunks, readCard } from '../../../shared/card/index.ts';
import { useTempDir, v1Card, v2Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const fixtures = path.resolve(import.meta.dirname, '../../fixtures/cards');
const seraphina = fs.readFileSync(path.join(fixtures, 'default_Seraphina-1.18.0.png'));
let library: Library | undefined;
let api: TestApi;
afterEach(() => library?.close());

function setup(): void {
  library = openLibrary(path.join(tempDir(), 'library.db'));
  api = testApi({ library });
}

async function importSeraphina(): Promise<number> {
  const [r] = await api.invoke('cards.import', {
    files: [{ name: 'Seraphina.png', text: seraphina.toString('base64'), encoding: 'base64' }],
  });
  expect(r!.status).toBe('imported');
  return r!.id!;
}

describe('cards from real files', () => {
  it('imports a PNG card keeping the original bytes, and recognises the same file again as a duplicate', async () => {
    setup();
    const id = await importSeraphina();
    const card = await api.invoke('cards.get', { id });
    expect(card).toMatchObject({ name: 'Seraphina', container: 'png', hasImage: true });
    expect(JSON.parse(card.document)).toEqual(readCard(seraphina, 'x.png', { normalize: false }).doc);
    expect(Buffer.from(library!.cards.image(id)!).equals(seraphina)).toBe(true);
    const avatar = await api.invoke('cards.avatar', { id });
    expect(avatar!.mime).toBe('image/png');
    const again = await api.invoke('cards.import', {
      files: [{ name: 'copy.png', text: seraphina.toString('base64'), encoding: 'base64' }],
    });
    expect(again[0]!.status).toBe('duplicate');
  });

  it('exports the PNG with the same image data, fresh card chunks, and a document that reads back identical', async () => {
    setup();
    const id = await importSeraphina();
    const out = await api.invoke('cards.export', { id });
    expect(out).toMatchObject({ fileName: 'Seraphina.png', mime: 'image/png', report: null });
    const bytes = Buffer.from(out.base64, 'base64');
    const imageChunks = (b: Uint8Array): string[] =>
      parsePngChunks(b)
        .chunks.filter((c) => c.type === 'IDAT' || c.type === 'IHDR')
        .map((c) => Buffer.from(c.raw).toString('hex'));
    expect(imageChunks(bytes)).toEqual(imageChunks(seraphina));
    expect(readCard(bytes, 'out.png', { normalize: false }).doc).toEqual(
      readCard(seraphina, 'in.png', { normalize: false }).doc,
    );
    const inspection = await api.invoke('cards.inspect', { id });
    expect(inspection.container).toBe('png');
    expect(inspection.chunks.some((c) => c.type === 'tEXt' && c.keyword === 'chara')).toBe(true);
    expect(inspection.exportIdentical).toBe(true);
    expect(inspection.exportChanges).toEqual([]);
  });

  it('exports as V3 with a loss report, and as JSON byte-identical when nothing was edited', async () => {
    setup();
    const text = v2Card('Mira', { tags: ['Witch'], x_custom: { deep: ['🐉', 'عربي'] } });
    const created = library!.cards.insert({ document: text, format: 'json', container: 'json' });
    const json = await api.invoke('cards.export', { id: created.id, format: 'json' });
    expect(Buffer.from(json.base64, 'base64').toString('utf8')).toBe(text);
    const v3 = await api.invoke('cards.export', { id: created.id, format: 'png', spec: 'v3' });
    expect(v3.report).toMatchObject({ from: 'v2', to: 'v3' });
    const back = readCard(Buffer.from(v3.base64, 'base64'), 'v3.png', { normalize: false });
    expect(back.spec).toBe('v3');
    expect((back.doc['data'] as Record<string, unknown>)['x_custom']).toEqual({ deep: ['🐉', 'عربي'] });
  });

  it('converts V1 cards to V2 in the library as new revisions, with per-card reports', async () => {
    setup();
    const v1 = library!.cards.insert({
      document: v1Card('Old', { description: 'd', first_mes: 'hi', legacy_extra: 7 }),
    });
    const v2 = library!.cards.insert({ document: v2Card('New') });
    const progress: unknown[] = [];
    const results = await api.invoke(
      'cards.convert',
      { ids: [v1.id, v2.id], to: 'v2' },
      { onProgress: (p) => progress.push(p) },
    );
    expect(results.map((r) => r.status)).toEqual(['converted', 'already']);
    expect(progress).toHaveLength(2);
    const doc = JSON.parse(library!.cards.get(v1.id).document) as { spec: string; data: Record<string, unknown> };
    expect(doc.spec).toBe('chara_card_v2');
    expect(doc.data['name']).toBe('Old');
    expect(JSON.stringify(doc)).toContain('legacy_extra'); // never destroyed
    expect(library!.cards.revisions(v1.id)).toHaveLength(1);
  });

  it('reports broken card files with a specific reason and imports the rest', async () => {
    setup();
    const truncated = seraphina.subarray(0, 5000);
    const results = await api.invoke('cards.import', {
      files: [
        { name: 'cut.png', text: truncated.toString('base64'), encoding: 'base64' },
        { name: 'not-a-card.json', text: '{"hello": "world"}' },
        { name: 'ok.json', text: v2Card('Fine') },
      ],
    });
    expect(results.map((r) => r.status)).toEqual(['failed', 'failed', 'imported']);
    // The result names the file once (in `file`), the message says what is wrong.
    expect(results[0]!.message).toMatch(/^(?!cut\.png).*(truncat|end|chunk)/i);
    expect(results[1]!.message).toMatch(/^not a character card/);
  });

  it('a card whose write fails mid-way fails alone: the batch is written again file by file, leaving no half row', async () => {
    setup();
    // The card row goes in, then linking its tag fails: the rest of its write must not stay behind.
    library!.db.exec(
      "CREATE TEMP TRIGGER refuse_tag BEFORE INSERT ON card_tags WHEN (SELECT name FROM tags WHERE id = NEW.tag_id) = 'refused' BEGIN SELECT RAISE(ABORT, 'tag refused'); END",
    );
    const results = await api.invoke('cards.import', {
      files: [
        { name: 'a.json', text: v2Card('Ash', { description: 'lantern keeper' }) },
        { name: 'b.json', text: v2Card('Bryn', { tags: ['refused'], description: 'lantern thief' }) },
        { name: 'c.json', text: v2Card('Cole', { description: 'lantern maker' }) },
      ],
    });
    expect(results.map((r) => [r.file, r.status])).toEqual([
      ['a.json', 'imported'],
      ['b.json', 'failed'],
      ['c.json', 'imported'],
    ]);
    expect(results[1]!.message).toMatch(/tag refused/);
    expect(library!.cards.list({}).items.map((c) => c.name)).toEqual(['Ash', 'Cole']);
    expect(library!.cards.list({ query: 'lantern' }).items.map((c) => c.name)).toEqual(['Ash', 'Cole']);
    const rows = (table: string): number =>
      (library!.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect([rows('cards'), rows('card_search'), rows('card_tags')]).toEqual([2, 2, 0]);
  });

  it('says what a file is when it is no card: empty, plain text, an image without a card, with a code for the client', async () => {
    setup();
    const results = await api.invoke('cards.import', {
      files: [
        { name: 'empty.json', text: '' },
        { name: 'notes.txt', text: 'Seraphina is kind.\nShe guards the forest.' },
        { name: 'notes2.txt', text: 'Title: a story: with colons\n  - and: [broken' },
        { name: 'photo.gif', text: Buffer.from('GIF89a\0\0\0\0').toString('base64'), encoding: 'base64' },
      ],
    });
    expect(results.map((r) => [r.status, r.code, r.message])).toEqual([
      ['failed', 'empty_file', 'the file is empty (0 bytes)'],
      ['failed', 'unknown_format', 'not a card file: plain text (.txt); cards are PNG, JSON, YAML or CharX files'],
      ['failed', 'unknown_format', 'not a card file: plain text (.txt); cards are PNG, JSON, YAML or CharX files'],
      ['failed', 'unknown_format', 'not a card file: a GIF image (at byte 0)'],
    ]);
  });

  it('holds back another version of a library card until asked, then updates it as a new revision or adds it', async () => {
    setup();
    const [first] = await api.invoke('cards.import', {
      files: [{ name: 'nyx.json', text: v2Card('Nyx', { creator: 'me' }) }],
    });
    expect(first).toMatchObject({ status: 'imported', name: 'Nyx' });
    const edited = { name: 'nyx-v2.json', text: v2Card('Nyx', { creator: 'me', description: 'edited' }) };
    const [asked] = await api.invoke('cards.import', { files: [edited] });
    expect(asked).toEqual({ file: 'nyx-v2.json', status: 'match', id: first!.id, name: 'Nyx' });
    expect(library!.cards.list({}).total).toBe(1);

    const [updated] = await api.invoke('cards.import', { files: [edited], onMatch: 'update' });
    expect(updated).toMatchObject({ status: 'updated', id: first!.id, name: 'Nyx' });
    expect(library!.cards.get(first!.id!)).toMatchObject({ revision: 2, document: edited.text });
    expect(library!.cards.revisions(first!.id!).map((r) => r.revision)).toEqual([1]);

    const [added] = await api.invoke('cards.import', {
      files: [{ name: 'nyx-v3.json', text: v2Card('Nyx', { creator: 'me', description: 'third' }) }],
      onMatch: 'add',
    });
    expect(added).toMatchObject({ status: 'imported', name: 'Nyx' });
    expect(added!.id).not.toBe(first!.id);
    // A different creator is a different character, never a match.
    const [other] = await api.invoke('cards.import', {
      files: [{ name: 'nyx-other.json', text: v2Card('Nyx', { creator: 'someone else' }) }],
    });
    expect(other).toMatchObject({ status: 'imported' });
  });

  it('replaces the image, keeping the document and the old image in history; export embeds the card into the new image', async () => {
    setup();
    const card = library!.cards.insert({ document: v2Card('Nyx'), format: 'json', container: 'json' });
    await expect(
      api.invoke('cards.setImage', { id: card.id, base64: Buffer.from('not a png at all').toString('base64') }),
    ).rejects.toThrow(/must be a PNG/);
    const updated = await api.invoke('cards.setImage', { id: card.id, base64: seraphina.toString('base64') });
    expect(updated).toMatchObject({ container: 'png', revision: 2, hasImage: true, document: v2Card('Nyx') });
    const out = await api.invoke('cards.export', { id: card.id });
    expect(out.fileName).toBe('Nyx.png');
    const back = readCard(Buffer.from(out.base64, 'base64'), 'nyx.png', { normalize: false });
    expect((back.doc['data'] as Record<string, unknown>)['name']).toBe('Nyx');
    expect(
      library!.db
        .prepare('SELECT image IS NULL AS none FROM revisions WHERE item_id = ? AND revision = 1')
        .get(card.id),
    ).toEqual({ none: 1 });
  });
});
