/**
 * Legacy WEBP/JPEG cards (old Tavern/Chub): the card JSON sits in the EXIF `UserComment` tag. Read-only — new
 * cards are PNG or CharX.
 */
import { latin1Decode, startsWith, utf8DecodeStrict } from './bytes.ts';

const USER_COMMENT = 0x9286;
const EXIF_IFD_POINTER = 0x8769;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"

export function isJpeg(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xff, 0xd8, 0xff]);
}

export function isWebp(bytes: Uint8Array): boolean {
  return latin1Decode(bytes.subarray(0, 4)) === 'RIFF' && latin1Decode(bytes.subarray(8, 12)) === 'WEBP';
}

/** The TIFF block of the image's EXIF data, or undefined when there is none. */
export function findExif(bytes: Uint8Array): Uint8Array | undefined {
  if (isWebp(bytes)) return webpExif(bytes);
  if (isJpeg(bytes)) return jpegExif(bytes);
  return undefined;
}

function webpExif(b: Uint8Array): Uint8Array | undefined {
  let pos = 12;
  while (pos + 8 <= b.length) {
    const type = latin1Decode(b.subarray(pos, pos + 4));
    const size = (b[pos + 4]! | (b[pos + 5]! << 8) | (b[pos + 6]! << 16) | (b[pos + 7]! << 24)) >>> 0;
    const data = b.subarray(pos + 8, Math.min(b.length, pos + 8 + size));
    if (type === 'EXIF') return startsWith(data, EXIF_HEADER) ? data.subarray(6) : data;
    pos += 8 + size + (size & 1);
  }
  return undefined;
}

function jpegExif(b: Uint8Array): Uint8Array | undefined {
  let pos = 2;
  while (pos + 4 <= b.length && b[pos] === 0xff) {
    const marker = b[pos + 1]!;
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image: no more metadata
    const len = (b[pos + 2]! << 8) | b[pos + 3]!;
    const data = b.subarray(pos + 4, Math.min(b.length, pos + 2 + len));
    if (marker === 0xe1 && startsWith(data, EXIF_HEADER)) return data.subarray(6);
    pos += 2 + len;
  }
  return undefined;
}

interface Tiff {
  b: Uint8Array;
  le: boolean;
}

function u16(t: Tiff, at: number): number {
  return t.le ? t.b[at]! | (t.b[at + 1]! << 8) : (t.b[at]! << 8) | t.b[at + 1]!;
}

function u32(t: Tiff, at: number): number {
  return t.le
    ? (t.b[at]! | (t.b[at + 1]! << 8) | (t.b[at + 2]! << 16) | (t.b[at + 3]! << 24)) >>> 0
    : ((t.b[at]! << 24) | (t.b[at + 1]! << 16) | (t.b[at + 2]! << 8) | t.b[at + 3]!) >>> 0;
}

/** Finds a tag in one IFD: its value bytes (inline when ≤ 4 bytes, else at the stored offset). */
function findTag(t: Tiff, ifd: number, tag: number): Uint8Array | undefined {
  if (ifd + 2 > t.b.length) return undefined;
  const count = u16(t, ifd);
  const sizes: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 7: 1 };
  for (let i = 0; i < count; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > t.b.length) return undefined;
    if (u16(t, e) !== tag) continue;
    const length = u32(t, e + 4) * (sizes[u16(t, e + 2)] ?? 1);
    const at = length <= 4 ? e + 8 : u32(t, e + 8);
    return at + length <= t.b.length ? t.b.subarray(at, at + length) : undefined;
  }
  return undefined;
}

/** The decoded `UserComment` text (its 8-byte charset prefix honoured), or undefined. */
export function exifUserComment(tiffBytes: Uint8Array): string | undefined {
  const order = latin1Decode(tiffBytes.subarray(0, 2));
  if (order !== 'II' && order !== 'MM') return undefined;
  const t: Tiff = { b: tiffBytes, le: order === 'II' };
  const ifd0 = u32(t, 4);
  const exifIfd = findTag(t, ifd0, EXIF_IFD_POINTER);
  const raw = (exifIfd && findTag(t, u32({ b: exifIfd, le: t.le }, 0), USER_COMMENT)) ?? findTag(t, ifd0, USER_COMMENT);
  if (!raw) return undefined;
  const charset = latin1Decode(raw.subarray(0, 8));
  const body = raw.subarray(8);
  if (charset.startsWith('UNICODE')) return decodeUtf16(body, t.le);
  if (charset.startsWith('ASCII') || charset === '\0'.repeat(8)) return utf8DecodeStrict(body) ?? latin1Decode(body);
  return utf8DecodeStrict(raw) ?? latin1Decode(raw);
}

function decodeUtf16(body: Uint8Array, le: boolean): string {
  // Writers disagree on UTF-16 byte order; JSON starts with "{" (or base64 with ASCII), so a NUL in the high byte
  // position tells which order was used.
  const bodyLe = body.length >= 2 ? body[1] === 0 && body[0] !== 0 : le;
  let text = new TextDecoder(bodyLe ? 'utf-16le' : 'utf-16be').decode(body);
  while (text.endsWith('\0')) text = text.slice(0, -1);
  return text;
}
