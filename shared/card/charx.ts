/**
 * CharX: a zip with `card.json` at the root and assets referenced as `embeded://path` (the spec's spelling; we
 * also accept `embedded://`). Reading is capped (entry count, total uncompressed size) against zip bombs and
 * refuses path-traversal names; every other entry (assets, module.risum, x_meta/…) is kept for writing back.
 */
import { unzipSync, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { locateZip } from './zip-locate.ts';
import { concatBytes, utf8DecodeStrict, utf8Encode } from './bytes.ts';
import { CardError } from './errors.ts';
import type { CardWarning } from './errors.ts';
import { isObject } from './types.ts';
import type { JsonObject } from './types.ts';

export interface ZipLimits {
  /** Most entries a CharX may hold. Default 10,000. */
  maxEntries?: number;
  /** Most total uncompressed bytes (as declared by the zip). Default 1 GiB. */
  maxTotalBytes?: number;
}

export interface CharxRead {
  doc: JsonObject;
  /** Every entry other than card.json, in zip order, by path. */
  files: Map<string, Uint8Array>;
  /** Bytes before the zip (CharX-JPEG / SFX), empty for a plain .charx. */
  prefix: Uint8Array;
  warnings: CardWarning[];
}

export const CARD_JSON = 'card.json';
const DEFAULT_LIMITS: Required<ZipLimits> = { maxEntries: 10_000, maxTotalBytes: 1024 * 1024 * 1024 };

function unsafeName(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..') || name.includes('\u0000');
}

export function looksLikeZip(bytes: Uint8Array): boolean {
  return locateZip(bytes) !== undefined;
}

export function readCharx(bytes: Uint8Array, limits: ZipLimits = {}): CharxRead {
  const { maxEntries, maxTotalBytes } = { ...DEFAULT_LIMITS, ...limits };
  const located = locateZip(bytes);
  if (!located) throw new CardError('zip_corrupt', 'not a zip archive: no end-of-central-directory record');
  let count = 0;
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(located.zip, {
      filter: (f) => {
        if (unsafeName(f.name)) throw new CardError('zip_path_traversal', `zip entry name ${JSON.stringify(f.name)} escapes the archive`, `zip entry ${f.name}`);
        if (++count > maxEntries) throw new CardError('zip_too_many_entries', `zip has more than ${maxEntries} entries`);
        total += f.originalSize;
        if (total > maxTotalBytes) throw new CardError('zip_too_large', `zip contents exceed ${maxTotalBytes} bytes uncompressed`, `zip entry ${f.name}`);
        return !f.name.endsWith('/');
      },
    });
  } catch (e) {
    if (e instanceof CardError) throw e;
    throw new CardError('zip_corrupt', `zip archive is corrupt: ${(e as Error).message}`);
  }
  const names = Object.keys(entries);
  const cardBytes = entries[CARD_JSON];
  if (!cardBytes) {
    const shown = names.slice(0, 8).join(', ') || '(none)';
    throw new CardError('zip_no_card_json', `zip has no card.json at its root (entries: ${shown}${names.length > 8 ? ', …' : ''})`);
  }
  const text = utf8DecodeStrict(cardBytes);
  if (text === undefined) throw new CardError('not_utf8', 'card.json is not valid UTF-8', `zip entry ${CARD_JSON}`);
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new CardError('json_syntax', `card.json is not valid JSON: ${(e as Error).message}`, `zip entry ${CARD_JSON}`);
  }
  if (!isObject(doc)) throw new CardError('not_a_card', 'card.json is not a JSON object', `zip entry ${CARD_JSON}`);
  const files = new Map<string, Uint8Array>();
  for (const name of names) if (name !== CARD_JSON) files.set(name, entries[name]!);
  return { doc, files, prefix: located.prefix, warnings: assetWarnings(doc, files) };
}

/** The zip path an asset URI points at, for `embeded://` and `embedded://` URIs. */
export function embeddedPath(uri: string): string | undefined {
  const m = /^embedd?ed:\/\/(.*)$/.exec(uri);
  return m?.[1];
}

function assetWarnings(doc: JsonObject, files: Map<string, Uint8Array>): CardWarning[] {
  const data = isObject(doc['data']) ? doc['data'] : undefined;
  const assets = data && Array.isArray(data['assets']) ? data['assets'] : [];
  const warnings: CardWarning[] = [];
  assets.forEach((a, i) => {
    if (!isObject(a) || typeof a['uri'] !== 'string') return;
    const path = embeddedPath(a['uri']);
    if (path === undefined) return;
    if (!files.has(path)) warnings.push({ pointer: `/data/assets/${i}/uri`, message: `asset ${JSON.stringify(path)} is not in the zip` });
    if (a['uri'].startsWith('embedded://')) warnings.push({ pointer: `/data/assets/${i}/uri`, message: 'uses "embedded://"; the spec spells it "embeded://" (read anyway)' });
  });
  return warnings;
}

// Already-compressed media gain nothing from deflate; storing them keeps writes fast.
const STORED = /\.(png|jpe?g|webp|gif|avif|mp3|ogg|opus|m4a|mp4|webm|zip|risum|woff2?)$/i;
// Fixed timestamps make identical input produce identical bytes (re-runs are idempotent).
const MTIME = new Date(1980, 0, 1);

export interface CharxWriteOptions {
  /** Bytes to put before the zip (write a CharX-JPEG by passing the JPEG). */
  prefix?: Uint8Array;
  /** JSON indent of card.json. Default 2. */
  indent?: number | string;
}

export function writeCharx(doc: JsonObject, files: ReadonlyMap<string, Uint8Array>, options: CharxWriteOptions = {}): Uint8Array {
  const entries: [string, [Uint8Array, { level: 0 | 6; mtime: Date }]][] = [
    [CARD_JSON, [utf8Encode(JSON.stringify(doc, null, options.indent ?? 2)), { level: 6, mtime: MTIME }]],
  ];
  for (const [name, data] of files) {
    if (name === CARD_JSON) continue;
    if (unsafeName(name)) throw new CardError('zip_path_traversal', `refusing to write zip entry ${JSON.stringify(name)}`);
    entries.push([name, [data, { level: STORED.test(name) ? 0 : 6, mtime: MTIME }]]);
  }
  const zip = zipSync(Object.fromEntries(entries) as Zippable);
  return options.prefix?.length ? concatBytes([options.prefix, zip]) : zip;
}
