// The UI at scale, measured in Debian's Chromium against the real web host: library first paint and search latency
// with 10,000 cards, keystroke-to-paint latency in a 1 MB description, renderer heap. Baseline: an empty library.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { openLibrary } from '../../electron/services/library/library.ts';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { launchChromium } from '../helpers/browser.ts';

const CARDS = 10_000;
/** 1 MB of prose with words and paragraphs, as a long description really looks (an unbroken run of one letter
 *  is a worst case for the browser's own text layout, not for us). */
const PROSE =
  'She walks the old forest road at dusk, listening for the bells of the ruined abbey. '.repeat(12) + '\n\n';
const MB_TEXT = PROSE.repeat(Math.ceil((1024 * 1024) / PROSE.length)).slice(0, 1024 * 1024);
const root = path.resolve(import.meta.dirname, '../..');

function seed(db: string, cards: number): void {
  const lib = openLibrary(db);
  lib.db.transaction(() => {
    for (let i = 0; i < cards; i++) {
      lib.cards.insert({
        document: JSON.stringify({
          spec: 'chara_card_v2',
          spec_version: '2.0',
          data: {
            name: `Character ${String(i).padStart(5, '0')}`,
            description: `A ${i % 2 ? 'brave' : 'sly'} wanderer #${i}`,
            creator: `c${i % 50}`,
            tags: [`t${i % 20}`],
            extensions: {},
          },
        }),
      });
    }
  })();
  if (cards > 0)
    lib.cards.insert({
      document: JSON.stringify({
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: { name: 'Big', description: MB_TEXT, extensions: {} },
      }),
    });
  lib.close();
}

function pct(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(1));
}

/** Builds the renderer the web host serves: always, since a stale or development build would measure other code. */
export function buildRenderer(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--skip-electron'], { stdio: 'inherit' });
}

/** Per page: each watched selector's waiter for its next paint (an init script runs on every later navigation). */
const watching = new WeakMap<Page, Map<string, (ms: number) => void>>();

/**
 * Milliseconds from the start of navigation to the frame that first paints `selector` (by default a card name in the
 * library list), measured inside the page: an init script sees the element arrive and reads the clock in the next
 * animation frame, the frame that paints it, and reports it through a binding. Waiting for the element from here
 * instead would measure Playwright's polling (it looks again after 20, 50, 100, 100 and 500 ms), which rounds every
 * figure up to its next poll; and waiting for the clock reading with `waitForFunction` injects Playwright's helper
 * script (≈ 330 KB, parsed and run on the page's main thread: a 30–80 ms task) as soon as `goto` returns at the load
 * event, while the app is still starting, so the figure counted it.
 */
export async function firstPaint(page: Page, url: string, selector = '[data-testid=card-name]'): Promise<number> {
  let waiters = watching.get(page);
  if (!waiters) {
    const found = new Map<string, (ms: number) => void>();
    watching.set(page, (waiters = found));
    await page.exposeBinding('__lorewrightPainted', (_source, sel: string, ms: number) => found.get(sel)?.(ms));
  }
  if (!waiters.has(selector)) {
    waiters.set(selector, () => undefined);
    await page.addInitScript((sel: string) => {
      const w = window as unknown as { __lorewrightPainted(sel: string, ms: number): Promise<void> };
      const seen = (): boolean => {
        if (!document.querySelector(sel)) return false;
        requestAnimationFrame(() => void w.__lorewrightPainted(sel, performance.now()));
        return true;
      };
      const observer = new MutationObserver(() => seen() && observer.disconnect());
      observer.observe(document, { childList: true, subtree: true });
    }, selector);
  }
  const watched = waiters;
  let timer: NodeJS.Timeout | undefined;
  const painted = new Promise<number>((resolve, reject) => {
    watched.set(selector, resolve);
    timer = setTimeout(() => reject(new Error(`${selector} was not painted within 30 s of loading ${url}`)), 30_000);
  });
  try {
    await page.goto(url);
    return Math.round(await painted);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Scrolls the library's virtual list for `ms` at a brisk, steady pace (one step per frame) and reports the frame
 * times requestAnimationFrame saw: p50, p95, and frames dropped (each gap of n frame periods counts n − 1).
 */
export async function scrollFrames(
  page: Page,
  ms: number,
): Promise<{ p50: number; p95: number; frames: number; dropped: number; rowsPassed: number }> {
  const { times, rowsPassed } = await page.evaluate(async (duration) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid=card-scroller]')!;
    const deltas: number[] = [];
    const start = scroller.scrollTop;
    await new Promise<void>((resolve) => {
      let last = performance.now();
      const t0 = last;
      const step = (now: number): void => {
        deltas.push(now - last);
        last = now;
        scroller.scrollTop += 60; // ≈3,600 px/s: a fast flick through the list
        if (now - t0 < duration) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    return { times: deltas.slice(1), rowsPassed: Math.round((scroller.scrollTop - start) / 44) };
  }, ms);
  const period = 1000 / 60;
  const dropped = times.reduce((n, t) => n + Math.max(0, Math.round(t / period) - 1), 0);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), frames: times.length, dropped, rowsPassed };
}

async function searchLatency(page: Page, queries: string[]): Promise<number[]> {
  const times: number[] = [];
  const box = page.getByLabel('Search names, creators, tags, descriptions…');
  for (const q of queries) {
    const t0 = Date.now();
    await box.fill(q);
    // The list shows the first match once the debounced query has answered.
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid=card-name]')?.textContent?.includes(text) === true,
      q.replace('Character ', ''),
    );
    times.push(Date.now() - t0);
  }
  return times;
}

