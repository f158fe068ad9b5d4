// Test chats end to end: real web host process, real SQLite file, real Chromium, and the local OpenAI-protocol
// server the model tests use, streaming over real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLibrary } from '../../electron/services/library/library.ts';
import { importCards } from '../../electron/services/library/import-cards.ts';
import { startWebHostProcess } from '../helpers/web-host-process.ts';
import { artifactsDir, fillLocalConnection, launchChromium } from '../helpers/browser.ts';
import { startOpenAIServer, type OpenAIServer } from '../electron/models/openai-server.ts';

let browser: Browser;
let host: { url: string; child: ChildProcess };
let server: OpenAIServer;
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-e2e-chat-'));
  const db = path.join(dir, 'library.db');
  // Seraphina as SillyTavern ships her, with one alternate greeting added so the greeting has a swipe.
  const card = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/lorebooks/Seraphina-1.18.0.card.json'), 'utf8'),
  ) as { data: Record<string, unknown> };
  card.data.alternate_greetings = ['*Seraphina looks up from her herbs.* "Oh! You found my glade."'];
  const library = openLibrary(db);
  await importCards(library, [{ name: 'Seraphina.json', bytes: Buffer.from(JSON.stringify(card)) }]);
  library.close();
  server = await startOpenAIServer({ models: ['test-model'] });
  host = await startWebHostProcess(db);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
});

