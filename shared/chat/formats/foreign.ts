// Helpers for the fields a format holds that the transcript does not model: split off on import, merged back on
// export to the same format, reported as lost on export to another format.
import type { ChatLossItem, Foreign } from '../types.ts';
import { isObject } from '../../util/is-object.ts';
import { getOwn, setOwn } from '../../util/own.ts';

export type Json = Record<string, unknown>;

export { isObject };

/** The fields of `value` not named in `known`, or undefined when there are none. */
export function unknownFields(value: Json, known: readonly string[]): Json | undefined {
  const rest: Json = {};
  for (const [k, v] of Object.entries(value)) if (!known.includes(k)) setOwn(rest, k, v);
  return Object.keys(rest).length ? rest : undefined;
}

/** `base` with `extra` merged in; nested plain objects are merged, `base` wins on leaf conflicts. */
export function mergeUnder(extra: Json | undefined, base: Json): Json {
  if (!extra) return base;
  const out: Json = { ...extra };
  for (const [k, v] of Object.entries(base)) {
    // Own keys only: a foreign `__proto__` field is data to keep, never the prototype.
    const under = getOwn(out, k);
    setOwn(out, k, isObject(under) && isObject(v) ? mergeUnder(under, v) : v);
  }
  return out;
}

/** Drops undefined values so exports carry no `"key": undefined` noise (and JSON/YAML agree). */
export function compact(value: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) setOwn(out, k, v);
  return out;
}

/** Loss items for foreign data of other formats than `target`. */
export function foreignLoss(foreign: Foreign | undefined, target: keyof Foreign, path: string): ChatLossItem[] {
  if (!foreign) return [];
  return (Object.keys(foreign) as (keyof Foreign)[])
    .filter((format) => format !== target && foreign[format] !== undefined)
    .flatMap((format) =>
      Object.keys(foreign[format] ?? {}).map((field) => ({
        path: `${path}.foreign.${format}.${field}`,
        reason: `${format === 'st' ? 'SillyTavern' : 'GLM'} field with no place in ${target === 'st' ? 'SillyTavern' : 'GLM'}`,
      })),
    );
}
