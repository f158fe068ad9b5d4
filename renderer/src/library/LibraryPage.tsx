/** The library: virtualized list or grid, search, tag filter, sort, bulk actions, create, import with progress. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { onCommand } from '../app/commands.ts';
import { Messages } from '../app/Messages.tsx';
import type { CardSummary, TagCount } from '../../../shared/library/types.ts';
import type { SortKey } from '../../../shared/api/contract.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { useCardPages } from './useCardPages.ts';
import { VirtualCards } from './VirtualCards.tsx';
import { BulkBar } from './BulkBar.tsx';
import { TagManager } from './TagManager.tsx';
import { droppedFiles } from './files.ts';
import { NewCardForm } from './NewCardForm.tsx';
import { useBulkSelection } from './useBulkSelection.ts';
import { useCardImport } from './useCardImport.ts';
import { useDebounced } from './useDebounced.ts';
import { useMessages } from '../app/useMessages.ts';
import { useStoredState } from '../app/useStoredState.ts';
import { BatchConvertDialog } from './BatchConvertDialog.tsx';
import { ImportReport } from './ImportReport.tsx';
import { exportZip } from './export-zip.ts';
import type { BulkExportFormat } from './export-zip.ts';

const SORTS: readonly SortKey[] = ['name', 'updated', 'created', 'creator', 'character_version'];
type View = 'list' | 'grid';
const isView = (v: unknown): v is View => v === 'list' || v === 'grid';

export function LibraryPage({ onOpen }: { onOpen(id: number): void }) {
  const api = useApi();
  const t = useT();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 120);
  const [tags, setTags] = useState<string[]>([]);
  const [sort, setSort] = useState<SortKey>('name');
  const [trash, setTrash] = useState(false);
  const [view, setView] = useStoredState<View>('lorewright.view', 'list', isView);
  const [allTags, setAllTags] = useState<TagCount[]>([]);
  const [creating, setCreating] = useState(false);
  const [batch, setBatch] = useState(false);
  const { notice, setNotice, error, setError, onError } = useMessages();
  const list = useCardPages({ query: debounced, tags, sort, trash }, onError);
  const { selected, select, setSelected, clear } = useBulkSelection(
    list.at,
    JSON.stringify([debounced, tags, sort, trash]),
  );
  const searchBox = useRef<HTMLInputElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);

  useEffect(
    () =>
      onCommand((command) => {
        if (command === 'import') filePicker.current?.click();
        if (command === 'focus-search') searchBox.current?.focus();
      }),
    [],
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
  }, []);

  const refreshTags = useCallback(() => {
    api.invoke('cards.tags', {}).then(setAllTags, onError);
  }, [api, onError]);
  useEffect(refreshTags, [refreshTags]);

  const after = async (work: Promise<unknown>, message?: string): Promise<void> => {
    try {
      await work;
      if (message) setNotice(message);
      await list.reload();
      refreshTags();
    } catch (e) {
      onError(e);
    }
  };

  const { report, dismissReport, importFiles, resolveMatch } = useCardImport(after, setNotice);

  const create = (name: string): void => {
    setCreating(false);
    // A new card is made to be written: open it.
    api.invoke('cards.create', { name }).then((card) => onOpen(card.id), onError);
  };
  const rename = (card: CardSummary, name: string): void =>
    void after(api.invoke('cards.update', { id: card.id, name, baseRevision: card.revision }));
  const remove = (card: CardSummary): void =>
    void after(api.invoke('cards.delete', { id: card.id }), t('library.deleted', { name: card.name }));
  const restore = (card: CardSummary): void =>
    void after(api.invoke('cards.restore', { id: card.id }), t('library.restored', { name: card.name }));
  /** Deletes trashed cards for good (all of the trash without ids) once the author confirms how many. */
  const purge = (count: number, ids?: number[]): void => {
    if (count === 0 || !window.confirm(t('library.confirmPurge', { n: count }))) return;
    void after(
      api.invoke('cards.purge', ids ? { ids } : {}).then((r) => {
        setNotice(t('library.purged', { n: r.purged }));
        clear();
      }),
    );
  };
  const selectAll = (): void => {
    api.invoke('cards.ids', { query: debounced, tags, sort, trash }).then((ids) => setSelected(new Set(ids)), onError);
  };
  const bulk = (action: 'delete' | 'restore' | 'addTags' | 'removeTags', bulkTags?: string[]): void => {
    const ids = [...selected];
    void after(
      api.invoke('cards.bulk', { ids, action, ...(bulkTags ? { tags: bulkTags } : {}) }).then((r) => {
        const done =
          action === 'delete'
            ? t('library.bulkTrashed', { n: r.updated })
            : action === 'restore'
              ? t('library.bulkRestored', { n: r.updated })
              : t('library.bulkDone', { n: r.updated });
        setNotice(r.v1 ? `${done} ${t('library.bulkV1', { n: r.v1 })}` : done);
        if (action === 'delete' || action === 'restore') clear();
      }),
    );
  };

  const convert = (to: 'v2' | 'v3'): void => {
    const ids = [...selected];
    void after(
      api
        .invoke(
          'cards.convert',
          { ids, to },
          { onProgress: (p) => setNotice(t('library.converting', { done: p.done, total: p.total, name: p.file })) },
        )
        .then((results) => {
          const count = (s: string): number => results.filter((r) => r.status === s).length;
          setNotice(
            t('library.converted', {
              converted: count('converted'),
              already: count('already'),
              failed: count('failed'),
              spec: to.toUpperCase(),
            }),
          );
          const failures = results.filter((r) => r.status === 'failed');
          if (failures.length) setError(failures.map((f) => `${f.name}: ${f.message ?? ''}`).join('\n'));
        }),
    );
  };

  const exportSelected = (format: BulkExportFormat): void => {
    const ids = [...selected];
    exportZip(api, ids, format, (done) => setNotice(t('library.exporting', { done, total: ids.length }))).then(
      (n) => setNotice(t('library.exported', { n })),
      onError,
    );
  };

  const hasTag = (name: string): boolean => tags.some((c) => c.toLowerCase() === name.toLowerCase());
  const toggleTag = (name: string): void =>
    setTags((cur) => (hasTag(name) ? cur.filter((c) => c.toLowerCase() !== name.toLowerCase()) : [...cur, name]));
  const filtered = debounced.trim() !== '' || tags.length > 0;

  return (
    <section
      className="library"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        void droppedFiles(e.dataTransfer).then(importFiles, onError);
      }}
    >
      <header className="toolbar">
        <input
          ref={searchBox}
          type="search"
          className="search"
          placeholder={t('library.search')}
          aria-label={t('library.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label>
          {t('library.sort')}{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`library.sort.${s}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label={t('library.view')}>
          <button
            className={view === 'list' ? 'selected' : ''}
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
          >
            {t('library.viewList')}
          </button>
          <button
            className={view === 'grid' ? 'selected' : ''}
            aria-pressed={view === 'grid'}
            onClick={() => setView('grid')}
          >
            {t('library.viewGrid')}
          </button>
        </div>
        {!trash && (
          <button className="primary" onClick={() => setCreating(true)}>
            {t('library.new')}
          </button>
        )}
        {/* A real button (a label around a hidden input is not reachable with Tab). */}
        <button onClick={() => filePicker.current?.click()}>{t('library.import')}</button>
        <input
          ref={filePicker}
          type="file"
          multiple
          hidden
          accept=".json,.yaml,.yml,.png,.apng,.charx,.webp,.jpg,.jpeg"
          onChange={(e) => void importFiles([...(e.target.files ?? [])])}
        />
        <button onClick={() => setBatch(true)}>{t('batch.open')}</button>
        {trash && (list.total ?? 0) > 0 && (
          <button className="danger" onClick={() => purge(list.total ?? 0)}>
            {t('library.emptyTrash')}
          </button>
        )}
        <button onClick={() => setTrash((v) => !v)}>{trash ? t('library.hideTrash') : t('library.showTrash')}</button>
      </header>
      {batch && <BatchConvertDialog onClose={() => setBatch(false)} />}
      {creating && <NewCardForm onCreate={create} onCancel={() => setCreating(false)} />}
      {allTags.length > 0 && (
        <div className="tag-filter" role="group" aria-label={t('library.tags')}>
          {allTags.map((tag) => (
            <button
              key={tag.name}
              className={hasTag(tag.name) ? 'tag selected' : 'tag'}
              aria-pressed={hasTag(tag.name)}
              onClick={() => toggleTag(tag.name)}
            >
              {tag.name} <small>{tag.count}</small>
            </button>
          ))}
          {tags.length > 0 && <button onClick={() => setTags([])}>{t('library.clearTags')}</button>}
          <TagManager
            tags={allTags}
            onRename={(from, to) =>
              void after(api.invoke('cards.renameTag', { from, to }), t('library.tagRenamed', { from, to }))
            }
          />
        </div>
      )}
      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          trash={trash}
          onAction={bulk}
          onConvert={convert}
          onExport={exportSelected}
          onPurge={() => purge(selected.size, [...selected])}
          onSelectAll={selectAll}
          onClear={clear}
        />
      )}
      <Messages notice={notice} error={error} onDismiss={() => setError(null)} />
      {report && <ImportReport results={report} onResolve={resolveMatch} onDismiss={dismissReport} />}
      {list.total === 0 ? (
        <p className="empty">
          {trash ? t('library.trashEmpty') : filtered ? t('library.noMatch') : t('library.empty')}
        </p>
      ) : (
        list.total !== null && (
          <VirtualCards
            total={list.total}
            at={list.at}
            ensure={list.ensure}
            view={view}
            selected={selected}
            onOpen={onOpen}
            onRename={rename}
            onDelete={remove}
            onRestore={restore}
            onPurge={(card) => purge(1, [card.id])}
            onSelect={select}
          />
        )
      )}
      {list.total !== null && list.total > 0 && (
        <footer className="count">{t('library.total', { total: list.total })}</footer>
      )}
    </section>
  );
}
