/**
 * A standalone book: the entry editor and the JSON view on one document session (shared undo), the live preview
 * and lint beside them, save with revisions.
 */
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { LoreTestDocument } from '../../../shared/lorebook/lore-test-document.ts';
import type { WorldInfoBook, WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { useApi } from '../app/ApiContext.ts';
import { useDarkMode } from '../app/useDarkMode.ts';
import { MonacoJson } from '../editor/MonacoJson.tsx';
import { sessionBinding, useDocSession } from '../editor/useDocSession.ts';
import { useRevisionedDoc } from '../editor/useRevisionedDoc.ts';
import type { EditedValue } from '../../../shared/document/doc-session.ts';
import { HistoryPanel } from '../editor/HistoryPanel.tsx';
import { NameField, SaveButton, SaveState, UndoRedo } from '../editor/EditorBar.tsx';
import { Messages } from '../app/Messages.tsx';
import { useT } from '../i18n/index.ts';
import { BookTokens, entriesOf } from './book-model.ts';
import { editEntryField, entryPlace, writeEntries, type EntryPlace } from './entries-text.ts';
import { LintList } from './LintList.tsx';
import { entryLabel } from './entry-label.ts';
import { LoreTests } from './LoreTests.tsx';
import { LorebookEditor } from './LorebookEditor.tsx';
import { PreviewPanel } from './preview/PreviewPanel.tsx';

import { bookEditOf, chainEdits, changedIds, type EntryEdits } from './preview/book-edit.ts';
import type { BookEdit } from './preview/book-edit.ts';
import { isObject } from '../../../shared/util/is-object.ts';
import { DEFAULT_SETUP } from './preview/scenario.ts';
import type { PreviewSetup } from './preview/scenario.ts';
import { useLint } from './useLint.ts';
import { useEditorShortcuts } from '../editor/useEditorShortcuts.ts';

interface Props {
  id: number;
  onClose(): void;
  onDirtyChange(dirty: boolean): void;
}

type Tab = 'preview' | 'json' | 'lint' | 'tests' | 'history';
const TABS: readonly Tab[] = ['preview', 'json', 'lint', 'tests', 'history'];
/** A keystroke in the form renders the page before the preview's inputs change (the book is deferred): skip it then. */
const Preview = memo(PreviewPanel);
const NO_ENTRIES: WorldInfoBook = { entries: {} };
/** Findings the lint tab lists at first, and adds per "Show more": a large book has thousands. */
const LINT_PAGE = 200;

export function LorebookEditorPage({ id, onClose, onDirtyChange }: Props) {
  const api = useApi();
  const t = useT();
  const dark = useDarkMode();
  const [state, dispatch] = useDocSession();
  const doc = useRevisionedDoc('lorebooks', id, sessionBinding(state, dispatch), { renamable: true, onDirtyChange });
  const { record, dirty, save, onError, setNotice } = doc;
  const [tab, setTab] = useState<Tab>('preview');
  const [current, setCurrent] = useState<string | null>(null);
  const [fired, setFired] = useState<ReadonlySet<string>>(new Set());
  const [setup, setSetup] = useState<PreviewSetup>(DEFAULT_SETUP);
  const [lintPage, setLintPage] = useState(LINT_PAGE);
  // Bumped when a test or the book is saved: the tests tab reloads and forgets results of an older book.
  const [testsVersion, setTestsVersion] = useState(0);

  const value = state?.value;
  // The engine reads `entries` as an object keyed by uid; anything else (mid-edit in JSON) previews as empty.
  const book = useMemo<WorldInfoBook>(
    () =>
      value && typeof value['entries'] === 'object' && value['entries'] !== null && !Array.isArray(value['entries'])
        ? (value as WorldInfoBook)
        : NO_ENTRIES,
    [value],
  );
  // The workers get the text of the last valid document: a string copies cheaply, a large book's objects do not.
  // Entry edits written below are recorded, so the preview's worker gets only the edited entries (book-edit.ts).
  const entryEdits = useRef<EntryEdits | null>(null);
  const [validBook, setValidBook] = useState<{ text: string; edit: BookEdit | null } | null>(null);
  useEffect(() => {
    if (!state || state.error) return;
    const entries = (state.value as { entries?: unknown }).entries;
    const edit = isObject(entries) ? bookEditOf(entryEdits.current, state.text, entries) : null;
    entryEdits.current = null;
    setValidBook((last) => (last?.text === state.text ? last : { text: state.text, edit }));
  }, [state]);
  const bookText = validBook?.text ?? null;
  // The worker sends the counts per entry and only the findings on screen: the open entry's, and the lint tab's page.
  const lint = useLint(
    validBook,
    { settings: setup.settings, maxContext: setup.maxContext, authorsNote: setup.authorsNote },
    { entry: current, page: tab === 'lint' ? lintPage : 0 },
  );
  // The entry list, the preview and the token count follow the book a render later: React renders a deferred value
  // after the keystroke's own render, a slice at a time, so typing in a large book's form is not held up by them.
  const shownBook = useDeferredValue(book);
  const [tokenCount] = useState(() => new BookTokens());
  const tokens = useMemo(() => tokenCount.of(shownBook), [tokenCount, shownBook]);

  useEditorShortcuts(save, dispatch);

  // Entry edits are written into the text here (one entry's text, see entries-text.ts) rather than as a path edit
  // of the whole document, whose cost grows with the book; the JSON view must still take them in. `latestText`
  // lets two edits of one event (the strategy select sets two fields) build on each other.
  const appliedText = useRef<string | null>(null);
  const latestText = useRef<string | null>(null);
  const latestState = useRef<typeof state>(null);
  useEffect(() => {
    latestText.current = state?.text ?? null;
    latestState.current = state;
  }, [state]);
  const applyText = useCallback(
    (text: string, ids: readonly string[], at?: EditedValue) => {
      if (latestText.current !== null)
        entryEdits.current = chainEdits(entryEdits.current, latestText.current, text, ids);
      appliedText.current = text;
      latestText.current = text;
      dispatch({ type: 'text', text, ...(at ? { at } : {}) });
    },
    [dispatch],
  );
  // Where the entry typed in last lies in the text: the next keystroke there need not search the text for it.
  const lastPlace = useRef<EntryPlace | null>(null);
  const onField = useCallback(
    (path: readonly (string | number)[], v: unknown) => {
      const base = latestText.current;
      const id = String(path[1]);
      // The entry is a key of `entries` in this text when the session parsed it (entries-text.ts finds it faster).
      const parsed = latestState.current;
      const known = parsed?.text === base && !parsed.error && Object.hasOwn(entriesOf(parsed.value), id);
      const edit =
        base !== null && !state?.error && path[0] === 'entries' && path.length >= 3
          ? editEntryField(base, id, path.slice(2), v, lastPlace.current, known)
          : null;
      if (edit === null) dispatch({ type: 'field', path, value: v });
      else {
        lastPlace.current = edit.place;
        // Only the entry changed: the session parses its text alone, not the whole book (doc-session.ts).
        const { text, entry } = edit.place;
        applyText(text, [id], { base: base!, path: ['entries', id], before: edit.before, after: entry });
      }
    },
    [state?.error, dispatch, applyText],
  );
  // An entry opened in the form is found in the text, and the session learns what an edit of it needs, while the
  // page is idle: the first keystroke in it then reads only the entry (the searches of a 7 MB text take milliseconds).
  useEffect(() => {
    if (current === null) return;
    const idle = requestIdleCallback(() => {
      const parsed = latestState.current;
      const text = latestText.current;
      if (!parsed || parsed.error || parsed.text !== text || !Object.hasOwn(entriesOf(parsed.value), current)) return;
      if (lastPlace.current?.text !== text || lastPlace.current.id !== current)
        lastPlace.current = entryPlace(text, current, true);
      dispatch({ type: 'facts', path: ['entries', current] });
    });
    return () => cancelIdleCallback(idle);
  }, [current, dispatch]);
  const onEntries = useCallback(
    (next: Record<string, WorldInfoEntry>) => {
      const base = latestText.current;
      const parsed = latestState.current;
      const text = base === null ? null : writeEntries(base, next);
      if (text === null) dispatch({ type: 'field', path: ['entries'], value: next });
      // The changed entries are known when the parsed value is the one of the text edited; else the whole text goes.
      else if (base === parsed?.text) applyText(text, changedIds(entriesOf(parsed.value), next));
      else {
        applyText(text, []);
        entryEdits.current = null;
      }
    },
    [dispatch, applyText],
  );
  const saveTest = useCallback(
    (document: LoreTestDocument) => {
      const testName = window.prompt(t('lb.test.namePrompt'))?.trim();
      if (!testName) return;
      api
        .invoke('loreTests.save', { lorebookId: id, name: testName, document: JSON.stringify(document) })
        .then((saved) => {
          setNotice(t('lb.test.saved', { name: saved.name, n: saved.turns }));
          setTestsVersion((v) => v + 1);
        }, onError);
    },
    [api, id, onError, t],
  );
  const nameOf = (entryId: string) => entryLabel(entriesOf(book)[entryId], entryId, t);

  if (!record || !state) return <p className="muted">{doc.error ?? t('editor.loading')}</p>;

  return (
    <section className="editor lb-page">
      <header className="toolbar editor-bar">
        <button type="button" onClick={onClose}>
          ← {t('nav.lorebooks')}
        </button>
        <NameField className="lb-name" label={t('lb.bookName')} value={doc.name} onChange={doc.setName} />
        <SaveState revision={record.revision} dirty={dirty} />
        <span className="muted">{t('lb.tokens', { all: tokens.all, constant: tokens.constant })}</span>
        <UndoRedo state={state} dispatch={dispatch} />
        <SaveButton dirty={dirty} onSave={save} />
      </header>
      <Messages notice={doc.notice} error={doc.error} onDismiss={doc.dismissError} />
      {state.error && <div className="warning">{t('editor.formWaits')}</div>}
      <div className="lb-panes">
        <div className="pane lb-left">
          <LorebookEditor
            book={book}
            listBook={shownBook}
            disabled={state.error !== null}
            onField={onField}
            onEntries={onEntries}
            current={current}
            onCurrent={setCurrent}
            lint={lint.entryIssues}
            lintCounts={lint.counts}
            fired={fired}
          />
        </div>
        <div className="pane lb-right">
          <div className="lb-tabs" role="tablist">
            {TABS.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                aria-busy={k === 'lint' ? lint.pending : undefined}
                className={tab === k ? 'selected' : ''}
                onClick={() => setTab(k)}
              >
                {k === 'lint' ? t('lb.tab.lint', { n: lint.total }) : t(`lb.tab.${k}`)}
              </button>
            ))}
          </div>
          {/* The preview stays mounted (hidden) so its chat and worker survive a look at the JSON. Its body sits in a
              frame (lorebooks.css): laid out on its own, a keystroke in it does not lay out the page. */}
          <div hidden={tab !== 'preview'} className="lb-tab-frame">
            <div className="lb-tab-body">
              <Preview
                bookId={record.id}
                bookName={record.name}
                book={shownBook}
                bookText={bookText ?? state.text}
                bookEdit={validBook?.edit}
                setup={setup}
                onSetup={setSetup}
                onOpenEntry={setCurrent}
                onFired={setFired}
                onSaveTest={saveTest}
              />
            </div>
          </div>
          {tab === 'json' && (
            <div className="lb-tab-body json-pane">
              <MonacoJson
                text={state.text}
                external={state.changedBy !== 'text' || state.text === appliedText.current}
                uri={`inmemory://lorebook/${id}.json`}
                error={state.error}
                dark={dark}
                onChange={(text) => dispatch({ type: 'text', text })}
              />
            </div>
          )}
          {tab === 'lint' && (
            <div className="lb-tab-body">
              {lint.total === 0 ? (
                <p className="muted">{t('lb.lint.none')}</p>
              ) : (
                <>
                  <LintList
                    issues={lint.issues}
                    nameOf={nameOf}
                    onOpen={setCurrent}
                    onFix={(i) => i.fix && onField(['entries', i.entry, i.fix.field], i.fix.value)}
                  />
                  {lint.total > lint.issues.length && (
                    <button type="button" onClick={() => setLintPage((n) => n + LINT_PAGE)}>
                      {t('lb.lint.more', { n: lint.total - lint.issues.length })}
                    </button>
                  )}
                </>
              )}
            </div>
          )}
          {tab === 'tests' && (
            <div className="lb-tab-body">
              <LoreTests lorebookId={id} version={testsVersion + record.revision} dirty={dirty} onError={onError} />
            </div>
          )}
          {tab === 'history' && <HistoryPanel kind="lorebooks" doc={doc} record={record} current={state.value} />}
        </div>
      </div>
    </section>
  );
}
