/**
 * One scan result: fired entries in prompt order grouped by slot with their reason, the budget bar, the passes,
 * the timed-effect state per turn, "why not" for the rest (with near misses), and the assembled world-info text.
 */
import { memo, useLayoutEffect, useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { EntryExplanation, EntryKey, ScanResult } from '../../../../shared/lorebook/model.ts';
import type { NearMiss } from '../../../../shared/lorebook/near-miss.ts';
import { useT, type Translate } from '../../i18n/index.ts';
import type { MessageKey } from '../../i18n/en.ts';
import type { ScanOutput } from './protocol.ts';
import { afterNextPaint } from './after-paint.ts';
import { explanationText } from './reason.ts';
import { nextSlice, sections, type ResultLine } from './result-slice.ts';

interface Props {
  output: ScanOutput;
  index: number;
  /** Set when stepping through turns. */
  onStep: ((turn: number) => void) | null;
  /** The result is older than the inputs (an error or a scan under way). */
  stale: boolean;
  entryId(key: EntryKey): string | undefined;
  titleOf(key: EntryKey): string;
  onOpenEntry(id: string): void;
  bookSize: number;
  /** Near misses of an entry that did not fire (computed only while "Why not?" is open). */
  nearMissesOf?(key: EntryKey, explanation: EntryExplanation | undefined): NearMiss[];
  /**
   * "Why not?" opened or closed: while open, scans explain every entry that did not fire, but list those no key
   * matched (`output.unmatched`); while closed, a large book's output explains only the fired list's entries.
   */
  onWhyNot(open: boolean): void;
  /** Every line of the result is on screen (called in the commit that completes it). */
  onSettled(): void;
}

/**
 * New lines per frame. Much of a frame that adds lines is fixed cost (style, layout, paint and layerizing), and each
 * later frame also waited for the previous one's raster. Since a line is cheap to lay out (`EntryLine`), the first key
 * that fires 52 entries shows them in one frame: on the bench's 2-core machine 51–75 ms from its keydown against
 * 62–92 ms in slices of 30, with the longest task 8.2–12.9 ms of CPU against 7.2–13.1. Slices still bound a frame
 * when hundreds of lines change.
 */
const SLICE = 60;

interface Slot {
  label: string;
  keys: EntryKey[];
}

function slotsOf(t: ReturnType<typeof useT>, result: ScanResult): Slot[] {
  const { slots } = result;
  const list: Slot[] = [
    { label: t('lb.pos.0'), keys: slots.before },
    { label: t('lb.pos.1'), keys: slots.after },
    { label: t('lb.pos.2'), keys: slots.ANTop },
    { label: t('lb.pos.3'), keys: slots.ANBottom },
    { label: t('lb.pos.5'), keys: slots.EMTop },
    { label: t('lb.pos.6'), keys: slots.EMBottom },
    ...slots.atDepth.map((d) => ({
      label: t('lb.slot.depth', { depth: d.depth ?? '—', role: t(`lb.role.${d.role}` as MessageKey) }),
      keys: d.keys,
    })),
    ...Object.entries(slots.outlet).map(([name, keys]) => ({ label: t('lb.slot.outlet', { name }), keys })),
  ];
  return list.filter((s) => s.keys.length > 0);
}

/** A fired entry's line: where it goes, and what it shows. */
interface FiredLine extends ResultLine {
  key: EntryKey;
  place: number;
  title: string;
  reason: string;
  entryId: string | undefined;
}

function sameFired(a: FiredLine, b: FiredLine): boolean {
  return a.place === b.place && a.title === b.title && a.reason === b.reason && a.entryId === b.entryId;
}

interface LineProps {
  /** The line's place in its slot, from 1 (fired entries); none in the "Why not?" list. */
  place?: number;
  title: string;
  reason: string;
  near: readonly string[];
  nearLabel: string;
  /** The entry's id in the editor (none for another book's entry). */
  id: string | undefined;
}

/**
 * One entry with its reason. Memoised: a rescan that leaves the line as it was does not touch it. Its place is text,
 * not a list marker: Chromium lays out a list marker as a box of its own, which made the layout of a result's new
 * lines about twice as long. Its title is an inline element with the button role, not a `<button>` (a box and an
 * anonymous block inside it per line): `openOnActivate` on the result opens its entry on a click, Enter or Space.
 */
const EntryLine = memo(function EntryLine(props: LineProps) {
  const { place, title, reason, near, nearLabel, id } = props;
  return (
    <li className="lb-fired">
      {place !== undefined && `${place}. `}
      <span role="button" tabIndex={0} className="link" data-entry={id}>
        {title}
      </span>
      <span className="muted">{` — ${reason}`}</span>
      {near.length > 0 && (
        <ul className="lb-near" aria-label={nearLabel}>
          {near.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
    </li>
  );
}, sameLine);

function sameLine(a: LineProps, b: LineProps): boolean {
  return (
    a.place === b.place &&
    a.id === b.id &&
    a.title === b.title &&
    a.reason === b.reason &&
    a.nearLabel === b.nearLabel &&
    a.near.length === b.near.length &&
    a.near.every((m, i) => m === b.near[i])
  );
}

/**
 * The result's one handler for its entry titles (`EntryLine`): a click, or Enter or Space on a focused title, opens
 * the title's entry, as a button would.
 */
function openOnActivate(onOpen: (id: string) => void) {
  const open = (target: EventTarget, event: { preventDefault(): void }): void => {
    const title = target instanceof Element ? target.closest<HTMLElement>('[role=button][data-entry]') : null;
    const id = title?.dataset['entry'];
    if (id === undefined) return;
    event.preventDefault();
    onOpen(id);
  };
  return {
    onClick: (e: MouseEvent<HTMLElement>) => open(e.target, e),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === 'Enter' || e.key === ' ') open(e.target, e);
    },
  };
}

const NO_NEAR: readonly string[] = [];

/**
 * The lines to render for `target`: all of it when few lines are new, else a slice more each frame (`nextSlice`),
 * each slice committed once the previous one is painted. `onSettled` is called in the commit that completes it.
 */
function useSlices(
  target: readonly FiredLine[],
  onSettled: () => void,
): { lines: readonly FiredLine[]; settled: boolean } {
  const [slice, setSlice] = useState(() => ({ target, lines: nextSlice([], target, SLICE, sameFired) }));
  let current = slice;
  if (slice.target !== target) {
    current = { target, lines: nextSlice(slice.lines, target, SLICE, sameFired) };
    setSlice(current);
  }
  const { lines } = current;
  const settled = lines === target;
  useLayoutEffect(() => {
    if (settled) return onSettled();
    let stop = false;
    afterNextPaint(() => {
      if (!stop)
        setSlice((s) => (s.target === target ? { target, lines: nextSlice(s.lines, target, SLICE, sameFired) } : s));
    });
    return () => {
      stop = true;
    };
  }, [lines, target, settled, onSettled]);
  return { lines, settled };
}

/** A <details> whose content is rendered only while it is open: closed, a rescan costs it nothing. */
function Lazy(props: { className: string; summary: ReactNode; onToggle?(open: boolean): void; children(): ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className={props.className}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        setOpen(now);
        props.onToggle?.(now);
      }}
    >
      <summary>{props.summary}</summary>
      {open && props.children()}
    </details>
  );
}

