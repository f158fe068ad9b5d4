// The card editor end to end: form and Monaco on one document, save, reload, reorder, history, restore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { artifactsDir, importFinished, launchChromium } from '../helpers/browser.ts';

let browser: Browser;
let host: { url: string; child: ChildProcess };
let page: Page;
let dir: string;

const CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Seraphina',
    description: 'A guardian of the forest.',
    personality: 'kind',
    scenario: '',
    first_mes: 'Hello, traveler.',
    mes_example: '',
    creator_notes: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: ['First greeting', 'Second greeting'],
    tags: ['Fantasy'],
    creator: 'st',
    character_version: '1',
    extensions: { depth_prompt: { prompt: 'stay kind', depth: 4 } },
  },
  made_by_other_tool: { keep: true },
};

const monacoText = (p: Page): Promise<string> => p.locator('[data-testid=json-editor] .view-lines').innerText();
const docText = async (p: Page): Promise<string> => (await monacoText(p)).replace(/\u00a0/g, ' ');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-editor-'));
  host = await startWebHostProcess(path.join(dir, 'library.db'));
  browser = await launchChromium();
  // Clipboard access lets the test paste into Monaco as an author would (typing would trigger auto-indent).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await context.newPage();
  await page.goto(host.url);
  const file = path.join(dir, 'seraphina.json');
  fs.writeFileSync(file, JSON.stringify(CARD, null, 4));
  await page.locator('input[type=file]').setInputFiles([file]);
  await importFinished(page, / 1 imported/);
});

afterAll(async () => {
  await browser?.close();
  host?.child.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('card editor', () => {
  it('mirrors form edits in Monaco and Monaco edits in the form, and keeps added fields across save and reload', async () => {
    await page.getByRole('link', { name: 'Seraphina' }).click();
    await expect.poll(() => docText(page)).toContain('"made_by_other_tool"');

    await page.getByLabel('Description').fill('A guardian of the Eldoria forest.');
    await expect.poll(() => docText(page)).toContain('"description": "A guardian of the Eldoria forest."');

    // Edit in Monaco: replace the whole text with one that adds a field and renames the character.
    const edited = JSON.stringify(
      {
        ...CARD,
        data: {
          ...CARD.data,
          description: 'A guardian of the Eldoria forest.',
          name: 'Sera',
          x_new_field: 'added in Monaco',
        },
      },
      null,
      4,
    );
    await page.locator('[data-testid=json-editor] .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.evaluate((text) => navigator.clipboard.writeText(text), edited);
    await page.keyboard.press('Control+V');
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Sera');

    // Invalid JSON: the form keeps the last valid document and says so.
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText(',');
    await expect.poll(() => page.locator('.warning').innerText()).toMatch(/form shows the last valid version/);
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Sera');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.locator('.warning').count()).toBe(0);

    await page.keyboard.press('Control+S');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved as revision 2' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => docText(page)).toContain('"x_new_field": "added in Monaco"');
    await expect.poll(() => docText(page)).toContain('"made_by_other_tool"');
    expect(await page.getByLabel('Description').inputValue()).toBe('A guardian of the Eldoria forest.');
  });

  it('reorders greetings, undoes across views, and restores an old revision as a new one', async () => {
    await page.getByRole('button', { name: 'Move item 2 up' }).click();
    await expect.poll(() => page.getByLabel('Alternate greetings 1').inputValue()).toBe('Second greeting');
    await expect.poll(() => page.getByTestId('swipe-position').innerText()).toBe('Swipe 1 of 3');
    await page.getByRole('button', { name: 'Next greeting' }).click();
    await expect.poll(() => page.locator('.swipe-body').innerText()).toBe('Second greeting');
    await page.getByLabel('Personality').fill('kind and brave');
    await page.keyboard.press('Control+Z');
    await expect.poll(() => page.getByLabel('Personality').inputValue()).toBe('kind');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/Saved as revision 3/);
    await page.screenshot({ path: path.join(artifactsDir, 'card-editor.png') });

    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('button', { name: /^Revision 1 ·/ }).click();
    await expect.poll(() => page.locator('.revision-diff').innerText()).toMatch(/\/data\/name/);
    await page.screenshot({ path: path.join(artifactsDir, 'card-history.png') });
    await page.getByRole('button', { name: 'Restore revision 1' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/Revision 1 restored as revision 4/);
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Seraphina');
    expect(await docText(page)).not.toContain('x_new_field');
  });

  it('shows the whole change of a long edited description in History, word by word', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `Sentence ${i} of the forest lore.`).join(' ');
    const edited = long.replace('Sentence 290 of', 'Sentence 290, rewritten, of');
    await page.getByLabel('Description').fill(long);
    await page.keyboard.press('Control+S');
    await page.getByRole('status').filter({ hasText: 'Saved as revision 5' }).waitFor();
    await page.getByLabel('Description').fill(edited);
    await page.keyboard.press('Control+S');
    await page.getByRole('status').filter({ hasText: 'Saved as revision 6' }).waitFor();

    // The panel stays open from the restore above and lists the new revisions.
    await page.getByRole('button', { name: /^Revision 5 ·/ }).click();
    const change = page.locator('.revision-diff .change').filter({ hasText: '/data/description' });
    await expect.poll(() => change.locator('ins').allInnerTexts()).toEqual([', rewritten,']);
    expect(await change.locator('del').count()).toBe(0);
    // Read without the insertions it is the old description, with them the new one: all of it, nothing cut.
    const side = (drop: string) =>
      change.locator('.word-diff').evaluate((el, tag) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll(tag).forEach((n) => n.remove());
        return copy.textContent;
      }, drop);
    expect(await side('ins')).toBe(long);
    expect(await side('del')).toBe(edited);
    await page.screenshot({ path: path.join(artifactsDir, 'card-history-word-diff.png') });
  });
});

