// Typing in a large lorebook's entry form, in Debian's Chromium against the real web host (issue 16: the UI thread
// never blocks longer than 16 ms). The worldinfo bench's "realistic" book of 5,000 entries, written with two-space
// indentation (7 MB, as an author's file is), is imported and opened; once its first scan and lint are done, the
// last entry of the book (the farthest from the text's start) is opened and TEXT (41 characters) is typed at the end
// of its Title one key at a time, each once the previous one was painted. Per key: keydown → the frame that paints
// it (the same instrument as the bare textarea's: a requestAnimationFrame asked for in an input listener marks the
// start of the frame that paints the keystroke, and a task queued from it marks that frame painted), and the main
// thread's tasks while typing, from a Chromium trace (the preview bench's reading: longest, what it was, and time
// per key; wall and the thread's CPU time). The trace ends once lint has the edited book's findings, so the work a
// keystroke sets off in the page counts too. Baseline in the same run, traced the same way: the preview bench's
// bare textarea, typed with the same characters. FORM_PROFILE=file keeps a main-thread CPU profile, FORM_TRACE=file
// the trace with the devtools.timeline detail (which slows the keystrokes it records).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import {
  bareTyping,
  mainThreadTasks,
  openBook,
  pct,
  taskColumns,
  watch,
  type Keystroke,
  type Tasks,
} from './preview.bench.ts';
import { setup } from './worldinfo.bench.ts';
import { loadAverage, type Row } from './table.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SIZE = 5_000;
const LONG_TASK_TARGET_MS = 16;
/** Typed at the end of the entry's Title. */
const TEXT = ' and the old river road where it ends now';
const ECHO = 'lorewright-bench:form-echo';
const PAINTED = 'lorewright-bench:form-painted';
const FRAME_MS = 1000 / 60;

/** Marks each input of the focused field like the bare textarea: its echo's frame, then that frame painted. */
async function markInputs(page: Page): Promise<void> {
  await page.evaluate(
    ([echo, painted]) => {
      let count = 0;
      document.activeElement!.addEventListener('input', () =>
        requestAnimationFrame(() => {
          performance.mark(echo);
          setTimeout(() => performance.mark(painted, { detail: { n: ++count } }), 0);
        }),
      );
    },
    [ECHO, PAINTED] as const,
  );
}

