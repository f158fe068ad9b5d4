/** Messages between the preview and its scan worker. */
import type { EntryKey, ScanResult } from '../../../../shared/lorebook/model.ts';
import type { PreviewMessage, PreviewSetup } from './scenario.ts';
import type { PreviewSources } from './sources.ts';

export interface ScanRequest {
  id: number;
  /**
   * The book's JSON text, sent only when it changed (or to a fresh worker). Text, not objects: copying a string is
   * cheap, while cloning a large book's objects would block the page; the worker parses it.
   */
  book?: { version: number; name: string; text: string };
  bookVersion: number;
  setup: PreviewSetup;
  chat: PreviewMessage[];
  /** The card and the other books, sent whole with every request: they change rarely and are usually small. */
  sources: PreviewSources;
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

export interface ScanOutput {
  /**
   * One result per turn (or the single scan). Explanations of entries whose keys simply did not match are left
   * out of `explain` and listed in `unmatched`: on a large book they are nearly all of it, and copying them to the
   * page would cost more than the scan.
   */
  results: ScanResult[];
  unmatched: EntryKey[][];
  turns: TurnSummary[];
  highlights: Highlight[][];
  /** Tokens of the activated contents, per result, as the budget counts them. */
  used: number[];
  /** Time the engine took, in the worker. */
  scanMs: number;
}

export type ScanReply = { id: number; ok: true; output: ScanOutput } | { id: number; ok: false; error: string };

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
 * What the diagnosis worker reports while it re-runs a scan that timed out: each regex the first time it runs (and
 * the key it belongs to), then the start and end of every run, so the page can tell which one never ends.
 */
export type DiagnoseReply =
  | { type: 'regex'; index: number; source: string; flags: string; ref: RegexKeySeen | null }
  | { type: 'start'; index: number }
  | { type: 'end'; index: number }
  | { type: 'done' };
