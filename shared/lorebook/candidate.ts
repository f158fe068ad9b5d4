// An entry as it takes part in one scan: its prepared form plus this scan's mutable facts. A class whose fields all
// exist from the start, so the check loop reads every candidate through one object shape.
import type { CheckOutcome } from './activation-check.ts';
import type { ScanState } from './model.ts';
import type { CompiledBook, EntryKeys, PreparedEntry } from './prepare.ts';
import type { BufferView } from './scan-buffer.ts';

export class Candidate {
  readonly entry: PreparedEntry;
  readonly book: CompiledBook;
  readonly bookIndex: number;
  /** Position in the scan order (the universal tie-breaker). */
  readonly index: number;
  /** Content as the scan sees it; macro-expanded once the entry reaches the budget step. */
  content: string;
  /** A sticky record is active for it in this scan. */
  readonly sticky: boolean;
  /** Its rejection for the whole scan (null: none), once checked (see activation-check.ts). */
  scanWide: CheckOutcome | null | undefined = undefined;
  /** Its last key-decided outcome, which later passes reuse while no key can match differently (see activation-check.ts). */
  keyed: KeyedOutcome | undefined = undefined;
  /** Its activation keys, once looked up. */
  keys: EntryKeys | undefined = undefined;
  /** The pass it was activated in (0: not activated). */
  firedIn = 0;
  /** Its outcome holds, in passes over this buffer lineage, until one of its key texts newly occurs (see pass-selection.ts). */
  rest: { readonly lineage: object; readonly outcome: CheckOutcome } | undefined = undefined;

  constructor(entry: PreparedEntry, book: CompiledBook, bookIndex: number, index: number, sticky: boolean) {
    this.entry = entry;
    this.book = book;
    this.bookIndex = bookIndex;
    this.index = index;
    this.content = entry.content;
    this.sticky = sticky;
  }
}

export interface KeyedOutcome {
  readonly outcome: CheckOutcome;
  readonly state: ScanState;
  readonly level: number;
  readonly view: BufferView;
  readonly textLength: number;
  readonly lowerLength: number;
}
