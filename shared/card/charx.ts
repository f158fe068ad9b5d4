/**
 * CharX: a zip with `card.json` at the root and assets referenced as `embeded://path` (the spec's spelling; we
 * also accept `embedded://`). Reading is bounded (zip-read.ts: entry count, total size, ratio, declared sizes)
 * and refuses path-traversal names; every other entry (assets, module.risum, x_meta/…) is kept for writing back.
 */
import { zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { locateZip } from './zip-locate.ts';
import { readZip, unsafeZipName as unsafeName } from './zip-read.ts';
import type { ZipLimits } from './zip-read.ts';
import { concatBytes, utf8DecodeStrict, utf8Encode } from './bytes.ts';
import { CardError } from './errors.ts';
import type { CardWarning } from './errors.ts';
import { isObject } from './types.ts';
import { cappedList } from '../util/capped-list.ts';
import type { JsonObject } from './types.ts';

export type { ZipLimits } from './zip-read.ts';

export interface CharxRead {
  doc: JsonObject;
  /** Every entry other than card.json, in zip order, by path. */
  files: Map<string, Uint8Array>;
  /** Bytes before the zip (CharX-JPEG / SFX), empty for a plain .charx. */
  prefix: Uint8Array;
  warnings: CardWarning[];
}

export const CARD_JSON = 'card.json';

export function looksLikeZip(bytes: Uint8Array): boolean {
  return locateZip(bytes) !== undefined;
}

export interface CharxReadOptions extends ZipLimits {
  /** Most bytes of card.json. Default 64 MiB. */
  maxDocumentBytes?: number;
}

export function readCharx(bytes: Uint8Array, limits: CharxReadOptions = {}): CharxRead {
  const located = locateZip(bytes);
  if (!located) throw new CardError('zip_corrupt', 'not a zip archive: no end-of-central-directory record');
  const { files: entries, warnings: zipWarnings } = readZip(located, limits);
  const cardBytes = entries.get(CARD_JSON);
  if (!cardBytes)
    throw new CardError(
      'zip_no_card_json',
      `zip has no card.json at its root (entries: ${cappedList([...entries.keys()], 'entries', 8) || '(none)'})`,
    );
  if (limits.maxDocumentBytes !== undefined && cardBytes.length > limits.maxDocumentBytes) {
    throw new CardError(
      'too_large',
      `card.json is ${cardBytes.length.toLocaleString('en-US')} bytes; the limit is ${limits.maxDocumentBytes.toLocaleString('en-US')}`,
      `zip entry ${CARD_JSON}`,
    );
  }
  const text = utf8DecodeStrict(cardBytes);
  if (text === undefined) throw new CardError('not_utf8', 'card.json is not valid UTF-8', `zip entry ${CARD_JSON}`);
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new CardError(
      'json_syntax',
      `card.json is not valid JSON: ${(e as Error).message}`,
      `zip entry ${CARD_JSON}`,
    );
  }
  if (!isObject(doc)) throw new CardError('not_a_card', 'card.json is not a JSON object', `zip entry ${CARD_JSON}`);
  entries.delete(CARD_JSON);
  return { doc, files: entries, prefix: located.prefix, warnings: [...zipWarnings, ...assetWarnings(doc, entries)] };
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
    if (!files.has(path))
      warnings.push({ pointer: `/data/assets/${i}/uri`, message: `asset ${JSON.stringify(path)} is not in the zip` });
    if (a['uri'].startsWith('embedded://'))
      warnings.push({
        pointer: `/data/assets/${i}/uri`,
        message: 'uses "embedded://"; the spec spells it "embeded://" (read anyway)',
      });
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

export function writeCharx(
  doc: JsonObject,
  files: ReadonlyMap<string, Uint8Array>,
  options: CharxWriteOptions = {},
): Uint8Array {
  const entries: [string, [Uint8Array, { level: 0 | 6; mtime: Date }]][] = [
    [CARD_JSON, [utf8Encode(JSON.stringify(doc, null, options.indent ?? 2)), { level: 6, mtime: MTIME }]],
  ];
  for (const [name, data] of files) {
    if (name === CARD_JSON) continue;
    if (unsafeName(name))
      throw new CardError('zip_path_traversal', `refusing to write zip entry ${JSON.stringify(name)}`);
    entries.push([name, [data, { level: STORED.test(name) ? 0 : 6, mtime: MTIME }]]);
  }
  const zip = zipSync(Object.fromEntries(entries) as Zippable);
  return options.prefix?.length ? concatBytes([options.prefix, zip]) : zip;
}
