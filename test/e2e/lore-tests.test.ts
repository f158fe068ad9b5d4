// Lore tests end to end: save the preview's scenario and result as a test, run it (pass), stop an entry from
// firing by changing its key, save the book, and run again (the failure names the entry).
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

const eldoria = path.resolve(import.meta.dirname, '../fixtures/lorebooks/Eldoria.json');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-lore-tests-'));
  host = await startWebHostProcess(path.join(dir, 'library.db'));
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  await page.goto(host.url);
});

afterAll(async () => {
  await browser?.close();
  host?.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('lore tests', () => {
  it('saves the preview as a lore test that passes', async () => {
    await page.goto(`${host.url.split('#')[0]}#/lorebooks`);
    await page.locator('input[type=file]').setInputFiles([eldoria]);
    await page
      .getByRole('status')
      .filter({ hasText: /1 book imported/ })
      .waitFor();
    await page.getByRole('link', { name: 'Eldoria', exact: true }).click();
    await page.getByLabel('Message 1 (User)').fill('I walk into the forest');
    await expect.poll(() => page.getByTestId('preview-result').innerText()).toMatch(/4 of 4 entries fired/);

    page.once('dialog', (d) => void d.accept('forest walk'));
    await page.getByRole('button', { name: 'Save as lore test' }).click();
    await page.getByRole('status').filter({ hasText: 'Lore test "forest walk" saved (1 turn)' }).waitFor();

    await page.getByRole('tab', { name: 'Tests' }).click();
    await page.getByRole('button', { name: 'Run all' }).click();
    await page.getByRole('status').filter({ hasText: '1 of 1 tests passed' }).waitFor();
    expect(await page.getByTestId('lore-test').innerText()).toMatch(/forest walk[\s\S]*pass/);
  });

  it('fails once the book is saved with the entry no longer firing, naming the entry', async () => {
    await page.getByRole('row').filter({ hasText: 'eldoria' }).first().click();
    await page.getByLabel('Primary keys (one per line)').fill('eldoria');
    // Unsaved edits are not tested yet: the tab says so.
    await page.getByText('Tests run against the saved book').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /Saved as revision 2/ })
          .count(),
      )
      .toBe(1);

    await page.getByRole('button', { name: 'Run all' }).click();
    await page.getByRole('status').filter({ hasText: '0 of 1 tests passed' }).waitFor();
    const test = page.getByTestId('lore-test');
    expect(await test.innerText()).toMatch(/FAIL/);
    expect(await test.innerText()).toMatch(/Turn 1: Eldoria\.0 should fire — /);
    await page.screenshot({ path: path.join(artifactsDir, 'lore-tests.png') });

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete test forest walk' }).click();
    await page.getByText('No lore tests yet').waitFor();
  });
});
