/**
 * The lint worker's replies. A reply leaves out a list of findings equal to the one it sent last: most edits change
 * no finding, and receiving a large book's list (thousands of findings) is a long task for the page.
 */
import type { LintIssue } from '../../../../shared/lorebook/lint.ts';

export interface LintReply {
  id: number;
  /** Left out when equal to the previous reply's list. */
  issues?: LintIssue[];
  /**
   * The book version the request named, which the worker does not hold (it was sent a patch of another version, or
   * could not read the last text): nothing was linted, and the whole text is wanted.
   */
  resend?: number;
}

/** Builds replies in the order they are sent: the receiver keeps the last list it got for a reply without one. */
export function lintReplies(): (id: number, issues: LintIssue[]) => LintReply {
  let last: string | null = null;
  return (id, issues) => {
    const text = JSON.stringify(issues);
    if (text === last) return { id };
    last = text;
    return { id, issues };
  };
}
