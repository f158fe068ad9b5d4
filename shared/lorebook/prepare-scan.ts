// What a scan does before it reads the chat, on its own: a caller that limits a scan's time (the live preview)
// can prepare first and start its clock after, as preparing a large book takes long and runs no user regex.
import type { Scenario } from './model.ts';
import { orderEntries } from './entry-order.ts';
import { scanPlan } from './scan-plan.ts';

/**
 * Orders the scenario's entries and compiles and indexes their keys for its names and matching settings, as the
 * next `scan` of it would (it then finds them cached). Keys are compiled, never matched: no regex key runs here.
 */
export function prepareScan(scenario: Scenario): void {
  const ordered = orderEntries(scenario);
  if (ordered.length === 0) return;
  const { settings } = scenario;
  scanPlan(ordered, {
    user: scenario.user.name,
    char: scenario.character.name,
    caseSensitive: settings.caseSensitive,
    wholeWords: settings.matchWholeWords,
  });
}
