/** Which card spec a parsed document claims to be. */
import { isObject, V1_FIELDS } from './types.ts';
import type { CardSpec, JsonObject } from './types.ts';

const CARD_HINTS = [...V1_FIELDS, 'char_name', 'char_persona'];

/**
 * `spec` decides for V2/V3 (SPEC_V3: "if spec is not chara_card_v3, it is not a V3 card"); a document without a
 * recognised `spec` is V1 when it looks like a card at all. Returns undefined for anything else (a lorebook, a
 * settings file…), so callers can say what the document is not.
 */
export function detectSpec(doc: JsonObject): CardSpec | undefined {
  if (doc['spec'] === 'chara_card_v3') return 'v3';
  if (doc['spec'] === 'chara_card_v2') return 'v2';
  if (isObject(doc['data']) && typeof doc['spec'] !== 'string') return 'v2';
  if (CARD_HINTS.some((k) => typeof doc[k] === 'string')) return 'v1';
  return undefined;
}

/** A short description of a non-card JSON document, for error messages. */
export function describeNonCard(doc: JsonObject): string {
  if (doc['spec'] === 'lorebook_v3' || doc['spec'] === 'chara_book_v2' || doc['spec'] === 'chara_book_v3')
    return 'a standalone lorebook';
  if (isObject(doc['entries']) || Array.isArray(doc['entries'])) return 'a lorebook / World Info file';
  if (typeof doc['spec'] === 'string') return `a document with unknown spec "${doc['spec']}"`;
  const keys = Object.keys(doc).slice(0, 5);
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.map((k) => JSON.stringify(k)).join(', ')}`;
}
