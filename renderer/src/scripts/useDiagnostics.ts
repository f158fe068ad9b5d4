/**
 * Live diagnostics for the text being edited, from the host's `scripts.check` (which also knows the library's
 * scripts for reference checks). Not checked in the renderer: the front-matter schema check compiles with ajv,
 * which needs `new Function`, and the renderer's CSP rightly forbids eval.
 */
import { useEffect, useState } from 'react';
import type { Diagnostic } from '../../../shared/ppe/types.ts';
import { useApi } from '../app/ApiContext.ts';

const DEBOUNCE_MS = 150;

/** `libraryVersion` changes when scripts are added, renamed or removed, so references are checked again. */
export function useDiagnostics(text: string, libraryVersion: number, onError: (e: unknown) => void): Diagnostic[] {
  const api = useApi();
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api.invoke('scripts.check', { document: text }).then((d) => current && setDiagnostics(d), onError);
    }, DEBOUNCE_MS);
    // A slower answer for an older text must not overwrite a newer one.
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, text, libraryVersion, onError]);
  return diagnostics;
}
