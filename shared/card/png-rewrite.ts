/**
 * Writes an edited card back into the PNG it came from, changing only what the edit changed. Every card chunk
 * (`chara`, `ccv3`, duplicates included) stays where it was, in its chunk kind (tEXt/zTXt/iTXt), keyword
 * spelling, text encoding (base64 with its padding and line breaks, or raw JSON) and JSON formatting; only the
 * edited fields change inside it. A chunk holding another spec than the edited document (SillyTavern's V2 `chara`
 * beside its `ccv3`, a V2 backfill of a V3 card) gets the edit as seen in its own spec, so a V2 chunk never gains
 * V3-only fields or notices. Every other chunk, and bytes after IEND, are copied as stored.
 */
import { zlibSync } from 'fflate';
import { encodeChunk } from './png-chunks.ts';
import type { PngChunk } from './png-chunks.ts';
import { textKeyword } from './png-text.ts';
import { decodeCardChunk, readPngCard } from './png-card.ts';
import type { DecodedCardChunk, PngCardRead } from './png-card.ts';
import { base64Encode, concatBytes, latin1Decode, utf8Encode } from './bytes.ts';
import { editJsonTo, jsonChanges, applyJsonChanges, printJsonLike, trailingSpace } from './json-edit.ts';
import { convertV1toV2 } from './convert-v1.ts';
import { convertV2toV3, convertV3toV2, V3_BACKFILL_NOTICE } from './convert-v2-v3.ts';
import { detectSpec } from './spec.ts';
import { isObject, V3_ONLY_DATA_FIELDS } from './types.ts';
import type { CardSpec, JsonObject } from './types.ts';

export type CardKeyword = 'chara' | 'ccv3';

/** One card chunk as stored: enough to write a new document back the same way. */
export interface StoredCardChunk {
  index: number;
  keyword: CardKeyword;
  chunk: PngChunk;
  doc: JsonObject;
  /** The JSON text the chunk holds (decoded from base64 when it is base64). */
  json: string;
  base64?: { padded: boolean; lineLength: number; eol: string; tail: string };
}

function cardKeyword(chunk: PngChunk): CardKeyword | undefined {
  const k = textKeyword(chunk)?.toLowerCase();
  return k === 'chara' || k === 'ccv3' ? k : undefined;
}

function base64Style(payload: string): StoredCardChunk['base64'] {
  const tail = trailingSpace(payload);
  const body = payload.slice(0, payload.length - tail.length);
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  const firstBreak = body.search(/\r?\n/);
  // Unpadded only when padding was due and is missing (a length that is a multiple of 3 needs none).
  return { padded: body.replace(/\s/g, '').length % 4 === 0, lineLength: firstBreak < 0 ? 0 : firstBreak, eol, tail };
}

/**
 * The card chunks of a PNG that decode; unreadable ones are left alone (the reader already said why). `decoded`:
 * chunks the reader has decoded already, by index.
 */
export function storedCardChunks(
  chunks: readonly PngChunk[],
  decoded: ReadonlyMap<number, DecodedCardChunk> = new Map(),
): StoredCardChunk[] {
  const out: StoredCardChunk[] = [];
  chunks.forEach((chunk, index) => {
    const keyword = cardKeyword(chunk);
    if (!keyword) return;
    let text: DecodedCardChunk;
    try {
      text = decoded.get(index) ?? decodeCardChunk(chunk, keyword, []);
    } catch {
      return; // Not decodable: copied as stored.
    }
    const stored: StoredCardChunk = { index, keyword, chunk, doc: text.doc, json: text.json };
    if (text.encoding === 'base64') stored.base64 = base64Style(latin1Decode(text.payload));
    out.push(stored);
  });
  return out;
}

function encodePayload(stored: StoredCardChunk, json: string): Uint8Array {
  const style = stored.base64;
  if (!style) return utf8Encode(json);
  let b64 = base64Encode(utf8Encode(json));
  if (!style.padded) b64 = b64.replace(/=+$/, '');
  if (style.lineLength > 0) b64 = b64.match(new RegExp(`.{1,${style.lineLength}}`, 'g'))!.join(style.eol);
  return utf8Encode(b64 + style.tail);
}

/** The chunk's data with a new payload, keeping its kind, keyword bytes, iTXt language and translated keyword. */
function chunkData(chunk: PngChunk, payload: Uint8Array): Uint8Array {
  const d = chunk.data;
  const nul = d.indexOf(0);
  const keyword = d.subarray(0, nul + 1);
  if (chunk.type === 'tEXt') return concatBytes([keyword, payload]);
  if (chunk.type === 'zTXt') return concatBytes([keyword, Uint8Array.of(0), zlibSync(payload)]);
  const compressed = d[nul + 1] === 1;
  const langEnd = d.indexOf(0, nul + 3);
  const transEnd = d.indexOf(0, langEnd + 1);
  return concatBytes([d.subarray(0, transEnd + 1), compressed ? zlibSync(payload) : payload]);
}

function hasNotice(doc: JsonObject): boolean {
  const data = isObject(doc['data']) ? doc['data'] : {};
  return typeof data['creator_notes'] === 'string' && data['creator_notes'].startsWith(V3_BACKFILL_NOTICE);
}

const V3_ONLY = new Set<string>(V3_ONLY_DATA_FIELDS);