/** Time from a key press to the next painted frame, measured inside the page. */
async function keystrokeToPaint(page: Page, presses: number): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[] };
    w.__lat = [];
    document.addEventListener(
      'keydown',
      () => {
        const t0 = performance.now();
        requestAnimationFrame(() => setTimeout(() => w.__lat.push(performance.now() - t0), 0));
      },
      true,
    );
  });
  const field = page.getByLabel('Description');
  await field.click();
  await page.keyboard.press('End');
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('a');
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
}

export async function run(): Promise<Record<string, string | number>[]> {
  buildRenderer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-ui-bench-'));
  const rows: Record<string, string | number>[] = [];
  const browser = await launchChromium();
  try {
    for (const cards of [0, CARDS]) {
      const db = path.join(dir, `lib-${cards}.db`);
      seed(db, cards);
      const host = await startWebHostProcess(db);
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        if (cards === 0) {
          const paint = await firstPaint(page, host.url, '.empty');
          rows.push({ case: 'baseline: first paint, empty library', median_ms: paint, p95_ms: '', note: '' });
          // Baseline for typing: the browser alone, a bare textarea holding the same 1 MB.
          await page.setContent(`<label>Description<textarea id="d"></textarea></label>`);
          await page.evaluate((text) => ((document.getElementById('d') as HTMLTextAreaElement).value = text), MB_TEXT);
          const bare = await keystrokeToPaint(page, 40);
          rows.push({
            case: 'baseline: keystroke to paint, bare 1 MB textarea',
            median_ms: pct(bare, 0.5),
            p95_ms: pct(bare, 0.95),
            note: `${bare.length} keys`,
          });
          await page.close();
          continue;
        }
        const paints: number[] = [];
        for (let i = 0; i < 5; i++)
          paints.push(
            await firstPaint(
              page,
              `${host.url.split('#')[0]}${i === 0 ? `#token=${host.url.split('#token=')[1]}` : ''}`,
            ),
          );
        rows.push({
          case: `first paint, ${cards} cards`,
          median_ms: pct(paints, 0.5),
          p95_ms: pct(paints, 0.95),
          note: '5 loads',
        });
        const queries = Array.from({ length: 20 }, (_, i) => `Character ${String(i * 487).padStart(5, '0')}`);
        const search = await searchLatency(page, queries);
        rows.push({
          case: `search to result, ${cards} cards`,
          median_ms: pct(search, 0.5),
          p95_ms: pct(search, 0.95),
          note: 'incl. 120 ms debounce',
        });
        await page.getByLabel('Search names, creators, tags, descriptions…').fill('Big');
        await page.getByRole('link', { name: 'Big', exact: true }).click();
        await page.getByLabel('Description').waitFor();
        const lat = await keystrokeToPaint(page, 40);
        rows.push({
          case: 'keystroke to paint, 1 MB description',
          median_ms: pct(lat, 0.5),
          p95_ms: pct(lat, 0.95),
          note: `${lat.length} keys`,
        });
        await page.goto(`${host.url.split('#')[0]}#/library`);
        await page.getByTestId('card-name').first().waitFor();
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('HeapProfiler.collectGarbage');
        await cdp.send('Performance.enable');
        const { metrics } = (await cdp.send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
        rows.push({
          case: `renderer JS heap, library of ${cards} cards`,
          median_ms: '',
          p95_ms: '',
          note: `${(heap / 1024 / 1024).toFixed(1)} MB`,
        });
        await page.close();
      } finally {
        host.child.kill();
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
