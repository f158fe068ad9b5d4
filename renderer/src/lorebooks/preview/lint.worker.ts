/** Lints the book off the main thread (a 10,000-entry book takes a few hundred milliseconds). */
import { lintBook } from '../../../../shared/lorebook/lint.ts';
import type { LintIssue, LintOptions } from '../../../../shared/lorebook/lint.ts';
import type { WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import { lintReplies, type LintReply } from './lint-reply.ts';

// The renderer is typed against the DOM; this is the part of the worker scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LintRequest>) => void) | null;
  postMessage(message: LintReply): void;
};

export interface LintRequest {
  id: number;
  /** The book's JSON text (cheap to send; parsed here). */
  book: string;
  options: LintOptions;
}

const reply = lintReplies();

scope.onmessage = (event: MessageEvent<LintRequest>) => {
  const { id, book, options } = event.data;
  let issues: LintIssue[] = [];
  try {
    const doc = JSON.parse(book) as WorldInfoBook;
    if (typeof doc.entries === 'object' && doc.entries !== null && !Array.isArray(doc.entries))
      issues = lintBook(doc, options);
  } catch {
    // A book the engine cannot read yet (mid-edit) has nothing to lint.
  }
  scope.postMessage(reply(id, issues));
};