/** How a chunk of spec `spec` shows a document of any spec: itself, or SillyTavern's V2 view of it. */
function viewIn(spec: 'v2' | 'v3', notice: boolean): (doc: JsonObject) => JsonObject {
  if (spec === 'v3')
    return (doc) =>
      detectSpec(doc) === 'v3' ? doc : convertV2toV3(detectSpec(doc) === 'v1' ? convertV1toV2(doc).doc : doc).doc;
  return (doc) => {
    const from = detectSpec(doc);
    if (from === 'v1') return convertV1toV2(doc).doc;
    if (from !== 'v3') return doc;
    const v2 = convertV3toV2(doc, { backfillNotice: notice }).doc as JsonObject;
    const data = Object.fromEntries(Object.entries(v2['data'] as JsonObject).filter(([k]) => !V3_ONLY.has(k)));
    return { ...v2, data };
  };
}

/**
 * What a chunk holds of a document: `ccv3` the V3 card; `chara` the document itself, except beside a V3 card,
 * where a `chara` that held V2 (or V1) is the V2 view, and one that held V3 (RisuAI, SillyTavern exports) stays V3.
 */
function viewFor(s: StoredCardChunk, toSpec: CardSpec | undefined): (doc: JsonObject) => JsonObject {
  if (s.keyword === 'ccv3') return viewIn('v3', false);
  if (toSpec === 'v3' && detectSpec(s.doc) !== 'v3') return viewIn('v2', hasNotice(s.doc));
  return (doc) => doc;
}

export interface RewriteResult {
  /** The new file as slices in order: runs of unchanged chunks are views into the source PNG, so a writer can
   * write them as they are (writev) instead of copying the file into one buffer first. */
  parts: Uint8Array[];
  /** What the rewrite did to each card chunk, for "what export changes". */
  chunks: { index: number; keyword: CardKeyword; type: string; action: 'kept' | 'rewritten' | 'removed' | 'added' }[];
}

/** Whether `read` was read from `png` itself: its chunks are views into those very bytes. */
function readFrom(read: PngCardRead, png: Uint8Array): boolean {
  const first = read.chunks[0]?.raw;
  return first !== undefined && first.buffer === png.buffer && first.byteOffset === png.byteOffset + 8;
}

/**
 * `png` with its card chunks holding `doc` instead of the document a reader takes from it. Returns undefined when
 * the PNG has no readable card, so the caller writes fresh chunks. `read`: what readPngCard read from `png`, so
 * its chunks are not parsed and decoded again.
 */
export function rewritePngCard(png: Uint8Array, doc: JsonObject, read?: PngCardRead): RewriteResult | undefined {
  let card: PngCardRead;
  try {
    card = read && readFrom(read, png) ? read : readPngCard(png, { verifyImageCrc: false });
  } catch {
    return undefined;
  }
  const { chunks, doc: before } = card;
  const stored = storedCardChunks(chunks, card.decoded);
  if (stored.length === 0) return undefined;
  const result: RewriteResult['chunks'] = [];
  const fromSpec = detectSpec(before);
  const toSpec = detectSpec(doc);
  const converted = fromSpec !== toSpec;
  // Documents of two specs differ: only an edit within a spec needs the whole comparison.
  if (!converted && JSON.stringify(before) === JSON.stringify(doc)) {
    for (const s of stored) result.push({ index: s.index, keyword: s.keyword, type: s.chunk.type, action: 'kept' });
    return { parts: [png], chunks: result };
  }
  const replaced = new Map<number, Uint8Array | null>();
  for (const s of stored) {
    // A V2 export of a card drops its V3 chunks: a ccv3 chunk must hold V3.
    if (s.keyword === 'ccv3' && converted && toSpec !== 'v3') {
      replaced.set(s.index, null);
      result.push({ index: s.index, keyword: s.keyword, type: s.chunk.type, action: 'removed' });
      continue;
    }
    const view = viewFor(s, toSpec);
    // An edit changes each chunk only where it changes the chunk's view; a conversion gives each chunk its whole view.
    const target = converted ? view(doc) : applyJsonChanges(s.doc, jsonChanges(view(before), view(doc)));
    if (JSON.stringify(target) === JSON.stringify(s.doc)) {
      result.push({ index: s.index, keyword: s.keyword, type: s.chunk.type, action: 'kept' });
      continue;
    }
    // A conversion restructures the whole document: print it in the chunk's style rather than edit it field by field.
    const json = converted ? printJsonLike(target, s.json) : editJsonTo(s.json, s.doc, target);
    replaced.set(s.index, encodeChunk(s.chunk.type, chunkData(s.chunk, encodePayload(s, json))));
    result.push({ index: s.index, keyword: s.keyword, type: s.chunk.type, action: 'rewritten' });
  }
  const parts: Uint8Array[] = [];
  const lastChara = stored.filter((s) => s.keyword === 'chara').at(-1)?.index;
  const needsCcv3 = toSpec === 'v3' && converted && !stored.some((s) => s.keyword === 'ccv3');
  // The signature and every run of chunks kept as stored go out as one view into the source, from `kept` on.
  let kept = 0;
  const keepUpTo = (end: number): void => {
    if (end > kept) parts.push(png.subarray(kept, end));
    kept = Math.max(kept, end);
  };
  chunks.forEach((c, i) => {
    const next = replaced.get(i);
    if (next !== undefined) {
      keepUpTo(c.offset);
      if (next) parts.push(next);
      kept = c.offset + c.raw.length;
    }
    if (needsCcv3 && i === lastChara) {
      // A conversion to V3: SPEC_V3 requires the ccv3 chunk; it goes right after the card's chara chunk.
      keepUpTo(c.offset + c.raw.length);
      parts.push(
        encodeChunk(
          'tEXt',
          concatBytes([
            utf8Encode('ccv3'),
            Uint8Array.of(0),
            utf8Encode(base64Encode(utf8Encode(JSON.stringify(doc)))),
          ]),
        ),
      );
      result.push({ index: i + 1, keyword: 'ccv3', type: 'tEXt', action: 'added' });
    }
  });
  keepUpTo(png.length);
  return { parts, chunks: result };
}
