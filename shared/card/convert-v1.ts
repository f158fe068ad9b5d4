/**
 * V1 → V2 per spec_v2.md: the six V1 fields move into `data`, the new fields take their defaults, `extensions`
 * is `{}`.
 *
 * Where V1's other root keys go (the spec: never destroy data): a root key named like a V2 `data` field with the
 * right type (early exporters wrote `tags`, `creator_notes`, `character_book`… flat) moves into `data` instead of
 * being defaulted over. Every other unknown root key stays at the root beside `spec`/`data` — where the tools that
 * wrote it (SillyTavern's `avatar`, `chat`, `create_date`, `talkativeness`…) still find it, the V2 spec allows it,
 * and nothing is renamed or nested under an invented key — except SillyTavern's own V1 keys, which map the way
 * SillyTavern maps them when it upgrades a V1 card (its V2 readers look only there): `creatorcomment` becomes
 * `data.creator_notes`, `talkativeness` and `fav` go to `data.extensions`.
 */
import { pointer } from './json-pointer.ts';
import { ReportBuilder } from './loss-report.ts';
import type { ConversionReport } from './loss-report.ts';
import { isObject, V1_FIELDS, V2_DATA_FIELDS } from './types.ts';
import type { CardV2, JsonObject } from './types.ts';

type FieldKind = 'string' | 'strings' | 'object' | 'scalar';

const NEW_FIELDS: Record<string, FieldKind> = {
  creator_notes: 'string',
  system_prompt: 'string',
  post_history_instructions: 'string',
  alternate_greetings: 'strings',
  character_book: 'object',
  tags: 'strings',
  creator: 'string',
  character_version: 'string',
  extensions: 'object',
};

/** SillyTavern's V1 root keys that its V1 → V2 upgrade keeps in `data.extensions` (talkativeness is "0.5" there). */
const ST_EXTENSIONS: [string, 'scalar'][] = [
  ['talkativeness', 'scalar'],
  ['fav', 'scalar'],
];

function fits(value: unknown, kind: FieldKind): boolean {
  if (kind === 'string') return typeof value === 'string';
  if (kind === 'strings') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (kind === 'scalar') return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  return isObject(value);
}

function defaultFor(kind: FieldKind): unknown {
  return kind === 'string' ? '' : kind === 'strings' ? [] : {};
}

export function convertV1toV2(doc: JsonObject): { doc: CardV2; report: ConversionReport } {
  const r = new ReportBuilder();
  const data: JsonObject = {};
  for (const key of V1_FIELDS) {
    data[key] = typeof doc[key] === 'string' ? doc[key] : '';
    if (key in doc)
      r.add(
        'moved',
        pointer(key),
        pointer('data', key),
        typeof doc[key] === 'string'
          ? undefined
          : `not a string (${JSON.stringify(doc[key])}); kept at the root, data.${key} is ""`,
      );
    else r.add('defaulted', undefined, pointer('data', key), 'V1 field was missing');
  }
  const moved = new Set<string>();
  for (const key of V2_DATA_FIELDS.slice(V1_FIELDS.length)) {
    const kind = NEW_FIELDS[key]!;
    if (key in doc && fits(doc[key], kind)) {
      data[key] = doc[key];
      moved.add(key);
      r.add('moved', pointer(key), pointer('data', key), 'V2 field found at the V1 root');
    } else if (key === 'creator_notes' && typeof doc['creatorcomment'] === 'string') {
      data[key] = doc['creatorcomment'];
      moved.add('creatorcomment');
      r.add('moved', pointer('creatorcomment'), pointer('data', key), "SillyTavern's V1 name for the creator notes");
    } else if (key !== 'character_book') {
      data[key] = defaultFor(kind);
      r.add('defaulted', undefined, pointer('data', key));
    }
  }
  for (const [key, kind] of ST_EXTENSIONS) {
    if (!(key in doc) || !fits(doc[key], kind)) continue;
    data['extensions'] = { ...(data['extensions'] as JsonObject), [key]: doc[key] };
    moved.add(key);
    r.add(
      'moved',
      pointer(key),
      pointer('data', 'extensions', key),
      "SillyTavern's V1 key, where SillyTavern's V2 reader looks",
    );
  }
  r.add('defaulted', undefined, '/spec');
  r.add('defaulted', undefined, '/spec_version');
  const rest: [string, unknown][] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (moved.has(key)) continue;
    if ((V1_FIELDS as readonly string[]).includes(key) && typeof value === 'string') continue;
    rest.push([key, value]);
    r.add('kept', pointer(key), pointer(key), 'unknown V1 root key, kept at the root beside spec/data');
  }
  const out = { spec: 'chara_card_v2', spec_version: '2.0', data, ...Object.fromEntries(rest) } as CardV2;
  return { doc: out, report: { from: 'v1', to: 'v2', items: r.items } };
}
