// The live activation preview in Debian's Chromium against the real web host (issue 16): a generated book of 5,000
// and of 20,000 entries (the worldinfo bench's "realistic" book) is imported and opened, then a chat message is
// typed into the preview one key at a time, once the book's first scan and lint are done. Per key: from the keydown
// event to the app's "preview-painted" mark (set once a painted frame shows the whole result: the frame after the
// last slice of a changed result was committed, as a big change is shown over a few frames; for an unchanged one,
// the frame that painted the input, see PreviewPanel.tsx), and the
// main thread's tasks while typing from a Chromium trace (longest, and time per key; wall and the thread's CPU time;
// the harness's own DevTools calls apart; what the longest was: a frame, an input event, or the message it received,
// such as the bare textarea's spell checker). Each key waits for its result, so figures are per keystroke, not
// queueing. The text is typed twice, each time into a freshly loaded page (a fresh worker, whose first firing scan
// is uncompiled): without a trace for the keystrokes' figures, then under a trace for the tasks. Even the trace's
// "toplevel" category alone slowed the keystrokes' tails (bare textarea p95 15.2–15.7 ms untraced, 22.5–33.7 traced,
// in three runs); the traced run's keydown → painted is shown beside (traced_p50_p95_ms). Baseline in the same run,
// measured the same way (untraced, then traced): a bare textarea's keydown to the frame that paints the input, the
// browser alone. PREVIEW_SIZES=5000 runs one size; PREVIEW_TRACE=path and PREVIEW_PROFILE=file keep the traces (with
// the devtools.timeline detail) and a main-thread CPU profile of the traced run; PREVIEW_KEYS=path keeps each
// keystroke's figures of the untraced run (path.<size>.json).
// Breakdown per keystroke (medians): keydown → the app's input mark (main thread, the input handler), input → the
// result's arrival (worker: its own book/prepare/scan/rest timing from the result mark, plus messaging and waiting
// for the main thread), arrival → painted (main thread: render, commit, frame).
// Against the frame clock (rows "…, against the frame clock" and one summary figure per size, with no target): the
// page and the bare textarea both mark the start of the frame that paints a keystroke's echo (a requestAnimationFrame
// asked for in the input handler, which runs as that frame begins). Per key, keydown → paint splits in two there:
// keydown → the echo's frame begins (the wait for a frame: Chromium begins one at once after an idle spell, else at
// the next 60 Hz tick; plus the input handler), and the echo's frame → the paint mark (that frame's own work, and any
// later frame the result needed). "In the echo's frame" counts the keys whose paint mark came less than one frame
// interval (16.7 ms) after the echo's frame began: the result was on screen with the keystroke. The bare textarea's
// result is its echo, so its two spans are what the browser alone costs, measured the same way.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { importLorebooks } from '../helpers/lorebook-import.ts';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { setup } from './worldinfo.bench.ts';
import { loadAverage, type Row } from './table.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SIZES = (process.env['PREVIEW_SIZES'] ?? '5000,20000').split(',').map(Number);
const TARGET_P95_MS: Record<number, number> = { 5_000: 16, 20_000: 33 };
const LONG_TASK_TARGET_MS = 16;
/** Keys typed per book (the first ones of a chat message that mentions entries). */
const KEYS = 60;
const INPUT = 'lorewright:preview-input';
const ECHO = 'lorewright:preview-echo';
const RESULT = 'lorewright:preview-result';
const PAINTED = 'lorewright:preview-painted';
/** Headless Chromium's frame interval: its frame clock ticks at 60 Hz. */
const FRAME_MS = 1000 / 60;

export function pct(values: number[], q: number): number {
  values = values.filter((v) => !Number.isNaN(v));
  const s = [...values].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0).toFixed(1));
}

/** Collects keydown times in the page (once per document); `reset` empties them. */
export async function watch(page: Page, reset: boolean): Promise<void> {
  await page.evaluate((only) => {
    const w = window as unknown as { __keys: number[] };
    const watched = Array.isArray(w.__keys);
    w.__keys = [];
    if (watched || only) return;
    document.addEventListener('keydown', (e) => w.__keys.push(e.timeStamp), true);
  }, reset);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event. */
  tdur?: number;
  args?: {
    name?: string;
    chrome_mojo_event_info?: { mojo_interface_tag?: string };
    /** Where a task was posted from (RunTask events). */
    src_file?: string;
    src_func?: string;
  };
}

