// PPE scripts end to end: import an .ai.yaml, see our diagnostics as Monaco markers, fix and save it, run it against
// a real local OpenAI-protocol server and watch the answer stream in. Real web host, real Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { artifactsDir, fillLocalConnection, importFinished, launchChromium } from '../helpers/browser.ts';
import { startOpenAIServer, type OpenAIServer } from '../electron/models/openai-server.ts';

let browser: Browser;
let host: { url: string; child: ChildProcess };
let server: OpenAIServer;
let page: Page;
let dir: string;

const BROKEN =
  '---\ninput:\n  - topic\ntopic: the sea\n---\nsystem: You are a poet.\n$bogus: 1\nuser: "Write a haiku about {{topic}}."\n';
const FIXED = BROKEN.replace('$bogus: 1\n', '');

const output = (p: Page): Promise<string> => p.getByTestId('run-output').innerText();
// Monaco renders spaces as no-break spaces.
const code = async (p: Page): Promise<string> =>
  (await p.locator('[data-testid=script-editor] .view-lines').innerText()).replace(/\u00a0/g, ' ');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-ppe-'));
  server = await startOpenAIServer({ models: ['test-model'] });
  host = await startWebHostProcess(path.join(dir, 'library.db'));
  browser = await launchChromium();
  // Clipboard access lets the test paste into Monaco as an author would (typing would trigger auto-indent).
  const context = await browser.newContext({
    viewport: { width: 1400, height: 860 },
    locale: 'en-US',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await context.newPage();
  await page.goto(host.url);
});

