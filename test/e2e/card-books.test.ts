// A card's library lorebooks end to end: save Seraphina's embedded book to the library, link, unlink, relink, remove, embed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { artifactsDir, launchChromium } from '../helpers/browser.ts';

let browser: Browser;
let host: { url: string; child: ChildProcess };
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-books-'));
  host = await startWebHostProcess(path.join(dir, 'library.db'));
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  // Embedding asks for confirmation; the author says yes.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(host.url);
  await page
    .locator('input[type=file]')
    .setInputFiles([path.resolve(import.meta.dirname, '../fixtures/cards/default_Seraphina-1.18.0.png')]);
  await page.getByRole('status').filter({ hasText: '1 imported' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  host?.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('card lorebooks', () => {
  it('saves the embedded book to the library as primary, unlinks it, relinks it as additional, removes it from the card and embeds it back', async () => {
    await page.getByRole('link', { name: 'Seraphina' }).click();
    await page.getByRole('tab', { name: 'Character book' }).click();
    const section = page.getByRole('region', { name: 'Lorebooks' });
    await expect.poll(() => section.innerText()).toContain('No library lorebooks are linked');
    const entries = await page.getByRole('listbox', { name: 'Entries' }).getByRole('option').count();
    expect(entries).toBeGreaterThan(0);

    await section.getByRole('button', { name: 'Save embedded book to the library' }).click();
    await expect.poll(() => section.getByRole('status').innerText()).toMatch(/linked it as primary/);
    const linked = section.getByTestId('linked-book');
    await expect.poll(() => linked.count()).toBe(1);
    expect(await linked.innerText()).toMatch(/primary/);
    await expect.poll(() => section.getByTestId('book-loss-report').count()).toBe(1);
    const bookName = await linked.locator('.linked-name').innerText();

    await linked.getByRole('button', { name: 'Unlink' }).click();
    await expect.poll(() => linked.count()).toBe(0);

    await section.getByLabel('Library lorebook').selectOption({ label: bookName });
    await section.getByRole('button', { name: 'Link as additional' }).click();
    await expect.poll(() => linked.count()).toBe(1);
    expect(await linked.innerText()).toMatch(/additional/);

    // Saving again with "remove" takes the book out of the card as revision 2; the editor reloads the card.
    await section.getByLabel('and remove it from the card').check();
    await section.getByRole('button', { name: 'Save embedded book to the library' }).click();
    await expect.poll(() => page.getByText('This card has no embedded lorebook.').count()).toBe(1);
    await expect.poll(() => page.getByText(/^Revision \d+$/).innerText()).toBe('Revision 2');
    await expect.poll(() => linked.count()).toBe(2);

    // Embedding a library book puts the same entries back as revision 3.
    await section.getByLabel('Library lorebook').selectOption({ index: 0 });
    await section.getByRole('button', { name: 'Embed into this card' }).click();
    await expect
      .poll(() => section.getByRole('status').innerText())
      .toMatch(/Embedded .* into the card \(revision 3\)/);
    await expect.poll(() => page.getByText(/^Revision \d+$/).innerText()).toBe('Revision 3');
    await expect.poll(() => page.getByRole('listbox', { name: 'Entries' }).getByRole('option').count()).toBe(entries);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await page.screenshot({ path: path.join(artifactsDir, 'card-books.png') });
  });
});