/** Memoised: typing in the chat re-renders the preview, but the result on screen only changes when a scan answers. */
export const ResultView = memo(function ResultView(props: Props) {
  const { output, index, onStep, stale, entryId, titleOf, onOpenEntry, bookSize, nearMissesOf, onWhyNot, onSettled } =
    props;
  const t = useT();
  const [whyNot, setWhyNot] = useState('');
  const result = output.results[index]!;
  const used = output.used[index] ?? 0;
  const budget = result.trace.budget;
  const overflow = result.trace.loops.some((l) => l.budgetOverflowed);
  const byKey = useMemo(() => new Map(result.explain.entries.map((e) => [e.key, e])), [result]);

  const fired = useMemo(() => {
    const slots = slotsOf(t, result);
    const placed = new Set(slots.flatMap((s) => s.keys));
    const unplaced = result.activated.filter((k) => !placed.has(k));
    const lists: Slot[] = [
      ...slots,
      { label: t('lb.slot.nowhere'), keys: unplaced },
      { label: t('lb.slot.dropped'), keys: result.slots.dropped.map((d) => d.key) },
    ];
    return lists.flatMap(({ label, keys }) =>
      keys.map((key, i): FiredLine => {
        const e = byKey.get(key);
        const reason = e ? explanationText(t, e, titleOf) : t('lb.reason.no-key-match');
        return {
          id: `${label}\n${key}`,
          section: label,
          key,
          place: i + 1,
          title: titleOf(key),
          reason,
          entryId: entryId(key),
        };
      }),
    );
  }, [t, result, byKey, titleOf, entryId]);
  const { lines, settled } = useSlices(fired, onSettled);
  const activate = useMemo(() => openOnActivate(onOpenEntry), [onOpenEntry]);
  const explainedNotFired = result.explain.entries.filter((e) => !e.fired);
  const notFiredTotal = explainedNotFired.length + (output.unmatchedCount[index] ?? 0);

  const nearLabel = t('lb.near.title');
  /** A line of the "Why not?" list. */
  const entryLine = (key: EntryKey, e: EntryExplanation | undefined, near: NearMiss[]) => (
    <EntryLine
      key={key}
      title={titleOf(key)}
      reason={e ? explanationText(t, e, titleOf) : t('lb.reason.no-key-match')}
      near={near.map((m) => nearMissText(t, m))}
      nearLabel={nearLabel}
      id={entryId(key)}
    />
  );

  /** The entries that did not fire, filtered: built only while "Why not?" is open. */
  const whyNotList = () => {
    const needle = whyNot.trim().toLowerCase();
    const wanted = (key: EntryKey) => needle === '' || `${titleOf(key)}\n${key}`.toLowerCase().includes(needle);
    const notFired: [EntryKey, EntryExplanation | undefined][] = [
      ...explainedNotFired.filter((e) => wanted(e.key)).map((e): [EntryKey, EntryExplanation] => [e.key, e]),
      ...(output.unmatched[index] ?? []).filter(wanted).map((k): [EntryKey, undefined] => [k, undefined]),
    ];
    return (
      <>
        <input
          aria-label={t('lb.whyNot.filter')}
          placeholder={t('lb.whyNot.filter')}
          value={whyNot}
          onChange={(e) => setWhyNot(e.target.value)}
        />
        <ul>
          {notFired.slice(0, 200).map(([k, e]) => entryLine(k, e, nearMissesOf?.(k, e) ?? []))}
          {notFired.length > 200 && <li className="muted">{t('lb.whyNot.more', { n: notFired.length - 200 })}</li>}
        </ul>
      </>
    );
  };

  return (
    <div
      className={stale ? 'lb-result stale' : 'lb-result'}
      data-testid="preview-result"
      aria-busy={!settled}
      {...activate}
    >
      {onStep && output.results.length > 1 && (
        <div className="toolbar lb-turns">
          <button type="button" disabled={index === 0} onClick={() => onStep(index - 1)}>
            ←
          </button>
          <span>{t('lb.turn.of', { n: index + 1, total: output.results.length })}</span>
          <button type="button" disabled={index === output.results.length - 1} onClick={() => onStep(index + 1)}>
            →
          </button>
          <span className="muted">
            {t('lb.turn.timed', {
              sticky:
                output.turns[index]!.sticky.map(
                  (s) => `${titleOf(s.key)} (${s.end - output.turns[index]!.chatLength})`,
                ).join(', ') || '—',
              cooldown:
                output.turns[index]!.cooldown.map(
                  (s) => `${titleOf(s.key)} (${s.end - output.turns[index]!.chatLength})`,
                ).join(', ') || '—',
            })}
          </span>
        </div>
      )}
      <div className="lb-budget" title={t('lb.budget.title')}>
        <div
          className="lb-budget-bar"
          role="meter"
          aria-valuemin={0}
          aria-valuemax={budget}
          aria-valuenow={used}
          aria-label={t('lb.budget.title')}
        >
          <div
            className={overflow ? 'fill overflow' : 'fill'}
            style={{ width: `${Math.min(100, (used / Math.max(1, budget)) * 100)}%` }}
          />
        </div>
        <span>{t(overflow ? 'lb.budget.overflow' : 'lb.budget.used', { used, budget })}</span>
      </div>

      <h4>{t('lb.preview.fired', { n: result.activated.length, total: bookSize })}</h4>
      {sections(lines).map((s) => (
        <section key={s.key} className="lb-slot">
          <h5>{s.section}</h5>
          <ol>
            {s.lines.map((l) => (
              <EntryLine
                key={l.key}
                place={l.place}
                title={l.title}
                reason={l.reason}
                near={NO_NEAR}
                nearLabel={nearLabel}
                id={l.entryId}
              />
            ))}
          </ol>
        </section>
      ))}

      <Lazy className="lb-passes" summary={t('lb.passes.title', { n: result.trace.loops.length })}>
        {() => (
          <ol>
            {result.trace.loops.map((loop) => (
              <li key={loop.loop}>
                {t(`lb.passes.state.${loop.state}` as MessageKey)} ·{' '}
                {t('lb.passes.line', {
                  candidates: loop.candidates.length,
                  successful: loop.successful.length,
                  total: loop.activatedTotal,
                })}
                {loop.budgetOverflowed && <strong> · {t('lb.budget.overflowShort')}</strong>}
                <div className="muted">{loop.successful.map(titleOf).join(', ')}</div>
              </li>
            ))}
          </ol>
        )}
      </Lazy>

      <Lazy className="lb-whynot" summary={t('lb.whyNot.title', { n: notFiredTotal })} onToggle={onWhyNot}>
        {whyNotList}
      </Lazy>

      <Lazy className="lb-assembled" summary={t('lb.assembled.title')}>
        {() => <Assembled result={result} />}
      </Lazy>
    </div>
  );
});

