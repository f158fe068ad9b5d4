/**
 * Ctrl/Cmd+S saves, even while Monaco has the focus; with a document session, Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Y)
 * undo and redo across the form and the JSON view (without one, the editor keeps its own undo).
 */
import { useEffect } from 'react';
import type { DocAction } from './useDocSession.ts';

export function useEditorShortcuts(save: () => Promise<void>, dispatch?: (action: DocAction) => void): void {
  useEffect(() => {
    // Capture phase: one undo history for both views, ahead of the inputs' and Monaco's own.
    const listener = (e: KeyboardEvent): void => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 's') void save();
      else if (dispatch && key === 'z' && !e.shiftKey) dispatch({ type: 'undo' });
      else if (dispatch && ((key === 'z' && e.shiftKey) || key === 'y')) dispatch({ type: 'redo' });
      else return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [save, dispatch]);
}
