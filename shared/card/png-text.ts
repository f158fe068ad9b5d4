/** PNG text chunks: tEXt (Latin-1), zTXt (zlib Latin-1) and iTXt (UTF-8, optionally zlib), decoded to bytes. */
import { latin1Decode, latin1Encode } from './bytes.ts';
import { inflateBounded } from '../util/bounded-inflate.ts';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../util/document-limits.ts';
import { CardError } from './errors.ts';
import type { PngChunk } from './png-chunks.ts';

export const TEXT_CHUNK_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);

export interface TextChunk {
  keyword: string;
  /** The text payload, decompressed: Latin-1 for tEXt/zTXt, UTF-8 for iTXt (cards hold base64, or raw UTF-8 JSON). */
  payload: Uint8Array;
}

function inflateCapped(data: Uint8Array, where: string, maxBytes: number): Uint8Array {
  const r = inflateBounded(data, 'zlib', maxBytes);
  if (r.ok) return r.bytes;
  if (r.reason === 'too_large') throw new CardError('too_large', `compressed text ${r.message}`, where);
  throw new CardError('png_bad_card_text', `compressed text chunk is corrupt: ${r.message}`, where);
}

/** Keyword of a text chunk without decoding its payload (cheap: used to find card chunks). */
export function textKeyword(chunk: PngChunk): string | undefined {
  if (!TEXT_CHUNK_TYPES.has(chunk.type)) return undefined;
  const nul = chunk.data.indexOf(0);
  return nul < 0 ? undefined : latin1Decode(chunk.data.subarray(0, nul));
}

/**
 * `maxInflated`: most bytes a compressed (zTXt / compressed iTXt) payload may inflate to. A card's text is at most
 * a few MB; anything inflating past this is a decompression bomb, stopped as soon as it passes.
 */
export function decodeTextChunk(chunk: PngChunk, maxInflated = DEFAULT_MAX_DOCUMENT_BYTES): TextChunk {
  const where = `${chunk.type} chunk at byte ${chunk.offset}`;
  const d = chunk.data;
  const nul = d.indexOf(0);
  if (nul < 0) throw new CardError('png_bad_card_text', `${chunk.type} chunk has no keyword terminator`, where);
  const keyword = latin1Decode(d.subarray(0, nul));
  if (chunk.type === 'tEXt') return { keyword, payload: d.subarray(nul + 1) };
  if (chunk.type === 'zTXt') return { keyword, payload: inflateCapped(d.subarray(nul + 2), where, maxInflated) };
  // iTXt: keyword\0 flag method language\0 translated\0 text
  const compressed = d[nul + 1] === 1;
  const langEnd = d.indexOf(0, nul + 3);
  const transEnd = langEnd < 0 ? -1 : d.indexOf(0, langEnd + 1);
  if (transEnd < 0) throw new CardError('png_bad_card_text', 'iTXt chunk header is incomplete', where);
  const text = d.subarray(transEnd + 1);
  return { keyword, payload: compressed ? inflateCapped(text, where, maxInflated) : text };
}

/** A tEXt chunk's data: Latin-1 keyword, NUL, Latin-1 text (cards keep it ASCII by storing base64). */
export function textChunkData(keyword: string, text: string): Uint8Array {
  const k = latin1Encode(keyword);
  const t = latin1Encode(text);
  const out = new Uint8Array(k.length + 1 + t.length);
  out.set(k, 0);
  out.set(t, k.length + 1);
  return out;
}
