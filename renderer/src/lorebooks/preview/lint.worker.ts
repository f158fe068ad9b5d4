/**
 * Lints the book off the main thread (a 10,000-entry book takes a few hundred milliseconds). The book is kept between
 * requests (book-sync.ts): after an entry edit a request carries only the changed entries, as the preview's scan
 * requests do, since sending a large book's whole text was itself a long task for the page. The findings of the last
 * book and options are kept too, so a request that changes only what the page shows (lint-reply.ts) lints nothing.
 */
import { lintBook } from '../../../../shared/lorebook/lint.ts';
import type { LintIssue, LintOptions } from '../../../../shared/lorebook/lint.ts';
import type { WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import { patchEntries } from './book-edit.ts';
import { BookHolder, type BookMessage } from './book-sync.ts';
import { lintReplies, type LintReply, type LintView } from './lint-reply.ts';
import { readBook } from './read-book.ts';

// The renderer is typed against the DOM; this is the part of the worker scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LintRequest>) => void) | null;
  postMessage(message: LintReply): void;
};

export interface LintRequest {
  id: number;
  /** Sent only when the worker lacks the book's version `version` (book-sync.ts). */
  book?: BookMessage;
  version: number;
  options: LintOptions;
  view: LintView;
}

const held = new BookHolder<WorldInfoBook>(
  (text) => readBook(text),
  (before, changes) => ({ ...before, entries: patchEntries(before.entries, changes) }),
);
const reply = lintReplies();
/** The findings of book `version` under `options` (as JSON). */
let linted: { version: number; options: string; issues: LintIssue[] } | null = null;

scope.onmessage = (event: MessageEvent<LintRequest>) => {
  const { id, book, version, options, view } = event.data;
  let issues: LintIssue[] = [];
  try {
    // A patch of a book this worker does not hold, or none for one it lacks (it could not read the last text): the
    // page sends the whole text again.
    const doc = book && !held.receive(book) ? null : held.at(version);
    if (!doc) {
      scope.postMessage({ id, resend: version });
      return;
    }
    const key = JSON.stringify(options);
    if (linted?.version !== version || linted.options !== key)
      linted = { version, options: key, issues: lintBook(doc.book, options) };
    issues = linted.issues;
  } catch {
    // A book the engine cannot read yet (mid-edit) has nothing to lint.
  }
  scope.postMessage(reply(id, issues, view));
};
