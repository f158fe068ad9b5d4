/**
 * Writes an edited card.json back into the CharX it came from: every other entry (assets, module.risum, x_meta…)
 * keeps its exact stored bytes, compression and order, and card.json keeps its compression method and its JSON
 * formatting except where the card changed. An unedited card gives back the very same file.
 */
import { deflateSync, inflateSync } from 'fflate';
import { locateZip } from './zip-locate.ts';
import { crc32 } from './crc32.ts';
import { concatBytes, startsWith, utf8DecodeStrict, utf8Encode } from './bytes.ts';
import { editJsonTo } from './json-edit.ts';
import { CARD_JSON } from './charx.ts';
import type { JsonObject } from './types.ts';

const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD = [0x50, 0x4b, 0x05, 0x06];
const BOM = [0xef, 0xbb, 0xbf];
const DATA_DESCRIPTOR_FLAG = 0x8;

interface Entry {
  name: string;
  /** Offset and length of the central directory record. */
  cdAt: number;
  cdLength: number;
  method: number;
  compressedSize: number;
  localAt: number;
}

function u16(b: Uint8Array, at: number): number {
  return b[at]! | (b[at + 1]! << 8);
}
function u32(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}
function set32(b: Uint8Array, at: number, v: number): void {
  b[at] = v & 0xff;
  b[at + 1] = (v >>> 8) & 0xff;
  b[at + 2] = (v >>> 16) & 0xff;
  b[at + 3] = (v >>> 24) & 0xff;
}

function findEocd(zip: Uint8Array): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) if (startsWith(zip, EOCD, i)) return i;
  return -1;
}

function centralDirectory(zip: Uint8Array, eocd: number): Entry[] | undefined {
  const count = u16(zip, eocd + 10);
  const cdOffset = u32(zip, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) return undefined;
  const entries: Entry[] = [];
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || u32(zip, at) !== CENTRAL) return undefined;
    const nameLength = u16(zip, at + 28);
    const cdLength = 46 + nameLength + u16(zip, at + 30) + u16(zip, at + 32);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    const entry = {
      name,
      cdAt: at,
      cdLength,
      method: u16(zip, at + 10),
      compressedSize: u32(zip, at + 20),
      localAt: u32(zip, at + 42),
    };
    if (entry.localAt === 0xffffffff || entry.compressedSize === 0xffffffff || u32(zip, entry.localAt) !== LOCAL)
      return undefined;
    entries.push(entry);
    at += cdLength;
  }
  return entries;
}

function localDataAt(zip: Uint8Array, entry: Entry): number {
  return entry.localAt + 30 + u16(zip, entry.localAt + 26) + u16(zip, entry.localAt + 28);
}

/** The CharX `file` holding `doc` as its card.json; undefined when the archive is not one this can edit in place. */
export function rewriteCharx(file: Uint8Array, doc: JsonObject): Uint8Array | undefined {
  const located = locateZip(file);
  if (!located) return undefined;
  const { zip, prefix } = located;
  const eocd = findEocd(zip);
  const entries = eocd < 0 ? undefined : centralDirectory(zip, eocd);
  const card = entries?.find((e) => e.name === CARD_JSON);
  if (!entries || !card || (card.method !== 0 && card.method !== 8)) return undefined;
  const stored = zip.subarray(localDataAt(zip, card), localDataAt(zip, card) + card.compressedSize);
  let raw: Uint8Array;
  try {
    raw = card.method === 8 ? inflateSync(stored) : stored;
  } catch {
    return undefined;
  }
  const bom = startsWith(raw, BOM);
  const text = utf8DecodeStrict(bom ? raw.subarray(3) : raw);
  let before: unknown;
  try {
    before = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
  if (text === undefined || JSON.stringify(before) === JSON.stringify(doc))
    return text === undefined ? undefined : file;
  const json = utf8Encode(editJsonTo(text, before, doc));
  const content = bom ? concatBytes([Uint8Array.from(BOM), json]) : json;
  const data = card.method === 8 ? deflateSync(content, { level: 6 }) : content;
  const crc = crc32(content);

  const cdOffset = u32(zip, eocd + 16);
  const byOffset = [...entries].sort((a, b) => a.localAt - b.localAt);
  const parts: Uint8Array[] = [prefix, zip.subarray(0, byOffset[0]!.localAt)];
  const newOffset = new Map<Entry, number>();
  let out = byOffset[0]!.localAt;
  byOffset.forEach((entry, i) => {
    const end = byOffset[i + 1]?.localAt ?? cdOffset;
    newOffset.set(entry, out);
    let record: Uint8Array;
    if (entry === card) {
      const header = zip.slice(entry.localAt, localDataAt(zip, entry));
      header[6] = header[6]! & ~DATA_DESCRIPTOR_FLAG;
      set32(header, 14, crc);
      set32(header, 18, data.length);
      set32(header, 22, content.length);
      record = concatBytes([header, data]);
    } else {
      record = zip.subarray(entry.localAt, end);
    }
    parts.push(record);
    out += record.length;
  });
  const newCdOffset = out;
  for (const entry of entries) {
    const record = zip.slice(entry.cdAt, entry.cdAt + entry.cdLength);
    if (entry === card) {
      record[8] = record[8]! & ~DATA_DESCRIPTOR_FLAG;
      set32(record, 16, crc);
      set32(record, 20, data.length);
      set32(record, 24, content.length);
    }
    set32(record, 42, newOffset.get(entry)!);
    parts.push(record);
  }
  const tail = zip.slice(eocd);
  set32(tail, 16, newCdOffset);
  parts.push(tail);
  return concatBytes(parts);
}
