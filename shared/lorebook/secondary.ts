// Primary/secondary key evaluation for activation (docs/world-info.md#keys) and group scoring (docs/world-info.md#inclusion-groups).
import type { KeyMatch, SecondaryOutcome } from './model.ts';
import { SelectiveLogic } from './model.ts';
import { findKey, matchesKey, type CompiledKey } from './keys.ts';
import type { EntryKeys } from './prepare.ts';
import type { BufferView } from './scan-buffer.ts';

/** Index of the first primary key that matches (array order), with the buffer offset of its hit; null when none. */
export function firstPrimaryHit(keys: readonly CompiledKey[], view: BufferView): { key: number; at: number } | null {
  for (let k = 0; k < keys.length; k++) {
    const at = findKey(keys[k] as CompiledKey, view);
    if (at >= 0) return { key: k, at };
  }
  return null;
}

/** Where a key's hit (`findKey`'s offset `at`) lies, as an explanation reports it. */
export function keyMatch(key: CompiledKey, view: BufferView, at: number): KeyMatch {
  const where = view.locate(at);
  return {
    key: key.source,
    expanded: key.kind === 'never' ? '' : key.kind === 'regex' ? key.expanded : key.text,
    regex: key.kind === 'regex',
    segment: where?.segment ?? null,
    offset: where ? Math.max(0, at - where.start) : 0,
  };
}

/** Secondary logic; a missing logic value acts as AND_ANY, any unknown value never passes. */
export function evaluateSecondary(
  keys: readonly CompiledKey[],
  view: BufferView,
  logicValue: unknown,
): SecondaryOutcome {
  const logic = logicValue ?? SelectiveLogic.AND_ANY;
  // Both lists are made at their final length: a scan of a crowded book keeps thousands of these, and arrays grown by
  // push reserve room for 16 items.
  const hits = new Array<boolean>(keys.length);
  let count = 0;
  for (let i = 0; i < keys.length; i++) if ((hits[i] = matchesKey(keys[i] as CompiledKey, view))) count++;
  const matched = new Array<string>(count);
  const unmatched = new Array<string>(keys.length - count);
  for (let i = 0, m = 0, u = 0; i < keys.length; i++) {
    const { source } = keys[i] as CompiledKey;
    if (hits[i]) matched[m++] = source;
    else unmatched[u++] = source;
  }
  let passed: boolean;
  switch (logic) {
    case SelectiveLogic.AND_ANY:
      passed = count > 0;
      break;
    case SelectiveLogic.NOT_ALL:
      passed = count < keys.length;
      break;
    case SelectiveLogic.NOT_ANY:
      passed = count === 0;
      break;
    case SelectiveLogic.AND_ALL:
      passed = count === keys.length;
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
