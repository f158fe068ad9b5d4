import { describe, expect, it } from 'vitest';
import { BookFormatError, detectBookFormat, importBook } from '../../../shared/lorebook/formats/index.ts';

function failure(json: unknown): BookFormatError {
  try {
    detectBookFormat(json);
  } catch (error) {
    if (error instanceof BookFormatError) return error;
    throw error;
  }
  throw new Error('expected a BookFormatError');
}

describe('detectBookFormat', () => {
  it.each([
    [{ entries: {} }, 'st'],
    [{ entries: { 0: { uid: 0 } }, originalData: { entries: [] } }, 'st'],
    [{ entries: [] }, 'v2'],
    [{ entries: [{ uid: 0, key: ['a'], content: 'x' }] }, 'st'],
    [{ name: 'b', entries: [{ keys: ['a'], content: 'x', insertion_order: 0, enabled: true, extensions: {} }] }, 'v2'],
    [{ spec: 'chara_card_v2', data: { character_book: { entries: [] } } }, 'v2'],
    [{ spec: 'chara_card_v3', data: { character_book: { entries: [] } } }, 'v3'],
    [{ spec: 'lorebook_v3', data: { entries: [] } }, 'v3'],
    [{ lorebookVersion: 5, entries: [] }, 'novelai'],
    [{ entries: [{ text: 'x', keys: [] }] }, 'novelai'],
    [{ kind: 'memory', name: 'm', entries: [] }, 'agnai'],
    [{ entries: [{ entry: 'x', keywords: [] }] }, 'agnai'],
    [{ type: 'risu', ver: 1, data: [] }, 'risu'],
  ])('%j is %s', (json, format) => {
    expect(detectBookFormat(json)).toBe(format);
  });

  it.each([
    [null, '$', /expected a lorebook \(an object\), got null/],
    [[1, 2], '$', /got an array/],
    [{ name: 'x' }, '$.entries', /missing: not a lorebook/],
    [{ entries: 'nope' }, '$.entries', /expected entries .* got string "nope"/],
    [{ entries: [42] }, '$.entries[0]', /expected an entry \(an object\), got number 42/],
    [{ spec: 'chara_card_v9', data: {} }, '$.spec', /unknown spec "chara_card_v9"/],
    [{ spec: 'chara_card_v2', data: { character_book: null } }, '$.data.character_book', /has no lorebook/],
    [{ spec: 'chara_card_v3', data: 'x' }, '$.data', /expected the card data/],
    [{ spec: 'lorebook_v3' }, '$.data', /expected the lorebook \(an object\), got nothing/],
    [{ name: 'Seraphina', first_mes: 'hi' }, '$', /V1 cards carry no lorebook/],
  ])('rejects %j at %s', (json, path, message) => {
    const error = failure(json);
    expect(error.path).toBe(path);
    expect(error.message).toMatch(message);
  });
});

describe('import errors name the failing path', () => {
  it.each([
    [{ entries: { 3: 'x' } }, '$.entries["3"]'],
    [{ spec: 'lorebook_v3', data: { entries: 5 } }, '$.data.entries'],
    [
      { spec: 'chara_card_v2', data: { character_book: { entries: [{ keys: [] }, 7] } } },
      '$.data.character_book.entries[1]',
    ],
    [{ lorebookVersion: 5, entries: [{ text: 'a' }, null] }, '$.entries[1]'],
    [{ kind: 'memory', entries: {} }, '$.entries'],
    [{ type: 'risu', data: [{ key: ['a'] }] }, '$.data[0].key'],
    [{ type: 'risu', data: [{ key: 'a', secondkey: 5 }] }, '$.data[0].secondkey'],
    [{ type: 'risu', data: [{ content: 'no key' }] }, '$.data[0].key'],
  ])('%j fails at %s', (json, path) => {
    expect(() => importBook(json)).toThrow(expect.objectContaining({ name: 'BookFormatError', path }));
  });

  it('refuses a forced format that does not match', () => {
    expect(() => importBook({ kind: 'memory', entries: [] }, { format: 'risu' })).toThrow(
      /expected format risu, but the input is agnai/,
    );
  });

  it('lets v2 and v3 read each other', () => {
    expect(importBook({ entries: [] }, { format: 'v3' }).report.from).toBe('v3');
  });
});
