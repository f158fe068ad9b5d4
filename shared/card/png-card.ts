/**
 * Cards inside PNG/APNG: find the `chara`/`ccv3` text chunks anywhere up to IEND (some writers put them after
 * IDAT), prefer `ccv3`, and on write replace them while copying every other chunk byte for byte.
 */
import { parsePngChunks, encodeChunk, PNG_SIGNATURE } from './png-chunks.ts';
import type { PngChunk, PngParseOptions } from './png-chunks.ts';
import { decodeTextChunk, textChunkData, textKeyword } from './png-text.ts';
import { decodeCardText } from './card-text.ts';
import type { DecodedCardText } from './card-text.ts';
import { base64Encode, concatBytes, utf8Encode } from './bytes.ts';
import { CardError } from './errors.ts';
import type { CardWarning } from './errors.ts';
import { isObject } from './types.ts';
import { cappedList } from '../util/capped-list.ts';
import type { JsonObject } from './types.ts';

export type CardChunkKeyword = 'chara' | 'ccv3';

export interface PngCardRead {
  /** The card as the chunk holds it (not normalized). */
  doc: JsonObject;
  keyword: CardChunkKeyword;
  chunks: PngChunk[];
  warnings: CardWarning[];
  /** The card chunks decoded while reading, by chunk index, so a rewrite does not decode them again. */
  decoded: Map<number, DecodedCardChunk>;
}

/** A card chunk's text: its payload as stored (inflated when compressed), and the card it decodes to. */
export interface DecodedCardChunk extends DecodedCardText {
  payload: Uint8Array;
}

function cardKeyword(chunk: PngChunk): CardChunkKeyword | undefined {
  const k = textKeyword(chunk)?.toLowerCase();
  return k === 'chara' || k === 'ccv3' ? k : undefined;
}

function where(chunk: PngChunk, keyword: string): string {
  return `${chunk.type} '${keyword}' chunk at byte ${chunk.offset}`;
}

/** Decodes a card chunk's text, throwing why it cannot; `warnings` gets what is read despite the spec. */
export function decodeCardChunk(
  chunk: PngChunk,
  keyword: string,
  warnings: CardWarning[],
  maxDocumentBytes?: number,
): DecodedCardChunk {
  const text = decodeTextChunk(chunk, maxDocumentBytes);
  if (maxDocumentBytes !== undefined && text.payload.length > maxDocumentBytes) {
    throw new CardError(
      'too_large',
      `card text is ${text.payload.length.toLocaleString('en-US')} bytes; the limit is ${maxDocumentBytes.toLocaleString('en-US')}`,
      where(chunk, keyword),
    );
  }
  const result = decodeCardText(text.payload, where(chunk, keyword));
  if (result.encoding === 'raw-json')
    warnings.push({
      pointer: `png:${where(chunk, keyword)}`,
      message: 'card stored as raw JSON instead of base64; read anyway',
    });
  if (chunk.type !== 'tEXt')
    warnings.push({
      pointer: `png:${where(chunk, keyword)}`,
      message: `card stored in ${chunk.type} instead of tEXt; read anyway`,
    });
  return { ...result, payload: text.payload };
}

export interface PngCardReadOptions extends Pick<PngParseOptions, 'verifyImageCrc'> {
  /** Most bytes of the card text (after inflating). */
  maxDocumentBytes?: number;
}

