/** The card fields the form shows, where they live in each spec, and how they are edited. */
import type { JsonPath } from '../../../shared/document/json-path.ts';
import type { JsonObject } from '../../../shared/library/parse-document.ts';
import { V1_FIELDS, V3_ONLY_DATA_FIELDS } from '../../../shared/card/types.ts';

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

/** Each group's fields in form order; V3-only fields and read-only dates follow from the spec's lists. */
const GROUPS: Record<FieldDef['group'], Record<string, FieldKind>> = {
  basics: { name: 'line', nickname: 'line', description: 'text', personality: 'text', scenario: 'text' },
  greetings: { first_mes: 'text', alternate_greetings: 'list', group_only_greetings: 'list' },
  prompting: { mes_example: 'text', system_prompt: 'text', post_history_instructions: 'text' },
  metadata: {
    creator_notes: 'text',
    creator_notes_multilingual: 'languages',
    tags: 'tags',
    creator: 'line',
    character_version: 'line',
    source: 'list',
    creation_date: 'date',
    modification_date: 'date',
  },
};
const V3_ONLY = new Set<string>(V3_ONLY_DATA_FIELDS);
const V1_ONLY = new Set<string>(V1_FIELDS);

export const CARD_FIELDS: readonly FieldDef[] = Object.entries(GROUPS).flatMap(([group, fields]) =>
  Object.entries(fields).map(([key, kind]): FieldDef => ({
    key,
    kind,
    group: group as FieldDef['group'],
    ...(V3_ONLY.has(key) ? { v3: true } : {}),
    ...(kind === 'date' ? { readOnly: true } : {}),
  })),
);

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
  return CARD_FIELDS.filter((f) => (spec === 'v1' ? V1_ONLY.has(f.key) : spec === 'v3' || !f.v3));
}
