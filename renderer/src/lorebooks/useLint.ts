/** Lint findings for a book, computed in a worker a moment after the last edit (lint is not needed per keystroke). */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LintIssue, LintOptions } from '../../../shared/lorebook/lint.ts';
import type { LintRequest } from './preview/lint.worker.ts';
import { NOTHING_RECEIVED, receive, showReceived } from './preview/lint-reply.ts';
import type { LintReceived, LintReply, LintShown, LintView } from './preview/lint-reply.ts';
import type { BookEdit } from './preview/book-edit.ts';
import { BookSync } from './preview/book-sync.ts';

const DELAY_MS = 250;

/** The inputs of a request. */
interface Asked {
  id: number;
  text: string;
  options: LintOptions;
  view: LintView;
}

export interface Lint {
  /** Findings per entry id (entries without any left out). */
  counts: ReadonlyMap<string, number>;
  /** All findings. */
  total: number;
  /** The lint tab's page of findings (`view.page` of them, from the first). */
  issues: LintIssue[];
  /** The open entry's findings. */
  entryIssues: LintIssue[];
  /** The findings shown are not yet those of these inputs (the tab says so with aria-busy). */
  pending: boolean;
}

const NOTHING_SHOWN: LintShown = { countsOf: {}, counts: new Map(), total: 0, issues: [], entryIssues: [] };

/**
 * `book`: the book's last valid JSON text, and the entries its last edit changed when the page knows them (the
 * worker is then sent only the entries changed since the book it holds). `view`: which findings the page shows; the
 * worker sends only those, and the count per entry (lint-reply.ts). A change of view alone is asked for at once.
 */
export function useLint(
  book: { text: string; edit: BookEdit | null } | null,
  options: LintOptions,
  view: LintView,
): Lint {
  const bookText = book?.text ?? null;
  const [shown, setShown] = useState(NOTHING_SHOWN);
  const [shownOf, setShownOf] = useState<Asked | null>(null);
  const worker = useRef<Worker | null>(null);
  const latest = useRef<Asked | null>(null);
  /** The worker's last counts and findings, which a reply that leaves them out repeats (also replies to older requests). */
  const received = useRef<LintReceived>(NOTHING_RECEIVED);
  /** The latest book text, and what the worker holds of it. */
  const [sync] = useState(() => new BookSync());

  // Sends the sync's book: `asked.text`, as each text's update runs before its request's timer is set (a resend after
  // a newer text sends that one, whose own request follows).
  const send = useCallback(
    (asked: Asked) => {
      const book = sync.next();
      const { id, options, view } = asked;
      const request: LintRequest = { id, version: sync.version, options, view };
      if (book) request.book = book;
      worker.current?.postMessage(request);
    },
    [sync],
  );

  useEffect(() => {
    const w = new Worker(new URL('./preview/lint.worker.ts', import.meta.url), { type: 'module' });
    received.current = NOTHING_RECEIVED;
    sync.reset();
    w.onmessage = (e: MessageEvent<LintReply>) => {
      const of = latest.current;
      if (e.data.resend !== undefined) {
        sync.rejected(e.data.resend);
        if (e.data.id === of?.id) send(of);
        return;
      }
      const got = receive(received.current, e.data);
      received.current = got;
      if (e.data.id !== of?.id) return;
      setShownOf(of);
      setShown((now) => showReceived(now, got));
    };
    worker.current = w;
    return () => w.terminate();
  }, [send, sync]);

  // Each new text's entry edit chains onto those since the worker's book, as long as each starts where the last ended.
  useEffect(() => {
    if (book) sync.update('', book.text, book.edit);
  }, [book, sync]);

  const { settings, maxContext, authorsNote } = options;
  const { entry, page } = view;
  useEffect(() => {
    if (bookText === null) return;
    const before = latest.current;
    const sameInputs =
      before !== null &&
      before.text === bookText &&
      before.options.settings === settings &&
      before.options.maxContext === maxContext &&
      before.options.authorsNote === authorsNote;
    const timer = setTimeout(
      () => {
        const asked = {
          id: (latest.current?.id ?? 0) + 1,
          text: bookText,
          options: { settings, maxContext, authorsNote },
          view: { entry, page },
        };
        latest.current = asked;
        send(asked);
      },
      sameInputs ? 0 : DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [bookText, settings, maxContext, authorsNote, entry, page, send]);

  const current =
    shownOf !== null &&
    shownOf.text === bookText &&
    shownOf.options.settings === settings &&
    shownOf.options.maxContext === maxContext &&
    shownOf.options.authorsNote === authorsNote &&
    shownOf.view.entry === entry &&
    shownOf.view.page === page;
  const { counts, total, issues, entryIssues } = shown;
  return { counts, total, issues, entryIssues, pending: bookText !== null && !current };
}
