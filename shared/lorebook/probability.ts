// The per-entry probability roll (docs/world-info.md#probability-and-budget): drawn only when `useProbability` is truthy, `probability` is not
// exactly 100 and the entry is not sticky; passes iff roll × 100 <= probability (a missing probability always fails).
import type { Candidate } from './candidate.ts';
import type { RandomSource } from './rng.ts';

/** null when no roll is needed; otherwise the roll (0–100) and whether it passed. */
export function rollProbability(c: Candidate, random: RandomSource): { roll: number; passed: boolean } | null {
  const { raw } = c.entry;
  if (!raw.useProbability || raw.probability === 100 || c.sticky) return null;
  const roll = random.next() * 100;
  return { roll, passed: roll <= Number(raw.probability) };
}
