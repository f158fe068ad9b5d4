import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCard } from '../../../shared/card/read.ts';
import { writeCard } from '../../../shared/card/write.ts';
import type { OutputFormat } from '../../../shared/card/write.ts';
import { convertCard } from '../../../shared/card/convert.ts';
import { validateCard } from '../../../shared/card/validate.ts';
import { utf8Decode, utf8Encode } from './codec.ts';
import { b64, pngWith, textChunk } from './helpers.ts';
import { parsePngChunks } from '../../../shared/card/png-chunks.ts';
import { textKeyword } from '../../../shared/card/png-text.ts';
import type { JsonObject } from '../../../shared/card/types.ts';
import { V2_DATA_FIELDS, V3_ONLY_DATA_FIELDS } from '../../../shared/card/types.ts';

// Names the card model gives meaning to; unknown keys are drawn from everything else.
const RESERVED = new Set([
  'spec',
  'spec_version',
  'data',
  ...V2_DATA_FIELDS,
  ...V3_ONLY_DATA_FIELDS,
  'entries',
  'keys',
  'content',
  'enabled',
  'insertion_order',
  'use_regex',
  'case_sensitive',
  'priority',
  'id',
  'comment',
  'selective',
  'secondary_keys',
  'constant',
  'position',
  'key',
  'keysecondary',
  'order',
  'uid',
  'disable',
  'scan_depth',
  'token_budget',
  'recursive_scanning',
  'lorewright/v3_decorators',
  'lorewright/v3_id',
  '__proto__',
]);

const samples = fc.constantFrom(
  '雪の城',
  '🐉🔥',
  'שלום עולם',
  'مرحبا',
  '\u202eRTL\u202c',
  'e\u0301',
  '{{char}} & <USER>',
  '"quoted"\\',
  '\r\n\t',
  '',
);
const text = (unit: 'grapheme' | 'binary') =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit, maxLength: 40 }) },
    { weight: 3, arbitrary: samples },
    {
      weight: 1,
      arbitrary: fc.tuple(samples, fc.integer({ min: 1000, max: 40_000 })).map(([s, n]) => (s || 'x').repeat(n)),
    },
  );
const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !RESERVED.has(k));
const unknown = (unit: 'grapheme' | 'binary') =>
  fc.dictionary(
    key,
    fc.oneof(
      text(unit),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown),
    ),
    { maxKeys: 3 },
  );
const strings = (unit: 'grapheme' | 'binary') => fc.array(text(unit), { maxLength: 3 });
const merge = (known: JsonObject, extra: JsonObject): JsonObject => ({ ...extra, ...known });

