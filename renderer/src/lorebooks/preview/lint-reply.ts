/**
 * The lint worker's replies. The page is sent the count of findings per entry (the entry list's marks, the tab's
 * total) and only the findings it shows: those of the open entry, or all of them while the lint tab is open. A large
 * book has thousands of findings, and receiving them all was a long task for the page on every change. A reply also
 * leaves out counts or findings equal to those it sent last: most edits change no finding.
 */
import type { LintIssue } from '../../../../shared/lorebook/lint.ts';
import { setOwn } from '../../../../shared/util/own.ts';

/** What the page shows of the findings. */
export interface LintView {
  /** The open entry's id: its findings are shown in its form. */
  entry: string | null;
  /** Every finding is shown (the lint tab is open). */
  all: boolean;
}

export interface LintReply {
  id: number;
  /** Findings per entry id (entries without any left out); left out when equal to the previous reply's. */
  counts?: Record<string, number>;
  /** The findings the request's view shows; left out when equal to the previous reply's. */
  issues?: LintIssue[];
  /**
   * The book version the request named, which the worker does not hold (it was sent a patch of another version, or
   * could not read the last text): nothing was linted, and the whole text is wanted.
   */
  resend?: number;
}

/** Builds replies in the order they are sent: the receiver keeps the last counts and findings it got. */
export function lintReplies(): (id: number, issues: readonly LintIssue[], view: LintView) => LintReply {
  let lastCounts: string | null = null;
  let lastShown: string | null = null;
  return (id, issues, view) => {
    const counts: Record<string, number> = {};
    for (const { entry } of issues) setOwn(counts, entry, (Object.hasOwn(counts, entry) ? counts[entry]! : 0) + 1);
    const shown = view.all ? [...issues] : issues.filter((i) => i.entry === view.entry);
    const reply: LintReply = { id };
    const countsText = JSON.stringify(counts);
    if (countsText !== lastCounts) reply.counts = counts;
    const shownText = JSON.stringify(shown);
    if (shownText !== lastShown) reply.issues = shown;
    lastCounts = countsText;
    lastShown = shownText;
    return reply;
  };
}
