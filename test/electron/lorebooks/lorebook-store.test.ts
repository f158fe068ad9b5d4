import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openLibrary } from '../../../electron/services/library/library.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { ApiError } from '../../../shared/errors.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const fixtures = path.resolve(import.meta.dirname, '../../fixtures/lorebook-ui');
const eldoria = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/lorebooks/Eldoria.json'), 'utf8');

function freshLibrary() {
  return openLibrary(path.join(tempDir(), 'library.db'));
}

function errorCode(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return (e as ApiError).code;
  }
  throw new Error('expected an ApiError');
}

describe('lorebook store', () => {
  it('creates an empty book and lists it with its entry count', () => {
    const lib = freshLibrary();
    const book = lib.lorebooks.create({ name: 'World' });
    expect(JSON.parse(book.document)).toEqual({ entries: {} });
    expect(book).toMatchObject({ name: 'World', revision: 1, entryCount: 0, deletedAt: null });
    expect(lib.lorebooks.list({}).items.map((b) => b.name)).toEqual(['World']);
    lib.close();
  });

  it('imports a SillyTavern book byte for byte and finds it by key and content', () => {
    const lib = freshLibrary();
    const [result] = lib.lorebooks.import([{ name: 'Eldoria.json', text: eldoria }]);
    expect(result).toMatchObject({ status: 'imported', format: 'st' });
    const book = lib.lorebooks.get(result!.id!);
    expect(book.document).toBe(eldoria);
    expect(book).toMatchObject({ name: 'Eldoria', entryCount: 4 });
    expect(lib.lorebooks.list({ query: 'shadowfang' }).total).toBe(1);
    expect(lib.lorebooks.list({ query: 'gown shimmering' }).total).toBe(1);
    expect(lib.lorebooks.list({ query: 'dragon' }).total).toBe(0);
    lib.close();
  });

  it('says a PNG or an empty file is not a lorebook, without binary junk or the file name in the message', () => {
    const lib = freshLibrary();
    const png = new TextDecoder().decode(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
    );
    const results = lib.lorebooks.import([
      { name: 'Seraphina.png', text: png },
      { name: 'empty.json', text: '' },
      { name: 'broken.json', text: '{' },
    ]);
    expect(results.map((r) => r.message)).toEqual([
      "not a lorebook: a PNG image, not a text file. Lorebooks are JSON files; a card's embedded book comes in with the card (Library → Import).",
      "not a lorebook: the file is empty (0 bytes). Lorebooks are JSON files; a card's embedded book comes in with the card (Library → Import).",
      'the file is not valid JSON at line 1, column 2: ' + results[2]!.message!.split(': ').slice(1).join(': '),
    ]);
    lib.close();
  });

  it('converts other formats to World Info and returns the loss report', () => {
    const lib = freshLibrary();
    const files = ['Seraphina-1.18.0.card.json', 'novelai-sample.lorebook'].map((name) => ({
      name,
      text: fs.readFileSync(path.join(fixtures, name), 'utf8'),
    }));
    const results = lib.lorebooks.import([
      ...files,
      { name: 'bad.json', text: '{"hello": 1}' },
      { name: 'broken.json', text: '{' },
    ]);
    expect(results.map((r) => [r.status, r.format])).toEqual([
      ['imported', 'v2'],
      ['imported', 'novelai'],
      ['failed', undefined],
      ['failed', undefined],
    ]);
    expect(results[0]!.report!.detail).toBe('summary');
    expect(results[0]!.report!.items.length).toBeGreaterThan(0);
    const card = lib.lorebooks.get(results[0]!.id!);
    expect(card.name).toBe('Eldoria');
    const doc = JSON.parse(card.document) as { entries: Record<string, unknown>; originalData: unknown };
    expect(Object.keys(doc.entries)).toHaveLength(4);
    expect(doc.originalData).toBeDefined();
    expect(results[2]!.message).toMatch(/not a lorebook/);
    lib.close();
  });

  it('keeps a revision per save, refuses stale saves and restores old text', () => {
    const lib = freshLibrary();
    const book = lib.lorebooks.create({ name: 'Book', document: eldoria });
    const edited = eldoria.replace('"shadowfang",', '"shadowfang", "wolf",');
    const saved = lib.lorebooks.update({ id: book.id, document: edited, baseRevision: 1 });
    expect(saved.revision).toBe(2);
    expect(lib.lorebooks.update({ id: book.id, document: edited })).toEqual(saved);
    expect(errorCode(() => lib.lorebooks.update({ id: book.id, document: eldoria, baseRevision: 1 }))).toBe('conflict');
    expect(errorCode(() => lib.lorebooks.update({ id: book.id, document: '{"entries": []}' }))).toBe('bad_document');
    expect(lib.lorebooks.revisions(book.id).map((r) => r.revision)).toEqual([1]);
    expect(lib.lorebooks.revision(book.id, 1).document).toBe(eldoria);
    expect(lib.lorebooks.list({ query: 'wolf' }).total).toBe(1);
    const renamed = lib.lorebooks.update({ id: book.id, name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', revision: 3, document: edited });
    lib.close();
  });

  it('moves books to the trash and back', () => {
    const lib = freshLibrary();
    const book = lib.lorebooks.create({ name: 'Gone' });
    expect(lib.lorebooks.setDeleted(book.id, true).deletedAt).not.toBeNull();
    expect(lib.lorebooks.list({}).total).toBe(0);
    expect(lib.lorebooks.list({ trash: true }).total).toBe(1);
    expect(errorCode(() => lib.lorebooks.update({ id: book.id, name: 'x' }))).toBe('conflict');
    expect(errorCode(() => lib.lorebooks.setDeleted(book.id, true))).toBe('conflict');
    expect(lib.lorebooks.setDeleted(book.id, false).deletedAt).toBeNull();
    expect(errorCode(() => lib.lorebooks.get(999))).toBe('not_found');
    lib.close();
  });
});

describe('lorebook API methods', () => {
  it('validates inputs and runs through the API host', async () => {
    const lib = freshLibrary();
    const api = createApiHost({ library: lib } as Parameters<typeof createApiHost>[0]);
    const created = await api.call('lorebooks.create', { name: 'Via API', document: eldoria });
    expect(created.ok).toBe(true);
    const list = await api.call('lorebooks.list', { query: 'glade' });
    expect(list).toMatchObject({ ok: true, value: { total: 1 } });
    expect(await api.call('lorebooks.create', {})).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(await api.call('lorebooks.get', { id: 1, extra: true })).toMatchObject({
      ok: false,
      error: { code: 'bad_input' },
    });
    const imported = await api.call('lorebooks.import', { files: [{ name: 'Eldoria.json', text: eldoria }] });
    expect(imported).toMatchObject({ ok: true, value: [{ status: 'imported', format: 'st' }] });
    lib.close();
  });
});
