// A pass's candidates in the order the budget takes them: sticky ones first, then scan order. An entry that is not
// sticky, in no inclusion group and not ignoring the budget may be deferred: it is checked only when admission reaches
// it, or when the pass's whole list is asked for. After an overflow nothing deferred can fire, and a book whose common
// keys make most entries candidates (thousands a pass, where the budget stops after a hundred) would otherwise check,
// log and list them all first. Settling them later gives the same outcomes and fates: a check reads only the pass's
// view and the entry's own state, and nothing the budget step changes.
import type { Candidate } from './candidate.ts';
import type { FateLog } from './fate-log.ts';
import type { ExplanationReason } from './model.ts';

/** Checks a deferred entry (by scan index) and logs its outcome: its candidate if it qualified, else null. */
export type DeferredCheck = (index: number) => Candidate | null;

export class PassCandidates {
  /** The candidates settled so far, in order. */
  readonly #list: Candidate[] = [];
  /** Checked candidates, sticky ones and the others (in scan order), merged into `#list` with the deferred ones. */
  #sticky: Candidate[] = [];
  #checked: Candidate[] = [];
  #nextSticky = 0;
  #nextChecked = 0;
  /** The pass's chosen scan indices, ascending: the deferred ones, the others struck out (-1, see `strike`). */
  readonly #chosen: Int32Array;
  #nextDeferred = 0;
  readonly #check: DeferredCheck;
  readonly #fates: FateLog;
  /** Admission turned away every candidate from `#list[#rejectedTo]` on (see `rejectRest`), or null. */
  #rest: { pass: number; reason: ExplanationReason } | null = null;
  #rejectedTo = 0;

  constructor(chosen: Int32Array, check: DeferredCheck, fates: FateLog) {
    this.#chosen = chosen;
    this.#check = check;
    this.#fates = fates;
  }

  /** Adds a checked candidate; non-sticky ones in scan order. */
  add(c: Candidate): void {
    (c.sticky ? this.#sticky : this.#checked).push(c);
  }

  /**
   * The entry at position `k` of the chosen indices was checked (or skipped) at once. The others are deferred: none
   * is sticky, grouped or ignoring the budget. Marked in place, as a dense pass defers tens of thousands.
   */
  strike(k: number): void {
    this.#chosen[k] = -1;
  }

  /** Nothing is left deferred. */
  get settled(): boolean {
    const chosen = this.#chosen;
    while (this.#nextDeferred < chosen.length && (chosen[this.#nextDeferred] as number) < 0) this.#nextDeferred++;
    return this.#nextDeferred === chosen.length;
  }

  /** The candidate at position `i` of the pass's list, checking deferred entries up to it; undefined past the end. */
  at(i: number): Candidate | undefined {
    while (this.#list.length <= i && this.#settleNext());
    return this.#list[i];
  }

  /** The pass's whole list, every deferred entry checked. */
  all(): readonly Candidate[] {
    while (this.#settleNext());
    const rest = this.#rest;
    if (rest && this.#rejectedTo < this.#list.length) {
      this.#fates.rejectedFrom(this.#list, this.#rejectedTo, rest.pass, rest.reason);
      this.#rejectedTo = this.#list.length;
    }
    return this.#list;
  }

  /** How many checked candidates have one of `flags` (deferred ones have none of GROUPED, IGNORE_BUDGET). */
  countFlags(flags: number): number {
    let n = 0;
    for (const c of this.#sticky) if (c.flags & flags) n++;
    for (const c of this.#checked) if (c.flags & flags) n++;
    return n;
  }

  /** Logs one rejection for the candidates from position `from` on, the deferred ones when they are settled. */
  rejectRest(from: number, pass: number, reason: ExplanationReason): void {
    this.#fates.rejectedFrom(this.#list, from, pass, reason);
    this.#rest = { pass, reason };
    this.#rejectedTo = this.#list.length;
  }

  /** Drops the candidates whose scan index is in `removed` (group losers, decided before admission). */
  drop(removed: ReadonlySet<number>): void {
    const keep = (list: Candidate[], from: number) => {
      let kept = from;
      for (let i = from; i < list.length; i++) {
        const c = list[i] as Candidate;
        if (!removed.has(c.index)) list[kept++] = c;
      }
      list.length = kept;
    };
    keep(this.#list, 0);
    keep(this.#sticky, this.#nextSticky);
    keep(this.#checked, this.#nextChecked);
  }

  /** Moves the next candidate in order into `#list`; false when none is left. */
  #settleNext(): boolean {
    if (this.#nextSticky < this.#sticky.length) {
      this.#list.push(this.#sticky[this.#nextSticky++] as Candidate);
      return true;
    }
    const chosen = this.#chosen;
    for (;;) {
      const checked = this.#checked[this.#nextChecked];
      while (this.#nextDeferred < chosen.length && (chosen[this.#nextDeferred] as number) < 0) this.#nextDeferred++;
      const index = this.#nextDeferred < chosen.length ? (chosen[this.#nextDeferred] as number) : -1;
      if (checked && (index < 0 || checked.index < index)) {
        this.#nextChecked++;
        this.#list.push(checked);
        return true;
      }
      if (index < 0) return false;
      this.#nextDeferred++;
      const c = this.#check(index);
      if (c) {
        this.#list.push(c);
        return true;
      }
    }
  }
}
