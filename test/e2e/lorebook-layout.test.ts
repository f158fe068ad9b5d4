// The lorebook editor's layout in all three languages (the entry list fills the pane, nothing is cut off) and lint
// findings that name entries by title and keys, open them on click, and follow edits in the form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { launchChromium } from '../helpers/browser.ts';
import { importLorebooks } from '../helpers/lorebook-import.ts';
import { settledResult } from '../helpers/e2e-app.ts';

let browser: Browser;
let host: { url: string; child: ChildProcess };
let dir: string;

const entry = (uid: number, comment: string, key: string[], more: object = {}) => ({
  uid,
  key,
  keysecondary: [],
  comment,
  content: `About ${comment}.`,
  constant: false,
  selective: true,
  order: 100,
  position: 0,
  disable: false,
  ...more,
});

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-layout-'));
  host = await startWebHostProcess(path.join(dir, 'library.db'));
  browser = await launchChromium();
  const book = path.join(dir, 'Wolves.json');
  const entries = Object.fromEntries(
    [
      entry(0, 'Wolf pack', ['wolf', 'pack'], { caseSensitive: true, matchWholeWords: true }),
      entry(1, 'Grey wolves', ['wolf', 'grey']),
      entry(10, 'Moon howl', ['howl'], { keysecondary: ['moon'], selectiveLogic: 0 }),
      // One order wider than its column, which the table cuts with an ellipsis.
      ...Array.from({ length: 7 }, (_, i) =>
        entry(i + 2, `Place ${i + 2}`, [`place${i + 2}`], i === 6 ? { order: 123456789 } : {}),
      ),
    ].map((e) => [String(e.uid), e]),
  );
  fs.writeFileSync(book, JSON.stringify({ entries }));
  // A book with more findings than the lint tab lists at first: every entry shares the key "herd".
  const herd = path.join(dir, 'Herd.json');
  const herdEntries = [
    ...Array.from({ length: 250 }, (_, i) => entry(i, `Beast ${i}`, ['herd', `beast${i}`])),
    // Too large a book for the preview to explain every entry: it explains those that did not fire when asked.
    entry(250, 'Night howl', ['howl'], { keysecondary: ['moon'], selectiveLogic: 0 }),
  ];
  fs.writeFileSync(herd, JSON.stringify({ entries: Object.fromEntries(herdEntries.map((e) => [String(e.uid), e])) }));
  const page = await browser.newPage();
  await page.goto(host.url);
  await importLorebooks(page, host.url, [book, herd], /2 books imported/);
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  host?.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openBook(locale: string, name = 'Wolves'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  const page = await context.newPage();
  await page.goto(host.url);
  await page.goto(`${host.url.split('#')[0]}#/lorebooks`);
  await page.getByRole('link', { name, exact: true }).click();
  await page.locator('.lb-row:not(.header)').first().waitFor();
  return page;
}

/** Elements whose content is wider than their box (cut off or scrolled), with their text. */
const clipped = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth)
        .map((e) => `${(e as HTMLInputElement).value ?? e.textContent} (${e.scrollWidth} > ${e.clientWidth})`),
    selector,
  );

/** Entry table cells whose text is wider than the cell and drawn past it, not cut with an ellipsis. */
const spilled = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.lb-row:not(.header) > [role=cell]')]
      .filter((e) => e.scrollWidth > e.clientWidth)
      .filter((e) => getComputedStyle(e).overflowX !== 'hidden' || getComputedStyle(e).textOverflow !== 'ellipsis')
      .map((e) => `${e.textContent} (${e.scrollWidth} > ${e.clientWidth})`),
  );

const box = (page: Page, selector: string) =>
  page.locator(selector).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height };
  });

