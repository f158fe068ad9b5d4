/** Lint findings for a book, computed in a worker a moment after the last edit (lint is not needed per keystroke). */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LintIssue, LintOptions } from '../../../shared/lorebook/lint.ts';
import type { LintRequest } from './preview/lint.worker.ts';
import type { LintReply } from './preview/lint-reply.ts';
import type { BookEdit } from './preview/scan-client.ts';
import { BookSync } from './preview/book-sync.ts';

const DELAY_MS = 250;

/** The inputs of a request. */
interface Asked {
  id: number;
  text: string;
  options: LintOptions;
}

/**
 * `book`: the book's last valid JSON text, and the entries its last edit changed when the page knows them (the
 * worker is then sent only the entries changed since the book it holds). `pending` while the findings shown are not
 * yet those of these inputs (the tab says so with aria-busy).
 */
export function useLint(
  book: { text: string; edit: BookEdit | null } | null,
  options: LintOptions,
): { issues: LintIssue[]; pending: boolean } {
  const bookText = book?.text ?? null;
  const [shown, setShown] = useState<{ issues: LintIssue[]; of: Asked | null }>({ issues: [], of: null });
  const worker = useRef<Worker | null>(null);
  const latest = useRef<Asked | null>(null);
  /** The worker's last list, which a reply that leaves its list out repeats (also replies to older requests). */
  const received = useRef<LintIssue[]>([]);
  /** The latest book text, and what the worker holds of it. */
  const [sync] = useState(() => new BookSync());

  // Sends the sync's book: `asked.text`, as each text's update runs before its request's timer is set (a resend after
  // a newer text sends that one, whose own request follows).
  const send = useCallback(
    (asked: Asked) => {
      const book = sync.next();
      const request: LintRequest = { id: asked.id, version: sync.version, options: asked.options };
      if (book) request.book = book;
      worker.current?.postMessage(request);
    },
    [sync],
  );

  useEffect(() => {
    const w = new Worker(new URL('./preview/lint.worker.ts', import.meta.url), { type: 'module' });
    received.current = [];
    sync.reset();
    w.onmessage = (e: MessageEvent<LintReply>) => {
      const of = latest.current;
      if (e.data.resend !== undefined) {
        sync.rejected(e.data.resend);
        if (e.data.id === of?.id) send(of);
        return;
      }
      const issues = (received.current = e.data.issues ?? received.current);
      if (e.data.id === of?.id) setShown({ issues, of });
    };
    worker.current = w;
    return () => w.terminate();
  }, [send, sync]);

  // Each new text's entry edit chains onto those since the worker's book, as long as each starts where the last ended.
  useEffect(() => {
    if (book) sync.update('', book.text, book.edit);
  }, [book, sync]);

  const { settings, maxContext, authorsNote } = options;
  useEffect(() => {
    if (bookText === null) return;
    const timer = setTimeout(() => {
      const asked = {
        id: (latest.current?.id ?? 0) + 1,
        text: bookText,
        options: { settings, maxContext, authorsNote },
      };
      latest.current = asked;
      send(asked);
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [bookText, settings, maxContext, authorsNote, send]);

  const of = shown.of;
  const current =
    of !== null &&
    of.text === bookText &&
    of.options.settings === settings &&
    of.options.maxContext === maxContext &&
    of.options.authorsNote === authorsNote;
  return { issues: shown.issues, pending: bookText !== null && !current };
}
