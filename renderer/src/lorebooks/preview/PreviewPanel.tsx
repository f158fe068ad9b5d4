/** The live activation preview: a scratch chat and settings in, the engine's verdict out, rescanned on every edit. */
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LoreTestDocument } from '../../../../shared/lorebook/lore-test-document.ts';
import type { EntryExplanation, EntryKey, WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import { nearMisses, type NearMiss } from '../../../../shared/lorebook/near-miss.ts';
import { useT } from '../../i18n/index.ts';
import { afterNextPaint } from './after-paint.ts';
import { ChatEditor } from './ChatEditor.tsx';
import { loreTestFromPreview } from './lore-test-from-preview.ts';
import type { Highlight, ScanOutput } from './protocol.ts';
import { ResultView } from './ResultView.tsx';
import { ScanClient, type ScanStop } from './scan-client.ts';
import type { BookEdit } from './book-edit.ts';
import { useApi } from '../../app/ApiContext.ts';
import { jsonEqual } from '../../../../shared/card/json-equal.ts';
import { regexKeyCulprit } from '../../../../shared/sandbox/limit-messages.ts';
import type { PreviewMessage, PreviewSetup } from './scenario.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { assignBooks, NO_SOURCES, type PreviewSources } from './sources.ts';
import { SourcesPanel } from './SourcesPanel.tsx';
import { UidIndex } from '../book-model.ts';
import { TitleVersion } from './title-version.ts';

interface Props {
  /** The open book's library id, so a card's link to it is not scanned twice. */
  bookId: number | null;
  bookName: string;
  /** For titles and entry ids; the worker gets `bookText`. */
  book: WorldInfoBook;
  /** The book's last valid JSON text. */
  bookText: string;
  /** How `bookText` came from the previous text, when only entries changed (the worker then gets just those). */
  bookEdit?: BookEdit | null;
  setup: PreviewSetup;
  onSetup(setup: PreviewSetup): void;
  /** Opens an entry in the editor (by its key inside `entries`). */
  onOpenEntry(id: string): void;
  /** Entry ids that fired, for the editor's list. */
  onFired(ids: ReadonlySet<string>): void;
  /** Offered as "Save as lore test" when given: the scenario and the result on screen as a test. */
  onSaveTest?(document: LoreTestDocument): void;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'ok'; latencyMs: number; scanMs: number }
  | { kind: 'timeout'; stop: ScanStop }
  | { kind: 'failed'; message: string };

/** Latencies of the last results, for measurements from the outside (e2e figures). */
const latencies: number[] = [];
(globalThis as { lorewrightPreviewLatencies?: number[] }).lorewrightPreviewLatencies = latencies;

/**
 * Performance marks for measurements from the outside (test/bench/preview.bench.ts): a chat edit, the start of the
 * frame that paints an input (its echo), a result's arrival from the worker, and the frame after a result was
 * committed, painted (a task queued from requestAnimationFrame runs once the frame is drawn). Each mark's detail has
 * `n`, the count of marks of its name so far; the result mark also has the worker's own timing.
 */
const PREVIEW_INPUT_MARK = 'lorewright:preview-input';
const PREVIEW_ECHO_MARK = 'lorewright:preview-echo';
const PREVIEW_RESULT_MARK = 'lorewright:preview-result';
const PREVIEW_PAINTED_MARK = 'lorewright:preview-painted';
const MAX_MARKS = 1000;
const markCounts = new Map<string, number>();

function mark(name: string, detail: object = {}): void {
  const n = (markCounts.get(name) ?? 0) + 1;
  markCounts.set(name, n);
  // Counted here: reading the marks back to count them cost more than setting one.
  if (n % MAX_MARKS === 0) performance.clearMarks(name);
  performance.mark(name, { detail: { n, ...detail } });
}

/** The chat's highlights before the first result: one array, so the memoised chat editor is not rendered again. */
const NO_HIGHLIGHTS: readonly Highlight[] = [];

/** A book in the open book's place, where only its name matters. */
const NO_ENTRIES: WorldInfoBook = { entries: {} };

function markNextPaint(): void {
  afterNextPaint(() => mark(PREVIEW_PAINTED_MARK));
}

export function PreviewPanel({
  bookId,
  bookName,
  book,
  bookText,
  bookEdit = null,
  setup,
  onSetup,
  onOpenEntry,
  onFired,
  onSaveTest,
}: Props) {
  const t = useT();
  const api = useApi();
  const [chat, setChat] = useState<PreviewMessage[]>([{ role: 'user', text: '' }]);
  const [output, setOutput] = useState<ScanOutput | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [turn, setTurn] = useState<number | null>(null);
  const [sources, setSources] = useState<PreviewSources>(NO_SOURCES);
  const [listUnmatched, setListUnmatched] = useState(false);
  const client = useRef<ScanClient | null>(null);
  /** The result on screen, while no error or time-out covers it. */
  const onScreen = useRef<ScanOutput | null>(null);
  /** Inputs asked for, and how many of them a painted frame shows (the typed text, the changed setting). */
  const asked = useRef(0);
  const shownInputs = useRef(0);
  /** A changed result is being committed: the paint mark follows its last lines (`ResultView` shows many over frames). */
  const settling = useRef(false);

  useEffect(() => {
    const c = new ScanClient(
      {
        scan: () => new Worker(new URL('./scan.worker.ts', import.meta.url), { type: 'module' }),
        diagnose: () => new Worker(new URL('./diagnose.worker.ts', import.meta.url), { type: 'module' }),
      },
      {
        onResult: (out, latencyMs, timing) => {
          mark(PREVIEW_RESULT_MARK, timing);
          latencies.push(latencyMs);
          if (latencies.length > 1000) latencies.shift();
          // Most keystrokes change nothing the preview shows (the result is the same object): the screen, and
          // the time its result took ("Updated in"), stay as they are. The screen shows this result as soon as a
          // frame shows the input that asked for it: now if that frame is painted, else once the next one is.
          if (out === onScreen.current) {
            if (shownInputs.current === asked.current) mark(PREVIEW_PAINTED_MARK);
            else markNextPaint();
            return;
          }
          onScreen.current = out;
          settling.current = true;
          setOutput(out);
          setStatus({ kind: 'ok', latencyMs, scanMs: timing.scan });
        },
        onError: (message) => {
          onScreen.current = null;
          setStatus({ kind: 'failed', message });
        },
        onTimeout: (stop) => {
          onScreen.current = null;
          setStatus({ kind: 'timeout', stop });
        },
      },
    );
    client.current = c;
    return () => c.dispose();
  }, []);

  // The scan limit saved in Settings, as the host's sandbox applies it (the default until it arrives).
  useEffect(() => {
    api.invoke('app.limits', {}).then(
      (limits) => client.current?.setLimit(limits.scanMs),
      () => {},
    );
  }, [api]);

  // Everything but the chat, as last rendered; the chat as last edited.
  const inputs = useRef({ bookName, bookText, bookEdit, setup, sources, listUnmatched });
  inputs.current = { bookName, bookText, bookEdit, setup, sources, listUnmatched };
  const chatNow = useRef(chat);
  const ask = useCallback(() => {
    client.current?.request({ ...inputs.current, chat: chatNow.current });
    // The next frame paints this input (a task that runs after this callback runs after that frame).
    const input = ++asked.current;
    requestAnimationFrame(() => {
      shownInputs.current = input;
      mark(PREVIEW_ECHO_MARK);
    });
  }, []);
  useEffect(ask, [ask, bookName, bookText, bookEdit, setup, sources, listUnmatched]);

  // A chat edit is sent to the worker before it is rendered: the scan runs while the page renders the keystroke.
  const changeChat = useCallback(
    (next: PreviewMessage[]) => {
      chatNow.current = next;
      ask();
      setChat(next);
    },
    [ask],
  );
  const editChat = useCallback(
    (next: PreviewMessage[]) => {
      mark(PREVIEW_INPUT_MARK);
      changeChat(next);
    },
    [changeChat],
  );

  // Marked in the commit that completes the result, so the frame asked for is the one that paints it: a passive
  // effect can run after that frame, and its mark then came a frame late.
  const settled = useCallback(() => {
    if (!settling.current) return;
    settling.current = false;
    markNextPaint();
  }, []);

  // The same Map while typing changes no uid (book-model.ts): built again only when an id or a uid changes.
  const [uidIndex] = useState(() => new UidIndex());
  const idByUid = useMemo(() => uidIndex.of(bookName, book), [uidIndex, book, bookName]);

  // Titles of the other books' entries, under the names the scenario gives those books. The open book's entries do
  // not change those names: a keystroke in the entry form keeps this Map, and so the result view's titleOf.
  const otherTitles = useMemo(() => {
    const map = new Map<string, string>();
    const { books } = assignBooks(bookName, NO_ENTRIES, sources);
    for (const [name, other] of Object.entries(books)) {
      if (name === bookName) continue;
      for (const entry of Object.values(other.entries ?? {}))
        if (entry && typeof entry === 'object') map.set(`${name}.${entry.uid}`, String(entry.comment ?? ''));
    }
    return map;
  }, [bookName, sources]);

  // Read through a ref and renewed only when a title may have changed: a keystroke in the entry form makes a new book,
  // and a new titleOf rendered the memoised result view again (twice to four times per keystroke).
  const [titleVersion] = useState(() => new TitleVersion());
  const titles = useMemo(() => titleVersion.of(book), [titleVersion, book]);
  const bookNow = useRef(book);
  bookNow.current = book;
  const titleOf = useCallback(
    (key: EntryKey): string => {
      const id = idByUid.get(key);
      const dot = key.lastIndexOf('.');
      const comment =
        id === undefined ? (otherTitles.get(key) ?? '') : String(bookNow.current.entries[id]?.comment ?? '');
      const title = comment || t('lb.untitled', { uid: key.slice(dot + 1) });
      // Another book's entry says which book, as several may fire side by side.
      return id === undefined ? t('lb.sources.otherTitle', { title, book: key.slice(0, dot) }) : title;
    },
    [idByUid, otherTitles, titles, t],
  );

  const shown = output ? Math.min(turn ?? output.results.length - 1, output.results.length - 1) : 0;
  const result = output?.results[shown];
  // An output without results (no turn to show) has no lines to wait for.
  useLayoutEffect(() => {
    if (output && !result) settled();
  }, [output, result, settled]);
  // Told only when the set changes: a new set re-renders the editor around the preview on every keystroke.
  const firedIds = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const ids = new Set((result?.activated ?? []).flatMap((k) => idByUid.get(k) ?? []));
    const same = ids.size === firedIds.current.size && [...ids].every((id) => firedIds.current.has(id));
    if (same) return;
    firedIds.current = ids;
    // The entry list's marks follow once the result is painted, so that frame lays out and paints only the result.
    afterNextPaint(() => startTransition(() => onFired(ids)));
  }, [result, idByUid, onFired]);

  const entryId = useCallback((key: EntryKey) => idByUid.get(key), [idByUid]);
  // Near misses point into the messages as typed, up to the turn shown. Read through a ref so the callback stays
  // the same while typing (the memoised result view re-renders only when a scan answers).
  const nearMissInput = useRef({ book, chat, setup, shown });
  nearMissInput.current = { book, chat, setup, shown };
  const nearMissesOf = useCallback(
    (key: EntryKey, explanation: EntryExplanation | undefined): NearMiss[] => {
      const { book, chat, setup, shown } = nearMissInput.current;
      const id = idByUid.get(key);
      const entry = id === undefined ? undefined : book.entries[id];
      if (!entry) return [];
      const messages = chat.slice(0, setup.turns ? shown + 1 : chat.length).map((m) => m.text);
      return nearMisses(entry, explanation, messages, setup.settings);
    },
    [idByUid],
  );

  // A result can change without its highlights (a keystroke in the title of an entry the scan explained): the same
  // array then keeps the memoised chat editor from rendering again.
  const shownHighlights = output?.highlights[shown] ?? NO_HIGHLIGHTS;
  const highlights = useRef(shownHighlights);
  if (highlights.current !== shownHighlights && !jsonEqual(highlights.current, shownHighlights))
    highlights.current = shownHighlights;

  const saveTest = (): void => {
    const document = output && loreTestFromPreview(bookName, book, setup, chat, output, idByUid.size, sources);
    if (document && onSaveTest) onSaveTest(document);
  };

  return (
    <section className="lb-preview" aria-label={t('lb.preview.title')}>
      <ChatEditor
        chat={chat}
        setup={setup}
        onChat={editChat}
        onSetup={onSetup}
        highlights={highlights.current}
        visibleMessages={setup.turns ? shown + 1 : chat.length}
      />
      <SourcesPanel
        openBookId={bookId}
        sources={sources}
        onSources={setSources}
        setup={setup}
        onSetup={onSetup}
        onChat={changeChat}
      />
      <SettingsPanel setup={setup} onSetup={onSetup} />
      <div className="lb-preview-status" role="status" aria-live="polite">
        {/* Its own box (lorebooks.css): the time changes on every keystroke, and is laid out alone. */}
        <span>
          {status.kind === 'ok' &&
            t('lb.preview.took', { ms: status.latencyMs.toFixed(1), scan: status.scanMs.toFixed(1) })}
        </span>
      </div>
      {onSaveTest && (
        <div className="toolbar">
          <button
            type="button"
            onClick={saveTest}
            disabled={status.kind !== 'ok' || !output || sources.books.length > 0}
            title={sources.books.length > 0 ? t('lb.sources.noTest') : undefined}
          >
            {t('lb.test.save')}
          </button>
        </div>
      )}
      {(status.kind === 'timeout' || status.kind === 'failed') && (
        <div className="error" role="alert" data-testid="preview-error">
          {status.kind === 'failed'
            ? t('lb.preview.failed', { message: status.message })
            : status.stop.culprit
              ? t('lb.preview.timeoutKey', { ms: status.stop.limitMs, ...regexKeyCulprit(status.stop.culprit) })
              : t('lb.preview.timeout', { ms: status.stop.limitMs })}
        </div>
      )}
      {output && result && (
        <ResultView
          output={output}
          index={shown}
          onStep={setup.turns ? setTurn : null}
          stale={status.kind !== 'ok'}
          entryId={entryId}
          titleOf={titleOf}
          onOpenEntry={onOpenEntry}
          bookSize={idByUid.size + otherTitles.size}
          nearMissesOf={nearMissesOf}
          onWhyNot={setListUnmatched}
          onSettled={settled}
        />
      )}
    </section>
  );
}
