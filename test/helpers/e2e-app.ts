/**
 * The app for an e2e file: a web host process on a fresh library and one Chromium page on it, opened before the
 * first test and gone after the last; plus the steps several files take (import and open a lorebook).
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebHostProcess } from './web-host-process.ts';
import { launchChromium } from './browser.ts';
import { importLorebooks } from './lorebook-import.ts';

export interface AppPage {
  dir: string;
  host: { url: string; child: ChildProcess };
  browser: Browser;
  page: Page;
  /** The app's address with a route (`#/lorebooks`). */
  at(route: string): string;
}

/** `seed` fills the library file (through the services) before the host opens it. */
export function useAppPage(
  name: string,
  options: BrowserContextOptions = {},
  seed?: (db: string) => Promise<void>,
): AppPage {
  const app = { at: (route: string) => `${app.host.url.split('#')[0]}${route}` } as AppPage;
  beforeAll(async () => {
    app.dir = fs.mkdtempSync(path.join(os.tmpdir(), `lorewright-e2e-${name}-`));
    const db = path.join(app.dir, 'library.db');
    await seed?.(db);
    app.host = await startWebHostProcess(db);
    app.browser = await launchChromium();
    const context = await app.browser.newContext({
      viewport: { width: 1400, height: 900 },
      locale: 'en-US',
      ...options,
    });
    app.page = await context.newPage();
    await app.page.goto(app.host.url);
  });
  afterAll(async () => {
    await app.browser?.close();
    app.host?.child.kill();
    fs.rmSync(app.dir, { recursive: true, force: true });
  });
  return app;
}

/** Imports one book file on the Lorebooks page and waits for the app to say so. */
export async function importBook(app: AppPage, file: string): Promise<void> {
  await importLorebooks(app.page, app.at('#/lorebooks'), [file], /1 book imported/);
}

/** Opens a book from the Lorebooks list; the preview's first message field is there when it is ready. */
export async function openBook(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByLabel('Message 1 (User)').waitFor();
}

/** The entry list's count line ("1,000 of 1,000 entries"). */
export const shownEntries = (page: Page): Promise<string> =>
  page
    .getByRole('status')
    .filter({ hasText: /entries$/ })
    .first()
    .innerText();

/** Waits for the editor's status line to say the document was saved as this revision. */
export const savedAs = (page: Page, revision: number): Promise<void> =>
  page
    .getByRole('status')
    .filter({ hasText: `Saved as revision ${revision}` })
    .first()
    .waitFor();

/**
 * The preview's result once all of it is on screen: a big change is shown over a few frames (`aria-busy` until its
 * last lines are), so a test reading it meanwhile could see old lines below the new ones.
 */
export const settledResult = (page: Page): Locator => page.locator('[data-testid=preview-result][aria-busy=false]');
