/** The editor's edits of the book's entries: add, duplicate, delete, bulk patch, move, and lint fixes. */
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

/** `displayOrder` gives the entry ids in display order; `onRemoved` hears which entries a delete removed. */
export function useEntryEdits(
  { book, onField, onEntries, current, onCurrent }: EntryHost,
  displayOrder: () => string[],
  onRemoved: () => void,
) {
  const t = useT();
  const setEntries = (next: Record<string, WorldInfoEntry>) =>
    onEntries ? onEntries(next) : onField(['entries'], next);

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
    onRemoved();
  };
  const bulk = (ids: ReadonlySet<string>, patch: (entry: WorldInfoEntry) => WorldInfoEntry) =>
    setEntries(patchEntries(book, ids, patch));
  const move = (moved: string, target: string) => setEntries(withMovedEntry(book, displayOrder(), moved, target));
  const step = (id: string, by: -1 | 1) => {
    const order = displayOrder();
    const target = order[order.indexOf(id) + by];
    if (target !== undefined) move(id, target);
  };
  const applyFix = (issue: LintIssue) => {
    if (issue.fix) onField(['entries', issue.entry, issue.fix.field], issue.fix.value);
  };
  const setEnabled = (id: string, enabled: boolean) => onField(['entries', id, 'disable'], !enabled);

  return { add, duplicate, remove, bulk, move, step, applyFix, setEnabled };
}