/** Main-thread tasks while typing, in ms: wall clock and the thread's CPU time (on a busy machine they differ). */
export interface Tasks {
  longest: number;
  longestCpu: number;
  busy: number;
  busyCpu: number;
  /** Wall time of the tasks that ran this bench's own DevTools calls (not counted above). */
  harness: number;
  /** What the longest task was (see `taskKind`). */
  longestKind: string;
}

/**
 * What a task was: a frame, an input event, the message it received (its Mojo interface, e.g. Chromium's spell
 * checker), or else where it was posted from.
 */
function taskKind(task: TraceEvent, message: string | undefined): string {
  const from = task.args?.src_func ?? '';
  if (from === 'ScheduledActionSendBeginMainFrame') return 'frame';
  if (task.args?.src_file?.endsWith('main_thread_event_queue.cc')) return 'input event';
  if (message) return `message ${message}`;
  return `${task.args?.src_file?.split('/').pop() ?? '?'} ${from}`;
}

/**
 * The page's main-thread tasks from a Chromium trace ("ThreadControllerImpl::RunTask" on each renderer's
 * CrRendererMain thread): the longest and the sum, wall and CPU. The Long Tasks API would not do: it reports only
 * tasks of 50 ms or more. Tasks that receive a DevTools message (blink.mojom.DevToolsSession: playwright evaluating
 * this bench's own scripts, such as the wait for the paint mark) are the harness, not the page: counted apart.
 */
export function mainThreadTasks(trace: Buffer): Tasks {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events
    .filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const devtools = (e: TraceEvent) =>
    e.name === 'Receive mojo message' &&
    e.args?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession';
  const tasks = { longest: 0, longestCpu: 0, busy: 0, busyCpu: 0, harness: 0, longestKind: '' };
  let task: { event: TraceEvent; harness: boolean; message?: string } | null = null;
  const close = () => {
    if (!task) return;
    const wall = (task.event.dur ?? 0) / 1000;
    const cpu = (task.event.tdur ?? 0) / 1000;
    if (task.harness) tasks.harness += wall;
    else {
      if (wall > tasks.longest) tasks.longestKind = taskKind(task.event, task.message);
      tasks.longest = Math.max(tasks.longest, wall);
      tasks.longestCpu = Math.max(tasks.longestCpu, cpu);
      tasks.busy += wall;
      tasks.busyCpu += cpu;
    }
    task = null;
  };
  for (const e of onMain) {
    // Tasks do not nest: an event inside the current task's span belongs to it.
    const inside = task !== null && e.ts < task.event.ts + (task.event.dur ?? 0);
    if (e.name === 'ThreadControllerImpl::RunTask' && !inside) {
      close();
      task = { event: e, harness: false };
    } else if (inside && devtools(e)) task!.harness = true;
    else if (inside && e.name === 'Receive mojo message')
      task!.message ??= e.args?.chrome_mojo_event_info?.mojo_interface_tag;
  }
  close();
  return tasks;
}

/** A detail row's columns for the main thread's tasks while typing `keys` keys (see `Tasks`). */
export function taskColumns(tasks: Tasks, keys: number): Row {
  return {
    longest_task_ms: Number(tasks.longest.toFixed(1)),
    longest_task_cpu_ms: Number(tasks.longestCpu.toFixed(1)),
    longest_task_kind: tasks.longestKind,
    main_busy_per_key_ms: Number((tasks.busy / keys).toFixed(1)),
    main_cpu_per_key_ms: Number((tasks.busyCpu / keys).toFixed(1)),
    harness_per_key_ms: Number((tasks.harness / keys).toFixed(1)),
  };
}

/**
 * Types `keys` under a Chromium trace: each key's figures and the main thread's tasks. Only the "toplevel" category
 * (tasks, with their CPU time) is recorded: "devtools.timeline" instruments every event, script call, layout and
 * paint, which slowed the very keystrokes being measured. PREVIEW_TRACE adds it back for a trace to read. Even
 * "toplevel" alone slows them (see the header): the preview's latency comes from a run without a trace.
 */
async function traced(browser: Browser, page: Page, keys: string, size: string): Promise<[Keystroke[], Tasks]> {
  const detail = process.env['PREVIEW_TRACE'] ? ['devtools.timeline'] : [];
  await browser.startTracing(page, { categories: ['toplevel', ...detail] });
  const typed = await typeAndMeasure(page, keys);
  const trace = await browser.stopTracing();
  if (process.env['PREVIEW_TRACE']) fs.writeFileSync(`${process.env['PREVIEW_TRACE']}.${size}.json`, trace);
  return [typed, mainThreadTasks(trace)];
}

