/** Builders for card test inputs: minimal valid cards, PNGs with arbitrary chunks, fixture loading. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { encodeChunk, PNG_SIGNATURE } from '../../../shared/card/png-chunks.ts';
import { concatBytes, latin1Encode, utf8Encode, base64Encode } from '../../../shared/card/bytes.ts';
import { placeholderPng } from '../../../shared/card/placeholder-png.ts';
import type { JsonObject } from '../../../shared/card/types.ts';
import { CardError } from '../../../shared/card/errors.ts';
import { blankCard } from '../../../shared/library/card-summary.ts';

export const FIXTURES = path.join(import.meta.dirname, '../../fixtures/cards');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, name)));
}

export function v1Card(extra: JsonObject = {}): JsonObject {
  return {
    name: 'Aria',
    description: 'A bard.',
    personality: 'cheerful',
    scenario: 'A tavern.',
    first_mes: 'Hello!',
    mes_example: '<START>\n{{char}}: Hi.',
    ...extra,
  };
}

export function v2Card(data: JsonObject = {}, root: JsonObject = {}): JsonObject {
  const blank = blankCard('');
  return { ...blank, data: { ...(blank['data'] as JsonObject), ...v1Card(), ...data }, ...root };
}

export function v3Card(data: JsonObject = {}, root: JsonObject = {}): JsonObject {
  return { ...v2Card({ group_only_greetings: [], ...data }), spec: 'chara_card_v3', spec_version: '3.0', ...root };
}

export function book(entries: JsonObject[], extra: JsonObject = {}): JsonObject {
  return { extensions: {}, entries, ...extra };
}

export function entry(extra: JsonObject = {}): JsonObject {
  return {
    keys: ['castle'],
    content: 'The castle is old.',
    extensions: {},
    enabled: true,
    insertion_order: 100,
    ...extra,
  };
}

export interface RawChunk {
  type: string;
  data: Uint8Array;
}

export function textChunk(keyword: string, text: string, type = 'tEXt'): RawChunk {
  return { type, data: concatBytes([latin1Encode(keyword), new Uint8Array([0]), latin1Encode(text)]) };
}

export function b64(doc: unknown): string {
  return base64Encode(utf8Encode(JSON.stringify(doc)));
}

/** The placeholder PNG's chunks, with `extra` chunks inserted before IEND (or after IDAT when asked). */
export function pngWith(extra: RawChunk[], options: { afterIdat?: boolean } = {}): Uint8Array {
  const base = placeholderPng();
  const ihdrEnd = 8 + 12 + 13;
  const iendStart = base.length - 12;
  const encoded = extra.map((c) => encodeChunk(c.type, c.data));
  const body = base.subarray(ihdrEnd, iendStart);
  const parts = options.afterIdat
    ? [base.subarray(0, ihdrEnd), body, ...encoded, base.subarray(iendStart)]
    : [base.subarray(0, ihdrEnd), ...encoded, body, base.subarray(iendStart)];
  return concatBytes(parts);
}

/**
 * A real PNG holding about `imageBytes` of 8-bit grey noise (stored, since noise does not compress), with `before`
 * chunks between IHDR and the image data and `after` chunks between the image data and IEND.
 */
export function noisePng(imageBytes: number, before: RawChunk[], after: RawChunk[] = []): Uint8Array {
  const width = 512;
  const height = Math.ceil(imageBytes / (width + 1));
  const raw = new Uint8Array((width + 1) * height);
  for (let i = 0, x = 1; i < raw.length; i++)
    raw[i] = i % (width + 1) === 0 ? 0 : (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const encode = (chunks: RawChunk[]) => chunks.map((c) => encodeChunk(c.type, c.data));
  return concatBytes([
    pngSignature(),
    encodeChunk('IHDR', ihdr),
    ...encode(before),
    encodeChunk('IDAT', new Uint8Array(deflateSync(raw, { level: 0 }))),
    ...encode(after),
    encodeChunk('IEND', new Uint8Array(0)),
  ]);
}

export function pngSignature(): Uint8Array {
  return Uint8Array.from(PNG_SIGNATURE);
}

/** A TIFF block (little-endian) whose Exif IFD holds `comment` as UserComment with the given charset prefix. */
export function tiffWithUserComment(comment: Uint8Array, charset = 'ASCII\0\0\0'): Uint8Array {
  const head = new Uint8Array(44);
  const v = new DataView(head.buffer);
  head.set([0x49, 0x49, 0x2a, 0x00]);
  v.setUint32(4, 8, true);
  v.setUint16(8, 1, true); // IFD0: one entry, the Exif IFD pointer
  v.setUint16(10, 0x8769, true);
  v.setUint16(12, 4, true);
  v.setUint32(14, 1, true);
  v.setUint32(18, 26, true);
  v.setUint16(26, 1, true); // Exif IFD: UserComment
  v.setUint16(28, 0x9286, true);
  v.setUint16(30, 7, true);
  v.setUint32(32, 8 + comment.length, true);
  v.setUint32(36, 44, true);
  return concatBytes([head, latin1Encode(charset), comment]);
}

export function jpegWithExif(tiff: Uint8Array): Uint8Array {
  const app1 = concatBytes([latin1Encode('Exif\0\0'), tiff]);
  const len = app1.length + 2;
  return concatBytes([
    new Uint8Array([0xff, 0xd8, 0xff, 0xe1, len >> 8, len & 0xff]),
    app1,
    new Uint8Array([0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]),
  ]);
}

export function webpWithExif(tiff: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const h = new Uint8Array(8);
    h.set(latin1Encode(type));
    new DataView(h.buffer).setUint32(4, data.length, true);
    return concatBytes([h, data, new Uint8Array(data.length & 1)]);
  };
  const body = concatBytes([
    latin1Encode('WEBP'),
    chunk('VP8 ', new Uint8Array(4)),
    chunk('EXIF', concatBytes([latin1Encode('Exif\0\0'), tiff])),
  ]);
  const h = new Uint8Array(8);
  h.set(latin1Encode('RIFF'));
  new DataView(h.buffer).setUint32(4, body.length, true);
  return concatBytes([h, body]);
}

/** The CardError `fn` throws (any other error is rethrown; no error fails the test). */
export function errorOf(fn: () => unknown): CardError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CardError) return e;
    throw e;
  }
  throw new Error('expected a CardError');
}
