// Loads the recorded SillyTavern 1.18.0 World Info cases and projects results onto the compared part (docs/world-info-scenarios.md#comparing).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordedResult, ScanResult, ScenarioCase } from '../../shared/lorebook/model.ts';
import { scan } from '../../shared/lorebook/scan.ts';
import { scanTurns } from '../../shared/lorebook/sequence.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/worldinfo/', import.meta.url));

export function loadCases(): ScenarioCase[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as ScenarioCase);
}

/** The compared part of a result: trace and explanations are informational. */
export type Compared = Omit<RecordedResult, 'trace'>;

export function compared(result: RecordedResult): Compared {
  const { activated, slots, prompt, timedWorldInfo, randomDraws } = result;
  return { activated, slots, prompt, timedWorldInfo, randomDraws };
}

export function runCase(
  c: ScenarioCase,
  options: { exhaustive?: boolean } = {},
): { actual: ScanResult[]; expected: RecordedResult[] } {
  if (c.turns) return { actual: scanTurns(c.turns, options), expected: c.expected as RecordedResult[] };
  if (!c.input) throw new Error(`case ${c.name} has neither input nor turns`);
  return { actual: [scan(c.input, options)], expected: [c.expected as RecordedResult] };
}
