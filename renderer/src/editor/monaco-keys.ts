/**
 * No keyboard trap in a code editor: Tab indents, but Esc then Tab (or Shift+Tab) moves the focus on, as the hint
 * under each editor says. Monaco's own Ctrl+M toggle keeps working.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';

export function escapeThenTabLeaves(
  editor: Monaco.editor.IStandaloneCodeEditor,
  keys: Pick<typeof Monaco.KeyCode, 'Escape' | 'Tab' | 'Shift'>,
): void {
  const tabMovesFocus = (on: boolean) => editor.updateOptions({ tabFocusMode: on });
  editor.onKeyDown((e) => {
    if (e.keyCode === keys.Escape) tabMovesFocus(true);
    else if (e.keyCode !== keys.Tab && e.keyCode !== keys.Shift) tabMovesFocus(false);
  });
  editor.onDidBlurEditorText(() => tabMovesFocus(false));
}
