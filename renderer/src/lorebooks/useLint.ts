/** Lint findings for a book, computed in a worker a moment after the last edit (lint is not needed per keystroke). */
import { useEffect, useRef, useState } from 'react';
import type { LintIssue, LintOptions } from '../../../shared/lorebook/lint.ts';
import type { LintRequest } from './preview/lint.worker.ts';

const DELAY_MS = 250;

/** `bookText`: the book's last valid JSON text. */
export function useLint(bookText: string | null, options: LintOptions): LintIssue[] {
  const [issues, setIssues] = useState<LintIssue[]>([]);
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const w = new Worker(new URL('./preview/lint.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<{ id: number; issues: LintIssue[] }>) => {
      if (e.data.id === latest.current) setIssues(e.data.issues);
    };
    worker.current = w;
    return () => w.terminate();
  }, []);

  const { settings, maxContext, authorsNote } = options;
  useEffect(() => {
    if (bookText === null) return;
    const timer = setTimeout(() => {
      const request: LintRequest = {
        id: ++latest.current,
        book: bookText,
        options: { settings, maxContext, authorsNote },
      };
      worker.current?.postMessage(request);
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [bookText, settings, maxContext, authorsNote]);

  return issues;
}
