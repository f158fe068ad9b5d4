// The per-entry probability roll (docs/world-info.md#probability-and-budget): drawn only when `useProbability` is truthy, `probability` is not
// exactly 100 and the entry is not sticky; passes iff roll × 100 <= probability (a missing probability always fails).
import type { Candidate } from './candidate.ts';
import { ROLLS } from './check-table.ts';
import type { RandomSource } from './rng.ts';

/** null when no roll is needed; otherwise the roll (0–100) and whether it passed. */
export function rollProbability(c: Candidate, random: RandomSource): { roll: number; passed: boolean } | null {
  // The flag spares the entry's raw fields for the many candidates that never roll.
  if (!(c.flags & ROLLS) || c.sticky) return null;
  const { raw } = c.entry;
  const roll = random.next() * 100;
  return { roll, passed: roll <= Number(raw.probability) };
}
