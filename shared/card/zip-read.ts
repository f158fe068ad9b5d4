/**
 * A bounded zip reader for CharX. Every limit is checked against the central directory before any data is
 * inflated (entry count, declared total, declared ratio), and again while inflating: an entry stops the moment it
 * passes its declared size, so a zip that lies about its sizes gets a specific error and costs bounded memory.
 */
import { inflateBounded } from '../util/bounded-inflate.ts';
import { latin1Decode } from './bytes.ts';
import { crc32 } from './crc32.ts';
import { CardError } from './errors.ts';
import type { CardWarning } from './errors.ts';
import type { LocatedZip } from './zip-locate.ts';
import { CappedLog } from '../util/capped-list.ts';

export interface ZipLimits {
  /** Most entries a CharX may hold. Default 10,000. */
  maxEntries?: number;
  /** Most total uncompressed bytes. Default 1 GiB. */
  maxTotalBytes?: number;
  /** Most total uncompressed bytes per compressed byte, once the total passes 16 MiB. Default 100. */
  maxRatio?: number;
}

export const DEFAULT_ZIP_LIMITS: Required<ZipLimits> = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
};
// Small archives may compress very well (a text card full of repeats); the ratio only matters once it is big.
const RATIO_FLOOR = 16 * 1024 * 1024;

const EOCD_SIZE = 22;
const CD_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX32 = 0xffffffff;
const MAX_CRC_WARNINGS = 10;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export interface ZipRead {
  /** File entries (not folders) in central-directory order; a repeated name keeps its last entry. */
  files: Map<string, Uint8Array>;
  warnings: CardWarning[];
}

const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number): number => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;
const u64 = (b: Uint8Array, at: number): number => u32(b, at) + u32(b, at + 4) * 2 ** 32;

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

export function unsafeZipName(name: string): boolean {
  return (
    name.startsWith('/') ||
    name.includes('\\') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').includes('..') ||
    name.includes('\u0000')
  );
}

/** ZIP64 keeps sizes and offsets that do not fit 32 bits in an extra field, in a fixed order. */
function applyZip64(entry: ZipEntry, extra: Uint8Array): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = u16(extra, at);
    const len = u16(extra, at + 2);
    if (id === ZIP64_EXTRA) {
      let p = at + 4;
      const take = (): number => {
        if (p + 8 > at + 4 + len)
          throw new CardError(
            'zip_corrupt',
            `zip entry ${JSON.stringify(entry.name)} has a short ZIP64 field`,
            `zip entry ${entry.name}`,
          );
        const v = u64(extra, p);
        p += 8;
        return v;
      };
      if (entry.size === MAX32) entry.size = take();
      if (entry.compressedSize === MAX32) entry.compressedSize = take();
      if (entry.localOffset === MAX32) entry.localOffset = take();
      return;
    }
    at += 4 + len;
  }
}

