import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { readCard } from '../../../shared/card/read.ts';
import { concatBytes, latin1Encode, utf8Encode } from '../../../shared/card/bytes.ts';
import {
  b64,
  book,
  entry,
  errorOf,
  jpegWithExif,
  tiffWithUserComment,
  v1Card,
  v2Card,
  v3Card,
  webpWithExif,
} from './helpers.ts';

const json = (doc: unknown, indent = 2) => utf8Encode(JSON.stringify(doc, null, indent));

describe('readCard: JSON and YAML', () => {
  it('reads JSON cards of every spec and keeps the text', () => {
    const bytes = json(v3Card());
    const r = readCard(bytes, 'a.json');
    expect(r).toMatchObject({ spec: 'v3', container: 'json', warnings: [], text: JSON.stringify(v3Card(), null, 2) });
    expect(readCard(json(v1Card())).spec).toBe('v1');
  });

  it('strips a UTF-8 BOM', () => {
    expect(readCard(concatBytes([new Uint8Array([0xef, 0xbb, 0xbf]), json(v2Card())])).spec).toBe('v2');
  });

  it('reads YAML cards, and TextGen WebUI characters as V1', () => {
    expect(
      readCard(utf8Encode('spec: chara_card_v2\nspec_version: "2.0"\ndata:\n  name: Y\n'), 'y.yaml').doc,
    ).toMatchObject({ data: { name: 'Y', extensions: {} } });
    const r = readCard(utf8Encode('name: Tex\ncontext: A robot.\ngreeting: Beep.\nvoice: metallic\n'), 'tex.yml');
    expect(r.spec).toBe('v1');
    expect(r.doc).toEqual({
      name: 'Tex',
      description: 'A robot.',
      personality: '',
      scenario: '',
      first_mes: 'Beep.',
      mes_example: '',
      voice: 'metallic',
    });
    expect(r.warnings.map((w) => w.pointer)).toEqual(['/context', '/greeting']);
  });

  it('names the problem for bad text input', () => {
    expect(errorOf(() => readCard(utf8Encode('{"name": "x",}'), 'x.json'))).toMatchObject({ code: 'json_syntax' });
    expect(errorOf(() => readCard(utf8Encode('[1,2]'))).message).toBe('JSON is an array, not a card object');
    expect(errorOf(() => readCard(json({ hello: 'world' }))).message).toBe(
      'not a character card: an object with keys "hello" (at json)',
    );
    expect(errorOf(() => readCard(new Uint8Array([0x7b, 0x22, 0xc3, 0x28])))).toMatchObject({ code: 'not_utf8' });
    expect(errorOf(() => readCard(new Uint8Array([0, 1, 2, 3, 0xff])))).toMatchObject({
      code: 'unknown_format',
      message: 'not a card file: unrecognised binary data (starts with 00 01 02 03) (at byte 0)',
    });
    expect(errorOf(() => readCard(new Uint8Array()))).toMatchObject({ code: 'empty_file' });
    expect(errorOf(() => readCard(utf8Encode('key: [unclosed'), 'a.yaml'))).toMatchObject({ code: 'yaml_syntax' });
    expect(errorOf(() => readCard(json(v1Card()), 'a.json', { maxBytes: 10 }))).toMatchObject({ code: 'too_large' });
  });
});

describe('readCard: lenient normalisation', () => {
  it('repairs Chub/ST quirks, one warning with a pointer each, dropping nothing', () => {
    const sloppy = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        name: 'Q',
        description: null,
        personality: 7,
        first_mes: 'hi',
        mes_example: '',
        tags: 'a, b',
        character_book: {
          entries: {
            '5': { keys: ['x'], content: 'c', insertion_order: '10', enabled: 'true', position: 4 },
            '9': { uid: 9, key: ['y'], keysecondary: [], order: 3, disable: true, content: 'd', extensions: {} },
          },
        },
      },
    };
    const r = readCard(json(sloppy));
    expect(r.doc['data']).toEqual({
      name: 'Q',
      description: '',
      personality: '7',
      first_mes: 'hi',
      mes_example: '',
      tags: ['a', 'b'],
      character_book: {
        entries: [
          {
            id: 5,
            keys: ['x'],
            content: 'c',
            insertion_order: 10,
            enabled: true,
            position: 'after_char',
            extensions: { position: 4 },
          },
          { content: 'd', extensions: {}, keys: ['y'], secondary_keys: [], insertion_order: 3, id: 9, enabled: false },
        ],
        extensions: {},
      },
      scenario: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      creator: '',
      character_version: '',
      alternate_greetings: [],
      extensions: {},
    });
    const pointers = r.warnings.map((w) => w.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/data/description',
        '/data/personality',
        '/data/scenario',
        '/data/tags',
        '/data/extensions',
        '/data/character_book/extensions',
        '/data/character_book/entries',
        '/data/character_book/entries/0/insertion_order',
        '/data/character_book/entries/0/enabled',
        '/data/character_book/entries/0/extensions',
        '/data/character_book/entries/0/position',
        '/data/character_book/entries/1/key',
        '/data/character_book/entries/1/uid',
        '/data/character_book/entries/1/disable',
      ]),
    );
    expect(readCard(json(sloppy), '', { normalize: false }).doc).toEqual(sloppy);
  });

  it('reads Pygmalion-style V1 names as the V1 fields', () => {
    const r = readCard(
      json({
        char_name: 'Pyg',
        char_persona: 'p',
        world_scenario: 's',
        char_greeting: 'g',
        example_dialogue: 'e',
        extra: 1,
      }),
    );
    expect(r.doc).toEqual({
      name: 'Pyg',
      description: 'p',
      scenario: 's',
      first_mes: 'g',
      mes_example: 'e',
      extra: 1,
      personality: '',
    });
    expect(r.warnings.map((w) => w.pointer)).toEqual([
      '/char_name',
      '/char_persona',
      '/world_scenario',
      '/char_greeting',
      '/example_dialogue',
      '/personality',
    ]);
  });

  it('reads character_book: null as absent, and V3 entries without use_regex as false', () => {
    const r = readCard(json(v2Card({ character_book: null })));
    expect('character_book' in (r.doc['data'] as object)).toBe(false);
    expect(r.warnings).toEqual([
      { pointer: '/data/character_book', message: 'character_book is null; read as absent' },
    ]);
    const v3 = readCard(json(v3Card({ character_book: book([entry()]) })));
    expect(v3.warnings).toEqual([
      { pointer: '/data/character_book/entries/0/use_regex', message: 'missing "use_regex" read as false' },
    ]);
  });

  it('adds a missing spec to a card that has data, and keeps unknown keys everywhere', () => {
    const r = readCard(json({ data: { ...(v2Card()['data'] as object), 'x/y': { deep: [1] } }, custom: true }));
    expect(r.doc).toMatchObject({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      custom: true,
      data: { 'x/y': { deep: [1] } },
    });
  });
});

