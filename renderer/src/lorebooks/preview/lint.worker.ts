/**
 * Lints the book off the main thread (a 10,000-entry book takes a few hundred milliseconds). The book is kept between
 * requests: after an entry edit a request carries only the changed entries, as the preview's scan requests do, since
 * sending a large book's whole text was itself a long task for the page.
 */
import { lintBook } from '../../../../shared/lorebook/lint.ts';
import type { LintIssue, LintOptions } from '../../../../shared/lorebook/lint.ts';
import type { WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import { patchEntries } from './book-edit.ts';
import { lintReplies, type LintReply } from './lint-reply.ts';
import { readBook } from './read-book.ts';

// The renderer is typed against the DOM; this is the part of the worker scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<LintRequest>) => void) | null;
  postMessage(message: LintReply): void;
};

export interface LintRequest {
  id: number;
  /** The book this request makes `version`: its JSON text, or the entries changed since `base` (null: removed). */
  book: { text: string } | { base: number; entries: Record<string, string | null> };
  version: number;
  options: LintOptions;
}

let held: { version: number; book: WorldInfoBook } | null = null;
const reply = lintReplies();

scope.onmessage = (event: MessageEvent<LintRequest>) => {
  const { id, book, version, options } = event.data;
  if ('base' in book && held?.version !== book.base) {
    // Not the book this worker holds (it could not read the last text): the page sends the whole text again.
    scope.postMessage({ id, resend: true });
    return;
  }
  const before = held;
  held = null;
  let issues: LintIssue[] = [];
  try {
    const doc =
      'text' in book
        ? readBook(book.text)
        : { ...before!.book, entries: patchEntries(before!.book.entries, book.entries) };
    held = { version, book: doc };
    issues = lintBook(doc, options);
  } catch {
    // A book the engine cannot read yet (mid-edit) has nothing to lint.
  }
  scope.postMessage(reply(id, issues));
};
