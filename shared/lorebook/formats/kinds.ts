// Type checks for known fields. Wrong types are warnings, never coercions: SillyTavern passes such values through,
// and the engine must see what SillyTavern sees.

import { childPath } from './json-path.ts';
import { warn } from './report.ts';
import type { LossReport } from './types.ts';
import { describe, isObject } from './values.ts';
import type { JsonObject } from './values.ts';

export type Kind = 'string' | 'number' | 'boolean' | 'string[]' | 'object' | 'number?' | 'boolean?';

function hasKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'object':
      return isObject(value);
    case 'number?':
      return value === null || typeof value === 'number';
    case 'boolean?':
      return value === null || typeof value === 'boolean';
    default:
      return typeof value === kind;
  }
}

/** Warns about every present field of `object` whose value does not have its expected kind. */
export function checkKinds(
  object: JsonObject,
  path: string,
  kinds: Readonly<Record<string, Kind>>,
  report: LossReport,
): void {
  for (const [field, kind] of Object.entries(kinds)) {
    if (!Object.hasOwn(object, field) || hasKind(object[field], kind)) continue;
    const expected = kind.endsWith('?') ? `${kind.slice(0, -1)} or null` : kind;
    warn(report, childPath(path, field), `expected ${expected}, got ${describe(object[field])}`);
  }
}