describe('readCard: CharX', () => {
  const card = v3Card({
    assets: [{ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' }],
  });
  const icon = new Uint8Array([1, 2, 3]);
  const zip = zipSync({
    'card.json': json(card),
    'assets/icon/images/main.png': icon,
    'module.risum': new Uint8Array([9]),
  });

  it('reads card.json and keeps every other entry', () => {
    const r = readCard(zip, 'a.charx');
    expect(r).toMatchObject({ spec: 'v3', container: 'charx', warnings: [] });
    expect([...r.assets!.keys()]).toEqual(['assets/icon/images/main.png', 'module.risum']);
    expect(r.assets!.get('assets/icon/images/main.png')).toEqual(icon);
  });

  it('finds a zip appended to a JPEG (CharX-JPEG) or behind an SFX stub', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2, 0xff, 0xd9]);
    const r = readCard(concatBytes([jpeg, zip]));
    expect(r.container).toBe('charx');
    expect(r.prefix).toEqual(jpeg);
    expect(readCard(concatBytes([latin1Encode('MZ\x90\0 stub'), zip])).container).toBe('charx');
  });

  it('accepts embedded:// and warns about missing assets', () => {
    const c = v3Card({ assets: [{ type: 'icon', uri: 'embedded://gone.png', name: 'main', ext: 'png' }] });
    const r = readCard(zipSync({ 'card.json': json(c) }));
    expect(r.warnings.map((w) => w.message)).toEqual([
      'asset "gone.png" is not in the zip',
      'uses "embedded://"; the spec spells it "embeded://" (read anyway)',
    ]);
  });

  it('refuses zips without card.json, with traversal names, too many entries or too many bytes', () => {
    expect(errorOf(() => readCard(zipSync({ 'x.txt': new Uint8Array(1) })))).toMatchObject({
      code: 'zip_no_card_json',
      message: 'zip has no card.json at its root (entries: x.txt)',
    });
    expect(
      errorOf(() => readCard(zipSync({ 'card.json': json(card), '../evil.sh': new Uint8Array(1) }))),
    ).toMatchObject({ code: 'zip_path_traversal' });
    expect(errorOf(() => readCard(zip, '', { maxEntries: 2 }))).toMatchObject({ code: 'zip_too_many_entries' });
    const bomb = zipSync({ 'card.json': json(card), 'zeros.bin': new Uint8Array(4_000_000) });
    expect(bomb.length).toBeLessThan(50_000);
    expect(errorOf(() => readCard(bomb, '', { maxTotalBytes: 1_000_000 }))).toMatchObject({ code: 'zip_too_large' });
    expect(errorOf(() => readCard(zipSync({ 'card.json': utf8Encode('{oops') })))).toMatchObject({
      code: 'json_syntax',
      at: 'zip entry card.json',
    });
    expect(errorOf(() => readCard(zip.subarray(0, zip.length - 30)))).toMatchObject({ code: 'zip_corrupt' });
  });
});

describe('readCard: legacy EXIF UserComment (WEBP/JPEG)', () => {
  it('reads JSON from a JPEG UserComment (ASCII charset)', () => {
    const r = readCard(jpegWithExif(tiffWithUserComment(utf8Encode(JSON.stringify(v1Card())))));
    expect(r).toMatchObject({ spec: 'v1', container: 'jpeg' });
    expect(r.warnings[0]!.message).toMatch(/read-only/);
  });

  it('reads base64 JSON from a WEBP UserComment in UTF-16 (UNICODE charset)', () => {
    const text = b64(v2Card({ name: 'Wé' }));
    const utf16 = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) utf16[i * 2] = text.charCodeAt(i);
    const r = readCard(webpWithExif(tiffWithUserComment(utf16, 'UNICODE\0')));
    expect(r).toMatchObject({ spec: 'v2', container: 'webp', doc: { data: { name: 'Wé' } } });
  });

  it('says when an image holds no card', () => {
    expect(errorOf(() => readCard(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])))).toMatchObject({
      code: 'exif_no_card',
      message: 'JPEG image has no EXIF UserComment holding a card (no EXIF data at all)',
    });
  });
});
