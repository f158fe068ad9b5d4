// Primary/secondary key evaluation for activation (docs/world-info.md#keys) and group scoring (docs/world-info.md#inclusion-groups).
import type { KeyMatch, QuirkName, SecondaryOutcome } from './model.ts';
import { SelectiveLogic } from './model.ts';
import { findKey, matchesKey, matchQuirk, type CompiledKey } from './keys.ts';
import type { EntryKeys } from './prepare.ts';
import type { BufferView } from './scan-buffer.ts';

export interface PrimaryHit {
  match: KeyMatch;
  /** Set when a SillyTavern matching quirk produced the hit. */
  quirk?: QuirkName;
}

/** The first primary key that matches (array order), with where it matched. */
export function firstPrimaryMatch(keys: readonly CompiledKey[], view: BufferView): PrimaryHit | null {
  for (const key of keys) {
    const hit = findKey(key, view);
    if (hit < 0) continue;
    const at = view.locate(hit);
    const match: KeyMatch = {
      key: key.source,
      expanded: key.kind === 'never' ? '' : key.kind === 'regex' ? key.re.toString() : key.text,
      regex: key.kind === 'regex',
      segment: at?.segment ?? null,
      offset: at?.offset ?? 0,
    };
    const quirk = matchQuirk(key, view, hit);
    return quirk ? { match, quirk } : { match };
  }
  return null;
}

/** Secondary logic; a missing logic value acts as AND_ANY, any unknown value never passes. */
export function evaluateSecondary(
  keys: readonly CompiledKey[],
  view: BufferView,
  logicValue: unknown,
): SecondaryOutcome {
  const logic = logicValue ?? SelectiveLogic.AND_ANY;
  const matched: string[] = [];
  const unmatched: string[] = [];
  for (const key of keys) (matchesKey(key, view) ? matched : unmatched).push(key.source);
  let passed: boolean;
  switch (logic) {
    case SelectiveLogic.AND_ANY:
      passed = matched.length > 0;
      break;
    case SelectiveLogic.NOT_ALL:
      passed = unmatched.length > 0;
      break;
    case SelectiveLogic.NOT_ANY:
      passed = matched.length === 0;
      break;
    case SelectiveLogic.AND_ALL:
      passed = unmatched.length === 0;
      break;
    default:
      passed = false;
  }
  return { logic: typeof logic === 'number' ? logic : Number.NaN, matched, unmatched, passed };
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
