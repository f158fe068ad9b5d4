/**
 * The lint worker's replies. The page is sent the count of findings per entry (the entry list's marks, the tab's
 * total) and only the findings it shows: those of the open entry, and the lint tab's page of findings while it is
 * open. A large book has thousands of findings, and receiving (and listing) them all was a long task for the page.
 * A reply also leaves out counts or findings equal to those it sent last: most edits change no finding.
 */
import type { LintIssue } from '../../../../shared/lorebook/lint.ts';
import { setOwn } from '../../../../shared/util/own.ts';

/** What the page shows of the findings. */
export interface LintView {
  /** The open entry's id: its findings are shown in its form. */
  entry: string | null;
  /** How many of all the findings the lint tab lists, from the first (0: the tab is closed). */
  page: number;
}

export interface LintReply {
  id: number;
  /** Findings per entry id (entries without any left out); left out when equal to the previous reply's. */
  counts?: Record<string, number>;
  /** The lint tab's page of findings; left out when equal to the previous reply's. */
  issues?: LintIssue[];
  /** The open entry's findings; left out when equal to the previous reply's. */
  entryIssues?: LintIssue[];
  /**
   * The book version the request named, which the worker does not hold (it was sent a patch of another version, or
   * could not read the last text): nothing was linted, and the whole text is wanted.
   */
  resend?: number;
}

/** Builds replies in the order they are sent: the receiver keeps the last counts and findings it got. */
export function lintReplies(): (id: number, issues: readonly LintIssue[], view: LintView) => LintReply {
  const last = { counts: '', issues: '', entryIssues: '' };
  return (id, issues, view) => {
    const counts: Record<string, number> = {};
    for (const { entry } of issues) setOwn(counts, entry, (Object.hasOwn(counts, entry) ? counts[entry]! : 0) + 1);
    const fresh = {
      counts,
      issues: issues.slice(0, view.page),
      entryIssues: view.entry === null ? [] : issues.filter((i) => i.entry === view.entry),
    };
    const reply: LintReply = { id };
    for (const field of ['counts', 'issues', 'entryIssues'] as const) {
      const text = JSON.stringify(fresh[field]);
      if (text !== last[field]) Object.assign(reply, { [field]: fresh[field] });
      last[field] = text;
    }
    return reply;
  };
}

/** The worker's last counts and findings: a reply that leaves one out repeats the last one it sent. */
export type LintReceived = Required<Omit<LintReply, 'id' | 'resend'>>;

export const NOTHING_RECEIVED: LintReceived = { counts: {}, issues: [], entryIssues: [] };

/** What the worker has sent once `reply` (the next one it sent) is received. */
export function receive(last: LintReceived, reply: LintReply): LintReceived {
  const { counts = last.counts, issues = last.issues, entryIssues = last.entryIssues } = reply;
  return { counts, issues, entryIssues };
}

/** The findings on screen, and the counts they were counted from. */
export interface LintShown {
  countsOf: Record<string, number>;
  counts: ReadonlyMap<string, number>;
  total: number;
  issues: LintIssue[];
  entryIssues: LintIssue[];
}

/**
 * What to show of everything received. It is built from what was received, not from the reply shown: the page does
 * not show replies to older requests, and the next reply leaves out what equals theirs. What is unchanged keeps its
 * object, so nothing renders again.
 */
export function showReceived(now: LintShown, received: LintReceived): LintShown {
  const { counts, issues, entryIssues } = received;
  if (now.countsOf === counts && now.issues === issues && now.entryIssues === entryIssues) return now;
  const sameCounts = now.countsOf === counts;
  return {
    countsOf: counts,
    counts: sameCounts ? now.counts : new Map(Object.entries(counts)),
    total: sameCounts ? now.total : Object.values(counts).reduce((sum, n) => sum + n, 0),
    issues,
    entryIssues,
  };
}
