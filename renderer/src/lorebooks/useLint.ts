/** Lint findings for a book, computed in a worker a moment after the last edit (lint is not needed per keystroke). */
import { useEffect, useRef, useState } from 'react';
import type { LintIssue, LintOptions } from '../../../shared/lorebook/lint.ts';
import type { LintRequest } from './preview/lint.worker.ts';
import type { LintReply } from './preview/lint-reply.ts';

const DELAY_MS = 250;

/**
 * `bookText`: the book's last valid JSON text. `pending` while the findings shown are not yet those of these inputs
 * (the tab says so with aria-busy).
 */
export function useLint(bookText: string | null, options: LintOptions): { issues: LintIssue[]; pending: boolean } {
  const [shown, setShown] = useState<{ issues: LintIssue[]; of: LintRequest | null }>({ issues: [], of: null });
  const worker = useRef<Worker | null>(null);
  const latest = useRef<LintRequest | null>(null);
  /** The worker's last list, which a reply that leaves its list out repeats (also replies to older requests). */
  const received = useRef<LintIssue[]>([]);

  useEffect(() => {
    const w = new Worker(new URL('./preview/lint.worker.ts', import.meta.url), { type: 'module' });
    received.current = [];
    w.onmessage = (e: MessageEvent<LintReply>) => {
      const issues = (received.current = e.data.issues ?? received.current);
      const of = latest.current;
      if (e.data.id === of?.id) setShown({ issues, of });
    };
    worker.current = w;
    return () => w.terminate();
  }, []);

  const { settings, maxContext, authorsNote } = options;
  useEffect(() => {
    if (bookText === null) return;
    const timer = setTimeout(() => {
      const request: LintRequest = {
        id: (latest.current?.id ?? 0) + 1,
        book: bookText,
        options: { settings, maxContext, authorsNote },
      };
      latest.current = request;
      worker.current?.postMessage(request);
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [bookText, settings, maxContext, authorsNote]);

  const of = shown.of;
  const current =
    of !== null &&
    of.book === bookText &&
    of.options.settings === settings &&
    of.options.maxContext === maxContext &&
    of.options.authorsNote === authorsNote;
  return { issues: shown.issues, pending: bookText !== null && !current };
}
