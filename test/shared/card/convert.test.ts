import { describe, expect, it } from 'vitest';
import { convertCard } from '../../../shared/card/convert.ts';
import { convertV1toV2 } from '../../../shared/card/convert-v1.ts';
import {
  convertV2toV3,
  convertV3toV2,
  DECORATORS_KEY,
  V3_BACKFILL_NOTICE,
} from '../../../shared/card/convert-v2-v3.ts';
import { summarizeReport } from '../../../shared/card/loss-report.ts';
import type { ConversionReport } from '../../../shared/card/loss-report.ts';
import { validateCard } from '../../../shared/card/validate.ts';
import { V2_DATA_FIELDS } from '../../../shared/card/types.ts';
import { book, entry, v1Card, v2Card, v3Card } from './helpers.ts';

/** Every input key (root, data, book) must appear as `from` in the report: nothing goes unaccounted. */
function unaccounted(input: Record<string, unknown>, report: ConversionReport): string[] {
  const froms = new Set(report.items.map((i) => i.from));
  const missing: string[] = [];
  const walk = (obj: Record<string, unknown>, at: string) => {
    for (const k of Object.keys(obj)) {
      const p = `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (k === 'data' && at === '' && input['spec']) walk(obj[k] as Record<string, unknown>, p);
      else if (k === 'character_book' && at === '/data' && typeof obj[k] === 'object' && obj[k])
        walk(obj[k] as Record<string, unknown>, p);
      else if (k === 'entries' && at === '/data/character_book')
        (obj[k] as unknown[]).forEach((_, i) => !froms.has(`${p}/${i}`) && missing.push(`${p}/${i}`));
      else if (!froms.has(p)) missing.push(p);
    }
  };
  walk(input, '');
  return missing;
}

describe('V1 → V2', () => {
  it('moves the V1 fields into data and defaults the rest, exactly per spec', () => {
    const { doc, report } = convertV1toV2(v1Card());
    expect(doc).toEqual(v2Card());
    // Spec order, without the absent character_book.
    expect(Object.keys(doc['data'])).toEqual(V2_DATA_FIELDS.filter((f) => f !== 'character_book'));
    expect(validateCard(doc).errors).toEqual([]);
    expect(summarizeReport(report)).toEqual({ moved: 6, defaulted: 10, kept: 0, changed: 0, dropped: 0 });
    expect(report.items[0]).toEqual({ action: 'moved', from: '/name', to: '/data/name' });
  });

  it('keeps unknown V1 root keys at the root and moves V2-named root fields into data', () => {
    const input = v1Card({
      avatar: 'none',
      chat: 'x',
      talkativeness: '0.5',
      tags: ['fantasy'],
      creator_notes: 'note',
      'a/b~c': 1,
      extensions: 'bad',
    });
    const { doc, report } = convertV1toV2(input);
    expect(doc).toMatchObject({
      avatar: 'none',
      chat: 'x',
      'a/b~c': 1,
      extensions: 'bad',
      data: { tags: ['fantasy'], creator_notes: 'note', extensions: { talkativeness: '0.5' } },
    });
    expect('tags' in doc).toBe(false);
    expect(report.items).toEqual(
      expect.arrayContaining([
        { action: 'kept', from: '/a~1b~0c', to: '/a~1b~0c', note: expect.any(String) },
        { action: 'moved', from: '/tags', to: '/data/tags', note: 'V2 field found at the V1 root' },
      ]),
    );
    expect(unaccounted(input, report)).toEqual([]);
  });

  it('defaults a missing V1 field and keeps a mistyped one at the root', () => {
    const { doc, report } = convertV1toV2({ name: 'N', description: 5 });
    expect(doc['data']).toMatchObject({ name: 'N', description: '', scenario: '' });
    expect(doc['description']).toBe(5);
    expect(report.items.find((i) => i.from === '/description')!.note).toMatch(/not a string/);
  });
});

describe('V2 ↔ V3', () => {
  const v2 = v2Card(
    {
      character_book: book([entry({ id: 1, extensions: { depth: 4 } })], { name: 'B', scan_depth: 3 }),
      'ext/unknown': true,
    },
    { name: 'Aria', fav: false },
  );

  it('V2 → V3 relabels, adds group_only_greetings and use_regex, keeps everything else', () => {
    const { doc, report } = convertV2toV3(v2);
    expect(doc).toMatchObject({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      name: 'Aria',
      fav: false,
      data: { group_only_greetings: [], 'ext/unknown': true },
    });
    expect(doc.data.character_book!.entries[0]).toEqual({
      ...entry({ id: 1, extensions: { depth: 4 } }),
      use_regex: false,
    });
    expect(validateCard(doc).errors).toEqual([]);
    expect(summarizeReport(report)).toMatchObject({ changed: 2, defaulted: 2, dropped: 0 });
    expect(unaccounted(v2, report)).toEqual([]);
  });

  it('V3 → V2 keeps V3-only fields in data, splits decorators off into extensions, and V3 → V2 → V3 is the identity', () => {
    const v3 = v3Card({
      nickname: 'Ari',
      assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
      creation_date: 1700000000,
      character_book: book([
        entry({ content: '@@depth 2\n@@role system\n\nDragons sleep.', use_regex: true, id: '7' }),
        entry({ use_regex: false }),
      ]),
    });
    const { doc, report } = convertV3toV2(v3);
    expect(doc).toMatchObject({
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { nickname: 'Ari', creation_date: 1700000000, group_only_greetings: [] },
    });
    const e0 = doc.data.character_book!.entries[0]!;
    expect(e0.content).toBe('Dragons sleep.');
    expect(e0.extensions[DECORATORS_KEY]).toBe('@@depth 2\n@@role system\n\n');
    expect(e0.id).toBe(7);
    expect(validateCard(doc).errors).toEqual([]);
    expect(report.items.filter((i) => i.note?.startsWith('V3-only')).map((i) => i.from)).toEqual([
      '/data/group_only_greetings',
      '/data/nickname',
      '/data/assets',
      '/data/creation_date',
    ]);
    expect(unaccounted(v3, report)).toEqual([]);
    const back = convertV2toV3(doc).doc;
    expect(back).toEqual({
      ...v3,
      data: {
        ...(v3['data'] as object),
        character_book: {
          ...(v3['data'] as { character_book: object }).character_book,
          entries: [
            { ...entry({ content: '@@depth 2\n@@role system\n\nDragons sleep.', use_regex: true }), id: 7 },
            entry({ use_regex: false }),
          ],
        },
      },
    });
  });

  it('V3 → V2 can prepend the backfill notice', () => {
    const { doc } = convertV3toV2(v3Card({ creator_notes: 'Mine.' }), { backfillNotice: true });
    expect(doc.data.creator_notes).toBe(`${V3_BACKFILL_NOTICE}\n\nMine.`);
  });
});

describe('convertCard', () => {
  it('is a no-op at the target, and chains V1 → V3', () => {
    const v2 = v2Card();
    expect(convertCard(v2, 'v2')).toEqual({ doc: v2, from: 'v2', report: { from: 'v2', to: 'v2', items: [] } });
    const { doc, report } = convertCard(v1Card({ extra: 1 }), 'v3');
    expect(doc).toMatchObject({ spec: 'chara_card_v3', extra: 1, data: { group_only_greetings: [] } });
    expect(validateCard(doc).errors).toEqual([]);
    expect(report).toMatchObject({ from: 'v1', to: 'v3' });
    expect(report.items.filter((i) => i.from === '/spec')).toEqual([]);
  });

  it('does not mutate its input', () => {
    const v3 = v3Card({ character_book: book([entry({ content: '@@depth 1\nx', use_regex: false })]) });
    const copy = JSON.parse(JSON.stringify(v3));
    convertCard(v3, 'v2');
    expect(v3).toEqual(copy);
  });
});