function readDirectory(zip: Uint8Array, eocd: number, limits: Required<ZipLimits>): ZipEntry[] {
  if (eocd + EOCD_SIZE > zip.length)
    throw new CardError('zip_corrupt', 'zip archive is corrupt: the end-of-central-directory record is cut short');
  const count = u16(zip, eocd + 10);
  const cdOffset = u32(zip, eocd + 16);
  if (count === 0xffff || cdOffset === MAX32)
    throw new CardError(
      'zip_unsupported',
      'zip uses a ZIP64 directory (over 65,535 entries or 4 GiB), which a card never needs',
    );
  if (count > limits.maxEntries)
    throw new CardError(
      'zip_too_many_entries',
      `zip has ${fmt(count)} entries; the limit is ${fmt(limits.maxEntries)}`,
    );
  const entries: ZipEntry[] = [];
  let declaredTotal = 0;
  for (let i = 0, at = cdOffset; i < count; i++) {
    if (at + 46 > zip.length || u32(zip, at) !== CD_SIG)
      throw new CardError(
        'zip_corrupt',
        `zip archive is corrupt: central directory entry ${i + 1} of ${count} is missing or damaged`,
        `byte ${at}`,
      );
    const flags = u16(zip, at + 8);
    const nameLength = u16(zip, at + 28);
    const extraLength = u16(zip, at + 30);
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    const name = flags & 0x800 ? new TextDecoder().decode(nameBytes) : latin1Decode(nameBytes);
    const entry: ZipEntry = {
      name,
      method: u16(zip, at + 10),
      flags,
      crc: u32(zip, at + 16),
      compressedSize: u32(zip, at + 20),
      size: u32(zip, at + 24),
      localOffset: u32(zip, at + 42),
    };
    applyZip64(entry, zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    if (unsafeZipName(name))
      throw new CardError(
        'zip_path_traversal',
        `zip entry name ${JSON.stringify(name)} escapes the archive`,
        `zip entry ${name}`,
      );
    declaredTotal += entry.size;
    if (declaredTotal > limits.maxTotalBytes)
      throw new CardError(
        'zip_too_large',
        `zip contents exceed ${fmt(limits.maxTotalBytes)} bytes uncompressed`,
        `zip entry ${name}`,
      );
    entries.push(entry);
    at += 46 + nameLength + extraLength + u16(zip, at + 32);
  }
  if (declaredTotal > RATIO_FLOOR && declaredTotal > zip.length * limits.maxRatio) {
    throw new CardError(
      'zip_too_large',
      `zip claims ${fmt(declaredTotal)} bytes uncompressed from ${fmt(zip.length)} bytes, more than ${limits.maxRatio}:1 (a zip bomb?)`,
    );
  }
  return entries;
}

function entryData(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const where = `zip entry ${entry.name}`;
  const at = entry.localOffset;
  if (at + 30 > zip.length || u32(zip, at) !== LOCAL_SIG)
    throw new CardError(
      'zip_corrupt',
      `zip archive is corrupt: the local header of ${JSON.stringify(entry.name)} is missing`,
      where,
    );
  const start = at + 30 + u16(zip, at + 26) + u16(zip, at + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length)
    throw new CardError(
      'zip_corrupt',
      `zip entry ${JSON.stringify(entry.name)} declares ${fmt(entry.compressedSize)} compressed bytes but the archive ends ${fmt(end - zip.length)} bytes early`,
      where,
    );
  const data = zip.subarray(start, end);
  if (entry.flags & 1)
    throw new CardError('zip_unsupported', `zip entry ${JSON.stringify(entry.name)} is encrypted`, where);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size)
      throw new CardError(
        'zip_size_mismatch',
        `stored zip entry ${JSON.stringify(entry.name)} declares ${fmt(entry.size)} bytes but holds ${fmt(entry.compressedSize)}`,
        where,
      );
    // A plain view (the input may be a Node Buffer, whose subarrays are Buffers too).
    return new Uint8Array(data.buffer, data.byteOffset, data.length);
  }
  if (entry.method !== 8)
    throw new CardError(
      'zip_unsupported',
      `zip entry ${JSON.stringify(entry.name)} uses compression method ${entry.method}; only stored and deflate are supported`,
      where,
    );
  const r = inflateBounded(data, 'deflate', entry.size);
  if (!r.ok && r.reason === 'too_large')
    throw new CardError(
      'zip_size_mismatch',
      `zip entry ${JSON.stringify(entry.name)} inflates to more than the ${fmt(entry.size)} bytes its header declares`,
      where,
    );
  if (!r.ok) throw new CardError('zip_corrupt', `zip entry ${JSON.stringify(entry.name)}: ${r.message}`, where);
  if (r.bytes.length !== entry.size)
    throw new CardError(
      'zip_size_mismatch',
      `zip entry ${JSON.stringify(entry.name)} inflates to ${fmt(r.bytes.length)} bytes but its header declares ${fmt(entry.size)}`,
      where,
    );
  return r.bytes;
}

/** Reads every file entry of a located zip within `limits`. */
export function readZip({ zip, eocd }: LocatedZip, limits: ZipLimits = {}): ZipRead {
  const all = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const files = new Map<string, Uint8Array>();
  const badCrc = new CappedLog<CardWarning>(MAX_CRC_WARNINGS);
  for (const entry of readDirectory(zip, eocd, all)) {
    if (entry.name.endsWith('/')) continue;
    const data = entryData(zip, entry);
    if (crc32(data) !== entry.crc)
      badCrc.push({
        pointer: `zip:${entry.name}`,
        message: `zip entry ${JSON.stringify(entry.name)} has a bad CRC; read anyway`,
      });
    files.delete(entry.name);
    files.set(entry.name, data);
  }
  const warnings = [...badCrc.items];
  if (badCrc.overflow)
    warnings.push({ pointer: 'zip', message: `…and ${fmt(badCrc.overflow)} more entries with a bad CRC` });
  return { files, warnings };
}
