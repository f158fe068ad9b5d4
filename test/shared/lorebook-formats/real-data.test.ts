// Real SillyTavern sample data (test/fixtures/lorebooks, copied from ../shared/conformance/data).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBookFormat, exportBook, importBook } from '../../../shared/lorebook/formats/index.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../fixtures/lorebooks/${name}`, import.meta.url), 'utf8'));

describe('SillyTavern sample data', () => {
  it('imports the Seraphina card book exactly as SillyTavern 1.18 does (key order included)', () => {
    const card = fixture('Seraphina-1.18.0.card.json');
    expect(detectBookFormat(card)).toBe('v2');
    const { book } = importBook(card);
    const expected = fixture('Seraphina-1.18.0.st-imported-book.json');
    expect(JSON.stringify(book)).toBe(JSON.stringify(expected));
  });

  it('exports the imported card book back to the identical character_book', () => {
    const card = fixture('Seraphina-1.18.0.card.json') as { data: { character_book: unknown } };
    const { book } = importBook(card);
    expect(JSON.stringify(exportBook(book, 'v2').book)).toBe(JSON.stringify(card.data.character_book));
  });

  it.each(['Eldoria-1.12.6.json', 'Eldoria-1.18.0.json'])('keeps %s as stored (missing fields stay missing)', (name) => {
    const raw = fixture(name);
    expect(detectBookFormat(raw)).toBe('st');
    const { book, report } = importBook(raw);
    expect(JSON.stringify(book)).toBe(JSON.stringify(raw));
    expect(report.items.every((item) => item.fate === 'kept')).toBe(true);
    expect(report.warnings).toEqual([]);
  });
});
