/**
 * PNG chunk codec. Reading keeps each chunk's exact bytes (so writing can copy them untouched) and tolerates bad
 * CRCs with a warning; structural damage (bad signature, a chunk running past the end) is an error.
 */
import { crc32 } from './crc32.ts';
import { latin1Encode, readU32, startsWith, writeU32 } from './bytes.ts';
import { CardError } from './errors.ts';
import type { CardWarning } from './errors.ts';
import { CappedLog } from '../util/capped-list.ts';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
// The PNG spec caps chunk lengths at 2^31-1; anything near that in a card file is damage, not data.
const MAX_CHUNK_LENGTH = 0x7fffffff;

export interface PngChunk {
  type: string;
  /** Offset of the chunk's length field in the file. */
  offset: number;
  /** The chunk's data (a view into the file). */
  data: Uint8Array;
  /** The whole chunk as stored: length, type, data, CRC (a view into the file). */
  raw: Uint8Array;
  crcOk: boolean;
}

export interface ParsedPng {
  chunks: PngChunk[];
  warnings: CardWarning[];
}

export function isPng(bytes: Uint8Array): boolean {
  return startsWith(bytes, PNG_SIGNATURE);
}

export interface PngParseOptions {
  /** Check CRCs (default true). */
  verifyCrc?: boolean;
  /** Also check the CRCs of image data (IDAT/fdAT), which are copied as stored and never interpreted. Default true. */
  verifyImageCrc?: boolean;
}

const IMAGE_DATA = new Set(['IDAT', 'fdAT']);
// A damaged (or hostile) file can hold 200,000 bad chunks: name the first few, count the rest.
const MAX_CRC_WARNINGS = 10;

export function parsePngChunks(bytes: Uint8Array, options: PngParseOptions = {}): ParsedPng {
  if (!isPng(bytes))
    throw new CardError('png_signature', 'not a PNG file: the 8-byte PNG signature is missing', 'byte 0');
  const verify = options.verifyCrc ?? true;
  const verifyImage = verify && (options.verifyImageCrc ?? true);
  const chunks: PngChunk[] = [];
  const warnings: CardWarning[] = [];
  const badCrc = new CappedLog<CardWarning>(MAX_CRC_WARNINGS);
  let pos: number = PNG_SIGNATURE.length;
  while (pos < bytes.length) {
    if (pos + 8 > bytes.length)
      throw new CardError(
        'png_truncated',
        `PNG is truncated: ${bytes.length - pos} stray bytes where a chunk header should be`,
        `byte ${pos}`,
      );
    const length = readU32(bytes, pos);
    const type = String.fromCharCode(bytes[pos + 4]!, bytes[pos + 5]!, bytes[pos + 6]!, bytes[pos + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type))
      throw new CardError('png_truncated', `PNG is damaged: invalid chunk type ${JSON.stringify(type)}`, `byte ${pos}`);
    if (length > MAX_CHUNK_LENGTH)
      throw new CardError(
        'png_chunk_length',
        `PNG chunk ${type} claims an impossible length of ${length} bytes`,
        `byte ${pos}`,
      );
    const end = pos + 12 + length;
    if (end > bytes.length) {
      throw new CardError(
        'png_truncated',
        `PNG is truncated: chunk ${type} needs ${length} data bytes but the file ends ${end - bytes.length} bytes early`,
        `byte ${pos}`,
      );
    }
    const stored = readU32(bytes, pos + 8 + length);
    const check = IMAGE_DATA.has(type) ? verifyImage : verify;
    const crcOk = !check || crc32(bytes, pos + 4, pos + 8 + length) === stored;
    if (!crcOk)
      badCrc.push({
        pointer: `png:chunk ${chunks.length} (${type} at byte ${pos})`,
        message: `bad CRC on ${type} chunk; read anyway`,
      });
    chunks.push({
      type,
      offset: pos,
      data: bytes.subarray(pos + 8, pos + 8 + length),
      raw: bytes.subarray(pos, end),
      crcOk,
    });
    pos = end;
    if (type === 'IEND') break;
  }
  warnings.push(...badCrc.items);
  if (badCrc.overflow)
    warnings.push({
      pointer: 'png',
      message: `…and ${badCrc.overflow.toLocaleString('en-US')} more chunks with a bad CRC`,
    });
  if (chunks[0]?.type !== 'IHDR') warnings.push({ pointer: 'png:chunk 0', message: 'the first chunk is not IHDR' });
  if (chunks.at(-1)?.type !== 'IEND')
    warnings.push({ pointer: `png:byte ${pos}`, message: 'PNG has no IEND chunk (file may be cut short)' });
  else if (pos < bytes.length)
    warnings.push({ pointer: `png:byte ${pos}`, message: `${bytes.length - pos} bytes after IEND are ignored` });
  return { chunks, warnings };
}

/** Encodes one chunk with a fresh CRC. */
export function encodeChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  writeU32(out, 0, data.length);
  out.set(latin1Encode(type), 4);
  out.set(data, 8);
  writeU32(out, 8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}
