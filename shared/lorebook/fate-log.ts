// What the scan decided about each entry, kept while it runs. An entry may be looked at in several passes; the most
// decisive reason wins, so "no key matched" in a later pass never hides a lost group or a failed roll.
import type { Candidate } from './candidate.ts';
import { CheckOutcome } from './check-outcome.ts';
import type { ExplanationReason, QuirkName } from './model.ts';

export interface Fate {
  readonly fired: boolean;
  /** Pass of the decision; null for reasons that hold for the whole scan. */
  readonly pass: number | null;
  readonly reason: ExplanationReason;
  readonly rank: number;
  readonly quirk?: QuirkName;
}

/** A reason, or a check outcome that builds its reason when first read (see check-outcome.ts). */
type ReasonSource = ExplanationReason | CheckOutcome;

export class LoggedFate implements Fate {
  readonly fired: boolean;
  pass: number | null;
  readonly source: ReasonSource;
  readonly rank: number;
  quirk: QuirkName | undefined;

  constructor(fired: boolean, pass: number | null, source: ReasonSource, rank: number, quirk: QuirkName | undefined) {
    this.fired = fired;
    this.pass = pass;
    this.source = source;
    this.rank = rank;
    this.quirk = quirk;
  }

  get reason(): ExplanationReason {
    return this.source instanceof CheckOutcome ? this.source.reason : this.source;
  }
}

/**
 * The fates are kept on the candidates themselves (`fate`, and `qualifiedAs` until a qualified candidate fires): a
 * scan decides thousands, and two maps by scan index cost more than the decisions.
 */
export class FateLog {
  /** The candidates with a fate, in the order they got one. */
  readonly #decided: Candidate[] = [];

  /** How many entries have a fate. */
  get size(): number {
    return this.#decided.length;
  }

  /** The candidates with a fate, in scan order. */
  decided(): Candidate[] {
    return [...this.#decided].sort((a, b) => a.index - b.index);
  }

  qualified(c: Candidate, pass: number, outcome: CheckOutcome): void {
    c.qualifiedBy = outcome;
    c.qualifiedIn = pass;
  }

  fired(c: Candidate): void {
    const outcome = c.qualifiedBy;
    if (outcome) this.#decide(c, new LoggedFate(true, c.qualifiedIn, outcome, 0, outcome.quirk));
  }

  /** Adds a quirk to a decided fate that has none. */
  quirk(c: Candidate, quirk: QuirkName): void {
    if (c.fate && !c.fate.quirk) c.fate.quirk = quirk;
  }

  /**
   * Logs one rejection for `candidates[from…]`, as one fate they share (nothing changes a fate logged this way: a
   * later rejection with the same reason source is a fresh one).
   */
  rejectedFrom(candidates: readonly Candidate[], from: number, pass: number, reason: ExplanationReason): void {
    const rank = reasonRank(reason);
    const shared = new LoggedFate(false, isScanWide(reason) ? null : pass, reason, rank, undefined);
    for (let i = from; i < candidates.length; i++) {
      const c = candidates[i] as Candidate;
      const { fate } = c;
      if (fate && (fate.fired || rank < fate.rank)) continue;
      this.#decide(c, shared);
    }
  }

  /** Logs a rejection; a check's rejection is logged as its outcome, whose reason is built only if explained. */
  rejected(c: Candidate, pass: number, reason: ReasonSource, quirk?: QuirkName): void {
    const { fate } = c;
    const rank = reasonRank(reason);
    if (fate && (fate.fired || rank < fate.rank)) return;
    // The same outcome again (a check reused from an earlier pass): only the pass moves on.
    if (fate && fate.source === reason && fate.quirk === quirk) {
      if (fate.pass !== null) fate.pass = pass;
      return;
    }
    this.#decide(c, new LoggedFate(false, isScanWide(reason) ? null : pass, reason, rank, quirk));
  }

  #decide(c: Candidate, fate: LoggedFate): void {
    if (!c.fate) this.#decided.push(c);
    c.fate = fate;
  }
}

/**
 * Reasons reported for the whole scan, not for one pass ("no key matched" means in no pass). A switch, not a Set: a
 * crowded scan asks for every check it files and logs, and comparing interned codes costs less than hashing them.
 */
export function isScanWide(reason: Pick<ExplanationReason, 'code'>): boolean {
  switch (reason.code) {
    case 'disabled':
    case 'trigger-filtered':
    case 'character-filtered':
    case 'delay':
    case 'cooldown':
    case 'decorator-dont-activate':
    case 'no-keys':
    case 'no-key-match':
      return true;
    default:
      return false;
  }
}

function reasonRank(reason: ReasonSource): number {
  // Being shut out of an already-won group says less than the contest the entry lost before. (Check outcomes never
  // carry a group loss, so their reasons need not be built to rank them.)
  if (!(reason instanceof CheckOutcome) && reason.code === 'group-lost') return reason.by === 'closed' ? 2 : 3;
  switch (reason.code) {
    case 'no-key-match':
    case 'no-keys':
      return 0;
    case 'delay-until-recursion':
    case 'exclude-recursion':
      return 1;
    case 'secondary-failed':
      return 2;
    case 'not-reached':
      return 3;
    case 'probability-failed':
    case 'budget':
      return 4;
    default:
      return 5;
  }
}
