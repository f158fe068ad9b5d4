// Whether another pass follows, and which kind (docs/world-info.md#next-pass): recursion on new recursable content, widening
// for min activations, then the next delay-until-recursion level even with recursion off or the budget overflowed.
import { ScanState } from './model.ts';
import type { ScanSettings } from './model.ts';
import type { ScanBuffer } from './scan-buffer.ts';

export interface PassOutcome {
  state: ScanState;
  overflowed: boolean;
  /** Successful candidates of this pass that may feed recursion. */
  recursable: number;
  activatedCount: number;
  chatLength: number;
}

/** Decides the next state; widens the buffer or consumes a delay level as a side effect, like SillyTavern. */
export function nextPass(
  settings: ScanSettings,
  outcome: PassOutcome,
  buffer: ScanBuffer,
  levels: number[],
): { next: ScanState; level?: number } {
  const { overflowed } = outcome;
  if (
    settings.recursive &&
    !overflowed &&
    (outcome.recursable > 0 || (outcome.state === ScanState.MIN_ACTIVATIONS && buffer.hasRecursion))
  ) {
    return { next: ScanState.RECURSION };
  }
  if (!overflowed && settings.minActivations > 0 && outcome.activatedCount < settings.minActivations) {
    // Tested before widening, so scanning reaches depthMax + 1.
    const depth = buffer.depth;
    const exhausted =
      (settings.minActivationsDepthMax > 0 && depth > settings.minActivationsDepthMax) || depth > outcome.chatLength;
    if (!exhausted) {
      buffer.widen();
      return { next: ScanState.MIN_ACTIVATIONS };
    }
  }
  const level = levels.shift();
  return level === undefined ? { next: ScanState.NONE } : { next: ScanState.RECURSION, level };
}
