/** The virtualized entry table: only the rows in view are in the DOM, so 10,000 entries scroll smoothly. */
import { memo, useEffect, useMemo, useRef } from 'react';
import { useRowWindow } from '../app/useRowWindow.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import { isEnabled, strategyOf } from './book-model.ts';
import type { EntryRow, SortField } from './book-model.ts';
import type { EntrySelection, EntryTable } from './useEntryTable.ts';

interface Props {
  /** The rows to show, their sort and their lint findings per entry id. */
  table: Pick<EntryTable, 'rows' | 'lintCounts' | 'sort' | 'descending' | 'onSort'>;
  selection: Pick<EntrySelection, 'selected' | 'onSelect'>;
  current: string | null;
  /** Entries that fired in the preview. */
  fired: ReadonlySet<string>;
  onOpen(id: string): void;
  onToggleEnabled(id: string, enabled: boolean): void;
  /** Set when rows may be dragged to a new display position (the list is in display order). */
  onMove?(moved: string, target: string): void;
}

const ROW_HEIGHT = 32;
const COLUMNS: readonly { field: SortField | null; label: string }[] = [
  { field: 'title', label: 'lb.col.title' },
  { field: null, label: 'lb.col.keys' },
  { field: null, label: 'lb.col.strategy' },
  { field: 'position', label: 'lb.col.position' },
  { field: 'order', label: 'lb.col.order' },
  { field: 'depth', label: 'lb.col.depth' },
  { field: 'probability', label: 'lb.col.probability' },
  { field: null, label: 'lb.col.enabled' },
];

function keysText(v: unknown): string {
  return Array.isArray(v) ? v.join(', ') : '';
}

const DRAG_TYPE = 'application/x-lorewright-entry';

/**
 * Memoised, as is each row: the page renders on every keystroke, and a new list of rows (a keystroke's book) renders
 * only the rows whose entry or marks changed.
 */
export const EntryList = memo(function EntryList({
  table,
  selection,
  current,
  fired,
  onOpen,
  onToggleEnabled,
  onMove,
}: Props) {
  const { rows, lintCounts, sort, descending, onSort } = table;
  const { selected, onSelect } = selection;
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const { first, last, totalSize, scrollToRow } = useRowWindow(scroller, rows.length, ROW_HEIGHT, 10);
  // An entry opened from elsewhere (a lint finding, the preview) is scrolled into view.
  const currentIndex = useMemo(() => rows.findIndex((r) => r.id === current), [rows, current]);
  useEffect(() => {
    if (currentIndex >= 0) scrollToRow(currentIndex);
  }, [currentIndex, scrollToRow]);

  return (
    <div className="lb-table" role="table" aria-label={t('lb.entries')} aria-rowcount={rows.length}>
      <div className="lb-row header" role="row">
        <span role="columnheader" />
        {COLUMNS.map((c) => (
          <span
            key={c.label}
            role="columnheader"
            aria-sort={c.field === sort ? (descending ? 'descending' : 'ascending') : undefined}
          >
            {c.field ? (
              <button type="button" className="link" onClick={() => onSort(c.field!)}>
                {t(c.label as MessageKey)}
                {c.field === sort ? (descending ? ' ↓' : ' ↑') : ''}
              </button>
            ) : (
              t(c.label as MessageKey)
            )}
          </span>
        ))}
      </div>
      <div ref={scroller} className="lb-scroll" data-testid="entry-scroller">
        <div style={{ height: totalSize, position: 'relative' }}>
          {rows.slice(first, last + 1).map((row, k) => (
            <EntryListRow
              key={row.id}
              row={row}
              index={first + k}
              current={row.id === current}
              selected={selected.has(row.id)}
              fired={fired.has(row.id)}
              lint={lintCounts.get(row.id) ?? 0}
              onSelect={onSelect}
              onOpen={onOpen}
              onToggleEnabled={onToggleEnabled}
              onMove={onMove}
            />
          ))}
        </div>
      </div>
    </div>
  );
});

