// An entry as it takes part in one scan: its prepared form plus this scan's mutable facts.
import type { CompiledBook, PreparedEntry } from './prepare.ts';

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
}
