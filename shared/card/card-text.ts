/** Turns the text stored in a container (PNG chunk, EXIF comment) into a JSON document: base64 first, raw JSON next. */
import { base64Decode, utf8DecodeStrict } from './bytes.ts';
import { CardError } from './errors.ts';
import { isObject } from './types.ts';
import type { JsonObject } from './types.ts';

export type CardTextEncoding = 'base64' | 'raw-json';

export interface DecodedCardText {
  doc: JsonObject;
  encoding: CardTextEncoding;
  /** The JSON text: the payload itself, or what its base64 decodes to. */
  json: string;
}

function parseObject(text: string): JsonObject | string {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return isObject(value) ? value : `JSON is ${Array.isArray(value) ? 'an array' : typeof value}, not an object`;
  } catch (e) {
    return `invalid JSON: ${(e as Error).message}`;
  }
}

function firstNonSpace(bytes: Uint8Array): number | undefined {
  for (const b of bytes) if (b !== 32 && b !== 10 && b !== 13 && b !== 9) return b;
  return undefined;
}

/** Base64 is ASCII, so the payload bytes are decoded directly whether the container called them Latin-1 or UTF-8. */
export function decodeCardText(payload: Uint8Array, where: string): DecodedCardText {
  let base64Problem = 'not base64';
  if (firstNonSpace(payload) !== 0x7b) {
    const decoded = base64Decode(payload);
    if (decoded) {
      const json = utf8DecodeStrict(decoded);
      if (json === undefined) base64Problem = 'base64 decodes to bytes that are not valid UTF-8';
      else {
        const doc = parseObject(json);
        if (typeof doc !== 'string') return { doc, encoding: 'base64', json };
        base64Problem = `base64 decodes to ${doc}`;
      }
    }
  }
  // Raw JSON writers (Card Architect) put UTF-8 straight into tEXt despite its Latin-1 definition.
  const raw = utf8DecodeStrict(payload);
  if (raw === undefined)
    throw new CardError(
      'not_utf8',
      `card text is neither base64 (${base64Problem}) nor UTF-8 JSON (invalid UTF-8)`,
      where,
    );
  const doc = parseObject(raw);
  if (typeof doc !== 'string') return { doc, encoding: 'raw-json', json: raw };
  throw new CardError(
    'png_bad_card_text',
    `card text is neither base64 (${base64Problem}) nor raw JSON (${doc})`,
    where,
  );
}
