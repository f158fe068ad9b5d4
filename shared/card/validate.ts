/**
 * validateCard: schema errors (the spec's MUSTs) from ajv, plus warnings for SHOULDs and suspicious values that a
 * schema cannot express. Every problem carries a JSON pointer and a plain sentence.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { cardSchemas, schemaIds } from './schemas.ts';
import { detectSpec, describeNonCard } from './spec.ts';
import { childPointer } from './json-pointer.ts';
import { isObject, V1_FIELDS } from './types.ts';
import type { CardSpec, JsonObject } from './types.ts';

export interface Problem {
  pointer: string;
  message: string;
}

export interface ValidationResult {
  spec: CardSpec | undefined;
  errors: Problem[];
  warnings: Problem[];
}

let validators: Record<CardSpec, ValidateFunction> | undefined;

function compiled(): Record<CardSpec, ValidateFunction> {
  if (!validators) {
    const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
    for (const schema of Object.values(cardSchemas)) ajv.addSchema(schema);
    const get = (id: string): ValidateFunction => {
      const fn = ajv.getSchema(id);
      if (!fn) throw new Error(`card schema ${id} failed to compile`);
      return fn;
    };
    validators = { v1: get(schemaIds.v1), v2: get(schemaIds.v2), v3: get(schemaIds.v3) };
  }
  return validators;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

function plain(e: ErrorObject): Problem {
  const at = e.instancePath;
  const field = at === '' ? 'the card' : `"${at.slice(at.lastIndexOf('/') + 1)}"`;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const missing = String(p['missingProperty']);
      return { pointer: childPointer(at, missing), message: `required field "${missing}" is missing` };
    }
    case 'type': {
      const types = String(p['type'])
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t);
      return { pointer: at, message: `${field} must be ${types.join(' or ')}` };
    }
    case 'const':
      return { pointer: at, message: `${field} must be ${JSON.stringify(p['allowedValue'])}` };
    case 'enum':
      return {
        pointer: at,
        message: `${field} must be one of ${(p['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'not':
      return { pointer: at, message: `${field} declares a V2/V3 spec, so it is not a V1 card` };
    default:
      return { pointer: at, message: `${field} ${e.message ?? 'is invalid'}` };
  }
}

/** Validates against the spec the document declares (or `as`, to check it against another spec). */
export function validateCard(doc: unknown, as?: CardSpec): ValidationResult {
  if (!isObject(doc)) {
    return {
      spec: undefined,
      errors: [
        {
          pointer: '',
          message: `a card must be a JSON object, found ${doc === null ? 'null' : Array.isArray(doc) ? 'an array' : typeof doc}`,
        },
      ],
      warnings: [],
    };
  }
  const spec = as ?? detectSpec(doc);
  if (!spec)
    return { spec, errors: [{ pointer: '', message: `not a character card: ${describeNonCard(doc)}` }], warnings: [] };
  const fn = compiled()[spec];
  const schemaErrors = fn(doc) ? [] : dedupe((fn.errors ?? []).map(plain));
  const warnings: Problem[] = [];
  // Fields SillyTavern leaves out of its V2/V3 exports, which every reader fills in the same way: a warning each.
  const errors = schemaErrors.filter((p) => {
    const fill = spec === 'v1' ? undefined : repairable(p, spec);
    if (fill !== undefined)
      warnings.push({
        pointer: p.pointer,
        message: `${p.message} (SillyTavern writes cards without it); read as ${fill}`,
      });
    return fill === undefined;
  });
  if (spec === 'v1') warnV1(doc, warnings);
  else warnV2V3(doc, spec, warnings, errors);
  return { spec, errors, warnings };
}

const REPAIRED: [RegExp, string, CardSpec[]][] = [
  [/^\/data\/group_only_greetings$/, '[]', ['v3']],
  [/^\/data\/character_book\/extensions$/, '{}', ['v2', 'v3']],
  [/^\/data\/character_book\/entries\/\d+\/use_regex$/, 'false', ['v3']],
];

