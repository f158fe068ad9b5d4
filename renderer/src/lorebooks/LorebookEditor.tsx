/**
 * The lorebook editor: entry table (sort, filter, multi-select, bulk edit) above the form of the open entry.
 * Reusable: it only sees a World Info book value and reports edits as document paths, so a page with its own
 * document (a standalone book, or later a card's embedded book) hosts it.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import type { LintIssue } from '../../../shared/lorebook/lint.ts';
import type { WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';
import {
  NO_FILTER,
  entriesOf,
  entryRows,
  newEntry,
  nextUid,
  patchEntries,
  visibleRows,
  withDuplicates,
  withMovedEntry,
  withoutEntries,
} from './book-model.ts';
import type { EntryFilter, SortField } from './book-model.ts';
import { EntryBulkBar } from './EntryBulkBar.tsx';
import { EntryForm } from './EntryForm.tsx';
import { EntryList } from './EntryList.tsx';
import { POSITIONS } from './entry-fields.ts';
import { LintList } from './LintList.tsx';
import { entryLabel } from './entry-label.ts';

interface Props {
  book: Record<string, unknown>;
  disabled: boolean;
  onField(path: JsonPath, value: unknown): void;
  /** Replaces the whole `entries` object (bulk edits); a host may write it more cheaply than one path edit. */
  onEntries?(next: Record<string, WorldInfoEntry>): void;
  /** The open entry (its key inside `entries`); the host keeps it so a preview can open entries too. */
  current: string | null;
  onCurrent(id: string | null): void;
  lint?: readonly LintIssue[];
  /** Entry ids that fired in the preview. */
  fired?: ReadonlySet<string>;
}

const NOTHING: ReadonlySet<string> = new Set();

