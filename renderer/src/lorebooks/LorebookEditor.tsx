/**
 * The lorebook editor: entry table (sort, filter, multi-select, bulk edit) above the form of the open entry.
 * Reusable: it only sees a World Info book value and reports edits as document paths, so a page with its own
 * document (a standalone book, or later a card's embedded book) hosts it.
 */
import { memo } from 'react';
import type { LintIssue } from '../../../shared/lorebook/lint.ts';
import { useT } from '../i18n/index.ts';
import { NO_FILTER, entriesOf, entryRows, visibleRows } from './book-model.ts';
import { EntryBulkBar } from './EntryBulkBar.tsx';
import { EntryFilters } from './EntryFilters.tsx';
import { EntryForm } from './EntryForm.tsx';
import { EntryList } from './EntryList.tsx';
import { LintList } from './LintList.tsx';
import { entryLabel } from './entry-label.ts';
import { useEntryEdits, type EntryHost } from './useEntryEdits.ts';
import { NO_COUNTS, NOTHING, useEntrySelection, useEntryTable } from './useEntryTable.ts';

interface Props extends EntryHost {
  /** The book the entry table shows, when it may follow `book` a render later (the page defers it while typing). */
  listBook?: Record<string, unknown>;
  disabled: boolean;
  /** Lint findings: at least the open entry's. */
  lint?: readonly LintIssue[];
  /** Lint findings per entry id. */
  lintCounts?: ReadonlyMap<string, number>;
  /** Entry ids that fired in the preview. */
  fired?: ReadonlySet<string>;
}

/** Memoised: the page also renders when only the workers' inputs change (the same book, the same props). */
export const LorebookEditor = memo(function LorebookEditor(props: Props) {
  const { book, disabled, onField, current, onCurrent, lint = [], lintCounts = NO_COUNTS, fired = NOTHING } = props;
  const t = useT();
  const table = useEntryTable(props.listBook ?? book, lintCounts);
  const selection = useEntrySelection(table.rows);
  const { selected } = selection;
  // Display order is the list's own order: the ids in it, whatever the filter and sort, in the book as it is now.
  const displayOrder = () => visibleRows(entryRows(book), NO_FILTER, 'display', false).map((r) => r.id);
  const edits = useEntryEdits(props, displayOrder, selection.clear);
  const entries = entriesOf(book);
  const open = current !== null ? entries[current] : undefined;

  return (
    <div className="lb-editor">
      <EntryFilters table={table}>
        <button type="button" onClick={edits.add} disabled={disabled}>
          {t('lb.add')}
        </button>
      </EntryFilters>
      {selected.size > 0 && (
        <EntryBulkBar
          count={selected.size}
          onPatch={(patch) => edits.bulk(selected, patch)}
          onDuplicate={() => edits.duplicate([...selected])}
          onDelete={() => edits.remove(selected)}
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
        />
      )}
      <EntryList
        table={table}
        selection={selection}
        current={current}
        fired={fired}
        onOpen={onCurrent}
        onToggleEnabled={edits.setEnabled}
        // Display order is the list's own order: moving entries is offered only while the list shows it.
        onMove={table.inDisplayOrder && !disabled ? edits.move : undefined}
      />
      {open && current !== null ? (
        <div className="lb-entry">
          <div className="toolbar">
            <button type="button" onClick={() => edits.duplicate([current])} disabled={disabled}>
              {t('lb.duplicate')}
            </button>
            <button type="button" onClick={() => edits.step(current, -1)} disabled={disabled}>
              {t('lb.moveUp')}
            </button>
            <button type="button" onClick={() => edits.step(current, 1)} disabled={disabled}>
              {t('lb.moveDown')}
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => edits.remove(new Set([current]))}
              disabled={disabled}
            >
              {t('lb.delete')}
            </button>
          </div>
          <LintList
            issues={lint.filter((i) => i.entry === current)}
            nameOf={(id) => entryLabel(entries[id], id, t)}
            onFix={edits.applyFix}
          />
          <EntryForm key={current} id={current} entry={open} disabled={disabled} onField={onField} />
        </div>
      ) : (
        <p className="muted lb-hint">{t('lb.pickEntry')}</p>
      )}
    </div>
  );
});
