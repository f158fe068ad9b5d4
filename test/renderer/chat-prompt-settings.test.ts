// The chat page's prompt settings: stored per browser, turned into the chats.prompt/chats.send input, and the
// books a turn scans as the page lists them.
import { describe, expect, it } from 'vitest';
import { booksInPlay } from '../../renderer/src/chats/books-in-play.ts';
import { CUSTOM_TEMPLATE, defaultPanelSettings, loadPanelSettings, savePanelSettings, turnOptions } from '../../renderer/src/chats/prompt-settings.ts';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe('prompt settings', () => {
  it('send nothing but the mode when left at the defaults', () => {
    expect(turnOptions(defaultPanelSettings, 'openai-chat')).toEqual({ mode: 'chat' });
    expect(turnOptions(defaultPanelSettings, 'openai-text')).toEqual({ mode: 'text' });
  });

  it("send the author's note, main prompt, budget and parameters that were set", () => {
    const s = { ...defaultPanelSettings, authorsNote: { ...defaultPanelSettings.authorsNote, text: '[Terse.]', depth: 2 }, mainPrompt: 'Be {{char}}.', maxContext: 8192, maxTokens: 100, temperature: 0.7 };
    expect(turnOptions(s, undefined)).toEqual({
      mode: 'chat',
      settings: { authorsNote: { text: '[Terse.]', position: 'in-chat', depth: 2, interval: 1, role: 'system' }, mainPrompt: 'Be {{char}}.', maxContext: 8192, maxTokens: 100, temperature: 0.7 },
    });
  });

  it('send a template only in text mode, and the Jinja text for the custom choice', () => {
    expect(turnOptions({ ...defaultPanelSettings, template: 'chatml' }, 'openai-chat')).toEqual({ mode: 'chat' });
    expect(turnOptions({ ...defaultPanelSettings, mode: 'text', template: 'chatml' }, 'openai-chat')).toEqual({ mode: 'text', template: 'chatml' });
    expect(turnOptions({ ...defaultPanelSettings, mode: 'text', template: CUSTOM_TEMPLATE, jinja: '{{ x }}' }, undefined)).toEqual({ mode: 'text', jinja: '{{ x }}' });
  });

  it('round-trip through storage, and fall back field by field on a damaged entry', () => {
    const storage = memory();
    const s = { ...defaultPanelSettings, mainPrompt: 'Hi', temperature: 1.2 };
    savePanelSettings(s, storage);
    expect(loadPanelSettings(storage)).toEqual(s);
    storage.setItem('lorewright.chatPromptSettings', JSON.stringify({ mode: 'poem', mainPrompt: 3, maxTokens: 'x', authorsNote: { text: 'N', role: 'narrator' } }));
    expect(loadPanelSettings(storage)).toEqual({ ...defaultPanelSettings, authorsNote: { ...defaultPanelSettings.authorsNote, text: 'N' } });
    storage.setItem('lorewright.chatPromptSettings', '{not json');
    expect(loadPanelSettings(storage)).toEqual(defaultPanelSettings);
  });
});

describe('books in play', () => {
  it('list the embedded book, the linked ones (not trashed) and the chosen ones not linked already', () => {
    const card = { data: { name: 'Seraphina', character_book: { name: 'Eldoria', entries: [] } } };
    const links = [
      { lorebookId: 1, name: 'Sky', role: 'primary' as const, deletedAt: null },
      { lorebookId: 2, name: 'Tides', role: 'extra' as const, deletedAt: null },
      { lorebookId: 3, name: 'Old', role: 'extra' as const, deletedAt: 5 },
    ];
    const books = [{ id: 2, name: 'Tides' }, { id: 4, name: 'Roads' }] as Parameters<typeof booksInPlay>[2];
    expect(booksInPlay(card, links, books, [2, 4])).toEqual([
      { name: 'Eldoria', source: 'embedded' },
      { name: 'Sky', source: 'primary' },
      { name: 'Tides', source: 'extra' },
      { name: 'Roads', source: 'chosen' },
    ]);
    expect(booksInPlay({ data: { name: 'X' } }, [], [], [])).toEqual([]);
  });
});