/** Waits in the page (a PerformanceObserver, no polling) until `n` paint marks were set. */
function paintedCount(page: Page, n: number): Promise<void> {
  return page.evaluate(
    ([name, n]) =>
      new Promise<void>((resolve, reject) => {
        const done = () => performance.getEntriesByName(name, 'mark').length >= n;
        const timer = setTimeout(() => reject(new Error(`key ${n} was not painted within 30 s`)), 30_000);
        const observer = new PerformanceObserver(() => {
          if (!done()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        observer.observe({ type: 'mark' });
        if (done()) {
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        }
      }),
    [PAINTED, n] as const,
  );
}

/** The keystrokes' figures from the page's marks: keydown → painted, split at the echo's frame. */
function keystrokes(page: Page): Promise<Keystroke[]> {
  return page.evaluate(
    ([echo, painted, frameMs]) => {
      const marks = (name: string) => performance.getEntriesByName(name, 'mark');
      const after = (list: PerformanceEntry[], t: number) => list.find((m) => m.startTime >= t);
      const keys = (window as unknown as { __keys: number[] }).__keys;
      return keys.flatMap((k) => {
        const paint = after(marks(painted), k);
        const e = after(marks(echo), k);
        if (!paint || !e) return [];
        return [
          {
            total: paint.startTime - k,
            handler: Number.NaN,
            toResult: Number.NaN,
            render: Number.NaN,
            worker: null,
            toEcho: e.startTime - k,
            afterEcho: paint.startTime - e.startTime,
            frames: Math.floor((paint.startTime - e.startTime) / frameMs),
          },
        ];
      });
    },
    [ECHO, PAINTED, FRAME_MS] as const,
  );
}

/** Lint has the findings of the book as it is now (the slowest of the work a keystroke sets off). */
async function settled(page: Page): Promise<void> {
  await page.locator('[role=tab][aria-busy=false]', { hasText: 'Lint' }).waitFor({ timeout: 300_000 });
}

function summary(label: string, keys: Keystroke[], tasks: Tasks): Row {
  const totals = keys.map((k) => k.total);
  return {
    case: label,
    p50_ms: pct(totals, 0.5),
    p95_ms: pct(totals, 0.95),
    keydown_to_echo_frame_ms: `${pct(
      keys.map((k) => k.toEcho),
      0.5,
    )} / ${pct(
      keys.map((k) => k.toEcho),
      0.95,
    )}`,
    painted_in_echo_frame: `${keys.filter((k) => k.frames === 0).length} of ${keys.length}`,
    ...taskColumns(tasks, keys.length),
    load_after: loadAverage(),
  };
}

export async function run(): Promise<{ rows: Row[]; figures: Row[] }> {
  // Always rebuilt: a stale renderer would measure old code.
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--skip-electron'], { stdio: 'inherit' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-form-bench-'));
  const browser = await launchChromium();
  const host = await startWebHostProcess(path.join(dir, 'library.db'));
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
    const [bareKeys, bareTasks] = await bareTyping(browser, page, TEXT, true);
    const { book } = setup(SIZE);
    const file = path.join(dir, `Form${SIZE}.json`);
    fs.writeFileSync(file, JSON.stringify(book, null, 2));
    await openBook(page, host.url, file, `Form${SIZE}`, SIZE);
    await settled(page);
    // The last entry, found with the filter, which is then cleared: the list shows the whole book while typing.
    const last = `entry ${SIZE - 1}`;
    const filter = page.getByLabel('Filter by key or title');
    await filter.fill(last);
    await page.getByRole('row').filter({ hasText: last }).first().click();
    await filter.fill('');
    const title = page.getByLabel('Title / memo');
    await title.click();
    await title.press('End');
    await settled(page);
    await markInputs(page);
    await watch(page, false);
    const cdp = process.env['FORM_PROFILE'] ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const detail = process.env['FORM_TRACE'] ? ['devtools.timeline'] : [];
    await browser.startTracing(page, { categories: ['toplevel', ...detail] });
    let n = 0;
    for (const key of TEXT) {
      await page.keyboard.type(key);
      await paintedCount(page, ++n);
    }
    await settled(page);
    const trace = await browser.stopTracing();
    if (process.env['FORM_TRACE']) fs.writeFileSync(process.env['FORM_TRACE'], trace);
    const tasks = mainThreadTasks(trace);
    if (cdp) {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(process.env['FORM_PROFILE'] as string, JSON.stringify(profile));
    }
    const typed = await title.inputValue();
    if (!typed.endsWith(TEXT)) throw new Error(`the Title reads "${typed}" after typing`);
    const keys = await keystrokes(page);
    await page.close();

    const formRow = summary(`${SIZE.toLocaleString('en')} entries, typing in the last entry's Title`, keys, tasks);
    const bareRow = summary('baseline: bare textarea', bareKeys, bareTasks);
    const perKey = (row: Row) => `${row['main_busy_per_key_ms']} ms (CPU ${row['main_cpu_per_key_ms']} ms) per key`;
    const bareLine = `bare textarea ${bareRow['p50_ms']} ms / ${bareRow['p95_ms']} ms; longest task ${bareRow['longest_task_ms']} ms (CPU ${bareRow['longest_task_cpu_ms']} ms), ${perKey(bareRow)}`;
    return {
      rows: [bareRow, formRow],
      figures: [
        {
          figure: `form typing, ${SIZE.toLocaleString('en')} entries in Chromium: keystroke → painted p50 / p95`,
          value: `${formRow['p50_ms']} ms / ${formRow['p95_ms']} ms; in the echo's frame: ${formRow['painted_in_echo_frame']} keys`,
          target: 'none: the wait for a frame is the browser’s (compare the bare textarea)',
          comparison: `${bareLine}; load ${formRow['load_after']}`,
        },
        {
          figure: `form typing, ${SIZE.toLocaleString('en')} entries: longest main-thread task while typing`,
          value: `${formRow['longest_task_ms']} ms (CPU ${formRow['longest_task_cpu_ms']} ms, ${tasks.longestKind}); ${perKey(formRow)}`,
          target: `≤ ${LONG_TASK_TARGET_MS} ms: ${tasks.longest <= LONG_TASK_TARGET_MS ? 'met' : 'MISSED'}`,
          comparison: bareLine,
        },
      ],
    };
  } finally {
    await browser.close();
    host.child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
