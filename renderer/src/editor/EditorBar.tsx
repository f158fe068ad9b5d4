/** The toolbar pieces the card, lorebook and script editors share, so the three read and behave alike. */
import { memo, type Dispatch, type ReactNode } from 'react';
import type { DocState } from '../../../shared/document/doc-session.ts';
import { useT } from '../i18n/index.ts';
import type { DocAction } from './useDocSession.ts';

/**
 * The document's name, saved with the next revision. Memoised: an editor page renders on every keystroke, and React
 * commits each input it renders again, resetting its name and type attributes (a restyle in the keystroke's frame).
 */
export const NameField = memo(function NameField(props: {
  className: string;
  label: string;
  value: string;
  onChange(name: string): void;
}) {
  return (
    <input
      className={props.className}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
});

/** The stored revision and whether the editor holds unsaved changes. */
export function SaveState({ revision, dirty }: { revision: number; dirty: boolean }) {
  const t = useT();
  return (
    <>
      <span className="muted">{t('editor.revision', { revision })}</span>
      {dirty && <span className="dirty">{t('editor.unsavedBadge')}</span>}
    </>
  );
}

export function UndoRedo({ state, dispatch }: { state: DocState; dispatch: Dispatch<DocAction> }) {
  const t = useT();
  return (
    <>
      <button type="button" onClick={() => dispatch({ type: 'undo' })} disabled={state.undo.length === 0}>
        {t('editor.undo')}
      </button>
      <button type="button" onClick={() => dispatch({ type: 'redo' })} disabled={state.redo.length === 0}>
        {t('editor.redo')}
      </button>
    </>
  );
}

/** A button that opens its side panel, or closes it when it is the one open. */
export function PanelToggle<P extends string>(props: {
  panel: NoInfer<P>;
  open: P;
  onOpen(panel: NoInfer<P>): void;
  children: ReactNode;
}) {
  const selected = props.open === props.panel;
  return (
    <button
      type="button"
      className={selected ? 'selected' : ''}
      onClick={() => props.onOpen(selected ? ('none' as P) : props.panel)}
    >
      {props.children}
    </button>
  );
}

export function SaveButton({ dirty, onSave }: { dirty: boolean; onSave(): Promise<void> }) {
  const t = useT();
  return (
    <button type="button" className="primary" onClick={() => void onSave()} disabled={!dirty}>
      {t('library.save')}
    </button>
  );
}
