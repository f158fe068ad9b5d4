/** Messages between the preview and its scan worker. */
import type { EntryKey, ScanResult } from '../../../../shared/lorebook/model.ts';
import type { PreviewMessage, PreviewSetup } from './scenario.ts';
import type { PreviewSources } from './sources.ts';
import type { BookMessage } from './book-sync.ts';

export interface ScanRequest {
  id: number;
  /** Sent only when the worker lacks the book's current version (book-sync.ts). */
  book?: BookMessage;
  bookVersion: number;
  setup: PreviewSetup;
  chat: PreviewMessage[];
  /** The card and the other books, sent whole with every request: they change rarely and are usually small. */
  sources: PreviewSources;
  /** Send every "no key matched" entry (the "Why not?" list is open); short lists are sent regardless. */
  listUnmatched: boolean;
}

/**
 * Sent in steps once the first result of a worker is shown, one step whenever no input waits: the worker scans chats
 * of its own with the last request's setup, and sends nothing of them. Step 0 names the first keys of a few of the
 * book's entries, a few times: until something fires, the code that activates, recurses and explains entries has
 * not run, so on the keystroke that first fires an entry it ran uncompiled, several times slower. Each later step
 * names the first keys of the next WARM_UP_BATCH entries in book order, so every entry has fired once (an entry's
 * first firing also fills what the engine keeps of it, such as its content's key hits). As any request, a step has
 * the time limit: a runaway regex key ends the worker, and the warm-up with it.
 */
export interface WarmUpRequest {
  id: number;
  warmUp: true;
  step: number;
}

/** A key hit inside a chat message, in the message's own text. */
export interface Highlight {
  /** Oldest-first index into the chat. */
  message: number;
  start: number;
  end: number;
  entry: EntryKey;
}

/** What one turn left behind: for stepping through timed effects. */
export interface TurnSummary {
  activated: EntryKey[];
  sticky: { key: EntryKey; end: number }[];
  cooldown: { key: EntryKey; end: number }[];
  chatLength: number;
}

/** Where the worker's time went for one request, in milliseconds. */
export interface WorkerTiming {
  /** Reading the book: parsing its text or applying a patch. */
  book: number;
  /** Ordering entries and compiling keys (cached unless the book or the names and matching settings changed). */
  prepare: number;
  /** The engine's scan (all turns). */
  scan: number;
  /** Highlights, token counts and the reply's lists. */
  rest: number;
}

export interface ScanOutput {
  /**
   * One result per turn (or the single scan). When the "no key matched" entries are listed (asked for while "Why
   * not?" is open, or a small book), `explain` leaves out just those; otherwise it holds only the entries the fired
   * list shows (fired or dropped by the budget): on a large book nearly every entry is one no pass looked at, and
   * explaining and copying them would cost more than the scan.
   */
  results: ScanResult[];
  /** The entries no key matched, per result, when listed. */
  unmatched: (EntryKey[] | null)[];
  /** How many entries each result's `explain` leaves out (none of them fired). */
  unmatchedCount: number[];
  turns: TurnSummary[];
  highlights: Highlight[][];
  /** Tokens of the activated contents, per result, as the budget counts them. */
  used: number[];
}

/**
 * Per request: `prepared` once the book is read and its keys compiled (the page starts the scan's clock then, as
 * preparing runs no user regex but takes long on a large book), then the result or the error. `output` is null
 * when it equals the last output this worker sent: most keystrokes change nothing the preview shows, and the page
 * then keeps what is on screen instead of copying and rendering it again. `resend`: the request's book was a patch
 * of a version this worker does not hold; nothing was scanned, and the page sends it again with the whole text.
 */
export type ScanReply =
  | { id: number; prepared: true }
  | { id: number; resend: true }
  | { id: number; warmed: true; more: boolean }
  | { id: number; ok: true; output: ScanOutput | null; timing: WorkerTiming }
  | { id: number; ok: false; error: string };

/** A scan input as the diagnosis worker takes it: everything at once, the book as its JSON text. */
export interface DiagnoseRequest {
  bookName: string;
  bookText: string;
  setup: PreviewSetup;
  chat: PreviewMessage[];
  sources: PreviewSources;
}

/** The key a regex was compiled from, when it is one. */
export interface RegexKeySeen {
  book: string;
  uid: number;
  comment: string;
  key: string;
}

/**
 * What the diagnosis worker reports while it re-runs a scan that timed out: `prepared` once the book is compiled
 * (its time does not count), each regex the first time it runs (and the key it belongs to), then the start and end
 * of every run, so the page can tell which one never ends.
 */
export type DiagnoseReply =
  | { type: 'regex'; index: number; source: string; flags: string; ref: RegexKeySeen | null }
  | { type: 'start'; index: number }
  | { type: 'end'; index: number }
  | { type: 'prepared' }
  | { type: 'done' };
