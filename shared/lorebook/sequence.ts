// Multi-turn sequences (docs/world-info-scenarios.md#sequences): each turn starts from the previous turn's final timed-effect state.
import type { Scenario, ScanResult } from './model.ts';
import { scan, type ScanOptions } from './scan.ts';

export function scanTurns(
  turns: readonly Scenario[],
  options: Omit<ScanOptions, 'carriedTimedEffects'> = {},
): ScanResult[] {
  const results: ScanResult[] = [];
  for (const turn of turns) {
    const previous = results.at(-1)?.timedWorldInfo ?? null;
    results.push(scan(turn, { ...options, carriedTimedEffects: previous }));
  }
  return results;
}
