/** The library's keyboard shortcut (Ctrl/⌘+F: search) and the command palette's import and search commands. */
import { useEffect } from 'react';
import type { RefObject } from 'react';
import { onCommand } from '../app/commands.ts';

export function useLibraryShortcuts(
  searchBox: RefObject<HTMLInputElement | null>,
  filePicker: RefObject<HTMLInputElement | null>,
): void {
  useEffect(
    () =>
      onCommand((command) => {
        if (command === 'import') filePicker.current?.click();
        if (command === 'focus-search') searchBox.current?.focus();
      }),
    [searchBox, filePicker],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        searchBox.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchBox]);
}
