// Which entries a pass checks (docs/world-info.md#passes). The first pass over a buffer lineage checks every entry the
// scan plan selects; a later pass over the same lineage (recursion appends to it) checks only what can decide
// differently: entries whose outcome may change with the pass (candidates, pass-bound or not fully indexed entries,
// listed as "again"), always-evaluated and sticky entries, entries one of whose primary keys started to occur, and
// resting entries one of whose key texts newly occurred. A resting entry keeps its last rejection: `checkEntry`
// would reuse it (see `restsUntilKeysChange`), so recursion costs in proportion to new hits, not to re-selections.
import { restsUntilKeysChange, type CheckOutcome } from './activation-check.ts';
import type { Candidate } from './candidate.ts';
import type { BufferView } from './scan-buffer.ts';
import type { ScanPlan } from './scan-plan.ts';

export class PassSelection {
  readonly #plan: ScanPlan;
  readonly #extra: readonly number[];
  /** Where the shared view's occurrence logs stood at the last selection (see ScanPlan.mark). */
  readonly #marks: Int32Array;
  #lineage: object | null = null;
  /** Checked in the current pass and to be checked in the next one too. */
  #again: number[] = [];
  #nextAgain: number[] = [];
  #resting: Candidate[] = [];
  #nextResting: Candidate[] = [];

  /** `extra`: entries to check in every pass (sticky ones). */
  constructor(plan: ScanPlan, extra: readonly number[]) {
    this.#plan = plan;
    this.#extra = extra;
    this.#marks = new Int32Array(plan.slots * 2);
  }

  /** Scan indices to check in this pass, ascending. `resting(i)`: the entry at scan index `i` rests in `view`'s lineage. */
  select(view: BufferView, resting: (index: number) => boolean): number[] {
    const plan = this.#plan;
    let chosen: number[];
    if (view.lineage !== this.#lineage) {
      this.#lineage = view.lineage;
      this.#resting = [];
      chosen = plan.select(view, this.#extra);
      plan.mark(view, this.#marks);
    } else chosen = plan.selectSince(view, this.#extra, this.#again, this.#marks, resting);
    this.#again = [];
    this.#nextAgain = [];
    this.#nextResting = [];
    return chosen;
  }

  /** Files a candidate this pass checked, with its outcome, under resting or again. */
  settle(c: Candidate, outcome: CheckOutcome, view: BufferView): void {
    if (restsUntilKeysChange(c, outcome, view)) {
      c.rest = { lineage: view.lineage, outcome };
      this.#nextResting.push(c);
    } else {
      c.rest = undefined;
      this.#nextAgain.push(c.index);
    }
  }

  /**
   * Ends the pass: calls `visit` with every resting candidate this pass did not select (`pass`), which keeps its
   * last outcome, unless `gone` says it can no longer be checked (its key was activated).
   */
  finish(pass: number, gone: (c: Candidate) => boolean, visit: (c: Candidate, outcome: CheckOutcome) => void): void {
    for (const c of this.#resting) {
      if (c.selectedIn === pass || !c.rest || gone(c)) continue;
      visit(c, c.rest.outcome);
      this.#nextResting.push(c);
    }
    this.#resting = this.#nextResting;
    this.#again = this.#nextAgain;
  }
}
