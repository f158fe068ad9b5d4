// The library end to end: real web host process, real SQLite file, real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import os from 'node:os';
import path from 'node:path';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { artifactsDir, importFinished, launchChromium } from '../helpers/browser.ts';
import { openLibrary } from '../../electron/services/library/library.ts';
import { v2Card } from '../helpers/temp-dir.ts';

let browser: Browser;
let host: { url: string; child: ChildProcess };
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-'));
  host = await startWebHostProcess(path.join(dir, 'library.db'));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 760 }, locale: 'en-US' });
});

afterAll(async () => {
  await browser?.close();
  host?.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rowNames = (p: Page): Promise<string[]> => p.getByTestId('card-name').allInnerTexts();

describe('library page', () => {
  it('creates a card, finds it by search, renames it, and keeps it across a reload', async () => {
    await page.goto(host.url);
    await expect.poll(() => page.locator('.empty').innerText()).toMatch(/library is empty/);
    expect(page.url()).not.toContain('token='); // the token leaves the address bar

    for (const name of ['Seraphina', 'Captain Vex']) {
      await page.getByRole('button', { name: 'New card' }).click();
      await page.getByLabel('Name of the new character').fill(name);
      await page.getByRole('button', { name: 'Create' }).click();
      // The new card opens in the editor.
      await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
      await page.getByRole('navigation').getByRole('button', { name: 'Library' }).click();
      await expect.poll(() => rowNames(page)).toContain(name);
    }
    // Import is a real button: Tab reaches it (a label around a hidden input is skipped).
    await page.getByRole('button', { name: 'New card' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Import files');

    await page.getByLabel('Search names, creators, tags, descriptions…').fill('vex');
    await expect.poll(() => rowNames(page)).toEqual(['Captain Vex']);

    await page.locator('.card-row', { hasText: 'Captain Vex' }).getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Rename').fill('Admiral Vex');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Admiral Vex']);

    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual(['Admiral Vex', 'Seraphina']);
    await page.screenshot({ path: path.join(artifactsDir, 'library.png') });

    await page.locator('.card-row', { hasText: 'Seraphina' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Admiral Vex']);
    await page.getByRole('button', { name: 'Show trash' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Seraphina']);
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('button', { name: 'Back to library' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Admiral Vex', 'Seraphina']);
  });

  it('imports files with progress and a per-file result, and filters by tag', async () => {
    const good = path.join(dir, 'nyx.json');
    fs.writeFileSync(
      good,
      JSON.stringify({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Nyx', tags: ['Noir'] } }),
    );
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, '{"name":');
    const empty = path.join(dir, 'empty.json');
    fs.writeFileSync(empty, '');
    const notes = path.join(dir, 'notes.txt');
    fs.writeFileSync(notes, 'Nyx is a thief.\nShe works at night.');
    await page.locator('input[type=file]').setInputFiles([good, bad, empty, notes]);
    await importFinished(page, / 1 imported, 0 duplicates, 3 failed/);
    const report = page.getByRole('region', { name: 'Import results' });
    await expect
      .poll(() => report.getByRole('listitem').allInnerTexts())
      .toEqual([
        'nyx.json: imported as "Nyx"',
        expect.stringMatching(/^bad\.json: the file is not valid JSON at line 1, column 9/),
        'empty.json: the file is empty (0 bytes)',
        'notes.txt: not a card file: plain text (.txt); cards are PNG, JSON, YAML or CharX files',
      ]);

    // The same file again is named as a duplicate; an edited version asks before it touches the library card.
    const edited = path.join(dir, 'nyx-edited.json');
    fs.writeFileSync(
      edited,
      JSON.stringify({
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: { name: 'Nyx', tags: ['Noir'], description: 'A thief.' },
      }),
    );
    await page.locator('input[type=file]').setInputFiles([good, edited]);
    await importFinished(page, / 0 imported, 1 duplicate, 0 failed\. 1 file is another version of a library card/);
    await expect
      .poll(() => report.getByRole('listitem').first().innerText())
      .toBe('nyx.json: identical to "Nyx" already in the library; not imported again');
    await report.getByRole('button', { name: 'Update "Nyx" (new revision)' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('"Nyx" updated with a new revision.');
    await expect
      .poll(() => report.getByRole('listitem').nth(1).innerText())
      .toMatch(/^nyx-edited\.json: updated "Nyx" \(a new revision/);
    await report.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: /Noir/ }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Nyx']);
    // Each row names its spec and file kind, under a Format column.
    await expect.poll(() => page.getByRole('columnheader', { name: 'Format' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('card-format').allInnerTexts()).toEqual(['V2 · JSON']);
  });

  it('selects cards for bulk tagging and trash, renames a tag, and shows a grid', async () => {
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Admiral Vex', 'Nyx', 'Seraphina']);
    await page.getByLabel('Select Admiral Vex').click();
    await page.getByLabel('Select Seraphina', { exact: true }).click({ modifiers: ['Shift'] });
    await expect.poll(() => page.getByRole('toolbar', { name: 'Selected cards' }).innerText()).toMatch(/3 selected/);
    await page.getByLabel('Tags, comma-separated').fill('Crew, Saga');
    await page.getByRole('button', { name: 'Add tags' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/3 cards updated/);
    await page.getByLabel('Tag to rename').selectOption('Crew');
    await page.getByLabel('New tag name').fill('Ship crew');
    await page.getByRole('form').or(page.locator('form.tag-manager')).getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Tags' }).innerText()).toMatch(/Ship crew\s*3/);
    await page.getByRole('button', { name: 'Grid' }).click();
    await expect.poll(() => page.locator('.card-tile').count()).toBe(3);
    await page.screenshot({ path: path.join(artifactsDir, 'library-grid.png') });
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByLabel('Select Nyx').click();
    await page
      .getByRole('toolbar', { name: 'Selected cards' })
      .getByRole('button', { name: 'Clear selection' })
      .click();
    await page.getByLabel('Select Nyx').click();
    await page.getByRole('toolbar', { name: 'Selected cards' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Admiral Vex', 'Seraphina']);
    await expect.poll(() => page.getByRole('status').innerText()).toBe('1 card moved to the trash.');
  });

  it('converts selected cards to V3, and opens a card from the command palette', async () => {
    await page.getByLabel('Select Admiral Vex').click();
    await page.getByRole('button', { name: 'Convert to V3' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/Converted to V3: 1 converted/);
    await expect
      .poll(() => page.locator('.card-row', { hasText: 'Admiral Vex' }).getByTestId('card-format').innerText())
      .toBe('V3 · JSON');
    await page.getByLabel('Select Seraphina', { exact: true }).click();
    await page.getByLabel('Export format').selectOption('json');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as zip' }).click(),
    ]);
    const zipped = unzipSync(fs.readFileSync(await download.path()));
    expect(Object.keys(zipped).sort()).toEqual(['Admiral Vex.json', 'Seraphina.json']);
    expect(JSON.parse(new TextDecoder().decode(zipped['Admiral Vex.json']))).toMatchObject({
      spec: 'chara_card_v3',
      data: { name: 'Admiral Vex' },
    });
    await page
      .getByRole('toolbar', { name: 'Selected cards' })
      .getByRole('button', { name: 'Clear selection' })
      .click();
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog', { name: 'Command palette' }).getByRole('textbox').fill('Admiral');
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first().innerText())
      .toBe('Open card: Admiral Vex');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Nickname').count()).toBe(1); // a V3 field: the card is V3 now
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Admiral Vex');
    await page.getByRole('button', { name: '← Library' }).click();
    await page.keyboard.press('Control+F');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
  });

  it('deletes trashed cards for good, one or the whole trash, after a confirmation naming how many', async () => {
    await page.getByLabel('Select Admiral Vex').click();
    await page.getByLabel('Select Seraphina', { exact: true }).click();
    await page.getByRole('toolbar', { name: 'Selected cards' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('.empty').innerText()).toMatch(/library is empty/);
    await page.getByRole('button', { name: 'Show trash' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Admiral Vex', 'Nyx', 'Seraphina']);
    const confirmations: string[] = [];
    const answer = (accept: boolean) =>
      page.once('dialog', (d) => {
        confirmations.push(d.message());
        void (accept ? d.accept() : d.dismiss());
      });
    answer(true);
    await page.locator('.card-row', { hasText: 'Nyx' }).getByRole('button', { name: 'Delete permanently' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Admiral Vex', 'Seraphina']);
    await expect.poll(() => page.getByRole('status').innerText()).toBe('1 card deleted permanently.');
    answer(false);
    await page.getByRole('button', { name: 'Empty trash' }).click();
    await expect.poll(() => confirmations.length).toBe(2);
    expect(await rowNames(page)).toEqual(['Admiral Vex', 'Seraphina']);
    answer(true);
    await page.getByRole('button', { name: 'Empty trash' }).click();
    await expect.poll(() => page.locator('.empty').innerText()).toBe('The trash is empty.');
    await expect.poll(() => page.getByRole('status').innerText()).toBe('2 cards deleted permanently.');
    expect(confirmations).toEqual([
      'Delete 1 card permanently? Its history goes too; this cannot be undone.',
      'Delete 2 cards permanently? Their history goes too; this cannot be undone.',
      'Delete 2 cards permanently? Their history goes too; this cannot be undone.',
    ]);
    await page.getByRole('button', { name: 'Back to library' }).click();
    await expect.poll(() => page.locator('.empty').innerText()).toMatch(/library is empty/);
  });

  it('batch-converts a picked folder: skipped files and lost fields are counted and named, outputs come as a zip', async () => {
    const folder = path.join(dir, 'to-convert');
    fs.mkdirSync(path.join(folder, 'deep'), { recursive: true });
    const v1 = { name: 'Old', description: 'd', personality: '', scenario: '', first_mes: 'hi', mes_example: '' };
    fs.writeFileSync(path.join(folder, 'old.json'), JSON.stringify(v1));
    fs.writeFileSync(
      path.join(folder, 'deep', 'group.json'),
      JSON.stringify({
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: { ...v1, name: 'Group', group_only_greetings: 'x' },
      }),
    );
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a card');
    await page.getByRole('button', { name: 'Batch convert…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Batch convert card files' });
    await dialog.getByTestId('batch-folder').setInputFiles(folder);
    await expect.poll(() => dialog.getByTestId('batch-picked').innerText()).toBe('3 files picked');
    await dialog.getByLabel('Convert to').selectOption('v3');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await expect
      .poll(() => dialog.getByTestId('batch-summary').innerText())
      .toMatch(
        /^3 files in [\d.,]+ ms: 2 converted, 0 already at target, 1 skipped, 0 failed\. 1 field could not be carried over \(listed per file below\)\.$/,
      );
    const results = dialog.getByRole('list', { name: 'Results per file' });
    await expect
      .poll(() => results.getByRole('listitem').filter({ hasText: 'notes.txt' }).innerText())
      .toBe('Skipped to-convert/notes.txt — not a card file (.txt); cards are PNG, JSON, YAML or CharX files');
    await expect
      .poll(() => results.getByRole('listitem').filter({ hasText: 'group.json' }).innerText())
      .toMatch(/Not carried over: \/data\/group_only_greetings/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Save 2 converted files (zip)' }).click(),
    ]);
    const zipped = unzipSync(fs.readFileSync(await download.path()));
    expect(Object.keys(zipped).sort()).toEqual(['to-convert/deep/group.json', 'to-convert/old.json']);
    expect(JSON.parse(new TextDecoder().decode(zipped['to-convert/old.json']))).toMatchObject({
      spec: 'chara_card_v3',
      data: { name: 'Old' },
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('shows the library file in Settings and switches the language live', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByTestId('library-file').innerText()).toBe(path.join(dir, 'library.db'));
    // The scan time limit is changed, saved beside the library and shown again after a reload.
    await page.getByLabel('Time per scan or prompt (ms)').fill('1500');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toBe('Limits saved.');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'limits.json'), 'utf8'))).toEqual({ scanMs: 1500 });
    await page.getByLabel('Language').selectOption('zh-CN');
    await expect.poll(() => page.getByRole('navigation').innerText()).toMatch(/角色库[\s\S]*世界书/);
    await page.reload();
    await expect.poll(() => page.getByRole('navigation').innerText()).toMatch(/角色库/);
    await page.getByLabel('语言').selectOption('auto');
    await expect.poll(() => page.getByRole('navigation').innerText()).toMatch(/Library/);
  });

  it('scrolls a long list in list and grid view, showing the rows in view and loading their pages', async () => {
    // 1,200 more cards written by another connection (the web host sees the file change), named to sort after the rest.
    const lib = openLibrary(path.join(dir, 'library.db'));
    lib.cards.batch(() => {
      for (let i = 0; i < 1200; i++) lib.cards.insert({ document: v2Card(`Zz ${String(i).padStart(4, '0')}`) });
    });
    lib.close();
    await page.goto(`${host.url.split('#')[0]}#/library`);
    const scroller = page.getByTestId('card-scroller');
    await expect.poll(() => scroller.getAttribute('aria-rowcount')).toMatch(/^12\d\d$/);
    const scrollTo = (fraction: number): Promise<void> =>
      scroller.evaluate((el, f) => void (el.scrollTop = f * (el.scrollHeight - el.clientHeight)), fraction);
    await scrollTo(1);
    // The last rows are painted (their page fetched on demand), and only about a window's worth of rows exists.
    await expect.poll(() => rowNames(page)).toContain('Zz 1199');
    expect(await page.locator('.card-row:not(.header)').count()).toBeLessThan(60);
    await scrollTo(0.5);
    await expect.poll(async () => (await rowNames(page)).some((n) => /^Zz 05\d\d$/.test(n))).toBe(true);
    await page.getByRole('button', { name: 'Grid' }).click();
    await scrollTo(1);
    await expect.poll(() => rowNames(page)).toContain('Zz 1199');
    await page.getByRole('button', { name: 'List' }).click();
  });

  it('listens for the page being left only while a card has unsaved changes', async () => {
    // The browser's own list of the window's listeners: without a beforeunload one, it leaves or reloads the page
    // without first sending it a message and waiting for the answer.
    const cdp = await page.context().newCDPSession(page);
    const asksBeforeLeaving = async (): Promise<boolean> => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      return listeners.some((l) => l.type === 'beforeunload');
    };
    await page.goto(host.url);
    await page.getByTestId('card-name').first().click();
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).not.toBe('');
    expect(await asksBeforeLeaving()).toBe(false);
    await name.fill(`${await name.inputValue()} Jr.`);
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(1);
    await expect.poll(asksBeforeLeaving).toBe(true);
    await page.keyboard.press('Control+s');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    await expect.poll(asksBeforeLeaving).toBe(false);
    await cdp.detach();
    await page.getByRole('navigation').getByRole('button', { name: 'Library' }).click();
  });

  it('refuses to work without the token', async () => {
    const other = await browser.newPage();
    await other.goto(host.url.split('#')[0]!);
    await expect.poll(() => other.locator('.fatal').innerText()).toMatch(/needs the access token/);
    await other.close();
  });
});
