// An entry as it takes part in one scan: its prepared form plus this scan's mutable facts. A class whose fields all
// exist from the start, so the check loop reads every candidate through one object shape.
import type { CheckOutcome } from './check-outcome.ts';
import type { LoggedFate } from './fate-log.ts';
import type { ScanState } from './model.ts';
import type { CompiledBook, EntryKeys, PreparedEntry } from './prepare.ts';

export class Candidate {
  readonly entry: PreparedEntry;
  readonly book: CompiledBook;
  readonly bookIndex: number;
  /** Position in the scan order (the universal tie-breaker). */
  readonly index: number;
  /** A sticky record is active for it in this scan. */
  readonly sticky: boolean;
  /** Its row in the scan plan's check table (see check-table.ts), or -1: its checks read the entry. */
  readonly row: number;
  /** Its entry's flags (GROUPED, IGNORE_BUDGET, PREVENT_RECURSION, ROLLS, see check-table.ts). */
  readonly flags: number;
  /** Its rejection for the whole scan (null: none), once checked (see activation-check.ts). */
  scanWide: CheckOutcome | null | undefined = undefined;
  /**
   * Its last key-decided outcome, which later passes reuse while no key can match differently (see
   * activation-check.ts), with the pass kind and delay level it was decided in, the lineage of the view it was
   * decided on and that view's text lengths (as is and lowered) then. Fields, not an object: a scan decides thousands.
   */
  keyed: CheckOutcome | undefined = undefined;
  keyedState: ScanState = 0;
  keyedLevel = 0;
  keyedLineage: object | null = null;
  keyedTextLength = 0;
  keyedLowerLength = 0;
  /** Its activation keys, once looked up. */
  keys: EntryKeys | undefined = undefined;
  /** It failed its probability roll: it is out of this scan. */
  rollFailed = false;
  /** The pass it was activated in (0: not activated). */
  firedIn = 0;
  /**
   * The buffer lineage in which its outcome (`scanWide` or `keyed`) holds until one of its key texts newly occurs
   * (see pass-selection.ts), or null.
   */
  restsIn: object | null = null;
  /** What the scan decided about it so far (see fate-log.ts). */
  fate: LoggedFate | undefined = undefined;
  /**
   * The outcome it qualified with as a candidate in its latest pass, and that pass (0: none); they become its fate if
   * it fires. Fields, not a fate object: a pass may qualify thousands and activate a hundred.
   */
  qualifiedBy: CheckOutcome | undefined = undefined;
  qualifiedIn = 0;
  /** The tokenizer's measure of its expanded content once the budget step took it, else -1. */
  contentMeasure = -1;
  /** Set once macro-expanded (see `content`). */
  #content: string | undefined = undefined;

  constructor(
    entry: PreparedEntry,
    book: CompiledBook,
    bookIndex: number,
    index: number,
    sticky: boolean,
    row: number,
    flags: number,
  ) {
    this.entry = entry;
    this.book = book;
    this.bookIndex = bookIndex;
    this.index = index;
    this.sticky = sticky;
    this.row = row;
    this.flags = flags;
  }

  /**
   * Content as the scan sees it; macro-expanded once the entry reaches the budget step. Read from the entry until
   * then: a tabled check must not touch the entry.
   */
  get content(): string {
    return this.#content ?? this.entry.content;
  }

  set content(content: string) {
    this.#content = content;
  }
}

/**
 * One scan's candidates by scan index, while the scan runs. A Map per scan cost more than the checks of a crowded
 * scan (thousands of inserts into a growing table): slots live instead in two arrays the size of the largest book
 * seen, which every scan reuses, each slot stamped with the scan that wrote it. A scan runs to its end before another
 * starts, so stamps never mix; after it, `byIndex` answers (another scan may have reused the slots since).
 */
export class ScanCandidates {
  /** In the order they were materialised. */
  readonly list: Candidate[] = [];
  readonly #stamp: number;
  #byIndex: Map<number, Candidate> | undefined;

  constructor(length: number) {
    if (stamps.length < length) {
      stamps = new Int32Array(length);
      slots = new Int32Array(length);
    }
    // Stamps only grow; wrapping around after 2^31 scans would need a fresh table.
    if (lastStamp === 0x7fffffff) {
      stamps.fill(0);
      lastStamp = 0;
    }
    this.#stamp = ++lastStamp;
  }

  /** The candidate at a scan index, while the scan runs. */
  get(index: number): Candidate | undefined {
    return stamps[index] === this.#stamp ? this.list[slots[index] as number] : undefined;
  }

  /** Also once the scan has ended (see pass-candidates.ts): its slots then go unread. */
  add(c: Candidate): void {
    stamps[c.index] = this.#stamp;
    slots[c.index] = this.list.length;
    this.list.push(c);
    this.#byIndex = undefined;
  }

  /** The candidates by scan index, once the scan has ended. */
  byIndex(): ReadonlyMap<number, Candidate> {
    return (this.#byIndex ??= new Map(this.list.map((c) => [c.index, c])));
  }
}

let stamps = new Int32Array(0);
let slots = new Int32Array(0);
let lastStamp = 0;