/**
 * Waits in the page until more than `after` results were painted (the count in the latest paint mark's detail) or
 * `timeout` ms passed, and returns that count and the preview's error text, if it shows one. Event-driven (a
 * PerformanceObserver), so the harness adds no polling tasks to the main thread it measures.
 */
function painted(page: Page, after: number, timeout: number): Promise<{ count: number; error: string | null }> {
  return page.evaluate(
    ([name, after, timeout]) =>
      new Promise<{ count: number; error: string | null }>((resolve) => {
        const count = () =>
          Number((performance.getEntriesByName(name, 'mark').at(-1) as PerformanceMark | undefined)?.detail?.n ?? 0);
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          const error = document.querySelector<HTMLElement>('[data-testid=preview-error]')?.innerText ?? null;
          resolve({ count: count(), error });
        };
        const observer = new PerformanceObserver(() => {
          if (count() > after) done();
        });
        observer.observe({ type: 'mark' });
        const timer = setTimeout(done, timeout);
        if (count() > after) done();
      }),
    [PAINTED, after, timeout] as const,
  );
}

/** Per keystroke: keydown → paint, and its parts (see the header). */
export interface Keystroke {
  total: number;
  handler: number;
  toResult: number;
  render: number;
  worker: { book: number; prepare: number; scan: number; rest: number } | null;
  /** Keydown → the start of the frame that paints the keystroke's echo (the typed character). */
  toEcho: number;
  /** The start of the echo's frame → the paint mark: `total` without the wait for a frame. */
  afterEcho: number;
  /** `afterEcho` in whole frame intervals (0: the result was painted within the echo's own frame interval). */
  frames: number;
}

/**
 * Presses keys one at a time (characters or key names), each once the previous key's result was painted. A preview
 * error ends the run with its text. Returns each key's figures (keydown → first paint after it).
 */
async function typeAndMeasure(page: Page, keys: string | string[], timeout = 30_000): Promise<Keystroke[]> {
  let { count } = await painted(page, -1, 0);
  for (const key of keys) {
    if (key.length === 1) await page.keyboard.type(key);
    else await page.keyboard.press(key);
    const after = await painted(page, count, timeout);
    if (after.error !== null) throw new Error(`the preview failed: ${after.error}`);
    if (after.count === count) throw new Error(`no result was painted within ${timeout} ms of pressing ${key}`);
    count = after.count;
  }
  return page.evaluate(
    ([input, echo, result, painted, frameMs]) => {
      const marks = (name: string) => performance.getEntriesByName(name, 'mark') as PerformanceMark[];
      const after = (list: PerformanceMark[], t: number) => list.find((m) => m.startTime >= t);
      const inputs = marks(input);
      const echoes = marks(echo);
      const results = marks(result);
      const paints = marks(painted);
      const keys = (window as unknown as { __keys: number[] }).__keys;
      return keys.flatMap((k) => {
        const paint = after(paints, k);
        if (!paint) return [];
        const i = after(inputs, k);
        const r = i && after(results, i.startTime);
        const e = after(echoes, k);
        const inTime = (m: PerformanceMark | undefined) => m !== undefined && m.startTime <= paint.startTime;
        return [
          {
            total: paint.startTime - k,
            handler: inTime(i) ? i!.startTime - k : Number.NaN,
            toResult: inTime(r) ? r!.startTime - i!.startTime : Number.NaN,
            render: inTime(r) ? paint.startTime - r!.startTime : Number.NaN,
            worker: inTime(r) ? (r!.detail as Keystroke['worker']) : null,
            toEcho: inTime(e) ? e!.startTime - k : Number.NaN,
            afterEcho: inTime(e) ? paint.startTime - e!.startTime : Number.NaN,
            frames: inTime(e) ? Math.floor((paint.startTime - e!.startTime) / frameMs) : Number.NaN,
          },
        ];
      });
    },
    [INPUT, ECHO, RESULT, PAINTED, FRAME_MS] as const,
  );
}

/**
 * The browser alone: a bare textarea that sets the same marks: the echo's frame, and the frame after each input.
 * With `trace`, typed under a trace for its tasks too.
 */
export async function bareTyping(
  browser: Browser,
  page: Page,
  text: string,
  trace: true,
): Promise<[Keystroke[], Tasks]>;
export async function bareTyping(browser: Browser, page: Page, text: string, trace: false): Promise<Keystroke[]>;
export async function bareTyping(browser: Browser, page: Page, text: string, trace: boolean) {
  // A fresh document each time: the listeners and marks of an earlier one are gone.
  await page.goto('about:blank');
  await page.setContent('<textarea aria-label="bare"></textarea>');
  await page.evaluate(
    ([echo, painted]) => {
      let count = 0;
      document.addEventListener('input', () =>
        requestAnimationFrame(() => {
          performance.mark(echo);
          setTimeout(() => performance.mark(painted, { detail: { n: ++count } }), 0);
        }),
      );
    },
    [ECHO, PAINTED] as const,
  );
  await watch(page, false);
  await page.getByLabel('bare').click();
  return trace ? traced(browser, page, text, 'bare') : typeAndMeasure(page, text);
}

