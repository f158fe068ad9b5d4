/** The card fields the form shows, where they live in each spec, and how they are edited. */
import type { JsonPath } from '../../../shared/document/json-path.ts';
import type { JsonObject } from '../../../shared/library/parse-document.ts';

export type FieldKind = 'line' | 'text' | 'list' | 'tags' | 'date' | 'languages';

export interface FieldDef {
  key: string;
  kind: FieldKind;
  group: 'basics' | 'greetings' | 'prompting' | 'metadata';
  /** Only V3 cards have it. */
  v3?: true;
  /** Shown but not editable (dates are set by tools). */
  readOnly?: true;
}

export const CARD_FIELDS: readonly FieldDef[] = [
  { key: 'name', kind: 'line', group: 'basics' },
  { key: 'nickname', kind: 'line', group: 'basics', v3: true },
  { key: 'description', kind: 'text', group: 'basics' },
  { key: 'personality', kind: 'text', group: 'basics' },
  { key: 'scenario', kind: 'text', group: 'basics' },
  { key: 'first_mes', kind: 'text', group: 'greetings' },
  { key: 'alternate_greetings', kind: 'list', group: 'greetings' },
  { key: 'group_only_greetings', kind: 'list', group: 'greetings', v3: true },
  { key: 'mes_example', kind: 'text', group: 'prompting' },
  { key: 'system_prompt', kind: 'text', group: 'prompting' },
  { key: 'post_history_instructions', kind: 'text', group: 'prompting' },
  { key: 'creator_notes', kind: 'text', group: 'metadata' },
  { key: 'creator_notes_multilingual', kind: 'languages', group: 'metadata', v3: true },
  { key: 'tags', kind: 'tags', group: 'metadata' },
  { key: 'creator', kind: 'line', group: 'metadata' },
  { key: 'character_version', kind: 'line', group: 'metadata' },
  { key: 'source', kind: 'list', group: 'metadata', v3: true },
  { key: 'creation_date', kind: 'date', group: 'metadata', v3: true, readOnly: true },
  { key: 'modification_date', kind: 'date', group: 'metadata', v3: true, readOnly: true },
];

const V1_FIELDS = new Set(['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example']);

export type CardSpec = 'v1' | 'v2' | 'v3';

export function cardSpec(doc: JsonObject): CardSpec {
  if (doc['spec'] === 'chara_card_v3') return 'v3';
  if (doc['spec'] === 'chara_card_v2' || (typeof doc['data'] === 'object' && doc['data'] !== null)) return 'v2';
  return 'v1';
}

/** V1 keeps fields at the root; V2 and V3 under `data`. V1 shows only its own six fields (convert to add more). */
export function fieldPath(spec: CardSpec, key: string): JsonPath {
  return spec === 'v1' ? [key] : ['data', key];
}

export function visibleFields(spec: CardSpec): FieldDef[] {
  return CARD_FIELDS.filter((f) => (spec === 'v1' ? V1_FIELDS.has(f.key) : spec === 'v3' || !f.v3));
}