export function readPngCard(bytes: Uint8Array, options: PngCardReadOptions = {}): PngCardRead {
  const { chunks, warnings } = parsePngChunks(bytes, options);
  const found: Record<CardChunkKeyword, PngChunk[]> = { chara: [], ccv3: [] };
  const indexes = new Map<PngChunk, number>();
  chunks.forEach((c, i) => {
    const k = cardKeyword(c);
    if (!k) return;
    found[k].push(c);
    indexes.set(c, i);
  });
  const decoded = new Map<number, DecodedCardChunk>();
  const decode = (chunk: PngChunk, keyword: CardChunkKeyword): DecodedCardChunk => {
    const result = decodeCardChunk(chunk, keyword, warnings, options.maxDocumentBytes);
    decoded.set(indexes.get(chunk)!, result);
    return result;
  };
  for (const k of ['chara', 'ccv3'] as const) {
    if (found[k].length > 1) {
      warnings.push({
        pointer: `png:${where(found[k].at(-1)!, k)}`,
        message: `${found[k].length} '${k}' chunks (at bytes ${cappedList(
          found[k].map((c) => String(c.offset)),
          'chunks',
        )}); using the last`,
      });
    }
  }
  const ccv3 = found.ccv3.at(-1);
  const chara = found.chara.at(-1);
  if (!ccv3 && !chara) {
    const keywords = chunks.map(textKeyword).filter((k): k is string => k !== undefined);
    const hint = keywords.includes('naidata')
      ? ' (it has a NovelAI naidata chunk: a lorebook image, not a card)'
      : keywords.length
        ? ` (text chunks: ${cappedList(keywords, 'text chunks')})`
        : '';
    throw new CardError(
      'png_no_card',
      `PNG has no 'chara' or 'ccv3' text chunk among its ${chunks.length} chunks${hint}`,
    );
  }
  if (ccv3) {
    let v3: DecodedCardText | undefined;
    try {
      v3 = decode(ccv3, 'ccv3');
    } catch (e) {
      if (!chara) throw e;
      warnings.push({
        pointer: `png:${where(ccv3, 'ccv3')}`,
        message: `unreadable ccv3 chunk (${(e as Error).message}); using the chara chunk`,
      });
    }
    // SillyTavern's ccv3 is its V2 card relabelled; without group_only_greetings it is V2 in disguise.
    const disguised = v3 && chara && isObject(v3.doc['data']) && !('group_only_greetings' in v3.doc['data']);
    if (v3 && !disguised) return { doc: v3.doc, keyword: 'ccv3', chunks, warnings, decoded };
    if (disguised)
      warnings.push({
        pointer: `png:${where(ccv3, 'ccv3')}`,
        message: 'ccv3 chunk is a relabelled V2 card (no group_only_greetings); using the chara chunk',
      });
  }
  return { doc: decode(chara!, 'chara').doc, keyword: 'chara', chunks, warnings, decoded };
}

export interface PngCardPayload {
  /** Written to `chara`: the V2 (or V1) card, or the V2 backfill of a V3 card. */
  chara: JsonObject;
  /** Written to `ccv3` when the card is V3. */
  ccv3?: JsonObject;
}

function cardChunk(keyword: CardChunkKeyword, doc: JsonObject): Uint8Array {
  return encodeChunk('tEXt', textChunkData(keyword, base64Encode(utf8Encode(JSON.stringify(doc)))));
}

/**
 * Embeds the card into `png`: every chunk except old card chunks is copied as stored (image data, other text,
 * unknown and even bad-CRC chunks), the new base64 tEXt chunks go just before IEND, bytes after IEND stay.
 */
export function writePngCard(png: Uint8Array, payload: PngCardPayload): Uint8Array {
  const { chunks } = parsePngChunks(png, { verifyCrc: false });
  const fresh = [cardChunk('chara', payload.chara)];
  if (payload.ccv3) fresh.push(cardChunk('ccv3', payload.ccv3));
  const parts: Uint8Array[] = [Uint8Array.from(PNG_SIGNATURE)];
  let inserted = false;
  for (const c of chunks) {
    if (cardKeyword(c)) continue;
    if (c.type === 'IEND') {
      parts.push(...fresh);
      inserted = true;
    }
    parts.push(c.raw);
  }
  if (!inserted) parts.push(...fresh, encodeChunk('IEND', new Uint8Array(0)));
  const last = chunks.at(-1);
  const end = last ? last.offset + last.raw.length : PNG_SIGNATURE.length;
  if (inserted && end < png.length) parts.push(png.subarray(end));
  return concatBytes(parts);
}