/** The value a reader fills in for a missing field SillyTavern omits, or undefined when the problem is real. */
function repairable(problem: Problem, spec: CardSpec): string | undefined {
  if (!problem.message.startsWith('required field')) return undefined;
  return REPAIRED.find(([re, , specs]) => re.test(problem.pointer) && specs.includes(spec))?.[1];
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function warnV1(doc: JsonObject, warnings: Problem[]): void {
  if (doc['name'] === '') warnings.push({ pointer: '/name', message: 'the character has no name' });
}

function warnV2V3(doc: JsonObject, spec: 'v2' | 'v3', warnings: Problem[], errors: Problem[]): void {
  const data = isObject(doc['data']) ? doc['data'] : undefined;
  if (!data) return;
  if (data['name'] === '') warnings.push({ pointer: '/data/name', message: 'the character has no name' });
  if (data['first_mes'] === '') warnings.push({ pointer: '/data/first_mes', message: 'the first message is empty' });
  // Backfilled V1 root fields are read by V1-only tools; if they disagree with data, users see two characters.
  for (const key of V1_FIELDS) {
    if (typeof doc[key] === 'string' && typeof data[key] === 'string' && doc[key] !== data[key]) {
      warnings.push({
        pointer: `/${key}`,
        message: `the root "${key}" (V1 backfill) differs from data.${key}; V1-only tools will show the stale value`,
      });
    }
  }
  warnTags(data['tags'], warnings);
  if (spec === 'v3') warnV3(doc, data, warnings, errors);
  if (isObject(data['character_book'])) warnBook(data['character_book'], '/data/character_book', warnings);
}

function warnTags(tags: unknown, warnings: Problem[]): void {
  if (!Array.isArray(tags)) return;
  const seen = new Set<string>();
  tags.forEach((t, i) => {
    if (typeof t !== 'string') return;
    const key = t.trim().toLowerCase();
    if (seen.has(key))
      warnings.push({
        pointer: `/data/tags/${i}`,
        message: `tag "${t}" repeats an earlier tag (tags compare case-insensitively)`,
      });
    seen.add(key);
  });
}

const ASSET_TYPES = new Set(['icon', 'background', 'user_icon', 'emotion']);
const URI_SCHEMES = /^(https:\/\/|data:|embeded:\/\/|embedded:\/\/|ccdefault:$|__asset:)/;
// Unix seconds beyond this are year 5138+: almost certainly milliseconds.
const MAX_PLAUSIBLE_SECONDS = 1e11;

function warnV3(doc: JsonObject, data: JsonObject, warnings: Problem[], errors: Problem[]): void {
  const version = Number.parseFloat(String(doc['spec_version']));
  if (Number.isNaN(version))
    warnings.push({
      pointer: '/spec_version',
      message: `spec_version ${JSON.stringify(doc['spec_version'])} is not a number; read as 3.0`,
    });
  else if (version > 3)
    warnings.push({
      pointer: '/spec_version',
      message: `spec_version ${version} is newer than 3.0; fields this version added are kept but not understood`,
    });
  else if (version < 3)
    warnings.push({
      pointer: '/spec_version',
      message: `spec_version ${version} is older than 3.0; missing fields take their defaults`,
    });
  for (const key of ['creation_date', 'modification_date']) {
    const v = data[key];
    if (typeof v !== 'number') continue;
    if (v < 0) warnings.push({ pointer: `/data/${key}`, message: `${key} is negative` });
    else if (v > MAX_PLAUSIBLE_SECONDS)
      warnings.push({ pointer: `/data/${key}`, message: `${key} looks like milliseconds; the spec uses Unix seconds` });
  }
  const notes = data['creator_notes_multilingual'];
  if (isObject(notes)) {
    for (const lang of Object.keys(notes)) {
      if (!/^[a-z]{2}$/.test(lang))
        warnings.push({
          pointer: childPointer('/data/creator_notes_multilingual', lang),
          message: `"${lang}" is not an ISO 639-1 language code`,
        });
    }
  }
  if (Array.isArray(data['assets'])) checkAssets(data['assets'], warnings, errors);
}

function checkAssets(assets: unknown[], warnings: Problem[], errors: Problem[]): void {
  const mains: Record<string, number[]> = {};
  const counts: Record<string, number> = {};
  assets.forEach((a, i) => {
    if (!isObject(a)) return;
    const at = `/data/assets/${i}`;
    const type = typeof a['type'] === 'string' ? a['type'] : '';
    counts[type] = (counts[type] ?? 0) + 1;
    if (a['name'] === 'main') (mains[type] ??= []).push(i);
    if (type && !ASSET_TYPES.has(type) && !type.startsWith('x_'))
      warnings.push({
        pointer: `${at}/type`,
        message: `asset type "${type}" is not standard; custom types should start with "x_"`,
      });
    if (typeof a['uri'] === 'string' && !URI_SCHEMES.test(a['uri'])) {
      warnings.push({
        pointer: `${at}/uri`,
        message: a['uri'].startsWith('http:')
          ? 'plain http: assets may be ignored by apps'
          : `unrecognised asset URI "${a['uri'].slice(0, 40)}"`,
      });
    }
    if (typeof a['ext'] === 'string' && (a['ext'] !== a['ext'].toLowerCase() || a['ext'].includes('.'))) {
      warnings.push({ pointer: `${at}/ext`, message: 'ext should be lowercase without a dot' });
    }
  });
  if ((counts['icon'] ?? 0) > 1 && (mains['icon']?.length ?? 0) !== 1) {
    errors.push({
      pointer: '/data/assets',
      message: `with ${counts['icon']} icons, exactly one must be named "main" (found ${mains['icon']?.length ?? 0})`,
    });
  }
  if ((mains['background']?.length ?? 0) > 1)
    warnings.push({ pointer: '/data/assets', message: 'more than one background is named "main"' });
}

function warnBook(book: JsonObject, at: string, warnings: Problem[]): void {
  if (!Array.isArray(book['entries'])) return;
  const ids = new Map<unknown, number>();
  book['entries'].forEach((entry, i) => {
    if (!isObject(entry)) return;
    const ep = `${at}/entries/${i}`;
    if (entry['id'] !== undefined) {
      const first = ids.get(entry['id']);
      if (first !== undefined)
        warnings.push({
          pointer: `${ep}/id`,
          message: `id ${JSON.stringify(entry['id'])} is also used by entry ${first}`,
        });
      else ids.set(entry['id'], i);
    }
    const keys = Array.isArray(entry['keys']) ? entry['keys'] : [];
    if (
      entry['enabled'] !== false &&
      entry['constant'] !== true &&
      keys.every((k) => typeof k !== 'string' || k.trim() === '')
    ) {
      warnings.push({ pointer: `${ep}/keys`, message: 'entry has no keys and is not constant, so it never triggers' });
    }
  });
}