afterAll(async () => {
  await browser?.close();
  host?.child.kill();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('PPE scripts', () => {
  it('shows a marker for an unknown directive, saves the fix, and runs the script with a streamed answer', async () => {
    await page.getByRole('button', { name: 'Scripts' }).click();
    const file = path.join(dir, 'haiku.ai.yaml');
    fs.writeFileSync(file, BROKEN);
    await page.getByTestId('script-import').setInputFiles([file]);

    // The imported script opens with our diagnostic as an error marker in Monaco and in the problem list.
    await page.getByRole('button', { name: 'haiku' }).waitFor();
    await page.locator('[data-testid=script-editor] .squiggly-error').first().waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: 'Problems' }).innerText())
      .toContain('7:1 unknown-directive Unknown directive $bogus');
    await page.screenshot({ path: path.join(artifactsDir, 'ppe-marker.png') });

    // Fix it in the editor: the marker goes as the text changes; Ctrl+S saves a new revision.
    await page.locator('[data-testid=script-editor] .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.evaluate((text) => navigator.clipboard.writeText(text), FIXED);
    await page.keyboard.press('Control+V');
    await expect.poll(() => page.locator('[data-testid=script-editor] .squiggly-error').count()).toBe(0);
    await expect.poll(() => page.getByRole('region', { name: 'Problems' }).innerText()).toContain('No problems found.');
    await page.keyboard.press('Control+S');
    await page.getByRole('status').filter({ hasText: 'Saved as revision 2.' }).waitFor();

    // Run against the local server: the inputs form comes from `input`, the answer streams in token by token.
    server.scripts.push({ kind: 'tokens', tokens: ['Moonlight ', 'on ', 'still ', 'water.'], delayMs: 400 });
    await page.getByLabel('topic').fill('the moon');
    await page.getByLabel('Endpoint (OpenAI-compatible base URL)').fill(server.baseURL);
    await page.getByLabel('Model', { exact: true }).fill('test-model');
    await page.getByRole('button', { name: 'Run script' }).click();
    await expect.poll(() => output(page), { timeout: 5000 }).toMatch(/^Moonlight (on )?$/);
    await expect.poll(() => output(page), { timeout: 10_000 }).toBe('Moonlight on still water.');
    await page.screenshot({ path: path.join(artifactsDir, 'ppe-run.png') });

    // The log shows the messages sent, and they are exactly what the server received.
    const log = page.getByRole('region', { name: 'Messages sent' });
    await expect.poll(() => log.innerText()).toContain('Write a haiku about the moon.');
    expect(server.requests.map((r) => r.body)).toEqual([
      {
        model: 'test-model',
        stream: true,
        messages: [
          { role: 'system', content: 'You are a poet.' },
          { role: 'user', content: 'Write a haiku about the moon.' },
        ],
      },
    ]);

    // History: revision 1 (the broken import) restores as revision 3, and its marker comes back.
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('button', { name: /^Revision 1 · / }).click();
    await page.getByRole('button', { name: 'Restore revision 1' }).click();
    await page.getByRole('status').filter({ hasText: 'Revision 1 restored as revision 3.' }).waitFor();
    await page.locator('[data-testid=script-editor] .squiggly-error').first().waitFor();
    expect(await code(page)).toContain('$bogus: 1');
  });

  it('exports a library card as a character script, completes directives, runs a chat turn, and makes a card back', async () => {
    await page.getByRole('button', { name: 'Library' }).click();
    const file = path.join(dir, 'aria.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: {
          name: 'Aria',
          description: 'A wandering bard.',
          first_mes: 'Hello, {{user}}!',
          creator: 'kai',
          tags: [],
          extensions: {},
        },
      }),
    );
    await page.locator('input[type=file]').setInputFiles([file]);
    await importFinished(page, / 1 imported/);

    await page.getByRole('button', { name: 'Scripts' }).click();
    await page.getByRole('button', { name: 'Export card as PPE' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /Aria/ }).click();
    await page.getByRole('status').filter({ hasText: 'The card was exported as a new character script.' }).waitFor();
    await expect.poll(() => code(page)).toContain('type: char');
    expect(await page.getByRole('list', { name: 'What the conversion left out' }).innerText()).toMatch(
      /dropped\s+\/data\/creator — no PPE field for the creator/,
    );

    // Completion: a `$` at the start of a body line offers the directives.
    await page.locator('[data-testid=script-editor] .view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('$se');
    await expect.poll(() => page.locator('.suggest-widget').innerText()).toContain('$set');
    await page.keyboard.press('Escape');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    await page.evaluate((text) => navigator.clipboard.writeText(text), 'user: Hi there!\n');
    await page.keyboard.press('Control+V');

    server.requests.length = 0;
    server.scripts.push({ kind: 'tokens', tokens: ['Greetings, ', 'traveler!'] });
    await page.getByLabel('Endpoint (OpenAI-compatible base URL)').fill(server.baseURL);
    await page.getByLabel('Model', { exact: true }).fill('test-model');
    await page.getByRole('button', { name: 'Run script' }).click();
    await expect.poll(() => output(page), { timeout: 10_000 }).toBe('Greetings, traveler!');
    const sent = server.requests[0]!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('A wandering bard.');
    expect(sent.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'Hello, User!' },
      { role: 'user', content: 'Hi there!' },
    ]);

    // Back to a card: saved first, then a new library card opens in the card editor.
    await page.keyboard.press('Control+S');
    await page.getByRole('status').filter({ hasText: 'Saved as revision 2.' }).waitFor();
    await page.getByRole('button', { name: 'Make a card' }).click();
    await page.getByRole('link', { name: 'Open the card' }).click();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Aria');
  });

  it('runs a script against a saved connection, and remembers the choice', async () => {
    // A connection saved on the Chats page, as an author would.
    await page.getByRole('button', { name: 'Chats' }).click();
    await fillLocalConnection(page, server.baseURL);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => page.getByLabel('Connection', { exact: true }).inputValue()).not.toBe('');

    await page.getByRole('button', { name: 'Scripts' }).click();
    const file = path.join(dir, 'sea.ai.yaml');
    fs.writeFileSync(file, FIXED);
    await page.getByTestId('script-import').setInputFiles([file]);
    await page.getByRole('button', { name: 'sea', exact: true }).waitFor();
    const saved = page.getByLabel('Saved connection');
    await saved.selectOption({ label: 'Local test server (test-model)' });
    // The entered connection's fields give way to the saved one.
    expect(await page.getByLabel('Endpoint (OpenAI-compatible base URL)').count()).toBe(0);
    server.requests.length = 0;
    server.scripts.push({ kind: 'tokens', tokens: ['Waves ', 'fold ', 'into foam.'] });
    await page.getByLabel('topic').fill('the sea');
    await page.getByRole('button', { name: 'Run script' }).click();
    await expect.poll(() => output(page), { timeout: 10_000 }).toBe('Waves fold into foam.');
    expect(server.requests.map((r) => (r.body as { model: string }).model)).toEqual(['test-model']);

    // Remembered across a reload.
    await page.reload();
    await page.getByRole('button', { name: 'sea', exact: true }).click();
    await expect.poll(() => saved.locator('option:checked').innerText()).toBe('Local test server (test-model)');
  });

  it('marks undefined variables and unknown functions where they are written, in the interface language', async () => {
    const zh = await browser.newPage({ viewport: { width: 1400, height: 860 }, locale: 'zh-CN' });
    await zh.goto(host.url);
    await zh.getByRole('button', { name: '脚本', exact: true }).click();
    const file = path.join(dir, 'topics.ai.yaml');
    fs.writeFileSync(file, '---\ninput: [topic]\n---\nsystem: "Answer in {{language}} about {{ upper(topic) }}."\n');
    await zh.getByTestId('script-import').setInputFiles([file]);
    const problems = zh.getByRole('region', { name: '问题' });
    await expect.poll(() => problems.innerText()).toContain('4:22 undefined-variable 变量“language”未定义');
    expect(await problems.innerText()).toContain('4:42 unknown-function 未知函数“upper()”');
    await zh.locator('[data-testid=script-editor] .squiggly-warning').first().waitFor();
    await zh.locator('[data-testid=script-editor] .squiggly-error').first().waitFor();
    await zh.close();
  });
});
