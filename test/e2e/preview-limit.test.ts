// The live preview under the scan limit from Settings: a lorebook with a `/(a+)+$/` key and a chat of "aaaa…!" is
// stopped at the saved limit, and the preview names the entry and the key and says its worker was restarted; the
// editor stays responsive meanwhile; once the key is removed the preview works again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { launchChromium } from '../helpers/browser.ts';

let browser: Browser;
let host: { url: string; child: ChildProcess };
let page: Page;
let dir: string;

const entry = (uid: number, key: string, comment: string) => ({
  uid,
  key: [key],
  keysecondary: [],
  comment,
  content: `About ${comment}.`,
  constant: false,
  selective: false,
  order: 100,
  position: 0,
  disable: false,
});

/** Calls the web host's API as the page does (the token rides in the URL fragment). */
async function call(method: string, input: unknown): Promise<unknown> {
  const url = new URL(host.url);
  const res = await fetch(new URL(`/api/${method}`, url), {
    method: 'POST',
    headers: { authorization: `Bearer ${url.hash.replace('#token=', '')}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return res.json();
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-preview-limit-'));
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

describe('the live preview under the Settings scan limit', () => {
  it('names the runaway key, keeps the editor responsive, and recovers once the key is removed', async () => {
    expect(await call('app.setLimits', { scanMs: 700 })).toMatchObject({ ok: true });
    const file = path.join(dir, 'Trap.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ entries: { '0': entry(0, '/(a+)+$/', 'runaway'), '1': entry(1, 'storm', 'storm') } }),
    );
    await page.goto(`${host.url.split('#')[0]}#/lorebooks`);
    await page.locator('input[type=file]').setInputFiles([file]);
    await page
      .getByRole('status')
      .filter({ hasText: /1 book imported/ })
      .waitFor();
    await page.getByRole('link', { name: 'Trap', exact: true }).click();
    const message = page.getByLabel('Message 1 (User)');
    await message.fill(`${'a'.repeat(40)}!`);

    const error = page.getByTestId('preview-error');
    await expect
      .poll(() => error.count().then((n) => (n ? error.innerText() : '')), { timeout: 30_000 })
      .toContain('regex key /(a+)+$/ of entry Trap.0 (runaway) backtracks catastrophically');
    const text = await error.innerText();
    expect(text).toContain('did not finish within 700 ms');
    expect(text).toContain('The preview worker was restarted');

    // The editor answers while the preview is stopped: another entry's field takes typing.
    await page.getByRole('row').filter({ hasText: 'storm' }).first().click();
    const content = page.getByLabel('Content');
    await content.fill('About storm. Typed while the preview was stopped.');
    await expect.poll(() => content.inputValue()).toBe('About storm. Typed while the preview was stopped.');

    // Removing the key: the same chat scans again.
    await page.getByRole('row').filter({ hasText: 'runaway' }).first().click();
    await page.getByLabel('Primary keys (one per line)').fill('');
    await message.fill(`${'a'.repeat(40)}! A storm is coming.`);
    await expect.poll(() => error.count()).toBe(0);
    await expect.poll(() => page.getByTestId('preview-result').innerText()).toMatch(/storm — key "storm"/);
  });
});