function cardArb(spec: 'v1' | 'v2' | 'v3', unit: 'grapheme' | 'binary'): fc.Arbitrary<JsonObject> {
  const t = text(unit);
  const v1 = fc.record({ name: t, description: t, personality: t, scenario: t, first_mes: t, mes_example: t });
  if (spec === 'v1') return fc.tuple(v1, unknown(unit)).map(([k, u]) => merge(k, u));
  const entry = fc
    .tuple(
      fc.record({
        keys: strings(unit),
        content: t,
        extensions: unknown(unit),
        enabled: fc.boolean(),
        insertion_order: fc.integer(),
      }),
      fc.record(
        {
          id:
            spec === 'v3'
              ? fc.oneof(
                  fc.nat(),
                  fc.string().filter((s) => !/^-?\d+$/.test(s)),
                )
              : fc.nat(),
          comment: t,
          position: fc.constantFrom('before_char', 'after_char'),
          constant: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      fc.boolean(),
      unknown(unit),
    )
    .map(([req, opt, regex, u]) => merge({ ...req, ...opt, ...(spec === 'v3' ? { use_regex: regex } : {}) }, u));
  const book = fc
    .tuple(
      fc.record({ name: t, scan_depth: fc.nat() }, { requiredKeys: [] }),
      fc.array(entry, { maxLength: 3 }),
      unknown(unit),
    )
    .map(([o, entries, u]) => merge({ ...o, extensions: u, entries }, u));
  const v2data = fc.tuple(
    v1,
    fc.record({
      creator_notes: t,
      system_prompt: t,
      post_history_instructions: t,
      alternate_greetings: strings(unit),
      tags: strings(unit),
      creator: t,
      character_version: t,
      extensions: unknown(unit),
    }),
    fc.option(book, { nil: undefined }),
    unknown(unit),
  );
  const v3extra = fc.record(
    {
      nickname: t,
      source: strings(unit),
      creation_date: fc.nat(),
      assets: fc.constant([{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }]),
      creator_notes_multilingual: fc.dictionary(fc.constantFrom('en', 'ja', 'he'), t),
    },
    { requiredKeys: [] },
  );
  return fc.tuple(v2data, v3extra, strings(unit), unknown(unit)).map(([[a, b, bk, u], x, gog, root]) => {
    const data = merge(
      {
        ...a,
        ...b,
        ...(bk ? { character_book: bk } : {}),
        ...(spec === 'v3' ? { ...x, group_only_greetings: gog } : {}),
      },
      u,
    );
    return merge(
      { spec: spec === 'v2' ? 'chara_card_v2' : 'chara_card_v3', spec_version: spec === 'v2' ? '2.0' : '3.0', data },
      root,
    );
  });
}

const anyCard = (unit: 'grapheme' | 'binary') =>
  fc.oneof(cardArb('v1', unit), cardArb('v2', unit), cardArb('v3', unit));
const runs = { numRuns: 60 };
const TIMEOUT = 120_000;

describe('round trip: read(write(card)) is the card', () => {
  for (const format of ['json', 'png', 'charx'] as OutputFormat[]) {
    it(
      `${format}: every spec, unknown keys, any Unicode (lone surrogates too), big strings`,
      () => {
        fc.assert(
          fc.property(anyCard('binary'), (card) => {
            expect(validateCard(card).errors).toEqual([]);
            const first = readCard(writeCard(card, format).bytes);
            expect(first.doc).toEqual(card);
            expect(first.warnings.filter((w) => !w.pointer.startsWith('png:'))).toEqual([]);
            const second = readCard(writeCard(first.doc, format, { source: first }).bytes);
            expect(second.doc).toEqual(card);
          }),
          runs,
        );
      },
      TIMEOUT,
    );
  }

  it(
    'yaml: every spec, unknown keys, Unicode text',
    () => {
      fc.assert(
        fc.property(anyCard('grapheme'), (card) => {
          const first = readCard(writeCard(card, 'yaml').bytes, 'card.yaml', { normalize: false });
          expect(first.doc).toEqual(card);
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'json: an unedited card is written back byte for byte, in 2-space, 4-space, tab or compact style',
    () => {
      fc.assert(
        fc.property(anyCard('binary'), fc.constantFrom(0, 2, 4, '\t'), fc.boolean(), (card, indent, newline) => {
          const textIn = JSON.stringify(card, null, indent) + (newline ? '\n' : '');
          const read = readCard(utf8Encode(textIn));
          expect(utf8Decode(writeCard(read.doc, 'json', { source: read }).bytes)).toBe(textIn);
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'conversions keep unknown keys: V2 → V3 → V2 and V3 → V2 → V3 give back the card',
    () => {
      fc.assert(
        fc.property(cardArb('v2', 'binary'), (card) => {
          const there = convertCard(card, 'v3').doc;
          expect(validateCard(there).errors).toEqual([]);
          const back = convertCard(there, 'v2').doc as JsonObject;
          expect(withoutAdded(back)).toEqual(card);
        }),
        runs,
      );
      fc.assert(
        fc.property(cardArb('v3', 'binary'), (card) => {
          const there = convertCard(card, 'v2').doc;
          expect(validateCard(there).errors).toEqual([]);
          expect(convertCard(there, 'v3').doc).toEqual(card);
        }),
        runs,
      );
    },
    TIMEOUT,
  );
});

/** V2 → V3 adds group_only_greetings and use_regex; V3 → V2 keeps them (never destroys). Remove them to compare. */
function withoutAdded(card: JsonObject): JsonObject {
  const data = { ...(card['data'] as JsonObject) };
  delete data['group_only_greetings'];
  const bk = data['character_book'] as JsonObject | undefined;
  if (bk)
    data['character_book'] = { ...bk, entries: (bk['entries'] as JsonObject[]).map(({ use_regex: _u, ...e }) => e) };
  return { ...card, data };
}

describe('PNG export keeps the image', () => {
  const chunkType = fc
    .tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), fc.stringMatching(/^[A-Z][a-zA-Z]{2}$/))
    .map(([a, b]) => a + b);
  const extraChunk = fc.record({ type: chunkType, data: fc.uint8Array({ maxLength: 64 }) });
  it(
    'every non-card chunk survives byte for byte and in order, whatever chunks surround the card',
    () => {
      fc.assert(
        fc.property(
          fc.array(extraChunk, { maxLength: 6 }),
          fc.boolean(),
          cardArb('v3', 'grapheme'),
          (extra, afterIdat, card) => {
            const source = pngWith([...extra, textChunk('chara', b64({ name: 'old' }))], { afterIdat });
            const out = writeCard(card, 'png', { source: readCard(source) }).bytes;
            const others = (png: Uint8Array) =>
              parsePngChunks(png)
                .chunks.filter((c) => !['chara', 'ccv3'].includes(textKeyword(c) ?? ''))
                .map((c) => [...c.raw].join());
            expect(others(out)).toEqual(others(source));
            expect(readCard(out).doc).toEqual(card);
          },
        ),
        runs,
      );
    },
    TIMEOUT,
  );
});
