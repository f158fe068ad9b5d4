// Which entries a pass checks (docs/world-info.md#passes). The first pass over a buffer lineage checks every entry the
// scan plan selects; a later pass over the same lineage (recursion appends to it) checks only what can decide
// differently: entries whose outcome may change with the pass (candidates, pass-bound or not fully indexed entries,
// listed as "again"), always-evaluated and sticky entries, entries one of whose primary keys started to occur, and
// resting entries one of whose key texts newly occurred. A resting entry keeps its last rejection: `checkEntry`
// would reuse it (see `restsUntilKeysChange`), so recursion costs in proportion to new hits, not to re-selections.
// Each pass it rests in would log that rejection again, which only moves its fate's pass on: so it is logged once,
// for the last such pass, when the rest ends (the entry is checked again, the lineage changes or the scan ends).
import { restsUntilKeysChange } from './activation-check.ts';
import type { CheckOutcome } from './check-outcome.ts';
import type { Candidate } from './candidate.ts';
import { isScanWide } from './fate-log.ts';
import type { BufferView } from './scan-buffer.ts';
import type { ScanPlan } from './scan-plan.ts';

/** Logs a resting candidate's last outcome again, for the last pass (`pass`) it rested in. */
export type Touch = (c: Candidate, pass: number, outcome: CheckOutcome) => void;

export class PassSelection {
  readonly #plan: ScanPlan;
  readonly #extra: readonly number[];
  readonly #touch: Touch;
  /** Where the shared view's occurrence logs stood at the last selection (see ScanPlan.mark). */
  readonly #marks: Int32Array;
  #lineage: object | null = null;
  /** Checked in the last pass and to be checked in the next one too. */
  #again: number[] = [];
  /** Candidates that started resting in this lineage with a rejection whose pass the fate log keeps. */
  #resting: Candidate[] = [];

  /** `extra`: entries to check in every pass (sticky ones). */
  constructor(plan: ScanPlan, extra: readonly number[], touch: Touch) {
    this.#plan = plan;
    this.#extra = extra;
    this.#touch = touch;
    this.#marks = new Int32Array(plan.slots * 2);
  }

  /**
   * Scan indices to check in pass `pass`, ascending. `resting(i)`: the entry at scan index `i` rests in `view`'s
   * lineage. Each chosen candidate must be passed to `wake` before it is checked or skipped.
   */
  select(view: BufferView, pass: number, resting: (index: number) => boolean): Int32Array {
    const plan = this.#plan;
    const again = this.#again;
    this.#again = [];
    if (view.lineage === this.#lineage) return plan.selectSince(view, this.#extra, again, this.#marks, resting);
    this.end(pass - 1);
    this.#lineage = view.lineage;
    const chosen = plan.select(view, this.#extra);
    plan.mark(view, this.#marks);
    return chosen;
  }

  /** Ends the rest of a candidate chosen in pass `pass`, if it rested. */
  wake(c: Candidate, pass: number): void {
    if (c.restsIn) this.#endRest(c, pass - 1);
  }

  /** Files a candidate this pass checked, with its outcome, under resting or again. */
  settle(c: Candidate, outcome: CheckOutcome, view: BufferView): void {
    if (restsUntilKeysChange(c, outcome, view, this.#plan.checkKeys)) {
      c.restsIn = view.lineage;
      if (!isScanWide(outcome)) this.#resting.push(c);
    } else this.#again.push(c.index);
  }

  /** Ends every rest; `pass` is the last pass of the lineage (the scan's last pass, when it ends). */
  end(pass: number): void {
    for (const c of this.#resting) if (c.restsIn) this.#endRest(c, pass);
    this.#resting = [];
  }

  #endRest(c: Candidate, pass: number): void {
    // A rest keeps the outcome `restsUntilKeysChange` accepted, which a check has not replaced since.
    const outcome = (c.scanWide ?? c.keyed) as CheckOutcome;
    c.restsIn = null;
    // A scan-wide reason keeps no pass: logging it again changes nothing.
    if (!isScanWide(outcome)) this.#touch(c, pass, outcome);
  }
}
