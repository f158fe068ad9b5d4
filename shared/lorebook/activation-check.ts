// Whether one entry becomes a candidate in the current pass (reference §6 steps 1–15, in SillyTavern's order).
import type { Candidate } from './candidate.ts';
import type { ExplanationReason, QuirkName } from './model.ts';
import { ScanState } from './model.ts';
import { staticFilter, type FilterContext } from './filters.ts';
import type { KeyContext } from './prepare.ts';
import type { ScanBuffer } from './scan-buffer.ts';
import { evaluateSecondary, firstPrimaryMatch } from './secondary.ts';
import type { TimedEffects } from './timed-effects.ts';

export interface PassContext {
  state: ScanState;
  /** Current delay-until-recursion level. */
  level: number;
  recursive: boolean;
  buffer: ScanBuffer;
  keyContext: KeyContext;
  timed: TimedEffects;
  filters: FilterContext;
}

export interface CheckOutcome {
  candidate: boolean;
  reason: ExplanationReason;
  quirk?: QuirkName;
}

export function checkEntry(c: Candidate, pass: PassContext): CheckOutcome {
  const { raw } = c.entry;
  const filtered = staticFilter(raw, pass.filters);
  if (filtered) return { candidate: false, reason: filtered };

  const cooldown = pass.timed.cooldown(c.entry);
  if (pass.timed.delayed(c.entry)) return { candidate: false, reason: { code: 'delay', until: Number(raw.delay) } };
  if (cooldown && !c.sticky) return { candidate: false, reason: { code: 'cooldown', until: cooldown.end } };

  const recursionPass = pass.state === ScanState.RECURSION;
  if (c.entry.delayed && !c.sticky && (!recursionPass || c.entry.delayLevel > pass.level)) {
    return { candidate: false, reason: { code: 'delay-until-recursion', level: c.entry.delayLevel } };
  }
  if (recursionPass && pass.recursive && raw.excludeRecursion && !c.sticky) {
    return { candidate: false, reason: { code: 'exclude-recursion' } };
  }

  const { decorators } = c.entry;
  if (decorators.includes('@@activate')) return { candidate: true, reason: { code: 'decorator-activate' } };
  if (decorators.includes('@@dont_activate')) return { candidate: false, reason: { code: 'decorator-dont-activate' } };
  if (raw.constant) return { candidate: true, reason: { code: 'constant' } };
  const sticky = pass.timed.sticky(c.entry);
  if (c.sticky && sticky) return { candidate: true, reason: { code: 'sticky', until: sticky.end } };

  const keys = c.book.keys(c.bookIndex, pass.keyContext);
  if (!keys.primary) return { candidate: false, reason: { code: 'no-keys' } };
  const view = pass.buffer.view(raw, pass.state !== ScanState.MIN_ACTIVATIONS);
  const match = firstPrimaryMatch(keys.primary, view);
  if (!match) return { candidate: false, reason: { code: 'no-key-match' } };
  if (!keys.secondary) {
    const quirk = raw.selective === undefined && Array.isArray(raw.keysecondary) && raw.keysecondary.length > 0;
    return { candidate: true, reason: { code: 'key-match', match }, ...(quirk ? { quirk: 'selective-missing-ignores-secondary' as const } : {}) };
  }
  const secondary = evaluateSecondary(keys.secondary, view, raw.selectiveLogic);
  return secondary.passed
    ? { candidate: true, reason: { code: 'key-match', match, secondary } }
    : { candidate: false, reason: { code: 'secondary-failed', match, secondary } };
}