describe('a real PNG card', () => {
  it('imports Seraphina by drag and drop, shows what the file contains, and exports a PNG that re-imports as the same card', async () => {
    const png = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/cards/default_Seraphina-1.18.0.png'));
    await page.goto(`${host.url.split('#')[0]}#/library`);
    const transfer = await page.evaluateHandle((b64) => {
      const dt = new DataTransfer();
      dt.items.add(
        new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'default_Seraphina.png', { type: 'image/png' }),
      );
      return dt;
    }, png.toString('base64'));
    await page.locator('section.library').dispatchEvent('drop', { dataTransfer: transfer });
    await importFinished(page, / 1 imported/);

    await page.getByRole('button', { name: 'Grid' }).click();
    await expect.poll(() => page.locator('.card-tile img.avatar').count()).toBe(1); // the PNG itself is the avatar
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('link', { name: 'Seraphina' }).last().click();
    await expect.poll(() => page.getByTestId('token-total').innerText()).toMatch(/tokens \(estimate\)/);
    await page.getByRole('tab', { name: 'Character book' }).click();
    await expect
      .poll(() => page.getByRole('listbox', { name: 'Entries' }).getByRole('option').count())
      .toBeGreaterThan(0);
    const content = page.getByLabel('Content', { exact: true });
    const original = await content.inputValue();
    await content.fill(`${original} Edited.`);
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(1); // the edit reached the document
    await page.keyboard.press('Control+Z');
    await expect.poll(() => content.inputValue()).toBe(original);
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
    await page.getByRole('tab', { name: 'Card' }).click();
    await page.getByRole('button', { name: 'File' }).click();
    await expect.poll(() => page.locator('.file-panel').innerText()).toMatch(/tEXt «chara»[\s\S]*tEXt «ccv3»/); // SillyTavern 1.18 writes both
    await expect.poll(() => page.getByTestId('file-spec').innerText()).toBe('v3');
    await expect.poll(() => page.getByTestId('export-diff-none').count()).toBe(1);
    await page.screenshot({ path: path.join(artifactsDir, 'card-file-panel.png') });

    // V3 cards carry creator notes per language.
    await page.getByLabel('New language code (e.g. zh, pt)').fill('zh');
    await page.getByRole('button', { name: 'Add language' }).click();
    await page.getByLabel('Creator notes (zh)').fill('森林的守护者');
    await page.keyboard.press('Control+S');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved as revision 2' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByLabel('Creator notes (zh)').inputValue()).toBe('森林的守护者');

    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('dialog', { name: 'Export' }).getByRole('button', { name: 'Check and prepare' }).click();
    await expect.poll(() => page.getByTestId('export-report').innerText()).toMatch(/No conversion/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download Seraphina\.png/ }).click(),
    ]);
    const exported = path.join(dir, 'exported.png');
    await download.saveAs(exported);
    const idat = (b: Buffer): string =>
      b
        .subarray(b.indexOf('IDAT') - 4, b.indexOf('IEND'))
        .toString('hex')
        .slice(0, 4000);
    expect(idat(fs.readFileSync(exported))).toBe(idat(png));

    await page.getByRole('button', { name: '← Library' }).click();
    await page.locator('input[type=file]').setInputFiles([exported]);
    await importFinished(page, / 0 imported, 1 duplicate,/);
  });
});

describe('a V1 card', () => {
  it('converts to V2 from the V1 hint as a new revision and reloads as V2', async () => {
    const file = path.join(dir, 'old-timer.json');
    const v1 = { name: 'Old Timer', description: 'Grumpy.', personality: '', scenario: '', first_mes: 'Hm.' };
    fs.writeFileSync(file, JSON.stringify({ ...v1, mes_example: '' }));
    await page.goto(`${host.url.split('#')[0]}#/library`);
    await page.locator('input[type=file]').setInputFiles([file]);
    await importFinished(page, / 1 imported/);
    await page.getByRole('link', { name: 'Old Timer' }).click();
    await expect.poll(() => page.getByText(/This is a V1 card/).count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Character book' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Convert to V2' }).click();
    await expect
      .poll(() => page.getByRole('status').innerText())
      .toBe('Converted to V2 as revision 2; the V1 original stays in History.');
    await expect.poll(() => page.getByRole('tab', { name: 'Character book' }).count()).toBe(1);
    expect(await page.getByText(/This is a V1 card/).count()).toBe(0);
    expect(await page.getByLabel('Description').inputValue()).toBe('Grumpy.');
    expect(await docText(page)).toContain('"spec": "chara_card_v2"');
  });
});
