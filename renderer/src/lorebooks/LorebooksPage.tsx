/** The lorebooks section: the list of standalone books (search, create, import, open, trash), or one open book. */
import { useRef, useState } from 'react';
import type { LorebookSummary } from '../../../shared/api/methods/lorebooks.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { LorebookEditorPage } from './LorebookEditorPage.tsx';
import './lorebooks.css';
import { Messages } from '../app/Messages.tsx';
import { useMessages } from '../app/useMessages.ts';
import { useLibraryList } from '../app/useLibraryList.ts';

interface Props {
  /** The open book, from the route. */
  id?: number;
  onOpen(id: number | null): void;
  onDirtyChange(dirty: boolean): void;
}

export function LorebooksPage({ id, onOpen, onDirtyChange }: Props) {
  if (id !== undefined)
    return <LorebookEditorPage key={id} id={id} onClose={() => onOpen(null)} onDirtyChange={onDirtyChange} />;
  return <BookList onOpen={onOpen} />;
}

function BookList({ onOpen }: { onOpen(id: number): void }) {
  const api = useApi();
  const t = useT();
  const { notice, setNotice, error, setError, onError } = useMessages();
  const { query, setQuery, trash, setTrash, items: books, total, refresh } = useLibraryList('lorebooks.list', onError);
  const [newName, setNewName] = useState('');
  const filePicker = useRef<HTMLInputElement>(null);

  const create = async () => {
    try {
      const book = await api.invoke('lorebooks.create', { name: newName.trim() || t('lb.newName') });
      onOpen(book.id);
    } catch (e) {
      onError(e);
    }
  };

  const importFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    try {
      const results = await api.invoke('lorebooks.import', {
        files: await Promise.all([...files].map(async (f) => ({ name: f.name, text: await f.text() }))),
      });
      const ok = results.filter((r) => r.status === 'imported');
      const lost = ok.reduce(
        (n, r) =>
          n + (r.report?.items.filter((i) => i.fate === 'dropped').reduce((c, i) => c + (i.count ?? 1), 0) ?? 0),
        0,
      );
      const failed = results.filter((r) => r.status === 'failed');
      const dropped = [
        ...new Set(
          ok.flatMap((r) => r.report?.items.filter((i) => i.fate === 'dropped').map((i) => i.from ?? '') ?? []),
        ),
      ];
      const names = t.list(ok.map((r) => r.file));
      const formats = t.list([...new Set(ok.flatMap((r) => (r.format ? [t(`lb.format.${r.format}`)] : [])))]);
      setNotice(
        ok.length
          ? t('lb.imported', { n: ok.length, formats, lost }) +
              ` ${t('lb.importedFiles', { names })}` +
              (dropped.length ? ` ${t('lb.importLost', { fields: t.list(dropped) })}` : '')
          : null,
      );
      setError(failed.length > 0 ? failed.map((r) => `${r.file}: ${r.message ?? ''}`).join('\n') : null);
      refresh();
    } catch (e) {
      onError(e);
    }
  };

  const setDeleted = (book: LorebookSummary, deleted: boolean) => {
    api.invoke(deleted ? 'lorebooks.delete' : 'lorebooks.restore', { id: book.id }).then(refresh, onError);
  };

  /** Deletes trashed books for good (the whole trash without an id) once the author confirms how many. */
  const purge = (count: number, id?: number) => {
    if (!window.confirm(t('lb.confirmPurge', { n: count }))) return;
    api.invoke('lorebooks.purge', id === undefined ? {} : { ids: [id] }).then((r) => {
      setNotice(t('lb.purged', { n: r.purged }));
      refresh();
    }, onError);
  };

  return (
    <section className="lb-list-page">
      <div className="toolbar">
        <input
          type="search"
          aria-label={t('lb.search')}
          placeholder={t('lb.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <input
          aria-label={t('lb.newName')}
          placeholder={t('lb.newName')}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
        />
        <button type="button" onClick={() => void create()}>
          {t('lb.create')}
        </button>
        {/* A real button (a label around a hidden input is not reachable with Tab). */}
        <button type="button" onClick={() => filePicker.current?.click()}>
          {t('lb.import')}
        </button>
        <input
          ref={filePicker}
          type="file"
          accept=".json,.lorebook"
          multiple
          hidden
          onChange={(e) => void importFiles(e.target.files)}
        />
        {trash && total > 0 && (
          <button type="button" className="danger" onClick={() => purge(total)}>
            {t('library.emptyTrash')}
          </button>
        )}
        <button type="button" onClick={() => setTrash(!trash)}>
          {trash ? t('library.hideTrash') : t('library.showTrash')}
        </button>
        <span className="muted">{t('lb.bookCount', { n: total })}</span>
      </div>
      <Messages notice={notice} error={error} onDismiss={() => setError(null)} />
      {books.length === 0 ? (
        <p className="muted">{trash ? t('lb.trashEmpty') : t('lb.empty')}</p>
      ) : (
        <ul className="lb-books">
          {books.map((b) => (
            <li key={b.id}>
              {trash ? <span>{b.name}</span> : <a href={`#/lorebook/${b.id}`}>{b.name}</a>}
              <span className="muted">
                {t('lb.bookLine', { entries: b.entryCount, revision: b.revision, date: t.date(b.updatedAt) })}
              </span>
              <button type="button" onClick={() => setDeleted(b, !trash)}>
                {trash ? t('library.restore') : t('library.delete')}
              </button>
              {trash && (
                <button type="button" className="danger" onClick={() => purge(1, b.id)}>
                  {t('library.purge')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