function nearMissText(t: Translate, m: NearMiss): string {
  const at = { message: m.message + 1, offset: m.offset + 1, key: m.key };
  switch (m.kind) {
    case 'whole-word':
      return t('lb.near.whole-word', { ...at, word: m.word });
    case 'case':
      return t('lb.near.case', { ...at, found: m.found });
    case 'secondary-missing':
      return t('lb.near.secondary-missing', { ...at, missing: t.list(m.missing.map((k) => `"${k}"`)) });
  }
}

function Assembled({ result }: { result: ScanResult }) {
  const t = useT();
  const { prompt } = result;
  const parts: [string, string][] = [
    [t('lb.pos.0'), prompt.worldInfoBefore],
    [t('lb.pos.1'), prompt.worldInfoAfter],
    ...prompt.anTop.map((s): [string, string] => [t('lb.pos.2'), s]),
    ...prompt.anBottom.map((s): [string, string] => [t('lb.pos.3'), s]),
    ...prompt.examples.map((e): [string, string] => [t(e.position === 0 ? 'lb.pos.5' : 'lb.pos.6'), e.content]),
    ...prompt.depth.map((d): [string, string] => [
      t('lb.slot.depth', { depth: d.depth ?? '—', role: t(`lb.role.${d.role}` as MessageKey) }),
      d.entries.join('\n'),
    ]),
    ...Object.entries(prompt.outlets).map(([name, list]): [string, string] => [
      t('lb.slot.outlet', { name }),
      list.join('\n'),
    ]),
  ];
  const shown = parts.filter(([, text]) => text !== '');
  if (shown.length === 0) return <p className="muted">{t('lb.assembled.empty')}</p>;
  return (
    <>
      {shown.map(([label, text], i) => (
        <div key={i}>
          <h5>{label}</h5>
          <pre className="lb-pre">{text}</pre>
        </div>
      ))}
    </>
  );
}
