// The outcome of one entry's check. A key-decided outcome keeps only compact facts (the matched key, where it hit,
// which secondary keys matched) and builds its explanation reason when first read: a crowded scan decides thousands
// of these and explains few of them.
import type { CompiledKey } from './keys.ts';
import type { ExplanationReason, KeyMatch, QuirkName } from './model.ts';
import type { Segment } from './scan-buffer.ts';
import { secondaryOutcome, type SecondaryHits } from './secondary.ts';

export class CheckOutcome {
  readonly candidate: boolean;
  /** `reason.code`, known without building the reason. */
  readonly code: ExplanationReason['code'];
  readonly quirk: QuirkName | undefined;
  #reason: ExplanationReason | null;
  // A key-decided outcome's facts (unset otherwise): the first matching primary key, its hit offset and the buffer
  // segment holding it, located when checked, and the secondary keys with their hits and logic.
  readonly #key: CompiledKey | null = null;
  readonly #at: number = 0;
  readonly #where: Readonly<Segment> | null = null;
  readonly #secondary: readonly CompiledKey[] | null = null;
  readonly #hits: SecondaryHits = 0;
  readonly #logic: unknown = undefined;

  constructor(candidate: boolean, reason: ExplanationReason, quirk?: QuirkName);
  constructor(
    candidate: boolean,
    reason: null,
    quirk: QuirkName | undefined,
    key: CompiledKey,
    at: number,
    where: Readonly<Segment> | null,
    secondary: readonly CompiledKey[] | null,
    hits: SecondaryHits,
    logic: unknown,
  );
  constructor(
    candidate: boolean,
    reason: ExplanationReason | null,
    quirk?: QuirkName,
    key?: CompiledKey,
    at?: number,
    where?: Readonly<Segment> | null,
    secondary?: readonly CompiledKey[] | null,
    hits?: SecondaryHits,
    logic?: unknown,
  ) {
    this.candidate = candidate;
    this.code = reason ? reason.code : candidate ? 'key-match' : 'secondary-failed';
    this.quirk = quirk;
    this.#reason = reason;
    if (key) {
      this.#key = key;
      this.#at = at as number;
      this.#where = where ?? null;
      this.#secondary = secondary ?? null;
      this.#hits = hits as SecondaryHits;
      this.#logic = logic;
    }
  }

  get reason(): ExplanationReason {
    return (this.#reason ??= this.#keyReason());
  }

  #keyReason(): ExplanationReason {
    const key = this.#key as CompiledKey;
    const where = this.#where;
    const match: KeyMatch = {
      key: key.source,
      expanded: key.kind === 'never' ? '' : key.kind === 'regex' ? key.expanded : key.text,
      regex: key.kind === 'regex',
      segment: where?.segment ?? null,
      offset: where ? Math.max(0, this.#at - where.start) : 0,
    };
    if (!this.#secondary) return { code: 'key-match', match };
    const secondary = secondaryOutcome(this.#secondary, this.#hits, this.#logic);
    return secondary.passed ? { code: 'key-match', match, secondary } : { code: 'secondary-failed', match, secondary };
  }
}