describe('lorebook editor layout', () => {
  for (const locale of ['en-US', 'zh-CN', 'pt-BR']) {
    it(`fills the window and cuts nothing off (${locale})`, async () => {
      const page = await openBook(locale);
      // Every column header, the On column included, fits; so do the names in the preview.
      await expect.poll(() => page.locator('.lb-row.header [role=columnheader]').count()).toBe(9);
      expect(await clipped(page, '.lb-row.header [role=columnheader], .lb-row.header button')).toEqual([]);
      const last = await box(page, '.lb-row.header [role=columnheader]:last-child');
      const table = await page.locator('.lb-table').evaluate((e) => e.getBoundingClientRect().right);
      expect(last.bottom).toBeGreaterThan(0);
      expect(
        await page
          .locator('.lb-row.header [role=columnheader]:last-child')
          .evaluate((e) => e.getBoundingClientRect().right),
      ).toBeLessThanOrEqual(table);
      expect(await clipped(page, '.lb-chat .toolbar input')).toEqual([]);
      // Only some cells clip (each clip costs every frame's paint), yet none spills into the next column.
      expect(await clipped(page, '.lb-row:not(.header) > [role=cell]')).toContainEqual(
        expect.stringMatching(/^123456789/),
      );
      expect(await spilled(page)).toEqual([]);
      // With no entry open the list takes the pane's height, not a fixed 38%.
      const pane = await box(page, '.lb-left');
      expect((await box(page, '.lb-table')).height).toBeGreaterThan(pane.height * 0.7);
      // With an entry open, list and form share the pane down to its bottom.
      await page.locator('.lb-row:not(.header)').first().click();
      await page.locator('.lb-entry').waitFor();
      expect((await box(page, '.lb-entry')).bottom).toBeGreaterThan(pane.bottom - 16);
      expect((await box(page, '.lb-table')).height).toBeGreaterThan(pane.height * 0.35);
      await page.context().close();
    });
  }

  it('names lint findings by entry title and keys, and opens the entry on click', async () => {
    const page = await openBook('en-US');
    await page.getByRole('tab', { name: /^Lint/ }).click();
    const findings = page.getByRole('list', { name: 'Lint findings' });
    await expect
      .poll(() => findings.getByRole('listitem').filter({ hasText: 'Wolf pack (wolf, pack)' }).first().innerText())
      .toMatch(/^Wolf pack \(wolf, pack\)\s+Key "wolf" is also a key of entries "Grey wolves \(wolf, grey\)"/);
    await findings.getByRole('button', { name: 'Grey wolves (wolf, grey)', exact: true }).first().click();
    await expect.poll(() => page.getByLabel('Title / memo').inputValue()).toBe('Grey wolves');
    await expect.poll(() => page.locator('.lb-row.current').innerText()).toMatch(/Grey wolves/);
    await page.context().close();
  });

  it('updates the findings as entries are edited in the form (the lint worker gets only the edited entries)', async () => {
    const page = await openBook('en-US');
    await page.getByRole('tab', { name: /^Lint/ }).click();
    const shared = page
      .getByRole('list', { name: 'Lint findings' })
      .getByRole('listitem')
      .filter({ hasText: 'Key "wolf" is also a key of entries' });
    await expect.poll(() => shared.count()).toBeGreaterThan(0);
    await page.getByRole('row').filter({ hasText: 'Grey wolves' }).first().click();
    const keys = page.getByLabel('Primary keys (one per line)');
    await expect.poll(() => keys.inputValue()).toBe('wolf\ngrey');
    await keys.fill('grey');
    await expect.poll(() => shared.count()).toBe(0);
    await keys.fill('grey\nwolf');
    await expect.poll(() => shared.count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("marks rows with findings, counts them in the tab and shows the open entry's own, with the lint tab closed", async () => {
    const page = await openBook('en-US');
    const tab = page.getByRole('tab', { name: /^Lint/ });
    await page.locator('[role=tab][aria-busy=false]', { hasText: 'Lint' }).waitFor();
    expect(Number(/^Lint \((\d+)\)$/.exec(await tab.innerText())?.[1])).toBeGreaterThanOrEqual(2);
    const grey = page.getByRole('row').filter({ hasText: 'Grey wolves' }).first();
    await expect.poll(() => grey.locator('.lb-lint-dot').getAttribute('title')).toMatch(/^\d+ lint findings?$/);
    await page.getByLabel('With lint findings').check();
    const rows = page.locator('.lb-row:not(.header)');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringMatching(/Wolf pack/), expect.stringMatching(/Grey wolves/)]);
    await grey.click();
    const own = page.locator('.lb-entry').getByRole('list', { name: 'Lint findings' }).getByRole('listitem');
    await expect
      .poll(() => own.allInnerTexts())
      .toContainEqual(expect.stringContaining('Key "wolf" is also a key of entries "Wolf pack (wolf, pack)"'));
    expect((await own.allInnerTexts()).join('\n')).not.toContain('entries "Grey wolves');
    await page.context().close();
  });

  it('lists the first 200 findings of a large book, and more on request', async () => {
    const page = await openBook('en-US', 'Herd');
    const tab = page.getByRole('tab', { name: /^Lint/ });
    await tab.click();
    await page.locator('[role=tab][aria-busy=false]', { hasText: 'Lint' }).waitFor();
    const total = Number(/^Lint \((\d+)\)$/.exec(await tab.innerText())?.[1]);
    expect(total).toBeGreaterThanOrEqual(250);
    const items = page.getByRole('list', { name: 'Lint findings' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(200);
    await page.getByRole('button', { name: `Show more (${total - 200} not listed)` }).click();
    await expect.poll(() => items.count()).toBe(Math.min(total, 400));
    await page.context().close();
  });

  it('explains near misses of entries that did not fire, with their position in the text', async () => {
    const page = await openBook('en-US');
    await page.getByLabel('Message 1 (User)').fill('The Wolf gave a wolfish howl.');
    await expect.poll(() => settledResult(page).innerText()).toMatch(/Grey wolves/);
    await page.getByText(/^Why not\?/).click();
    const why = page.locator('.lb-whynot');
    await expect
      .poll(() => why.getByRole('listitem').filter({ hasText: 'Wolf pack' }).first().innerText())
      .toMatch(
        /case-sensitive: "Wolf" ≠ "wolf" \(message 1, character 5\)\s+whole-word blocked "wolf" inside "wolfish" \(message 1, character 17\)/,
      );
    await expect
      .poll(() => why.getByRole('listitem').filter({ hasText: 'Moon howl' }).first().innerText())
      .toMatch(/secondary key missing: "moon" \(primary "howl" in message 1, character 25\)/);
    await page.context().close();
  });

  it("explains why an entry did not fire in a book too large to explain every entry's reason unasked", async () => {
    const page = await openBook('en-US', 'Herd');
    await page.getByLabel('Message 1 (User)').fill('Beast3 gave a howl.');
    await expect.poll(() => settledResult(page).innerText()).toMatch(/Beast 3/);
    const summary = page.getByText(/^Why not\?/);
    expect(await summary.innerText()).toBe('Why not? (250 entries did not fire)');
    await summary.click();
    await expect
      .poll(() =>
        page.locator('.lb-whynot').getByRole('listitem').filter({ hasText: 'Night howl' }).first().innerText(),
      )
      .toMatch(/key "howl" in message 1 from the end, but the secondary AND ANY check failed \(matched: —\)/);
    await page.context().close();
  });
});
