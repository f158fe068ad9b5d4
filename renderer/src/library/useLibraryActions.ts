/**
 * What the library does to cards: create, rename, trash, restore, delete for good, bulk actions, convert and export.
 * Each change runs through `after`, which shows its outcome and refreshes the list and the tag counts.
 */
import { useMemo, useRef } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import type { CardActions } from './CardRow.tsx';
import type { BulkExportFormat } from './export-zip.ts';
import type { ListQuery } from '../../../shared/api/start-view.ts';

interface Deps {
  reload(): Promise<void>;
  refreshTags(): void;
  setNotice(notice: string | null): void;
  setError(error: string | null): void;
  onError(e: unknown): void;
  selected: ReadonlySet<number>;
  setSelected(ids: Set<number>): void;
  clear(): void;
  select: CardActions['onSelect'];
  listQuery: ListQuery;
  onOpen(id: number): void;
}

export function useLibraryActions(d: Deps) {
  const api = useApi();
  const t = useT();
  const { setNotice, onError, selected, clear } = d;

  const after = async (work: Promise<unknown>, message?: string): Promise<void> => {
    try {
      await work;
      if (message) setNotice(message);
      await d.reload();
      d.refreshTags();
    } catch (e) {
      onError(e);
    }
  };

  const create = (name: string): void => {
    // A new card is made to be written: open it.
    api.invoke('cards.create', { name }).then((card) => d.onOpen(card.id), onError);
  };
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
    api.invoke('cards.ids', d.listQuery).then((ids) => d.setSelected(new Set(ids)), onError);
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
          if (failures.length) d.setError(failures.map((f) => `${f.name}: ${f.message ?? ''}`).join('\n'));
        }),
    );
  };
  const exportSelected = (format: BulkExportFormat): void => {
    const ids = [...selected];
    // The zip writer loads on first use: start-up does not parse or run it.
    import('./export-zip.ts')
      .then(({ exportZip }) =>
        exportZip(api, ids, format, (done) => setNotice(t('library.exporting', { done, total: ids.length }))),
      )
      .then((n) => setNotice(t('library.exported', { n })), onError);
  };
  const renameTag = (from: string, to: string): void =>
    void after(api.invoke('cards.renameTag', { from, to }), t('library.tagRenamed', { from, to }));

  const rowHandlers: CardActions = {
    onOpen: d.onOpen,
    onRename: (card: CardSummary, name: string) =>
      void after(api.invoke('cards.update', { id: card.id, name, baseRevision: card.revision })),
    onDelete: (card) =>
      void after(api.invoke('cards.delete', { id: card.id }), t('library.deleted', { name: card.name })),
    onRestore: (card) =>
      void after(api.invoke('cards.restore', { id: card.id }), t('library.restored', { name: card.name })),
    onPurge: (card) => purge(1, [card.id]),
    onSelect: d.select,
  };
  // The rows get callbacks that never change identity (and call the latest handlers), so a memoised row renders
  // only when its own card or selection changes, not on every render of the page.
  const latest = useRef(rowHandlers);
  latest.current = rowHandlers;
  const rowActions = useMemo<CardActions>(
    () => ({
      onOpen: (id) => latest.current.onOpen(id),
      onRename: (card, name) => latest.current.onRename(card, name),
      onDelete: (card) => latest.current.onDelete(card),
      onRestore: (card) => latest.current.onRestore(card),
      onPurge: (card) => latest.current.onPurge(card),
      onSelect: (card, index, range) => latest.current.onSelect(card, index, range),
    }),
    [],
  );

  return { after, create, purge, selectAll, bulk, convert, exportSelected, renameTag, rowActions };
}
