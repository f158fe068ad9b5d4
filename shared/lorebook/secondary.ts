// Primary/secondary key evaluation for activation (docs/world-info.md#keys) and group scoring (docs/world-info.md#inclusion-groups).
import type { SecondaryOutcome } from './model.ts';
import { SelectiveLogic } from './model.ts';
import { findKey, matchesKey, type CompiledKey } from './keys.ts';
import type { EntryKeys } from './prepare.ts';
import type { BufferView } from './scan-buffer.ts';

/**
 * Where a check found its first matching primary key: one record per pass, which each check overwrites and reads at
 * once (a crowded scan checks thousands of entries, and a fresh object per hit was a twentieth of its allocation).
 */
export class PrimaryHit {
  /** Index of the key in the entry's primary keys. */
  key = 0;
  /** Buffer offset of its hit. */
  at = -1;
}

/** Finds the first primary key that matches (array order) and the offset of its hit, into `hit`; false when none. */
export function firstPrimaryHit(keys: readonly CompiledKey[], view: BufferView, hit: PrimaryHit): boolean {
  for (let k = 0; k < keys.length; k++) {
    const at = findKey(keys[k] as CompiledKey, view);
    if (at >= 0) {
      hit.key = k;
      hit.at = at;
      return true;
    }
  }
  return false;
}

/** Which secondary keys match: bit i for key i in lists of up to 31 keys, one flag per key in longer lists. */
export type SecondaryHits = number | readonly boolean[];

/** The secondary keys' hits, in a form a check can keep without building lists (see check-outcome.ts). */
export function secondaryHits(keys: readonly CompiledKey[], view: BufferView): SecondaryHits {
  if (keys.length > 31) return keys.map((key) => matchesKey(key, view));
  let hits = 0;
  for (let i = 0; i < keys.length; i++) if (matchesKey(keys[i] as CompiledKey, view)) hits |= 1 << i;
  return hits;
}

function hitAt(hits: SecondaryHits, i: number): boolean {
  return typeof hits === 'number' ? (hits & (1 << i)) !== 0 : hits[i] === true;
}

/**
 * Secondary logic over `total` keys with these hits; a missing logic value acts as AND_ANY, any unknown value never
 * passes.
 */
export function secondaryPassed(total: number, hits: SecondaryHits, logicValue: unknown): boolean {
  let count = 0;
  for (let i = 0; i < total; i++) if (hitAt(hits, i)) count++;
  switch (logicValue ?? SelectiveLogic.AND_ANY) {
    case SelectiveLogic.AND_ANY:
      return count > 0;
    case SelectiveLogic.NOT_ALL:
      return count < total;
    case SelectiveLogic.NOT_ANY:
      return count === 0;
    case SelectiveLogic.AND_ALL:
      return count === total;
    default:
      return false;
  }
}

/** The secondary evaluation as an explanation reports it. */
export function secondaryOutcome(
  keys: readonly CompiledKey[],
  hits: SecondaryHits,
  logicValue: unknown,
): SecondaryOutcome {
  const logic = logicValue ?? SelectiveLogic.AND_ANY;
  const matched: string[] = [];
  const unmatched: string[] = [];
  for (let i = 0; i < keys.length; i++) (hitAt(hits, i) ? matched : unmatched).push((keys[i] as CompiledKey).source);
  return {
    logic: typeof logic === 'number' ? logic : Number.NaN,
    matched,
    unmatched,
    passed: secondaryPassed(keys.length, hits, logicValue),
  };
}

/** Group score: matching raw primary keys, plus secondary matches for AND_ANY (or AND_ALL when all match). */
export function groupScore(keys: EntryKeys, view: BufferView, logic: unknown): number {
  if (!keys.primary) return 0;
  const primary = keys.primary.filter((k) => matchesKey(k, view)).length;
  if (!keys.secondary) return primary;
  const secondary = keys.secondary.filter((k) => matchesKey(k, view)).length;
  if (logic === SelectiveLogic.AND_ANY) return primary + secondary;
  if (logic === SelectiveLogic.AND_ALL && secondary === keys.secondary.length) return primary + secondary;
  return primary;
}
