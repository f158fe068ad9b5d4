/** The library's toolbar: search, sort, list or grid, new card, import, batch convert, the trash. */
import type { RefObject } from 'react';
import type { SortKey } from '../../../shared/api/contract.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { useLibraryFilters, View } from './useLibraryFilters.ts';

const SORTS: readonly SortKey[] = ['name', 'updated', 'created', 'creator', 'character_version'];
const VIEWS: readonly [View, MessageKey][] = [
  ['list', 'library.viewList'],
  ['grid', 'library.viewGrid'],
];

interface Props {
  filters: ReturnType<typeof useLibraryFilters>;
  searchBox: RefObject<HTMLInputElement | null>;
  filePicker: RefObject<HTMLInputElement | null>;
  /** Cards in the current list (null while loading): the trash offers "Empty trash" when it has any. */
  total: number | null;
  onNew(): void;
  onImport(files: File[]): void;
  onBatch(): void;
  onEmptyTrash(): void;
}

export function LibraryToolbar({
  filters,
  searchBox,
  filePicker,
  total,
  onNew,
  onImport,
  onBatch,
  onEmptyTrash,
}: Props) {
  const t = useT();
  const { query, setQuery, sort, setSort, view, setView, trash, setTrash } = filters;
  return (
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
        {VIEWS.map(([v, label]) => (
          <button key={v} className={view === v ? 'selected' : ''} aria-pressed={view === v} onClick={() => setView(v)}>
            {t(label)}
          </button>
        ))}
      </div>
      {!trash && (
        <button className="primary" onClick={onNew}>
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
        onChange={(e) => onImport([...(e.target.files ?? [])])}
      />
      <button onClick={onBatch}>{t('batch.open')}</button>
      {trash && (total ?? 0) > 0 && (
        <button className="danger" onClick={onEmptyTrash}>
          {t('library.emptyTrash')}
        </button>
      )}
      <button onClick={() => setTrash((v) => !v)}>{trash ? t('library.hideTrash') : t('library.showTrash')}</button>
    </header>
  );
}
