// A pass's candidates, in order, through the probability roll and the token budget (docs/world-info.md#probability-and-budget, ≥1.13.3 rules):
// after an overflow only `ignoreBudget` entries still get in, and the loop stops once none is left ahead.
import type { Candidate } from './candidate.ts';
import { IGNORE_BUDGET } from './check-table.ts';
import type { FateLog } from './fate-log.ts';
import type { PassCandidates } from './pass-candidates.ts';
import { expandMacros, type MacroNames } from './macros.ts';
import type { ExplanationReason, Tokenizer } from './model.ts';
import { rollProbability } from './probability.ts';
import type { RandomSource } from './rng.ts';
import { GrowingTextCounter } from './tokenizer.ts';

export interface AdmissionContext {
  pass: number;
  budget: number;
  /** Tokens of the text earlier passes left for recursion (counted against the budget). */
  priorTokens: number;
  /** The budget already overflowed in an earlier pass. */
  overflowed: boolean;
  tokenizer: Tokenizer;
  random: RandomSource;
  names: MacroNames;
  fates: FateLog;
  activate(c: Candidate): void;
}

export interface Admission {
  /** The budget has overflowed (now or before). */
  overflowed: boolean;
  /** How many candidates failed their probability roll. */
  rollsFailed: number;
}

/** Takes `candidates` in order; after an overflow, those past the last one that ignores the budget are not reached. */
export function admitCandidates(
  candidates: Pick<PassCandidates, 'at' | 'countFlags' | 'rejectRest'>,
  context: AdmissionContext,
): Admission {
  const { pass, budget, fates } = context;
  let overflowed = context.overflowed;
  let rollsFailed = 0;
  const passText = new GrowingTextCounter(context.tokenizer);
  let ignoreBudgetAhead = candidates.countFlags(IGNORE_BUDGET);
  for (let i = 0, c = candidates.at(0); c !== undefined; c = candidates.at(++i)) {
    const ignoresBudget = (c.flags & IGNORE_BUDGET) !== 0;
    if (ignoresBudget) ignoreBudgetAhead--;
    if (overflowed && !ignoresBudget) {
      const reason: ExplanationReason = { code: 'not-reached', after: 'budget-overflow' };
      if (ignoreBudgetAhead > 0) {
        fates.rejected(c, pass, reason);
        continue;
      }
      // Often most of the pass's candidates: one fate for them all.
      candidates.rejectRest(i, pass, reason);
      break;
    }
    const roll = rollProbability(c, context.random);
    if (roll && !roll.passed) {
      const { raw } = c.entry;
      c.rollFailed = true;
      rollsFailed++;
      const quirk = raw.probability === undefined ? 'probability-missing-always-fails' : undefined;
      fates.rejected(
        c,
        pass,
        { code: 'probability-failed', roll: roll.roll, probability: Number(raw.probability) },
        quirk,
      );
      continue;
    }
    // The expanded content is what the prompt receives and what later passes scan. Without macros it is the entry's
    // content, whose measure the entry remembers.
    const { entry } = c;
    if (!entry.macroFree) c.content = expandMacros(c.content, context.names);
    const { measure } = context.tokenizer;
    const known = measure && entry.macroFree ? entry.contentMeasure(measure) : undefined;
    // Two appends, not one concatenation the counter would have to copy to read.
    c.contentMeasure = passText.append(c.content, known) ?? -1;
    passText.append('\n');
    const used = context.priorTokens + passText.tokens();
    if (!ignoresBudget && used >= budget) {
      overflowed = true;
      fates.rejected(c, pass, { code: 'budget', used, budget });
      continue;
    }
    context.activate(c);
  }
  return { overflowed, rollsFailed };
}
