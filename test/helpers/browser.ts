import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';

export const artifactsDir = path.resolve(import.meta.dirname, '../e2e/artifacts');

/** Console errors and uncaught exceptions seen in any page since the last `takeBrowserErrors()`. */
const seen: string[] = [];
/** Patterns a test declared it provokes on purpose (cleared with the errors after each test). */
let allowed: RegExp[] = [];

function watchPage(page: Page): void {
  page.on('pageerror', (e) => seen.push(`uncaught: ${e.stack ?? e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console.error: ${m.text()} (${m.location().url}:${m.location().lineNumber})`);
  });
}

function watchContext(context: BrowserContext): void {
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
}

/** The test provokes an error matching `pattern` on purpose (e.g. a refused request): it does not fail the test. */
export function allowBrowserError(pattern: RegExp): void {
  allowed.push(pattern);
}

/** Returns and forgets the errors collected so far, minus the allowed ones (used by test/helpers/e2e-setup.ts). */
export function takeBrowserErrors(): string[] {
  const errors = seen.splice(0).filter((e) => !allowed.some((p) => p.test(e)));
  allowed = [];
  return errors;
}

/**
 * Debian's Chromium, headless, without the background traffic a closed network refuses. Every page of every context
 * it opens is watched: any console error or uncaught exception fails the running test (see e2e-setup.ts).
 */
export async function launchChromium(): Promise<Browser> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // `browser.newPage` goes through `newContext`, so wrapping it covers both ways of opening a page.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchContext(context);
    return context;
  };
  return browser;
}

/**
 * Waits for the library's import to finish with the expected result — the status line's final "Import finished: …"
 * text, which the app writes once every file is stored. No timeout of its own: an import on a busy machine takes
 * what it takes, and the test's timeout bounds a hang.
 */
export async function importFinished(page: Page, expected: RegExp): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /^Import finished:/ })
    .filter({ hasText: expected })
    .waitFor({ timeout: 0 });
}

/** Opens the Chats page's connection form and fills it in for the local OpenAI-protocol test server. */
export async function fillLocalConnection(page: Page, baseURL: string): Promise<void> {
  await page.getByRole('button', { name: 'Add connection' }).click();
  await page.getByLabel('Server', { exact: true }).selectOption('custom');
  await page.getByLabel('Name', { exact: true }).fill('Local test server');
  await page.getByLabel('Base URL', { exact: true }).fill(baseURL);
  await page.getByLabel('Model', { exact: true }).fill('test-model');
}
