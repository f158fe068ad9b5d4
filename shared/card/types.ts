/**
 * Character card shapes (V1, V2 per spec_v2.md, V3 per SPEC_V3.md). Every object also carries unknown keys,
 * which must survive every read, convert and write — hence the index signatures.
 */
import { isObject } from '../util/is-object.ts';
export type JsonObject = Record<string, unknown>;

export type CardSpec = 'v1' | 'v2' | 'v3';

/** The six fields every spec has (V1 at the root, V2 and V3 under `data`). */
export interface CardBaseFields {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
}

export interface CardV1 extends CardBaseFields {
  [key: string]: unknown;
}

export type BookPosition = 'before_char' | 'after_char';

export interface CharacterBookEntryV2 {
  keys: string[];
  content: string;
  extensions: JsonObject;
  enabled: boolean;
  insertion_order: number;
  case_sensitive?: boolean;
  name?: string;
  priority?: number;
  id?: number;
  comment?: string;
  selective?: boolean;
  secondary_keys?: string[];
  constant?: boolean;
  position?: BookPosition;
  [key: string]: unknown;
}

export interface CharacterBookV2 {
  name?: string;
  description?: string;
  scan_depth?: number;
  token_budget?: number;
  recursive_scanning?: boolean;
  extensions: JsonObject;
  entries: CharacterBookEntryV2[];
  [key: string]: unknown;
}

/** The V1 fields, then what V2 adds (spec order). */
export interface CardDataV2 extends CardBaseFields {
  creator_notes: string;
  system_prompt: string;
  post_history_instructions: string;
  alternate_greetings: string[];
  character_book?: CharacterBookV2;
  tags: string[];
  creator: string;
  character_version: string;
  extensions: JsonObject;
  [key: string]: unknown;
}

export interface CardV2 {
  spec: 'chara_card_v2';
  spec_version: '2.0';
  data: CardDataV2;
  [key: string]: unknown;
}

export interface LorebookEntryV3 extends Omit<CharacterBookEntryV2, 'id'> {
  use_regex: boolean;
  id?: number | string;
}

export interface LorebookV3 extends Omit<CharacterBookV2, 'entries'> {
  entries: LorebookEntryV3[];
}

/** Standalone lorebook export: `{ spec: 'lorebook_v3', data }`. */
export interface LorebookFileV3 {
  spec: 'lorebook_v3';
  data: LorebookV3;
  [key: string]: unknown;
}

export interface CardAsset {
  type: string;
  uri: string;
  name: string;
  ext: string;
  [key: string]: unknown;
}

export interface CardDataV3 extends Omit<CardDataV2, 'character_book'> {
  character_book?: LorebookV3;
  assets?: CardAsset[];
  nickname?: string;
  creator_notes_multilingual?: Record<string, string>;
  source?: string[];
  group_only_greetings: string[];
  creation_date?: number;
  modification_date?: number;
}

export interface CardV3 {
  spec: 'chara_card_v3';
  spec_version: string;
  data: CardDataV3;
  [key: string]: unknown;
}

export type Card = CardV1 | CardV2 | CardV3;

export const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'] as const;

/** V2 `data` fields in spec order; the first six are the V1 fields. */
export const V2_DATA_FIELDS = [
  ...V1_FIELDS,
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'character_book',
  'tags',
  'creator',
  'character_version',
  'extensions',
] as const;

/** Fields V3 adds to `data`. */
export const V3_ONLY_DATA_FIELDS = [
  'assets',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'group_only_greetings',
  'creation_date',
  'modification_date',
] as const;

export { isObject };