interface RowProps extends Pick<Props, 'onOpen' | 'onToggleEnabled' | 'onMove'> {
  row: EntryRow;
  /** The row's place in the list. */
  index: number;
  current: boolean;
  selected: boolean;
  fired: boolean;
  /** Lint findings of the entry. */
  lint: number;
  onSelect: EntrySelection['onSelect'];
}

const EntryListRow = memo(function EntryListRow({
  row,
  index,
  current,
  selected,
  fired,
  lint,
  onSelect,
  onOpen,
  onToggleEnabled,
  onMove,
}: RowProps) {
  const t = useT();
  const { entry } = row;
  const title = String(entry.comment ?? '') || t('lb.untitled', { uid: String(entry.uid) });
  const classes = [
    'lb-row',
    current ? 'current' : '',
    selected ? 'selected' : '',
    fired ? 'fired' : '',
    isEnabled(entry) ? '' : 'off',
  ];
  return (
    <div
      role="row"
      aria-selected={selected}
      className={classes.join(' ')}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        transform: `translateY(${index * ROW_HEIGHT}px)`,
      }}
      onClick={(e) =>
        e.shiftKey ? onSelect(row.id, 'range') : e.ctrlKey || e.metaKey ? onSelect(row.id, 'toggle') : onOpen(row.id)
      }
      draggable={onMove !== undefined}
      onDragStart={(e) => e.dataTransfer.setData(DRAG_TYPE, row.id)}
      onDragOver={(e) => {
        if (onMove && e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={(e) => {
        const moved = e.dataTransfer.getData(DRAG_TYPE);
        if (onMove && moved) onMove(moved, row.id);
      }}
    >
      <span role="cell" onClick={(e) => e.stopPropagation()}>
        <input
          type="checkbox"
          aria-label={t('lb.selectEntry', { title })}
          checked={selected}
          onChange={(e) => onSelect(row.id, (e.nativeEvent as MouseEvent).shiftKey ? 'range' : 'toggle')}
        />
      </span>
      <span role="cell" className="lb-title" title={title}>
        {/* The keyboard's way to open the entry: Enter or Space clicks it, and the click reaches the row. */}
        <button type="button" className="lb-open">
          {lint > 0 && (
            <span className="lb-lint-dot" title={t('lb.lint.count', { n: lint })}>
              ⚠
            </span>
          )}
          {title}
        </button>
      </span>
      <span role="cell" className="lb-keys lb-cut" title={keysText(entry.key)}>
        {keysText(entry.key)}
      </span>
      <span role="cell" className="lb-cut">
        {t(`lb.strategy.${strategyOf(entry)}`)}
      </span>
      <span role="cell" className="lb-cut">
        {typeof entry.position === 'number' ? t(`lb.posShort.${entry.position}` as MessageKey) : '—'}
      </span>
      <NumberCell text={String(entry.order ?? '')} />
      <NumberCell text={entry.position === 4 ? String(entry.depth ?? '') : ''} />
      <NumberCell text={entry.useProbability === false ? '' : String(entry.probability ?? '')} />
      <span role="cell" onClick={(e) => e.stopPropagation()}>
        <input
          type="checkbox"
          aria-label={t('lb.enableEntry', { title })}
          checked={isEnabled(entry)}
          onChange={(e) => onToggleEnabled(row.id, e.target.checked)}
        />
      </span>
    </div>
  );
});

/**
 * A number column's cell (≈ 46 px): clipped, with an ellipsis, only when its text is longer than three characters,
 * which always fit; a clip is a paint node of its own, and the usual 100 or 4 needs none.
 */
function NumberCell({ text }: { text: string }) {
  return (
    <span role="cell" className={text.length > 3 ? 'lb-cut' : undefined}>
      {text}
    </span>
  );
}
