// SillyTavern's own files: its V1 keys land where its V2 reader looks, and its V3-labelled exports validate.
import { describe, expect, it } from 'vitest';
import { convertV1toV2 } from '../../../shared/card/convert-v1.ts';
import { validateCard } from '../../../shared/card/validate.ts';
import { readCard } from '../../../shared/card/read.ts';
import { book, entry, fixture, v1Card, v2Card } from './helpers.ts';

describe("SillyTavern's V1 keys in V1 → V2", () => {
  it('maps creatorcomment to creator_notes and talkativeness/fav to extensions, and says so', () => {
    const v1 = v1Card({
      creatorcomment: 'Made for testing.',
      talkativeness: '0.7',
      fav: true,
      avatar: 'none',
      chat: 'Aria - 2024-01-01',
      create_date: '2024-01-01',
    });
    const { doc, report } = convertV1toV2(v1);
    const data = doc.data;
    expect(data.creator_notes).toBe('Made for testing.');
    expect(data.extensions).toEqual({ talkativeness: '0.7', fav: true });
    expect(Object.keys(doc)).toEqual(['spec', 'spec_version', 'data', 'avatar', 'chat', 'create_date']);
    const moved = report.items.filter((i) => i.action === 'moved' && /SillyTavern/.test(i.note ?? ''));
    expect(moved.map((i) => [i.from, i.to])).toEqual([
      ['/creatorcomment', '/data/creator_notes'],
      ['/talkativeness', '/data/extensions/talkativeness'],
      ['/fav', '/data/extensions/fav'],
    ]);
  });

  it('keeps a root creator_notes over creatorcomment, and an existing extensions object', () => {
    const { doc } = convertV1toV2(
      v1Card({ creator_notes: 'notes', creatorcomment: 'comment', extensions: { world: 'W' }, talkativeness: 0.4 }),
    );
    expect(doc.data.creator_notes).toBe('notes');
    expect(doc.data.extensions).toEqual({ world: 'W', talkativeness: 0.4 });
    expect(doc['creatorcomment']).toBe('comment');
  });
});

describe("SillyTavern's V3-labelled exports validate with warnings", () => {
  it('missing group_only_greetings, book extensions and entry use_regex are warnings, each saying what is read', () => {
    const st = {
      ...v2Card({ character_book: { entries: [entry({ use_regex: undefined })] } }),
      spec: 'chara_card_v3',
      spec_version: '3.0',
    };
    const result = validateCard(JSON.parse(JSON.stringify(st)));
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.pointer)).toEqual(
      expect.arrayContaining([
        '/data/group_only_greetings',
        '/data/character_book/extensions',
        '/data/character_book/entries/0/use_regex',
      ]),
    );
    expect(result.warnings.find((w) => w.pointer === '/data/group_only_greetings')!.message).toMatch(
      /SillyTavern.*read as \[\]/,
    );
  });

  it('the same fields missing from a card that is otherwise wrong still leave the real errors', () => {
    const bad = { ...v2Card({ name: 5, character_book: book([entry()]) }), spec: 'chara_card_v3', spec_version: '3.0' };
    expect(validateCard(bad).errors.map((e) => e.pointer)).toEqual(['/data/name']);
  });

  it('Seraphina from SillyTavern 1.18.0 has no errors', () => {
    const doc = readCard(fixture('default_Seraphina-1.18.0.png'), 'x.png', { normalize: false }).doc;
    expect(validateCard(doc).errors).toEqual([]);
  });
});
