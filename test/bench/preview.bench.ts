// The live activation preview in Debian's Chromium against the real web host (issue 16): a generated book of 5,000
// and of 20,000 entries (the worldinfo bench's "realistic" book) is imported and opened, then a chat message is
// typed into the preview one key at a time. Per key: from the keydown event to the app's "preview-painted" mark
// (set in the frame after the new result was committed, see PreviewPanel.tsx), and the longest main-thread task
// (PerformanceObserver "longtask") while typing. Each key waits for its result, so figures are per keystroke, not
// queueing. Baseline in the same run: a bare textarea's keystroke to paint, the browser alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { setup } from './worldinfo.bench.ts';

const root = path.resolve(import.meta.dirname, '../..');
const SIZES = [5_000, 20_000];
const TARGET_P95_MS: Record<number, number> = { 5_000: 16, 20_000: 33 };
const LONG_TASK_TARGET_MS = 16;
/** Keys typed per book (the first ones of a chat message that mentions entries). */
const KEYS = 60;
const PAINTED = 'lorewright:preview-painted';

type Row = Record<string, string | number>;

function pct(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0).toFixed(1));
}

/** Collects keydown times and long tasks in the page (once per document); `reset` empties them. */
async function watch(page: Page, reset: boolean): Promise<void> {
  await page.evaluate((only) => {
    const w = window as unknown as { __keys: number[]; __long: number[] };
    const watched = Array.isArray(w.__keys);
    w.__keys = [];
    w.__long = [];
    if (watched || only) return;
    document.addEventListener('keydown', (e) => w.__keys.push(e.timeStamp), true);
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push(e.duration))).observe({
      type: 'longtask',
    });
  }, reset);
}

/** How many results were painted so far (the detail of the latest paint mark). */
function paintCount(page: Page): Promise<number> {
  return page.evaluate(
    (name) => Number((performance.getEntriesByName(name, 'mark').at(-1) as PerformanceMark | undefined)?.detail ?? 0),
    PAINTED,
  );
}

/**
 * Presses keys one at a time (characters or key names), each once the previous key's result was painted. Returns
 * keydown → first paint after it, per key.
 */
async function typeAndMeasure(page: Page, keys: string | string[], timeout = 30_000): Promise<number[]> {
  for (const key of keys) {
    const painted = await paintCount(page);
    if (key.length === 1) await page.keyboard.type(key);
    else await page.keyboard.press(key);
    await page.waitForFunction(
      ([name, n]) =>
        Number((performance.getEntriesByName(name as string, 'mark').at(-1) as PerformanceMark | undefined)?.detail) >
        (n as number),
      [PAINTED, painted] as const,
      { polling: 20, timeout },
    );
  }
  return page.evaluate((name) => {
    const paints = performance.getEntriesByName(name, 'mark').map((m) => m.startTime);
    const keys = (window as unknown as { __keys: number[] }).__keys;
    return keys.map((k) => (paints.find((p) => p >= k) ?? Number.NaN) - k).filter((d) => !Number.isNaN(d));
  }, PAINTED);
}

/** The browser alone: a bare textarea that sets the same mark in the frame after each input. */
async function bareBaseline(page: Page, text: string): Promise<number[]> {
  await page.setContent('<textarea aria-label="bare"></textarea>');
  await page.evaluate((painted) => {
    let count = 0;
    document.addEventListener('input', () =>
      requestAnimationFrame(() => setTimeout(() => performance.mark(painted, { detail: ++count }), 0)),
    );
  }, PAINTED);
  await watch(page, false);
  await page.getByLabel('bare').click();
  return typeAndMeasure(page, text);
}

async function openBook(page: Page, url: string, file: string, name: string, count: number): Promise<void> {
  await page.goto(url); // signs the page in with the host's token
  await page.goto(`${url.split('#')[0]}#/lorebooks`);
  await page.locator('input[type=file]').setInputFiles([file]);
  await page
    .getByRole('status')
    .filter({ hasText: /1 book imported/ })
    .waitFor({ timeout: 300_000 });
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByLabel('Message 1 (User)').waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: `${count.toLocaleString('en')} of ${count.toLocaleString('en')} entries` })
    .waitFor({ timeout: 300_000 });
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
    const bare = await bareBaseline(page, text);
    rows.push({ case: 'baseline: bare textarea, keystroke to paint', p50_ms: pct(bare, 0.5), p95_ms: pct(bare, 0.95) });
    for (const size of sizes) {
      const scenario = setup(size);
      const file = path.join(dir, `Preview${size}.json`);
      fs.writeFileSync(file, JSON.stringify(scenario.book));
      await openBook(page, host.url, file, `Preview${size}`, size);
      const message = page.getByLabel('Message 1 (User)');
      await message.click();
      // The first scan compiles the book: not part of typing.
      await watch(page, false);
      await typeAndMeasure(page, ['x', 'Backspace'], 300_000);
      await watch(page, true);
      const cdp = process.env['PREVIEW_PROFILE'] ? await page.context().newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const latencies = await typeAndMeasure(page, text);
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
        fs.writeFileSync(process.env['PREVIEW_PROFILE'] as string, JSON.stringify(profile));
      }
      const longest = await page.evaluate(() => Math.max(0, ...(window as unknown as { __long: number[] }).__long));
      const fired = await page.getByTestId('preview-result').innerText();
      const p50 = pct(latencies, 0.5);
      const p95 = pct(latencies, 0.95);
      const target = TARGET_P95_MS[size] as number;
      rows.push({
        case: `${size.toLocaleString('en')} entries, keystroke to painted result`,
        p50_ms: p50,
        p95_ms: p95,
        longest_task_ms: Number(longest.toFixed(1)),
        keys: latencies.length,
        result: /\d[\d,]* of [\d,]+ entries fired/.exec(fired)?.[0] ?? '',
      });
      figures.push({
        figure: `preview ${size.toLocaleString('en')} entries in Chromium: keystroke → painted result p50 / p95`,
        value: `${p50} ms / ${p95} ms`,
        target: `p95 ≤ ${target} ms: ${p95 <= target ? 'met' : 'MISSED'}`,
        comparison: `bare textarea ${pct(bare, 0.5)} ms / ${pct(bare, 0.95)} ms`,
      });
      figures.push({
        figure: `preview ${size.toLocaleString('en')} entries: longest main-thread task while typing`,
        value: `${longest.toFixed(1)} ms`,
        target: `≤ ${LONG_TASK_TARGET_MS} ms: ${longest <= LONG_TASK_TARGET_MS ? 'met' : 'MISSED'}`,
        comparison: '',
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
