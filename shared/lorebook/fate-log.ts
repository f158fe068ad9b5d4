// What the scan decided about each entry, kept while it runs. An entry may be looked at in several passes; the most
// decisive reason wins, so "no key matched" in a later pass never hides a lost group or a failed roll.
import type { CheckOutcome } from './activation-check.ts';
import type { ExplanationReason, QuirkName } from './model.ts';

export interface Fate {
  fired: boolean;
  /** Pass of the decision; null for reasons that hold for the whole scan. */
  pass: number | null;
  reason: ExplanationReason;
  rank: number;
  quirk?: QuirkName;
}

export class FateLog {
  /** By scan index; only entries some pass evaluated. */
  readonly #fates = new Map<number, Fate>();
  /** Why each current candidate qualified; becomes its fate if it fires. */
  readonly #qualified = new Map<number, Fate>();

  get(index: number): Fate | undefined {
    return this.#fates.get(index);
  }

  /** How many entries have a fate. */
  get size(): number {
    return this.#fates.size;
  }

  /** The scan indices of the entries with a fate, in scan order. */
  indices(): number[] {
    return [...this.#fates.keys()].sort((a, b) => a - b);
  }

  qualified(index: number, pass: number, outcome: CheckOutcome): void {
    this.#qualified.set(index, {
      fired: true,
      pass,
      reason: outcome.reason,
      rank: 0,
      ...(outcome.quirk ? { quirk: outcome.quirk } : {}),
    });
  }

  fired(index: number): void {
    const fate = this.#qualified.get(index);
    if (fate) this.#fates.set(index, fate);
  }

  /** Adds a quirk to a decided fate that has none. */
  quirk(index: number, quirk: QuirkName): void {
    const fate = this.#fates.get(index);
    if (fate && !fate.quirk) this.#fates.set(index, { ...fate, quirk });
  }

  rejected(index: number, pass: number, reason: ExplanationReason, quirk?: QuirkName): void {
    const fate = this.#fates.get(index);
    const rank = reasonRank(reason);
    if (fate && (fate.fired || rank < fate.rank)) return;
    // The same outcome again (a check reused from an earlier pass): only the pass moves on.
    if (fate && fate.reason === reason && fate.quirk === quirk) {
      if (fate.pass !== null) fate.pass = pass;
      return;
    }
    this.#fates.set(index, {
      fired: false,
      pass: isScanWide(reason) ? null : pass,
      reason,
      rank,
      ...(quirk ? { quirk } : {}),
    });
  }
}

const SCAN_WIDE = new Set<ExplanationReason['code']>([
  'disabled',
  'trigger-filtered',
  'character-filtered',
  'delay',
  'cooldown',
  'decorator-dont-activate',
  'no-keys',
  'no-key-match',
]);

/** Reasons reported for the whole scan, not for one pass ("no key matched" means in no pass). */
export function isScanWide(reason: ExplanationReason): boolean {
  return SCAN_WIDE.has(reason.code);
}

function reasonRank(reason: ExplanationReason): number {
  switch (reason.code) {
    case 'no-key-match':
    case 'no-keys':
      return 0;
    case 'delay-until-recursion':
    case 'exclude-recursion':
      return 1;
    case 'secondary-failed':
      return 2;
    case 'group-lost':
      // Being shut out of an already-won group says less than the contest the entry lost before.
      return reason.by === 'closed' ? 2 : 3;
    case 'not-reached':
      return 3;
    case 'probability-failed':
    case 'budget':
      return 4;
    default:
      return 5;
  }
}