/** p50 and p95 of one part of each keystroke, as "p50 / p95". */
function spread(keys: Keystroke[], pick: (k: Keystroke) => number): string {
  const values = keys.map(pick);
  return `${pct(values, 0.5)} / ${pct(values, 0.95)}`;
}

/** The keystrokes against the frame clock (see the header): the wait for the echo's frame, and what follows it. */
function clock(keys: Keystroke[]) {
  const frames = keys.map((k) => k.frames).filter((f) => !Number.isNaN(f));
  return {
    inside: `${frames.filter((f) => f === 0).length} of ${keys.length}`,
    framesP95: pct(frames, 0.95),
    toEcho: spread(keys, (k) => k.toEcho),
    afterEcho: spread(keys, (k) => k.afterEcho),
  };
}

function clockRow(label: string, keys: Keystroke[]): Row {
  const c = clock(keys);
  return {
    case: `${label}, against the frame clock`,
    result_in_echo_frame: c.inside,
    frames_after_echo_p95: c.framesP95,
    keydown_to_echo_frame_ms: c.toEcho,
    echo_frame_to_paint_ms: c.afterEcho,
  };
}

export async function openBook(page: Page, url: string, file: string, name: string, count: number): Promise<void> {
  await page.goto(url); // signs the page in with the host's token
  await importLorebooks(page, url, [file], /1 book imported/, 300_000);
  await showBook(page, name, count);
}

/** Opens an imported book from the library page, and waits for its entry list. */
async function showBook(page: Page, name: string, count: number): Promise<void> {
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByLabel('Message 1 (User)').waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: `${count.toLocaleString('en')} of ${count.toLocaleString('en')} entries` })
    .waitFor({ timeout: 300_000 });
}

/**
 * Clicks into the open book's message and waits out what is not typing: the first scan, which compiles the book, and
 * the book's lint, which lands once (a large task that re-renders the page). Returns the first scan's keystrokes.
 */
async function readyToType(page: Page): Promise<Keystroke[]> {
  await page.getByLabel('Message 1 (User)').click();
  await watch(page, false);
  const first = await typeAndMeasure(page, ['x', 'Backspace'], 300_000);
  await page.locator('[role=tab][aria-busy=false]', { hasText: 'Lint' }).waitFor({ timeout: 300_000 });
  await watch(page, true);
  return first;
}

