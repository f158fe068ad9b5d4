// Property tests over random layouts: chunk orders and kinds, base64 styles, JSON formatting, unknown keys at every
// level, any Unicode. Unedited export is the same file; one random field edit changes only that field's text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { zlibSync } from 'fflate';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { readCard } from '../../../shared/card/read.ts';
import { writeCard } from '../../../shared/card/write.ts';
import { parsePngChunks, encodeChunk, PNG_SIGNATURE } from '../../../shared/card/png-chunks.ts';
import { storedCardChunks } from '../../../shared/card/png-rewrite.ts';
import { writeJsonText } from '../../../shared/card/write-text.ts';
import { concatBytes, latin1Encode, utf8Encode, base64Encode } from '../../../shared/card/bytes.ts';
import { placeholderPng } from '../../../shared/card/placeholder-png.ts';
import type { JsonObject } from '../../../shared/card/types.ts';
import { v2Card, v3Card } from './helpers.ts';

const runs = { numRuns: 40 };

/** `text` with data.description's value, and nothing else, replaced by `value`. */
function withDescription(text: string, value: string): string {
  const node = findNodeAtLocation(parseTree(text)!, ['data', 'description'])!;
  return `${text.slice(0, node.offset)}${JSON.stringify(value)}${text.slice(node.offset + node.length)}`;
}
const TIMEOUT = 120_000;
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('雪の城', '🐉', 'שלום', '"q"\\', '\r\n\t', '\u2028', ''),
);
const key = fc
  .string({ minLength: 1, maxLength: 8 })
  .filter((k) => !['__proto__', 'spec', 'spec_version', 'data', 'description'].includes(k));
const unknownKeys = fc.dictionary(key, fc.oneof(text, fc.integer(), fc.boolean(), fc.array(text, { maxLength: 2 })), {
  maxKeys: 3,
});

const cardArb = fc
  .tuple(fc.boolean(), text, unknownKeys, unknownKeys, unknownKeys)
  .map(([v3, description, root, data, ext]) => {
    const base = v3
      ? v3Card({ description, extensions: ext, ...data })
      : v2Card({ description, extensions: ext, ...data });
    return { ...root, ...base } as JsonObject;
  });
const style = fc.record({
  indent: fc.constantFrom<number | string>(0, 1, 2, 4, '\t'),
  crlf: fc.boolean(),
  newline: fc.boolean(),
});
function jsonText(doc: JsonObject, s: { indent: number | string; crlf: boolean; newline: boolean }): string {
  let t = JSON.stringify(doc, null, s.indent);
  if (s.crlf) t = t.replace(/\n/g, '\r\n');
  return s.newline ? `${t}${s.crlf ? '\r\n' : '\n'}` : t;
}

type Kind = 'tEXt' | 'zTXt' | 'iTXt' | 'iTXt-z';
const layoutArb = fc.record({
  kind: fc.constantFrom<Kind>('tEXt', 'zTXt', 'iTXt', 'iTXt-z'),
  encoding: fc.constantFrom('padded', 'unpadded', 'wrapped', 'raw'),
  position: fc.nat({ max: 4 }),
  others: fc.shuffledSubarray(['sRGB', 'gAMA', 'pHYs', 'eXIf', 'tIME', 'iCCP'], { minLength: 0 }),
  json: style,
  pair: fc.boolean(),
});

function pngFor(
  doc: JsonObject,
  l: {
    kind: Kind;
    encoding: string;
    position: number;
    others: string[];
    json: { indent: number | string; crlf: boolean; newline: boolean };
    pair: boolean;
  },
): Uint8Array {
  const chunk = (keyword: string, d: JsonObject): Uint8Array => {
    const json = jsonText(d, l.json);
    let payload: Uint8Array;
    if (l.encoding === 'raw') payload = utf8Encode(json);
    else {
      let b = base64Encode(utf8Encode(json));
      if (l.encoding === 'unpadded') b = b.replace(/=+$/, '');
      if (l.encoding === 'wrapped') b = b.match(/.{1,64}/g)!.join('\n');
      payload = latin1Encode(b);
    }
    const kw = latin1Encode(keyword);
    if (l.kind === 'tEXt') return encodeChunk('tEXt', concatBytes([kw, Uint8Array.of(0), payload]));
    if (l.kind === 'zTXt') return encodeChunk('zTXt', concatBytes([kw, Uint8Array.of(0, 0), zlibSync(payload)]));
    if (l.kind === 'iTXt') return encodeChunk('iTXt', concatBytes([kw, Uint8Array.of(0, 0, 0, 0, 0), payload]));
    return encodeChunk('iTXt', concatBytes([kw, Uint8Array.of(0, 1, 0, 0, 0), zlibSync(payload)]));
  };
  const base = parsePngChunks(placeholderPng()).chunks;
  const body: Uint8Array[] = [
    ...l.others.map((t) => encodeChunk(t, Uint8Array.of(1, 2, 3))),
    base.find((c) => c.type === 'IDAT')!.raw,
  ];
  const cards = [chunk('chara', doc)];
  if (l.pair && doc['spec'] === 'chara_card_v3') cards.push(chunk('ccv3', doc));
  body.splice(Math.min(l.position, body.length), 0, ...cards);
  return concatBytes([Uint8Array.from(PNG_SIGNATURE), base[0]!.raw, ...body, base.at(-1)!.raw]);
}

describe('random layouts', () => {
  it(
    'PNG: an unedited card is exported as the same file',
    () => {
      fc.assert(
        fc.property(cardArb, layoutArb, (doc, layout) => {
          const file = pngFor(doc, layout);
          const read = readCard(file, 'x.png', { normalize: false });
          expect(Buffer.from(writeCard(read.doc, 'png', { source: read }).bytes).equals(Buffer.from(file))).toBe(true);
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'PNG: one field edit changes that field in each card chunk, every other byte stays',
    () => {
      fc.assert(
        fc.property(cardArb, layoutArb, text, (doc, layout, value) => {
          const file = pngFor(doc, layout);
          const read = readCard(file, 'x.png', { normalize: false });
          const edited = { ...read.doc, data: { ...(read.doc['data'] as JsonObject), description: value } };
          const out = writeCard(edited, 'png', { source: read }).bytes;
          expect(readCard(out, 'x.png', { normalize: false }).doc).toEqual(edited);
          const before = storedCardChunks(parsePngChunks(file).chunks);
          const after = storedCardChunks(parsePngChunks(out).chunks);
          expect(after.map((c) => [c.index, c.chunk.type, c.keyword])).toEqual(
            before.map((c) => [c.index, c.chunk.type, c.keyword]),
          );
          before.forEach((c, i) => expect(after[i]!.json).toBe(withDescription(c.json, value)));
          const others = (png: Uint8Array) =>
            parsePngChunks(png)
              .chunks.filter((c) => !storedCardChunks([c]).length)
              .map((c) => Buffer.from(c.raw).toString('hex'));
          expect(others(out)).toEqual(others(file));
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'JSON: unedited is the same text; one field edit changes only that value',
    () => {
      fc.assert(
        fc.property(cardArb, style, text, (doc, s, value) => {
          const original = jsonText(doc, s);
          expect(writeJsonText(JSON.parse(original) as JsonObject, { original })).toBe(original);
          const edited = { ...doc, data: { ...(doc['data'] as JsonObject), description: value } };
          expect(writeJsonText(edited, { original })).toBe(withDescription(original, value));
        }),
        runs,
      );
    },
    TIMEOUT,
  );
});
