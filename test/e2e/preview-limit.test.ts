// The live preview under the scan limit from Settings: a lorebook with a `/(a+)+$/` key and a chat of "aaaa…!" is
// stopped at the saved limit, and the preview names the entry and the key and says its worker was restarted; the
// editor stays responsive meanwhile; once the key is removed the preview works again. The limit counts the scan
// only: a large book, whose reading and key compiling alone take longer than a short limit, previews on the first
// try, and its runaway key is still stopped and named.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { importBook, openBook, shownEntries, useAppPage, settledResult } from '../helpers/e2e-app.ts';
import { bigBook } from '../helpers/big-book.ts';

const app = useAppPage('preview-limit');

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
  const url = new URL(app.host.url);
  const res = await fetch(new URL(`/api/${method}`, url), {
    method: 'POST',
    headers: { authorization: `Bearer ${url.hash.replace('#token=', '')}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  return res.json();
}

describe('the live preview under the Settings scan limit', () => {
  it('names the runaway key, keeps the editor responsive, and recovers once the key is removed', async () => {
    expect(await call('app.setLimits', { scanMs: 700 })).toMatchObject({ ok: true });
    const file = path.join(app.dir, 'Trap.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ entries: { '0': entry(0, '/(a+)+$/', 'runaway'), '1': entry(1, 'storm', 'storm') } }),
    );
    await importBook(app, file);
    await openBook(app.page, 'Trap');
    const { page } = app;
    const message = page.getByLabel('Message 1 (User)');
    await message.fill(`${'a'.repeat(40)}!`);

    const error = page.getByTestId('preview-error');
    await expect
      .poll(() => error.count().then((n) => (n ? error.innerText() : '')))
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
    await expect.poll(() => settledResult(page).innerText()).toMatch(/storm — key "storm"/);
  });

  it('previews a large book on the first try under a short limit, and still names its runaway key', async () => {
    // Reading and compiling this book takes seconds on a busy machine and well over the limit anywhere; the scan
    // itself, its explanation and highlights stay far below it.
    expect(await call('app.setLimits', { scanMs: 500 })).toMatchObject({ ok: true });
    const size = 20_000;
    const doc = JSON.parse(bigBook(size)) as { entries: Record<string, unknown> };
    doc.entries[String(size)] = entry(size, '/(a+)+$/', 'runaway');
    const file = path.join(app.dir, 'Large.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    await importBook(app, file);
    await openBook(app.page, 'Large');
    const { page } = app;
    await expect.poll(() => shownEntries(page)).toBe('20,001 of 20,001 entries');
    const message = page.getByLabel('Message 1 (User)');
    // The page was reloaded for the import: the limit in force is the one saved above.
    await message.fill(`Tell me about name${size - 1} please`);
    // The first scan reads and compiles the whole book (seconds on a busy machine): the wait is bounded generously.
    await expect
      .poll(() => settledResult(page).innerText(), { timeout: 120_000 })
      .toMatch(new RegExp(`Entry number ${size - 1} — key "name${size - 1}"`));
    expect(await page.getByTestId('preview-error').count()).toBe(0);

    await message.fill(`${'a'.repeat(40)}!`);
    const error = page.getByTestId('preview-error');
    // The diagnosis worker reads and compiles the book again before it can name the key.
    await expect
      .poll(() => error.count().then((n) => (n ? error.innerText() : '')), { timeout: 120_000 })
      .toContain(`regex key /(a+)+$/ of entry Large.${size} (runaway) backtracks catastrophically`);
    expect(await error.innerText()).toContain('did not finish within 500 ms');
  });
});
