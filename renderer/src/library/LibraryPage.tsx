/** The library: virtualized list or grid, search, tag filter, sort, bulk actions, create, import with progress. */
import { lazy, Suspense, useRef, useState } from 'react';
import { Messages } from '../app/Messages.tsx';
import { useT } from '../i18n/index.ts';
import { useMessages } from '../app/useMessages.ts';
import { useCardPages } from './useCardPages.ts';
import { VirtualCards } from './VirtualCards.tsx';
import { BulkBar } from './BulkBar.tsx';
import { droppedFiles } from './files.ts';
import { NewCardForm } from './NewCardForm.tsx';
import { useBulkSelection } from './useBulkSelection.ts';
import { useCardImport } from './useCardImport.ts';
import { ImportReport } from './ImportReport.tsx';
import { LibraryToolbar } from './LibraryToolbar.tsx';
import { TagFilter } from './TagFilter.tsx';
import { useLibraryFilters } from './useLibraryFilters.ts';
import { useTagCounts } from './useTagCounts.ts';
import { useLibraryShortcuts } from './useLibraryShortcuts.ts';
import { useLibraryActions } from './useLibraryActions.ts';

// Opened on demand, so start-up neither parses nor runs it (nor the zip writer it uses).
const BatchConvertDialog = lazy(() =>
  import('./BatchConvertDialog.tsx').then((m) => ({ default: m.BatchConvertDialog })),
);

export function LibraryPage({ onOpen }: { onOpen(id: number): void }) {
  const t = useT();
  const filters = useLibraryFilters();
  const [creating, setCreating] = useState(false);
  const [batch, setBatch] = useState(false);
  const messages = useMessages();
  const list = useCardPages(filters.listQuery, messages.onError);
  const selection = useBulkSelection(list.at, JSON.stringify(filters.listQuery));
  const { allTags, refreshTags } = useTagCounts(messages.onError);
  const searchBox = useRef<HTMLInputElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  useLibraryShortcuts(searchBox, filePicker);
  const actions = useLibraryActions({
    ...messages,
    ...selection,
    reload: list.reload,
    refreshTags,
    listQuery: filters.listQuery,
    onOpen,
  });
  const { report, dismissReport, importFiles, resolveMatch } = useCardImport(actions.after, messages.setNotice);
  const { selected } = selection;
  const { trash } = filters;

  return (
    <section
      className="library"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        void droppedFiles(e.dataTransfer).then(importFiles, messages.onError);
      }}
    >
      <LibraryToolbar
        filters={filters}
        searchBox={searchBox}
        filePicker={filePicker}
        total={list.total}
        onNew={() => setCreating(true)}
        onImport={(files) => void importFiles(files)}
        onBatch={() => setBatch(true)}
        onEmptyTrash={() => actions.purge(list.total ?? 0)}
      />
      {batch && (
        <Suspense fallback={null}>
          <BatchConvertDialog onClose={() => setBatch(false)} />
        </Suspense>
      )}
      {creating && (
        <NewCardForm
          onCreate={(name) => {
            setCreating(false);
            actions.create(name);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {allTags.length > 0 && (
        <TagFilter
          allTags={allTags}
          hasTag={filters.hasTag}
          toggleTag={filters.toggleTag}
          anySelected={filters.tags.length > 0}
          onClear={() => filters.setTags([])}
          onRename={actions.renameTag}
        />
      )}
      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          trash={trash}
          onAction={actions.bulk}
          onConvert={actions.convert}
          onExport={actions.exportSelected}
          onPurge={() => actions.purge(selected.size, [...selected])}
          onSelectAll={actions.selectAll}
          onClear={selection.clear}
        />
      )}
      <Messages notice={messages.notice} error={messages.error} onDismiss={() => messages.setError(null)} />
      {report && <ImportReport results={report} onResolve={resolveMatch} onDismiss={dismissReport} />}
      {list.total === 0 ? (
        <p className="empty">
          {trash ? t('library.trashEmpty') : filters.filtered ? t('library.noMatch') : t('library.empty')}
        </p>
      ) : (
        list.total !== null && (
          <VirtualCards
            total={list.total}
            at={list.at}
            ensure={list.ensure}
            view={filters.view}
            selected={selected}
            actions={actions.rowActions}
          />
        )
      )}
      {list.total !== null && list.total > 0 && (
        <footer className="count">{t('library.total', { total: list.total })}</footer>
      )}
    </section>
  );
}
