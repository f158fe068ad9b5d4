/**
 * One script open: Monaco with live diagnostics, save as a new revision (Ctrl+S), rename, history and restore, move
 * to the trash, convert to a library card, and the Run panel.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LossItem } from '../../../shared/card/index.ts';
import type { ScriptRecord } from '../../../shared/api/methods/scripts.ts';
import { useApi } from '../app/ApiContext.ts';
import { useDarkMode } from '../app/useDarkMode.ts';
import { useT } from '../i18n/index.ts';
import { LossReport } from './LossReport.tsx';
import { MonacoPpe } from './MonacoPpe.tsx';
import { ProblemList } from './ProblemList.tsx';
import { RunPanel } from './RunPanel.tsx';
import { ScriptHistory } from './ScriptHistory.tsx';
import { useDiagnostics } from './useDiagnostics.ts';
import { Messages } from '../app/Messages.tsx';
import { errorMessage } from '../../../shared/errors.ts';

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
  const [record, setRecord] = useState<ScriptRecord | null>(null);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [panel, setPanel] = useState<'run' | 'history' | 'none'>('run');
  /** Bumped when the text is replaced from outside the editor (a restore), so Monaco starts a fresh model. */
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [converted, setConverted] = useState<{ cardId: number; losses: LossItem[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((e: unknown) => setError(errorMessage(e)), []);

  useEffect(() => {
    api.invoke('scripts.get', { id }).then((r) => {
      setRecord(r);
      setText(r.document);
      setName(r.name);
    }, onError);
  }, [api, id, onError]);

  const diagnostics = useDiagnostics(text, libraryVersion, onError);
  const dirty = record !== null && (text !== record.document || name !== record.name);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useCallback(async (): Promise<void> => {
    if (!record || !dirty) return;
    try {
      const saved = await api.invoke('scripts.update', {
        id,
        document: text,
        name: name.trim() || record.name,
        baseRevision: record.revision,
      });
      setRecord(saved);
      setName(saved.name);
      setNotice(t('scripts.saved', { revision: saved.revision }));
      onSaved();
    } catch (e) {
      onError(e);
    }
  }, [api, id, record, dirty, text, name, t, onSaved, onError]);

  useEffect(() => {
    // Capture phase, so Ctrl+S saves even while Monaco has the focus.
    const onKey = (e: KeyboardEvent): void => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        e.stopPropagation();
        void save();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [save]);

  const restore = async (document: string, revision: number): Promise<void> => {
    if (!record || (dirty && !window.confirm(t('editor.discardForRestore')))) return;
    try {
      const saved = await api.invoke('scripts.update', { id, document, baseRevision: record.revision });
      setRecord(saved);
      setText(saved.document);
      setName(saved.name);
      setGeneration((g) => g + 1);
      setNotice(t('history.restored', { revision, now: saved.revision }));
      onSaved();
    } catch (e) {
      onError(e);
    }
  };

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

  if (!record) return <p className="muted">{error ?? t('editor.loading')}</p>;
  return (
    <section className="editor script-editor">
      <header className="toolbar editor-bar">
        <input
          className="script-name"
          aria-label={t('scripts.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <span className="muted">{t('editor.revision', { revision: record.revision })}</span>
        {dirty && <span className="dirty">{t('editor.unsavedBadge')}</span>}
        <button
          type="button"
          className={panel === 'run' ? 'selected' : ''}
          onClick={() => setPanel(panel === 'run' ? 'none' : 'run')}
        >
          {t('scripts.run.title')}
        </button>
        <button
          type="button"
          className={panel === 'history' ? 'selected' : ''}
          onClick={() => setPanel(panel === 'history' ? 'none' : 'history')}
        >
          {t('history.title')}
        </button>
        <button type="button" onClick={() => void toCard()}>
          {t('scripts.toCard')}
        </button>
        <button type="button" onClick={() => void remove()}>
          {t('library.delete')}
        </button>
        <button type="button" className="primary" onClick={() => void save()} disabled={!dirty}>
          {t('library.save')}
        </button>
      </header>
      <Messages notice={notice} error={error} onDismiss={() => setError(null)} />
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
        {panel === 'history' && (
          <ScriptHistory
            scriptId={id}
            currentRevision={record.revision}
            onRestore={(d, r) => void restore(d, r)}
            onError={onError}
          />
        )}
      </div>
    </section>
  );
}