afterAll(async () => {
  await browser?.close();
  host?.child.kill();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const messages = (p: Page) => p.getByTestId('chat-message');
const lastText = (p: Page) => messages(p).last().locator('.chat-text').innerText();

describe('chats page', () => {
  it('connects to a local server, chats with Seraphina, swipes the greeting, stops a stream and shows the prompt', async () => {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Chats' }).click();

    await page.getByLabel('Character', { exact: true }).selectOption({ label: 'Seraphina' });
    await expect.poll(() => messages(page).count()).toBe(1);
    await expect.poll(() => lastText(page)).toMatch(/You wake with a start/);

    // The greeting's swipes are first_mes and the alternate greetings.
    await page.getByRole('button', { name: 'Next swipe' }).click();
    await expect.poll(() => lastText(page)).toMatch(/You found my glade/);
    await expect.poll(() => page.locator('.swipe-count').first().innerText()).toBe('2 / 2');
    await page.getByRole('button', { name: 'Previous swipe' }).click();
    await expect.poll(() => lastText(page)).toMatch(/You wake with a start/);

    // A connection to the local server, tested (it lists the models).
    await fillLocalConnection(page, server.baseURL);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByTestId('test-result').innerText()).toContain('test-model');
    expect(await page.getByLabel('Connection', { exact: true }).inputValue()).not.toBe('');

    // Send: tokens stream in, then the reply is saved with its figures.
    server.scripts.push({
      kind: 'tokens',
      tokens: ['*She ', 'smiles.* ', 'This is ', 'Eldoria.'],
      delayMs: 120,
      usage: { prompt_tokens: 900, completion_tokens: 4, total_tokens: 904 },
    });
    await page.getByPlaceholder(/Write a message/).fill('Where am I? Is this the forest?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('chat-streaming').locator('.chat-text').innerText()).toMatch(/^\*She /);
    await expect.poll(() => messages(page).count()).toBe(3);
    await expect.poll(() => lastText(page)).toBe('*She smiles.* This is Eldoria.');
    await expect
      .poll(() => messages(page).last().locator('.chat-stats').innerText())
      .toMatch(/4 tokens · TTFT \d+ ms · [\d.]+ tokens\/s/);
    const sent = server.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Where am I? Is this the forest?' });

    // Stop a slow stream: the partial reply stays, marked stopped, and the server sees the connection close.
    server.scripts.push({ kind: 'tokens', tokens: Array.from({ length: 100 }, (_, i) => `w${i} `), delayMs: 100 });
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => page.getByTestId('chat-message').last().locator('.chat-text').innerText()).toMatch(/w2 /);
    await page.getByRole('button', { name: 'Stop' }).click();
    await server.requests.at(-1)!.closed;
    await expect.poll(() => messages(page).last().locator('.chat-stats').innerText()).toContain('stopped');
    expect(await lastText(page)).toMatch(/^w0 w1 w2 /);
    expect(await lastText(page)).not.toContain('w99');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDefined();

    // Show prompt: the exact request of that reply, and the lore that fired (the card's own Eldoria book).
    await messages(page).last().getByRole('button', { name: 'Show prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prompt sent' });
    await expect.poll(() => dialog.getByTestId('prompt-request').innerText()).toContain('"model": "test-model"');
    const shown = JSON.parse(await dialog.getByTestId('prompt-request').innerText()) as unknown;
    expect(shown).toEqual(server.requests.at(-1)!.body);
    expect(await dialog.locator('.chat-lore').innerText()).toMatch(/Eldoria/);
    await page.screenshot({ path: path.join(artifactsDir, 'chat-prompt.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Saved in the library and listed for the card; a reload brings the chat back.
    await page.reload();
    await page.getByLabel('Character', { exact: true }).selectOption({ label: 'Seraphina' });
    await expect.poll(() => messages(page).count()).toBe(3);
    await expect.poll(() => page.locator('.chat-list-item').count()).toBe(1);
    await page.screenshot({ path: path.join(artifactsDir, 'chat.png') });

    // A SillyTavern chat file imports as another saved chat of the card.
    await page
      .locator('.chat-list input[type=file]')
      .setInputFiles(path.resolve(import.meta.dirname, '../fixtures/chat/seraphina.st.jsonl'));
    await expect.poll(() => page.locator('.chat-list-item').count()).toBe(2);
    await expect.poll(() => messages(page).count()).toBe(4);
    expect(await messages(page).nth(2).locator('.chat-text').innerText()).toBe(
      'You are in Eldoria, the magical forest.',
    );
    // Exported as GLM YAML: the SillyTavern-only fields are named as not carried.
    // Formats are offered by name, not by their ids.
    expect(await page.getByLabel('Export', { exact: true }).locator('option').allInnerTexts()).toEqual([
      'Lorewright chat (JSON)',
      'GLM chat history (JSON)',
      'GLM chat history (YAML)',
      'SillyTavern chat (JSONL)',
    ]);
    await page.getByLabel('Export', { exact: true }).selectOption('glm-yaml');
    await page.getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => page.getByTestId('export-notice').innerText()).toMatch(/not carried: .*force_avatar/);
  });

  it("sends the author's note set in Prompt settings, shows it in the prompt, and keeps the settings", async () => {
    await page.getByText('Prompt settings', { exact: true }).click();
    // The card's embedded book is in play without being picked.
    await expect.poll(() => page.getByTestId('books-in-play').innerText()).toMatch(/Eldoria · embedded in the card/);

    await page.getByRole('textbox', { name: "Author's note" }).fill('[Style: answer in one sentence.]');
    await page.getByLabel('Depth', { exact: true }).fill('0');
    await page.screenshot({ path: path.join(artifactsDir, 'chat-settings-panel.png') });
    await page.getByRole('button', { name: 'Preview prompt' }).click();
    const next = page.getByRole('dialog', { name: 'Next prompt' });
    const preview = JSON.parse(await next.getByTestId('prompt-request').innerText()) as {
      messages: { role: string; content: string }[];
    };
    // Depth 0: right after the last message.
    expect(preview.messages.at(-1)).toEqual({ role: 'system', content: '[Style: answer in one sentence.]' });
    expect(await next.getByTestId('prompt-trimmed').innerText()).toMatch(
      /^Nothing was trimmed: [\d,]+ of 3,792 prompt tokens used\.$/,
    );
    // The tokens each part takes, and why each lore entry is in or out of the prompt.
    const budget = await next.getByTestId('prompt-budget').innerText();
    expect(budget).toMatch(/Main prompt\s+[\d,]+ tokens?/);
    expect(budget).toMatch(/Chat messages \(oldest first\)\s+[\d,]+ tokens?/);
    expect(await next.getByText(/^World info: [\d,]+ of [\d,]+ tokens of its budget$/).count()).toBe(1);
    expect(await next.getByTestId('prompt-lore-why').innerText()).toMatch(/ (in|out) — \S/);
    await next.getByRole('button', { name: 'Close' }).click();

    server.scripts.push({ kind: 'tokens', tokens: ['Rest ', 'here.'] });
    await page.getByPlaceholder(/Write a message/).fill('What should I do?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => lastText(page)).toBe('Rest here.');
    const sent = server.requests.at(-1)!.body as { messages: { content: string }[] };
    expect(sent.messages.at(-1)!.content).toBe('[Style: answer in one sentence.]');
    await messages(page).last().getByRole('button', { name: 'Show prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prompt sent' });
    await expect
      .poll(() => dialog.getByTestId('prompt-request').innerText())
      .toContain('[Style: answer in one sentence.]');
    await page.screenshot({ path: path.join(artifactsDir, 'chat-settings.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Saved with the chat (its SillyTavern chat metadata): a reload brings the note back.
    await page.reload();
    await page.getByLabel('Character', { exact: true }).selectOption({ label: 'Seraphina' });
    await page.getByText('Prompt settings', { exact: true }).click();
    expect(await page.getByRole('textbox', { name: "Author's note" }).inputValue()).toBe(
      '[Style: answer in one sentence.]',
    );
  });
});