export async function run(sizes = SIZES): Promise<{ rows: Row[]; figures: Row[] }> {
  // Always rebuilt: a stale renderer would measure old code.
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--skip-electron'], { stdio: 'inherit' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-preview-bench-'));
  const rows: Row[] = [];
  const figures: Row[] = [];
  const browser = await launchChromium();
  const host = await startWebHostProcess(path.join(dir, 'library.db'));
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
    // A message naming two entries (by the first key of entries 10 and 20, which every book size has).
    const { entries } = setup(1_000).book;
    const name = (uid: number) => String((entries[uid]?.key as string[])[0]);
    const text = `Then ${name(10)} met ${name(20)} by the old river road at night`.slice(0, KEYS);
    const [bareTraced, bareTasks] = await bareTyping(browser, page, text, true);
    const bareKeys = await bareTyping(browser, page, text, false);
    const bare = bareKeys.map((k) => k.total);
    const perKey = (tasks: Tasks, n: number) =>
      `${(tasks.busy / n).toFixed(1)} ms (CPU ${(tasks.busyCpu / n).toFixed(1)} ms)`;
    const bareLine = `bare textarea: longest ${bareTasks.longest.toFixed(1)} ms (CPU ${bareTasks.longestCpu.toFixed(1)} ms), ${perKey(bareTasks, bare.length)} per key`;
    rows.push({
      case: 'baseline: bare textarea, keystroke to paint',
      p50_ms: pct(bare, 0.5),
      p95_ms: pct(bare, 0.95),
      traced_p50_p95_ms: spread(bareTraced, (k) => k.total),
      ...taskColumns(bareTasks, bare.length),
      load_after: loadAverage(),
    });
    rows.push(clockRow('baseline: bare textarea', bareKeys));
    const bareClock = clock(bareKeys);
    for (const size of sizes) {
      const scenario = setup(size);
      const file = path.join(dir, `Preview${size}.json`);
      fs.writeFileSync(file, JSON.stringify(scenario.book));
      await openBook(page, host.url, file, `Preview${size}`, size);
      const first = await readyToType(page);
      const keys = await typeAndMeasure(page, text);
      if (process.env['PREVIEW_KEYS'])
        fs.writeFileSync(`${process.env['PREVIEW_KEYS']}.${size}.json`, JSON.stringify(keys));
      const fired = await page.getByTestId('preview-result').innerText();
      const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      // The traced run in a page loaded again: a fresh worker, its first firing scan as uncompiled as the first run's.
      await page.goto(`${host.url.split('#')[0]}#/lorebooks`);
      await page.reload();
      await showBook(page, `Preview${size}`, size);
      await readyToType(page);
      const cdp = process.env['PREVIEW_PROFILE'] ? await page.context().newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const [tracedKeys, tasks] = await traced(browser, page, text, String(size));
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
        fs.writeFileSync(process.env['PREVIEW_PROFILE'] as string, JSON.stringify(profile));
      }
      const latencies = keys.map((k) => k.total);
      const p50 = pct(latencies, 0.5);
      const p95 = pct(latencies, 0.95);
      const median = (pick: (k: Keystroke) => number | undefined) =>
        pct(
          keys.map((k) => pick(k) ?? Number.NaN),
          0.5,
        );
      const target = TARGET_P95_MS[size] as number;
      const load = loadAverage();
      rows.push({
        case: `${size.toLocaleString('en')} entries, keystroke to painted result`,
        p50_ms: p50,
        p95_ms: p95,
        traced_p50_p95_ms: spread(tracedKeys, (k) => k.total),
        ...taskColumns(tasks, tracedKeys.length),
        keys: keys.length,
        dom_nodes: domNodes,
        result: /\d[\d,]* of [\d,]+ entries fired/.exec(fired)?.[0] ?? '',
        first_scan: `worker book ${first[0]?.worker?.book.toFixed(0)} ms, prepare ${first[0]?.worker?.prepare.toFixed(0)} ms, scan ${first[0]?.worker?.scan.toFixed(0)} ms`,
        load_after: load,
      });
      rows.push({
        case: `${size.toLocaleString('en')} entries, per keystroke (medians)`,
        handler_ms: median((k) => k.handler),
        to_result_ms: median((k) => k.toResult),
        worker_book_ms: median((k) => k.worker?.book),
        worker_prepare_ms: median((k) => k.worker?.prepare),
        worker_scan_ms: median((k) => k.worker?.scan),
        worker_rest_ms: median((k) => k.worker?.rest),
        render_to_paint_ms: median((k) => k.render),
      });
      rows.push(clockRow(`${size.toLocaleString('en')} entries`, keys));
      figures.push({
        figure: `preview ${size.toLocaleString('en')} entries in Chromium: keystroke → painted result p50 / p95`,
        value: `${p50} ms / ${p95} ms`,
        target: `p95 ≤ ${target} ms: ${p95 <= target ? 'met' : 'MISSED'}`,
        comparison: `bare textarea ${pct(bare, 0.5)} ms / ${pct(bare, 0.95)} ms; load ${load}`,
      });
      figures.push({
        figure: `preview ${size.toLocaleString('en')} entries: longest main-thread task while typing`,
        value: `${tasks.longest.toFixed(1)} ms (CPU ${tasks.longestCpu.toFixed(1)} ms); ${perKey(tasks, tracedKeys.length)} per key`,
        target: `≤ ${LONG_TASK_TARGET_MS} ms: ${tasks.longest <= LONG_TASK_TARGET_MS ? 'met' : 'MISSED'}`,
        comparison: bareLine,
      });
      const c = clock(keys);
      figures.push({
        figure: `preview ${size.toLocaleString('en')} entries: keystroke → painted, split at the echo's frame`,
        value: `keydown → echo frame ${c.toEcho} ms, echo frame → painted ${c.afterEcho} ms (p50 / p95); result in the echo's frame: ${c.inside} keys (p95 ${c.framesP95} frames later)`,
        target: 'none: what the page adds to the wait for a frame',
        comparison: `bare textarea: keydown → echo frame ${bareClock.toEcho} ms, echo frame → painted ${bareClock.afterEcho} ms; ${bareClock.inside} keys`,
      });
    }
    await page.close();
  } finally {
    await browser.close();
    host.child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { rows, figures };
}
