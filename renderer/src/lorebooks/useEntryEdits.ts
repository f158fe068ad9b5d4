/** The editor's edits of the book's entries: add, duplicate, delete, bulk patch, move, and lint fixes. */
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import type { LintIssue } from '../../../shared/lorebook/lint.ts';
import type { WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { useT } from '../i18n/index.ts';
import { newEntry, nextUid, patchEntries, withDuplicates, withMovedEntry, withoutEntries } from './book-model.ts';

/** The book being edited and how its host takes edits. */
export interface EntryHost {
  book: Record<string, unknown>;
  onField(path: JsonPath, value: unknown): void;
  /** Replaces the whole `entries` object (bulk edits); a host may write it more cheaply than one path edit. */
  onEntries?(next: Record<string, WorldInfoEntry>): void;
  /** The open entry (its key inside `entries`); the host keeps it so a preview can open entries too. */
  current: string | null;
  onCurrent(id: string | null): void;
}

/**
 * `displayOrder` gives the entry ids in display order; `onRemoved` hears which entries a delete removed. The edits
 * are one object for the editor's life: each reads the host as last rendered, so the memoised entry list and rows
 * that take them need not render again when the book changes.
 */
export function useEntryEdits(host: EntryHost, displayOrder: () => string[], onRemoved: () => void) {
  const t = useT();
  const latest = useRef({ host, displayOrder, onRemoved, t });
  useLayoutEffect(() => {
    latest.current = { host, displayOrder, onRemoved, t };
  });

  return useMemo(() => {
    const setEntries = (next: Record<string, WorldInfoEntry>) => {
      const { onEntries, onField } = latest.current.host;
      if (onEntries) onEntries(next);
      else onField(['entries'], next);
    };
    const add = () => {
      const { book, onField, onCurrent } = latest.current.host;
      const uid = nextUid(book);
      onField(['entries', String(uid)], newEntry(uid, uid));
      onCurrent(String(uid));
    };
    const duplicate = (ids: readonly string[]) => {
      const { book, onCurrent } = latest.current.host;
      const before = nextUid(book);
      setEntries(withDuplicates(book, ids));
      if (ids.length === 1) onCurrent(String(before));
    };
    const remove = (ids: ReadonlySet<string>) => {
      const { host, onRemoved, t } = latest.current;
      if (!window.confirm(t('lb.confirmDelete', { n: ids.size }))) return;
      setEntries(withoutEntries(host.book, ids));
      if (host.current !== null && ids.has(host.current)) host.onCurrent(null);
      onRemoved();
    };
    const bulk = (ids: ReadonlySet<string>, patch: (entry: WorldInfoEntry) => WorldInfoEntry) =>
      setEntries(patchEntries(latest.current.host.book, ids, patch));
    const move = (moved: string, target: string) => {
      const { host, displayOrder } = latest.current;
      setEntries(withMovedEntry(host.book, displayOrder(), moved, target));
    };
    const step = (id: string, by: -1 | 1) => {
      const order = latest.current.displayOrder();
      const target = order[order.indexOf(id) + by];
      if (target !== undefined) move(id, target);
    };
    const applyFix = (issue: LintIssue) => {
      if (issue.fix) latest.current.host.onField(['entries', issue.entry, issue.fix.field], issue.fix.value);
    };
    const setEnabled = (id: string, enabled: boolean) =>
      latest.current.host.onField(['entries', id, 'disable'], !enabled);
    return { add, duplicate, remove, bulk, move, step, applyFix, setEnabled };
  }, []);
}
