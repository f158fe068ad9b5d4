// The World Info token budget (docs/world-info-scenarios.md#budget).
import type { ScanSettings } from './model.ts';

export function tokenBudget(settings: ScanSettings, maxContext: number): number {
  // SillyTavern's settings migration replaces a percentage above 100 with the default 25.
  const percent = settings.budget > 100 ? 25 : settings.budget;
  let budget = Math.round((percent * maxContext) / 100) || 1;
  if (settings.budgetCap > 0) budget = Math.min(budget, settings.budgetCap);
  return budget;
}
