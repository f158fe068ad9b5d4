/**
 * The Scripts section: the library's PPE scripts on the left (search, new, import `.ai.yaml`, export a card as a
 * character script, trash), the open script on the right. The open script survives a reload (session storage).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LossItem } from '../../../shared/card/index.ts';
import { useApi } from '../app/ApiContext.ts';
import { useLibraryList } from '../app/useLibraryList.ts';
import { useMessages } from '../app/useMessages.ts';
import { useT } from '../i18n/index.ts';
import { CardPicker } from './CardPicker.tsx';
import { LossReport } from './LossReport.tsx';
import { ScriptEditor } from './ScriptEditor.tsx';
import './scripts.css';

const OPEN_KEY = 'lorewright.scripts.open';

/** The name a script file is called by: its file name without `.ai.yaml` (or `.yaml`/`.yml`). */
const scriptNameOf = (file: string): string => file.replace(/(\.ai)?\.ya?ml$/i, '') || file;

export function ScriptsPage({ onDirtyChange }: { onDirtyChange(dirty: boolean): void }) {
  const api = useApi();
  const t = useT();
  const [open, setOpen] = useState<number | null>(() => Number(sessionStorage.getItem(OPEN_KEY)) || null);
  const [newName, setNewName] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [exported, setExported] = useState<LossItem[] | null>(null);
  const { error, setError, onError } = useMessages();
  const { query, setQuery, trash, setTrash, items, refresh: reload } = useLibraryList('scripts.list', onError);
  const dirty = useRef(false);
  const filePicker = useRef<HTMLInputElement>(null);
  useEffect(() => sessionStorage.setItem(OPEN_KEY, open === null ? '' : String(open)), [open]);

  // Bumped on every change to the library's scripts, so the open script's references are checked again.
  const [libraryVersion, setLibraryVersion] = useState(0);
  const refresh = useCallback(() => {
    reload();
    setLibraryVersion((v) => v + 1);
  }, [reload]);

  const setDirty = useCallback(
    (d: boolean) => {
      dirty.current = d;
      onDirtyChange(d);
    },
    [onDirtyChange],
  );
  const openScript = (id: number): void => {
    if (id === open || (dirty.current && !window.confirm(t('editor.unsavedLeave')))) return;
    setDirty(false);
    setOpen(id);
  };

  const act = async <T,>(work: Promise<T>, then: (value: T) => void): Promise<void> => {
    try {
      then(await work);
      refresh();
    } catch (e) {
      onError(e);
    }
  };

  const create = (): void => {
    const name = newName?.trim();
    if (!name) return;
    void act(api.invoke('scripts.create', { name }), (s) => {
      setNewName(null);
      openScript(s.id);
    });
  };

  const importFiles = async (files: FileList): Promise<void> => {
    for (const file of Array.from(files)) {
      const document = await file.text();
      await act(api.invoke('scripts.create', { name: scriptNameOf(file.name), document, sourceName: file.name }), (s) =>
        openScript(s.id),
      );
    }
  };

  /** Deletes trashed scripts for good (the whole trash without an id) once the author confirms how many. */
  const purge = (count: number, id?: number): void => {
    if (!window.confirm(t('scripts.confirmPurge', { n: count }))) return;
    void act(api.invoke('scripts.purge', id === undefined ? {} : { ids: [id] }), () => undefined);
  };

  const exportCard = (cardId: number): void => {
    setPicking(false);
    void act(api.invoke('scripts.fromCard', { cardId }), (r) => {
      setExported(r.losses);
      openScript(r.script.id);
    });
  };

  return (
    <div className="scripts-page">
      <aside className="side-panel script-list">
        <div className="toolbar">
          <input
            type="search"
            className="search"
            placeholder={t('scripts.search')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div className="toolbar">
          {!trash && (
            <>
              <button type="button" className="primary" onClick={() => setNewName('')}>
                {t('scripts.new')}
              </button>
              <button type="button" onClick={() => filePicker.current?.click()}>
                {t('scripts.import')}
              </button>
              <button type="button" onClick={() => setPicking(true)}>
                {t('scripts.fromCard')}
              </button>
            </>
          )}
          {trash && items.length > 0 && (
            <button type="button" className="danger" onClick={() => purge(items.length)}>
              {t('library.emptyTrash')}
            </button>
          )}
          <button type="button" onClick={() => setTrash(!trash)}>
            {trash ? t('library.hideTrash') : t('library.showTrash')}
          </button>
          <input
            ref={filePicker}
            type="file"
            accept=".yaml,.yml"
            multiple
            hidden
            data-testid="script-import"
            onChange={(e) => {
              if (e.target.files) void importFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
        {newName !== null && (
          <form
            className="toolbar"
            onSubmit={(e) => {
              e.preventDefault();
              create();
            }}
          >
            <input
              autoFocus
              aria-label={t('scripts.newName')}
              placeholder={t('scripts.newName')}
              value={newName}
              onChange={(e) => setNewName(e.target.value)}
            />
            <button type="submit" className="primary" disabled={!newName.trim()}>
              {t('library.create')}
            </button>
            <button type="button" onClick={() => setNewName(null)}>
              {t('library.cancel')}
            </button>
          </form>
        )}
        {error && (
          <div className="error" role="alert">
            <pre>{error}</pre>
            <button onClick={() => setError(null)}>{t('error.dismiss')}</button>
          </div>
        )}
        {exported && (
          <div className="notice" role="status">
            {t('scripts.fromCardDone')}
            <LossReport losses={exported} />
            <button onClick={() => setExported(null)}>{t('error.dismiss')}</button>
          </div>
        )}
        {items.length === 0 ? (
          <p className="muted empty">{trash ? t('scripts.trashEmpty') : t('scripts.empty')}</p>
        ) : (
          <ul aria-label={t('nav.scripts')}>
            {items.map((s) => (
              <li key={s.id} className={s.id === open ? 'active' : ''}>
                {trash ? (
                  <>
                    <span>{s.name}</span>
                    <button
                      type="button"
                      onClick={() => void act(api.invoke('scripts.restore', { id: s.id }), () => undefined)}
                    >
                      {t('library.restore')}
                    </button>
                    <button type="button" className="danger" onClick={() => purge(1, s.id)}>
                      {t('library.purge')}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="script-item"
                    aria-current={s.id === open ? 'true' : undefined}
                    onClick={() => openScript(s.id)}
                  >
                    {s.name}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </aside>
      <div className="script-main">
        {open !== null ? (
          <ScriptEditor
            key={open}
            id={open}
            libraryVersion={libraryVersion}
            onSaved={refresh}
            onDeleted={() => {
              setOpen(null);
              refresh();
            }}
            onDirtyChange={setDirty}
          />
        ) : (
          <p className="muted empty">{t('scripts.pick')}</p>
        )}
      </div>
      {picking && <CardPicker onPick={exportCard} onClose={() => setPicking(false)} onError={onError} />}
    </div>
  );
}
