// The outcome of one entry's check. A key-decided outcome keeps only compact facts (which primary key matched, where
// it hit, which secondary keys matched) and builds its explanation reason when first read: a crowded scan decides
// thousands of these and explains few of them.
import type { Candidate } from './candidate.ts';
import type { CompiledKey } from './keys.ts';
import type { ExplanationReason, KeyMatch, QuirkName } from './model.ts';
import type { BufferView } from './scan-buffer.ts';
import { secondaryOutcome, type SecondaryHits } from './secondary.ts';

export class CheckOutcome {
  readonly candidate: boolean;
  /** `reason.code`, known without building the reason. */
  readonly code: ExplanationReason['code'];
  readonly quirk: QuirkName | undefined;
  #reason: ExplanationReason | null;
  // A key-decided outcome's facts (unset otherwise): the checked candidate, whose keys and secondary logic are read
  // only when the reason is built (a tabled check never reads them, see check-table.ts), the position of its first
  // matching primary key, that key's hit offset and the view it hit in (the segment holding it is located when the
  // reason is built: a view's segments never change), and the secondary keys' hits.
  readonly #owner: Candidate | null = null;
  readonly #key: number = 0;
  readonly #at: number = 0;
  readonly #view: BufferView | null = null;
  readonly #hits: SecondaryHits = 0;

  constructor(candidate: boolean, reason: ExplanationReason, quirk?: QuirkName);
  constructor(
    candidate: boolean,
    reason: null,
    quirk: QuirkName | undefined,
    owner: Candidate,
    key: number,
    at: number,
    view: BufferView,
    hits: SecondaryHits,
  );
  constructor(
    candidate: boolean,
    reason: ExplanationReason | null,
    quirk?: QuirkName,
    owner?: Candidate,
    key?: number,
    at?: number,
    view?: BufferView,
    hits?: SecondaryHits,
  ) {
    this.candidate = candidate;
    this.code = reason ? reason.code : candidate ? 'key-match' : 'secondary-failed';
    this.quirk = quirk;
    this.#reason = reason;
    if (owner) {
      this.#owner = owner;
      this.#key = key as number;
      this.#at = at as number;
      this.#view = view as BufferView;
      this.#hits = hits as SecondaryHits;
    }
  }

  get reason(): ExplanationReason {
    return (this.#reason ??= this.#keyReason());
  }

  #keyReason(): ExplanationReason {
    const owner = this.#owner as Candidate;
    const { primary, secondary } = owner.book.keysOf(owner.entry);
    const key = (primary as readonly CompiledKey[])[this.#key] as CompiledKey;
    const where = (this.#view as BufferView).locate(this.#at);
    const match: KeyMatch = {
      key: key.source,
      expanded: key.kind === 'never' ? '' : key.kind === 'regex' ? key.expanded : key.text,
      regex: key.kind === 'regex',
      segment: where?.segment ?? null,
      offset: where ? Math.max(0, this.#at - where.start) : 0,
    };
    if (!secondary) return { code: 'key-match', match };
    const outcome = secondaryOutcome(secondary, this.#hits, owner.entry.selectiveLogic);
    return outcome.passed
      ? { code: 'key-match', match, secondary: outcome }
      : { code: 'secondary-failed', match, secondary: outcome };
  }
}
