/** Lint findings for a book, computed in a worker a moment after the last edit (lint is not needed per keystroke). */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LintIssue, LintOptions } from '../../../shared/lorebook/lint.ts';
import type { LintRequest } from './preview/lint.worker.ts';
import type { LintReply } from './preview/lint-reply.ts';
import type { BookEdit } from './preview/scan-client.ts';

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
  /**
   * The book the worker holds once it has read the requests sent (`version`), and the entries changed from it to the
   * text `seen` last (null: not known, the whole text goes next).
   */
  const held = useRef<{ version: number; edits: Record<string, string | null> | null; seen: string | null }>({
    version: 0,
    edits: null,
    seen: null,
  });

  const send = useCallback((asked: Asked) => {
    const { version, edits, seen } = held.current;
    const request: LintRequest = {
      id: asked.id,
      version: version + 1,
      book: edits !== null && seen === asked.text ? { base: version, entries: edits } : { text: asked.text },
      options: asked.options,
    };
    held.current = { version: version + 1, edits: {}, seen: asked.text };
    worker.current?.postMessage(request);
  }, []);

  useEffect(() => {
    const w = new Worker(new URL('./preview/lint.worker.ts', import.meta.url), { type: 'module' });
    received.current = [];
    held.current = { version: 0, edits: null, seen: null };
    w.onmessage = (e: MessageEvent<LintReply>) => {
      const of = latest.current;
      if (e.data.resend) {
        held.current.edits = null;
        if (e.data.id === of?.id) send(of);
        return;
      }
      const issues = (received.current = e.data.issues ?? received.current);
      if (e.data.id === of?.id) setShown({ issues, of });
    };
    worker.current = w;
    return () => w.terminate();
  }, [send]);

  // Each new text's entry edit chains onto those since the worker's book, as long as each starts where the last ended.
  useEffect(() => {
    if (!book) return;
    const h = held.current;
    h.edits = h.edits && book.edit?.from === h.seen ? { ...h.edits, ...book.edit.entries } : null;
    h.seen = book.text;
  }, [book]);

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
