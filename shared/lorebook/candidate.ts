// An entry as it takes part in one scan: its prepared form plus this scan's mutable facts.
import type { CheckOutcome } from './activation-check.ts';
import type { ScanState } from './model.ts';
import type { CompiledBook, EntryKeys, PreparedEntry } from './prepare.ts';
import type { BufferView } from './scan-buffer.ts';

export interface Candidate {
  readonly entry: PreparedEntry;
  readonly book: CompiledBook;
  readonly bookIndex: number;
  /** Position in the scan order (the universal tie-breaker). */
  readonly index: number;
  /** Content as the scan sees it; macro-expanded once the entry reaches the budget step. */
  content: string;
  /** A sticky record is active for it in this scan. */
  sticky: boolean;
  /** Its rejection for the whole scan (null: none), once checked (see activation-check.ts). */
  scanWide?: CheckOutcome | null;
  /** Its last key-decided outcome, which later passes reuse while no key can match differently (see activation-check.ts). */
  keyed?: KeyedOutcome | undefined;
  /** Its activation keys, once looked up. */
  keys?: EntryKeys;
  /** The last pass that selected it. */
  selectedIn?: number;
  /** Its outcome holds, in passes over this buffer lineage, until one of its key texts newly occurs (see pass-selection.ts). */
  rest?: { readonly lineage: object; readonly outcome: CheckOutcome } | undefined;
}

export interface KeyedOutcome {
  readonly outcome: CheckOutcome;
  readonly state: ScanState;
  readonly level: number;
  readonly view: BufferView;
  readonly textLength: number;
  readonly lowerLength: number;
}
