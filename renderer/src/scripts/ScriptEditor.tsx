/**
 * One script open: Monaco with live diagnostics, save as a new revision (Ctrl+S), rename, history and restore, move
 * to the trash, convert to a library card, and the Run panel.
 */
import { useState } from 'react';
import type { LossItem } from '../../../shared/card/index.ts';
import { useApi } from '../app/ApiContext.ts';
import { useDarkMode } from '../app/useDarkMode.ts';
import { useT } from '../i18n/index.ts';
import { LossReport } from './LossReport.tsx';
import { MonacoPpe } from './MonacoPpe.tsx';
import { ProblemList } from './ProblemList.tsx';
import { RunPanel } from './RunPanel.tsx';
import { HistoryPanel } from '../editor/HistoryPanel.tsx';
import { NameField, PanelToggle, SaveButton, SaveState } from '../editor/EditorBar.tsx';
import { useRevisionedDoc } from '../editor/useRevisionedDoc.ts';
import { useEditorShortcuts } from '../editor/useEditorShortcuts.ts';
import { useDiagnostics } from './useDiagnostics.ts';
import { Messages } from '../app/Messages.tsx';

interface Props {
  id: number;
  /** Changes whenever the library's scripts change, so references are checked again. */
  libraryVersion: number;
  onSaved(): void;
  onDeleted(): void;
  onDirtyChange(dirty: boolean): void;
}

export function ScriptEditor({ id, libraryVersion, onSaved, onDeleted, onDirtyChange }: Props) {
  const api = useApi();
  const t = useT();
  const dark = useDarkMode();
  const [text, setText] = useState('');
  /** Bumped when the text is replaced from outside the editor (load, restore), so Monaco starts a fresh model. */
  const [generation, setGeneration] = useState(0);
  const doc = useRevisionedDoc(
    'scripts',
    id,
    {
      text,
      changed: (r) => text !== r.document,
      open: (stored) => {
        setText(stored);
        setGeneration((g) => g + 1);
      },
    },
    { renamable: true, onDirtyChange, onStored: onSaved },
  );
  const { record, dirty, onError } = doc;
  const [panel, setPanel] = useState<'run' | 'history' | 'none'>('run');
  const [converted, setConverted] = useState<{ cardId: number; losses: LossItem[] } | null>(null);
  const diagnostics = useDiagnostics(text, libraryVersion, onError);
  useEditorShortcuts(doc.save);

  const remove = async (): Promise<void> => {
    try {
      await api.invoke('scripts.delete', { id });
      onDirtyChange(false);
      onDeleted();
    } catch (e) {
      onError(e);
    }
  };

  const toCard = async (): Promise<void> => {
    if (dirty && !window.confirm(t('scripts.toCardUnsaved'))) return;
    try {
      const r = await api.invoke('scripts.toCard', { id });
      setConverted({ cardId: r.card.id, losses: r.losses });
    } catch (e) {
      onError(e);
    }
  };

  if (!record) return <p className="muted">{doc.error ?? t('editor.loading')}</p>;
  return (
    <section className="editor script-editor">
      <header className="toolbar editor-bar">
        <NameField className="script-name" label={t('scripts.name')} value={doc.name} onChange={doc.setName} />
        <SaveState revision={record.revision} dirty={dirty} />
        <PanelToggle panel="run" open={panel} onOpen={setPanel}>
          {t('scripts.run.title')}
        </PanelToggle>
        <PanelToggle panel="history" open={panel} onOpen={setPanel}>
          {t('history.title')}
        </PanelToggle>
        <button type="button" onClick={() => void toCard()}>
          {t('scripts.toCard')}
        </button>
        <button type="button" onClick={() => void remove()}>
          {t('library.delete')}
        </button>
        <SaveButton dirty={dirty} onSave={doc.save} />
      </header>
      <Messages notice={doc.notice} error={doc.error} onDismiss={doc.dismissError} />
      {converted && (
        <div className="notice" role="status">
          {t('scripts.toCardDone')} <a href={`#/card/${converted.cardId}`}>{t('scripts.openCard')}</a>
          <LossReport losses={converted.losses} />
          <button onClick={() => setConverted(null)}>{t('error.dismiss')}</button>
        </div>
      )}
      <div className={panel === 'none' ? 'script-panes' : 'script-panes with-panel'}>
        <div className="script-code">
          <MonacoPpe
            uri={`inmemory://script/${id}/${generation}.ai.yaml`}
            initialText={record.document}
            diagnostics={diagnostics}
            dark={dark}
            onChange={setText}
          />
          <ProblemList diagnostics={diagnostics} />
        </div>
        {panel === 'run' && <RunPanel script={text} name={record.name} />}
        {panel === 'history' && <HistoryPanel kind="scripts" doc={doc} record={record} current={text} />}
      </div>
    </section>
  );
}
