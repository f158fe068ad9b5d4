// The preview with a card: import Seraphina, open another book, pick Seraphina as the card and watch an entry of
// her embedded book fire beside the open book's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { artifactsDir, launchChromium } from '../helpers/browser.ts';
import { importLorebooks } from '../helpers/lorebook-import.ts';
import { settledResult } from '../helpers/e2e-app.ts';
import { entry as bookEntry } from '../shared/lorebook/scenario-builder.ts';

let browser: Browser;
let host: { url: string; child: ChildProcess };
let page: Page;
let dir: string;

const entry = (key: string) => bookEntry(0, { key: [key], comment: key, content: `About the ${key}.` });
const notes = { entries: { 0: entry('tavern') } };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-preview-sources-'));
  host = await startWebHostProcess(path.join(dir, 'library.db'));
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  await page.goto(host.url);
  await page
    .locator('input[type=file]')
    .setInputFiles([path.resolve(import.meta.dirname, '../fixtures/cards/default_Seraphina-1.18.0.png')]);
  await page.getByRole('status').filter({ hasText: '1 imported' }).waitFor();
  const files = [path.join(dir, 'Notes.json'), path.join(dir, 'Moon.json')];
  fs.writeFileSync(files[0]!, JSON.stringify(notes));
  fs.writeFileSync(files[1]!, JSON.stringify({ entries: { 0: entry('moon') } }));
  await importLorebooks(page, host.url, files, /books? imported/);
});

afterAll(async () => {
  await browser?.close();
  host?.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

// A select's accessible name includes its label and its current option, hence the prefix match.
const cardPicker = () => page.getByRole('combobox', { name: /^Card\b/ });

describe('preview sources', () => {
  it("scans the chosen card's embedded book as the character book, with her name as {{char}}", async () => {
    await page.getByRole('link', { name: 'Notes', exact: true }).click();
    const message = page.getByLabel('Message 1 (User)');
    await message.waitFor();

    await cardPicker().selectOption({ label: 'Seraphina' });
    await expect.poll(() => page.getByLabel('Character name').inputValue()).toBe('Seraphina');
    await expect
      .poll(() => page.getByRole('list', { name: "The card's books" }).innerText())
      .toContain('Eldoria — Character book');
    // No saved test chats yet: the picker says so.
    await expect
      .poll(() => page.getByRole('combobox', { name: /^Saved test chat/ }).innerText())
      .toContain('No saved test chats');

    await message.pressSequentially('A shadowfang prowls near the tavern', { delay: 10 });
    const result = settledResult(page);
    await expect
      .poll(() => result.innerText())
      .toMatch(/shadowfang \(Eldoria\) — key "shadowfang" in message 1 from the end/);
    // The preview rescans as each key is typed: wait for the scan of the whole message, not an earlier one.
    await expect.poll(() => result.innerText()).toMatch(/tavern — key "tavern" in message 1 from the end/);
    await expect
      .poll(() => page.getByTestId('chat-highlight').locator('mark').allInnerTexts())
      .toEqual(['shadowfang', 'tavern']);
    // A saved lore test carries only its own book, so it cannot be made from a scan with the card's books.
    expect(await page.getByRole('button', { name: 'Save as lore test' }).isDisabled()).toBe(true);

    // Back to no card: the embedded book is no longer scanned.
    await cardPicker().selectOption({ label: 'No card' });
    await expect.poll(() => result.innerText()).not.toMatch(/shadowfang/);

    // Another library book as the chat book.
    await page.getByRole('combobox', { name: /^More books/ }).selectOption({ label: 'Moon' });
    await page.getByRole('combobox', { name: /^As/ }).selectOption({ label: 'Chat book' });
    await page.getByRole('button', { name: 'Add book' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Added books' }).innerText()).toContain('Moon — Chat book');
    await message.fill('The tavern under the moon');
    await expect.poll(() => result.innerText()).toMatch(/moon \(Moon\) — key "moon" in message 1 from the end/);
    await page.screenshot({ path: path.join(artifactsDir, 'preview-sources.png') });
    await page.getByRole('button', { name: 'Remove Moon' }).click();
    await expect.poll(() => result.innerText()).not.toMatch(/moon \(Moon\)/);
  });
});
