import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { validateCard } from '../../../shared/card/validate.ts';
import { cardSchemas } from '../../../shared/card/schemas.ts';
import { book, entry, v1Card, v2Card, v3Card } from './helpers.ts';

describe('validateCard', () => {
  it('accepts spec-clean V1, V2 and V3 cards', () => {
    for (const [doc, spec] of [
      [v1Card(), 'v1'],
      [v2Card(), 'v2'],
      [v3Card(), 'v3'],
    ] as const) {
      const r = validateCard(doc);
      expect(r.spec).toBe(spec);
      expect(r.errors).toEqual([]);
    }
  });

  it('reports each missing or mistyped field with a JSON pointer', () => {
    const doc = v2Card({ tags: 'a,b', extensions: undefined, name: 3 });
    const r = validateCard(JSON.parse(JSON.stringify(doc)));
    expect(r.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/data/extensions', message: 'required field "extensions" is missing' },
        { pointer: '/data/tags', message: '"tags" must be an array' },
        { pointer: '/data/name', message: '"name" must be a string' },
      ]),
    );
  });

  it('checks the embedded lorebook: V2 entries need extensions; V3 entries without use_regex (as SillyTavern writes them) warn', () => {
    const v2 = validateCard(v2Card({ character_book: book([entry({ extensions: undefined, position: 'middle' })]) }));
    expect(v2.errors.map((e) => e.pointer)).toEqual(
      expect.arrayContaining(['/data/character_book/entries/0/extensions', '/data/character_book/entries/0/position']),
    );
    const v3 = validateCard(v3Card({ character_book: book([entry()]) }));
    expect(v3.errors).toEqual([]);
    expect(v3.warnings).toContainEqual({
      pointer: '/data/character_book/entries/0/use_regex',
      message: 'required field "use_regex" is missing (SillyTavern writes cards without it); read as false',
    });
  });

  it('rejects the wrong spec_version for V2 but only warns for V3', () => {
    expect(validateCard(v2Card({}, { spec_version: '2.1' })).errors).toEqual([
      { pointer: '/spec_version', message: '"spec_version" must be "2.0"' },
    ]);
    const v3 = validateCard(v3Card({}, { spec_version: '3.1' }));
    expect(v3.errors).toEqual([]);
    expect(v3.warnings[0]).toMatchObject({ pointer: '/spec_version' });
  });

  it('keeps warnings (SHOULDs, suspicious values) apart from errors', () => {
    const doc = v3Card(
      {
        name: '',
        tags: ['Fantasy', 'fantasy'],
        creation_date: 1_700_000_000_000,
        creator_notes_multilingual: { english: 'hi' },
        assets: [{ type: 'portrait', uri: 'http://x/y.png', name: 'main', ext: 'PNG' }],
        character_book: book([entry({ keys: [], use_regex: false, id: 1 }), entry({ use_regex: false, id: 1 })]),
      },
      { description: 'stale backfill' },
    );
    const r = validateCard(doc);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => w.pointer).sort()).toEqual(
      [
        '/data/name',
        '/data/tags/1',
        '/data/creation_date',
        '/data/creator_notes_multilingual/english',
        '/data/assets/0/type',
        '/data/assets/0/uri',
        '/data/assets/0/ext',
        '/data/character_book/entries/0/keys',
        '/data/character_book/entries/1/id',
        '/description',
      ].sort(),
    );
  });

  it('requires exactly one main icon when there are several', () => {
    const icon = (name: string) => ({ type: 'icon', uri: 'ccdefault:', name, ext: 'png' });
    expect(validateCard(v3Card({ assets: [icon('a'), icon('b')] })).errors).toEqual([
      { pointer: '/data/assets', message: 'with 2 icons, exactly one must be named "main" (found 0)' },
    ]);
    expect(validateCard(v3Card({ assets: [icon('main'), icon('b')] })).errors).toEqual([]);
  });

  it('names non-cards plainly', () => {
    expect(validateCard([]).errors[0]!.message).toBe('a card must be a JSON object, found an array');
    expect(validateCard({ entries: {} }).errors[0]!.message).toBe('not a character card: a lorebook / World Info file');
  });

  it('can check a document against another spec', () => {
    const r = validateCard(v1Card(), 'v2');
    expect(r.errors.map((e) => e.pointer)).toContain('/spec');
  });
});

describe('schema files', () => {
  const dir = path.join(import.meta.dirname, '../../../shared/card/schemas');
  it('are plain draft 2020-12 JSON that a fresh ajv compiles on its own (as Monaco loads them)', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    for (const name of ['character-book-v2', 'lorebook-v3', 'lorebook-file-v3', 'card-v1', 'card-v2', 'card-v3']) {
      const schema = JSON.parse(readFileSync(path.join(dir, `${name}.schema.json`), 'utf8'));
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      ajv.addSchema(schema);
    }
    expect(
      ajv.getSchema(cardSchemas.lorebookFileV3.$id)!({ spec: 'lorebook_v3', data: book([entry({ use_regex: true })]) }),
    ).toBe(true);
  });
});
