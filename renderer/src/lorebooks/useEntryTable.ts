/** What the entry table shows: the filter, the sort and the rows they leave, and which rows are selected. */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { EntryTableRows, NO_FILTER } from './book-model.ts';
import type { EntryFilter, EntryRow, SortField } from './book-model.ts';

export const NOTHING: ReadonlySet<string> = new Set();
export const NO_COUNTS: ReadonlyMap<string, number> = new Map();

/** `lintCounts`: lint findings per entry id (the rows' marks, and the "with findings" filter). */
export function useEntryTable(book: Record<string, unknown>, lintCounts: ReadonlyMap<string, number>) {
  const [filter, setFilter] = useState<EntryFilter>(NO_FILTER);
  const [lintOnly, setLintOnly] = useState(false);
  const [order, setOrder] = useState<{ sort: SortField; descending: boolean }>({ sort: 'display', descending: false });
  const { sort, descending } = order;

  // The counts matter only to the "with findings" filter: lint's replies (one per edit) leave the view alone else.
  const lintFilter = lintOnly ? lintCounts : null;
  const view = useMemo(() => ({ ...filter, lintOnly: lintFilter && new Set(lintFilter.keys()) }), [filter, lintFilter]);
  // Carried from book to book: a keystroke's book changes the row of the entry typed in, in place.
  const [tableRows] = useState(() => new EntryTableRows());
  const { all, visible: rows } = useMemo(
    () => tableRows.of(book, view, sort, descending),
    [tableRows, book, view, sort, descending],
  );
  /** A second click on the sorted column reverses it. */
  const onSort = useCallback(
    (field: SortField) =>
      setOrder((now) =>
        field === now.sort ? { ...now, descending: !now.descending } : { sort: field, descending: false },
      ),
    [],
  );

  // One object while nothing in it changes, so the memoised list skips the renders that do not change it.
  return useMemo(
    () => ({
      filter,
      setFilter,
      lintOnly,
      setLintOnly,
      sort,
      descending,
      onSort,
      /** The list's order is the display order (so rows may be moved by dragging). */
      inDisplayOrder: sort === 'display' && !descending,
      lintCounts,
      total: all.length,
      rows,
    }),
    [filter, lintOnly, sort, descending, onSort, lintCounts, all.length, rows],
  );
}

export type EntryTable = ReturnType<typeof useEntryTable>;

/**
 * Selected rows: a click toggles one, a shift-click selects the range from the last clicked row. The callbacks stay
 * the same from render to render (they read the rows last shown), so a new list of rows re-renders only changed rows.
 */
export function useEntrySelection(rows: readonly EntryRow[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(NOTHING);
  const anchor = useRef<string | null>(null);
  const shown = useRef(rows);
  useLayoutEffect(() => {
    shown.current = rows;
  }, [rows]);
  const onSelect = useCallback((id: string, mode: 'toggle' | 'range') => {
    const rows = shown.current;
    const from = anchor.current;
    setSelected((prev) => {
      const next = new Set(prev);
      if (mode === 'range' && from !== null) {
        const a = rows.findIndex((r) => r.id === from);
        const b = rows.findIndex((r) => r.id === id);
        if (a >= 0 && b >= 0) for (let i = Math.min(a, b); i <= Math.max(a, b); i++) next.add(rows[i]!.id);
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    anchor.current = id;
  }, []);
  const selectAll = useCallback(() => setSelected(new Set(shown.current.map((r) => r.id))), []);
  const clear = useCallback(() => setSelected(NOTHING), []);
  return useMemo(() => ({ selected, onSelect, selectAll, clear }), [selected, onSelect, selectAll, clear]);
}

export type EntrySelection = ReturnType<typeof useEntrySelection>;
