/**
 * One library document open in an editor (a card, a lorebook or a script): load it, save the editor's text as a new
 * revision (refused when the stored one moved on), rename, restore an old revision as a new one after asking about
 * unsaved edits, and tell the page whether anything is unsaved. The editor itself (a document session, or plain
 * text) stays the page's: it is reached through the binding.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CardRecord } from '../../../shared/library/types.ts';
import type { LorebookRecord } from '../../../shared/api/methods/lorebooks.ts';
import type { ScriptRecord } from '../../../shared/api/methods/scripts.ts';
import type { UpdateInput } from '../../../shared/api/methods/cards.ts';
import { errorMessage } from '../../../shared/errors.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';

interface Records {
  cards: CardRecord;
  lorebooks: LorebookRecord;
  scripts: ScriptRecord;
}
export type DocKind = keyof Records;

export interface DocBinding<R> {
  /** The editor's text to save; null while it cannot be saved (it does not parse). */
  text: string | null;
  /** Whether the editor holds changes the stored record does not. */
  changed(record: R): boolean;
  /** Show a stored document, on load, restore or a change made elsewhere: the editor starts afresh. */
  open(text: string): void;
  /** The editor's text was stored as it is (its undo history stays). */
  saved?(text: string): void;
}

interface Options {
  /** The page has a name field, saved with the document. */
  renamable?: boolean;
  onDirtyChange(dirty: boolean): void;
  /** After every stored change (save or restore), e.g. to refresh a list. */
  onStored?(): void;
}

export function useRevisionedDoc<K extends DocKind>(
  kind: K,
  id: number,
  binding: DocBinding<Records[K]>,
  { renamable = false, onDirtyChange, onStored }: Options,
) {
  const api = useApi();
  const t = useT();
  const [record, setRecord] = useState<Records[K] | null>(null);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((e: unknown) => setError(errorMessage(e)), []);
  // The binding's functions are new on every render; the latest one is what a save or a restore must reach.
  const latest = useRef(binding);
  useLayoutEffect(() => {
    latest.current = binding;
  });

  // The three domains' get/update methods take and give the same shapes; one cast names them.
  const get = useCallback(
    () => api.invoke(`${kind}.get` as 'cards.get', { id }) as unknown as Promise<Records[K]>,
    [api, kind, id],
  );
  const update = useCallback(
    (input: UpdateInput) => api.invoke(`${kind}.update` as 'cards.update', input) as unknown as Promise<Records[K]>,
    [api, kind],
  );
  const take = useCallback((r: Records[K], reopen: boolean) => {
    setRecord(r);
    setName(r.name);
    if (reopen) latest.current.open(r.document);
    else latest.current.saved?.(r.document);
  }, []);
  /** A record changed elsewhere (conversion, the card's book tab): the editor shows it afresh. */
  const reopen = useCallback((r: Records[K]) => take(r, true), [take]);

  useEffect(() => {
    get().then(reopen, onError);
  }, [get, reopen, onError]);

  const renamed = renamable && record !== null && name.trim() !== '' && name !== record.name;
  const dirty = record !== null && (binding.changed(record) || renamed);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useCallback(async (): Promise<void> => {
    if (!record || !dirty) return;
    const text = latest.current.text;
    if (text === null) {
      setError(t('editor.cannotSaveInvalid'));
      return;
    }
    try {
      const saved = await update({
        id,
        document: text,
        baseRevision: record.revision,
        ...(renamed ? { name: name.trim() } : {}),
      });
      take(saved, false);
      setNotice(t('editor.saved', { revision: saved.revision }));
      onStored?.();
    } catch (e) {
      onError(e);
    }
  }, [id, record, dirty, renamed, name, update, take, onStored, onError, t]);

  // Restoring saves the old document as a new revision, so nothing in between is lost either.
  const restore = useCallback(
    async (document: string, revision: number): Promise<void> => {
      if (!record || (dirty && !window.confirm(t('editor.discardForRestore')))) return;
      try {
        const saved = await update({ id, document, baseRevision: record.revision });
        take(saved, true);
        setNotice(t('history.restored', { revision, now: saved.revision }));
        onStored?.();
      } catch (e) {
        onError(e);
      }
    },
    [id, record, dirty, update, take, onStored, onError, t],
  );

  return {
    record,
    /** Adopt a record whose document the editor already shows (a new avatar). */
    setRecord,
    reopen,
    /** Read the stored record again (after an operation that saved a new revision) and show it. */
    reload: useCallback(
      () =>
        get().then((r) => {
          reopen(r);
          return r;
        }),
      [get, reopen],
    ),
    name,
    setName,
    dirty,
    save,
    restore,
    notice,
    setNotice,
    error,
    onError,
    dismissError: useCallback(() => setError(null), []),
  };
}

export type RevisionedDoc = ReturnType<typeof useRevisionedDoc>;