export function LorebookEditor({
  book,
  disabled,
  onField,
  onEntries,
  current,
  onCurrent,
  lint = [],
  fired = NOTHING,
}: Props) {
  const t = useT();
  const [filter, setFilter] = useState<EntryFilter>(NO_FILTER);
  const [lintOnly, setLintOnly] = useState(false);
  const [sort, setSort] = useState<SortField>('display');
  const [descending, setDescending] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(NOTHING);
  const anchor = useRef<string | null>(null);

  const lintCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const issue of lint) counts.set(issue.entry, (counts.get(issue.entry) ?? 0) + 1);
    return counts;
  }, [lint]);
  const all = useMemo(() => entryRows(book), [book]);
  const rows = useMemo(
    () => visibleRows(all, { ...filter, lintOnly: lintOnly ? new Set(lintCounts.keys()) : null }, sort, descending),
    [all, filter, lintOnly, lintCounts, sort, descending],
  );
  const entries = entriesOf(book);
  const open = current !== null ? entries[current] : undefined;

  const setEntries = (next: Record<string, WorldInfoEntry>) =>
    onEntries ? onEntries(next) : onField(['entries'], next);

  const onSort = (field: SortField) => {
    if (field === sort) setDescending(!descending);
    else {
      setSort(field);
      setDescending(false);
    }
  };

  const onSelect = useCallback(
    (id: string, mode: 'toggle' | 'range') => {
      setSelected((prev) => {
        const next = new Set(prev);
        if (mode === 'range' && anchor.current !== null) {
          const a = rows.findIndex((r) => r.id === anchor.current);
          const b = rows.findIndex((r) => r.id === id);
          if (a >= 0 && b >= 0) for (let i = Math.min(a, b); i <= Math.max(a, b); i++) next.add(rows[i]!.id);
        } else if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
      anchor.current = id;
    },
    [rows],
  );

  const add = () => {
    const uid = nextUid(book);
    onField(['entries', String(uid)], newEntry(uid, uid));
    onCurrent(String(uid));
  };
  const duplicate = (ids: readonly string[]) => {
    const before = nextUid(book);
    setEntries(withDuplicates(book, ids));
    if (ids.length === 1) onCurrent(String(before));
  };
  const remove = (ids: ReadonlySet<string>) => {
    if (!window.confirm(t('lb.confirmDelete', { n: ids.size }))) return;
    setEntries(withoutEntries(book, ids));
    if (current !== null && ids.has(current)) onCurrent(null);
    setSelected(NOTHING);
  };
  const bulk = (patch: (entry: WorldInfoEntry) => WorldInfoEntry) => setEntries(patchEntries(book, selected, patch));
  // Display order is the list's own order: moving entries is offered only while the list shows it.
  const displayOrder = () => visibleRows(all, NO_FILTER, 'display', false).map((r) => r.id);
  const move = (moved: string, target: string) => setEntries(withMovedEntry(book, displayOrder(), moved, target));
  const step = (id: string, by: -1 | 1) => {
    const order = displayOrder();
    const target = order[order.indexOf(id) + by];
    if (target !== undefined) move(id, target);
  };
  const applyFix = (issue: LintIssue) => {
    if (issue.fix) onField(['entries', issue.entry, issue.fix.field], issue.fix.value);
  };

  return (
    <div className="lb-editor">
      <div className="toolbar lb-filters" role="search">
        <input
          aria-label={t('lb.filter.text')}
          placeholder={t('lb.filter.text')}
          value={filter.text}
          onChange={(e) => setFilter({ ...filter, text: e.target.value })}
        />
        <input
          aria-label={t('lb.filter.group')}
          placeholder={t('lb.filter.group')}
          className="narrow"
          value={filter.group}
          onChange={(e) => setFilter({ ...filter, group: e.target.value })}
        />
        <select
          aria-label={t('lb.filter.position')}
          value={filter.position}
          onChange={(e) => setFilter({ ...filter, position: e.target.value })}
        >
          <option value="">{t('lb.filter.anyPosition')}</option>
          {POSITIONS.map((p) => (
            <option key={p.value} value={String(p.value)}>
              {t(p.label as MessageKey)}
            </option>
          ))}
        </select>
        <select
          aria-label={t('lb.filter.enabled')}
          value={filter.enabled}
          onChange={(e) => setFilter({ ...filter, enabled: e.target.value as EntryFilter['enabled'] })}
        >
          <option value="all">{t('lb.filter.all')}</option>
          <option value="on">{t('lb.filter.on')}</option>
          <option value="off">{t('lb.filter.off')}</option>
        </select>
        <label>
          <input type="checkbox" checked={lintOnly} onChange={(e) => setLintOnly(e.target.checked)} />
          {t('lb.filter.lint')}
        </label>
        <span className="muted" role="status" aria-live="polite">
          {t('lb.count', { shown: rows.length, total: all.length })}
        </span>
        <button type="button" onClick={add} disabled={disabled}>
          {t('lb.add')}
        </button>
      </div>
      {selected.size > 0 && (
        <EntryBulkBar
          count={selected.size}
          onPatch={bulk}
          onDuplicate={() => duplicate([...selected])}
          onDelete={() => remove(selected)}
          onSelectAll={() => setSelected(new Set(rows.map((r) => r.id)))}
          onClear={() => setSelected(NOTHING)}
        />
      )}
      <EntryList
        rows={rows}
        current={current}
        selected={selected}
        lintCounts={lintCounts}
        fired={fired}
        sort={sort}
        descending={descending}
        onSort={onSort}
        onOpen={onCurrent}
        onSelect={onSelect}
        onToggleEnabled={(id, enabled) => onField(['entries', id, 'disable'], !enabled)}
        onMove={sort === 'display' && !descending && !disabled ? move : undefined}
      />
      {open && current !== null ? (
        <div className="lb-entry">
          <div className="toolbar">
            <button type="button" onClick={() => duplicate([current])} disabled={disabled}>
              {t('lb.duplicate')}
            </button>
            <button type="button" onClick={() => step(current, -1)} disabled={disabled}>
              {t('lb.moveUp')}
            </button>
            <button type="button" onClick={() => step(current, 1)} disabled={disabled}>
              {t('lb.moveDown')}
            </button>
            <button type="button" className="danger" onClick={() => remove(new Set([current]))} disabled={disabled}>
              {t('lb.delete')}
            </button>
          </div>
          <LintList
            issues={lint.filter((i) => i.entry === current)}
            nameOf={(id) => entryLabel(entries[id], id, t)}
            onFix={applyFix}
          />
          <EntryForm key={current} id={current} entry={open} disabled={disabled} onField={onField} />
        </div>
      ) : (
        <p className="muted lb-hint">{t('lb.pickEntry')}</p>
      )}
    </div>
  );
}
