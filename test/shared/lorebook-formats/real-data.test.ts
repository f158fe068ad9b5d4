// Real SillyTavern sample data (test/fixtures/lorebooks, copied from ../shared/conformance/data).
import { describe, expect, it } from 'vitest';
import { convertBook, detectBookFormat, exportBook, importBook } from '../../../shared/lorebook/formats/index.ts';
import type { WorldInfoBook } from '../../../shared/lorebook/model.ts';
import { fixture } from './helpers.ts';

const cardBook = (name: string) => (fixture(name).data as { character_book: Record<string, unknown> }).character_book;

describe('SillyTavern sample data', () => {
  it('imports the Seraphina card book exactly as SillyTavern 1.18 does (key order included)', () => {
    const card = fixture('Seraphina-1.18.0.card.json');
    expect(detectBookFormat(card)).toBe('v2');
    const { book, report } = importBook(card);
    expect(JSON.stringify(book)).toBe(JSON.stringify(fixture('Seraphina-1.18.0.st-imported-book.json')));
    expect(report.warnings).toEqual([]);
  });

  it.each(['Seraphina-1.18.0.card.json', 'Seraphina-1.12.6.card.json'])(
    'exports the book of %s back to the identical character_book',
    (name) => {
      const { book } = importBook(fixture(name));
      expect(JSON.stringify(exportBook(book, 'v2').book)).toBe(JSON.stringify(cardBook(name)));
    },
  );

  it('renames a restored book only when asked', () => {
    const { book } = importBook(fixture('Seraphina-1.18.0.card.json'));
    const original = cardBook('Seraphina-1.18.0.card.json');
    expect(exportBook(book, 'v2', { name: 'Renamed' }).book).toEqual({ ...original, name: 'Renamed' });
    expect(exportBook(book, 'v3').book).toEqual({ spec: 'lorebook_v3', data: original });
  });

  it('adds the use_regex V3 requires when a V2 original lacks it', () => {
    const { book } = importBook({
      entries: [{ id: 0, keys: ['/dra?gon/i'], content: 'x', insertion_order: 1, enabled: true, extensions: {} }],
    });
    expect((exportBook(book, 'v3').book.data as { entries: unknown[] }).entries).toEqual([
      { id: 0, keys: ['/dra?gon/i'], content: 'x', insertion_order: 1, enabled: true, extensions: {}, use_regex: true },
    ]);
  });

  it("restores the card book from a SillyTavern world file's originalData", () => {
    const stored = fixture('Seraphina-1.18.0.st-imported-book.json');
    expect(detectBookFormat(stored)).toBe('st');
    const { book } = importBook(stored);
    expect(exportBook(book, 'v2').book).toEqual(cardBook('Seraphina-1.18.0.card.json'));
  });

  it.each(['Eldoria-1.12.6.json', 'Eldoria.json'])('keeps %s as stored (missing fields stay missing)', (name) => {
    const raw = fixture(name);
    expect(detectBookFormat(raw)).toBe('st');
    const { book, report } = importBook(raw);
    expect(JSON.stringify(book)).toBe(JSON.stringify(raw));
    expect(report.items.every((item) => item.fate === 'kept')).toBe(true);
    expect(report.warnings).toEqual([]);
    expect(JSON.stringify(exportBook(book, 'st').book)).toBe(JSON.stringify(raw));
  });

  it.each(['v2', 'v3', 'novelai', 'agnai', 'risu'] as const)(
    'converts Eldoria 1.18 to %s and back, keeping what the format carries',
    (format) => {
      const eldoria = fixture('Eldoria.json') as unknown as WorldInfoBook;
      const { book, reports } = convertBook(eldoria, format, { name: 'Eldoria' });
      expect(reports.map((report) => [report.from, report.to])).toEqual([
        ['st', 'st'],
        ['st', format],
      ]);
      const back = importBook(book).book;
      for (const [uid, entry] of Object.entries(eldoria.entries)) {
        expect(back.entries[uid]).toMatchObject({
          key: entry.key,
          content: entry.content,
          order: entry.order,
          disable: entry.disable,
        });
      }
    },
  );
});
