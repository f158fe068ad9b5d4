import type { Page } from 'playwright-core';

/**
 * Opens the Lorebooks page and imports book files through its own file input, then waits for the app's import
 * status. The page is loaded lazily: until it shows, the library's card import input is the only one on screen, so
 * the input is looked up inside the Lorebooks page, never by type alone.
 */
export async function importLorebooks(
  page: Page,
  appUrl: string,
  files: string[],
  status: RegExp,
  timeout?: number,
): Promise<void> {
  await page.goto(`${appUrl.split('#')[0]}#/lorebooks`);
  await page.locator('.lb-list-page input[type=file]').setInputFiles(files);
  await page.getByRole('status').filter({ hasText: status }).waitFor({ timeout });
}
