/** Extracts the library's list columns from a card document of any spec, leniently (sloppy exporters abound). */
import type { JsonObject } from './parse-document.ts';
import { isObject } from '../util/is-object.ts';

export interface CardFields {
  name: string;
  creator: string;
  characterVersion: string;
  spec: string;
  tags: string[];
  description: string;
  notes: string;
}

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/** V2/V3 keep fields under `data`; V1 keeps them at the root. */
export function cardData(doc: JsonObject): JsonObject {
  return isObject(doc['data']) ? doc['data'] : doc;
}

export function summarizeCard(doc: JsonObject): CardFields {
  const data = cardData(doc);
  const tags = Array.isArray(data['tags']) ? data['tags'].map(str).filter((t) => t.trim() !== '') : [];
  return {
    name: str(data['name']) || str(doc['name']),
    creator: str(data['creator']),
    characterVersion: str(data['character_version']),
    spec: str(doc['spec']) || 'chara_card_v1',
    tags: [...new Set(tags.map((t) => t.trim()))],
    description: str(data['description']),
    notes: str(data['creator_notes']),
  };
}

/** Returns a copy with the character's name changed, leaving every other field as it was. */
export function withCardName(doc: JsonObject, name: string): JsonObject {
  if (isObject(doc['data'])) return { ...doc, data: { ...doc['data'], name } };
  return { ...doc, name };
}

/** Returns a copy with the card's tags replaced (V1 has no tags field, so one is added at the root). */
export function withCardTags(doc: JsonObject, tags: string[]): JsonObject {
  if (isObject(doc['data'])) return { ...doc, data: { ...doc['data'], tags } };
  return { ...doc, tags };
}

/** A new, empty, spec-clean V2 card. */
export function blankCard(name: string): JsonObject {
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name,
      description: '',
      personality: '',
      scenario: '',
      first_mes: '',
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: [],
      creator: '',
      character_version: '',
      extensions: {},
    },
  };
}
