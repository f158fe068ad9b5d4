// The chat page's prompt settings: saved with the chat (SillyTavern chat metadata), turned into the
// chats.prompt/chats.send input, and the books a turn scans as the page lists them.
import { describe, expect, it } from 'vitest';
import { exportChat, importChat } from '../../shared/chat/formats/index.ts';
import { createTranscript } from '../../shared/chat/transcript.ts';
import { booksInPlay } from '../../renderer/src/chats/books-in-play.ts';
import {
  CUSTOM_TEMPLATE,
  defaultPanelSettings,
  panelFromTranscript,
  turnOptions,
  withPanelSettings,
} from '../../renderer/src/chats/prompt-settings.ts';

describe('prompt settings', () => {
  it('send nothing but the mode when left at the defaults', () => {
    expect(turnOptions(defaultPanelSettings, 'openai-chat')).toEqual({ mode: 'chat' });
    expect(turnOptions(defaultPanelSettings, 'openai-text')).toEqual({ mode: 'text' });
  });

  it('send the main prompt, budget, tokenizer and parameters that were set (the note travels in the transcript)', () => {
    const s = {
      ...defaultPanelSettings,
      authorsNote: { ...defaultPanelSettings.authorsNote, text: '[Terse.]', depth: 2 },
      mainPrompt: 'Be {{char}}.',
      maxContext: 8192,
      maxTokens: 100,
      temperature: 0.7,
      tokenizer: 'llama' as const,
    };
    expect(turnOptions(s, undefined)).toEqual({
      mode: 'chat',
      settings: { mainPrompt: 'Be {{char}}.', maxContext: 8192, maxTokens: 100, temperature: 0.7, tokenizer: 'llama' },
    });
  });

  it('send a template only in text mode, and the Jinja text for the custom choice', () => {
    expect(turnOptions({ ...defaultPanelSettings, template: 'chatml' }, 'openai-chat')).toEqual({ mode: 'chat' });
    expect(
      turnOptions({ ...defaultPanelSettings, mode: 'text', template: 'ChatML', bindToContext: true }, 'openai-chat'),
    ).toEqual({ mode: 'text', template: 'ChatML', settings: { bindToContext: true } });
    expect(turnOptions({ ...defaultPanelSettings, template: 'ChatML', context: 'Default' }, 'openai-text')).toEqual({
      mode: 'text',
      template: 'ChatML',
      settings: { context: 'Default' },
    });
    expect(
      turnOptions({ ...defaultPanelSettings, mode: 'text', template: CUSTOM_TEMPLATE, jinja: '{{ x }}' }, undefined),
    ).toEqual({ mode: 'text', jinja: '{{ x }}' });
  });

  it('are saved with the chat and survive a SillyTavern export and import; damaged fields fall back one by one', () => {
    const t = createTranscript({ name: 'Aria' }, { name: 'Sam' });
    const s = {
      ...defaultPanelSettings,
      authorsNote: { text: '[Rain.]', position: 'before-main' as const, depth: 2, interval: 3, role: 'user' as const },
      mode: 'text' as const,
      template: 'Gemma 2',
      context: 'Gemma 2',
      maxContext: 4096,
    };
    const saved = withPanelSettings(t, s);
    expect(panelFromTranscript(saved)).toEqual(s);
    const jsonl = exportChat(saved, 'sillytavern').value;
    expect(JSON.parse(jsonl.split('\n')[0]!).chat_metadata).toMatchObject({
      note_prompt: '[Rain.]',
      note_position: 2,
      note_depth: 2,
      note_interval: 3,
      note_role: 1,
    });
    expect(panelFromTranscript(importChat(jsonl, 'sillytavern').value)).toEqual(s);
    const damaged = {
      ...saved,
      foreign: {
        st: {
          chat_metadata: {
            note_prompt: 'N',
            note_role: 7,
            lorewright_prompt: { mode: 'poem', mainPrompt: 3, maxTokens: 'x', tokenizer: 'gpt2' },
          },
        },
      },
    };
    expect(panelFromTranscript(damaged)).toEqual({
      ...defaultPanelSettings,
      authorsNote: { ...defaultPanelSettings.authorsNote, text: 'N' },
    });
    expect(panelFromTranscript(t)).toEqual(defaultPanelSettings);
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
    const books = [
      { id: 2, name: 'Tides' },
      { id: 4, name: 'Roads' },
    ] as Parameters<typeof booksInPlay>[2];
    expect(booksInPlay(card, links, books, [2, 4])).toEqual([
      { name: 'Eldoria', source: 'embedded' },
      { name: 'Sky', source: 'primary' },
      { name: 'Tides', source: 'extra' },
      { name: 'Roads', source: 'chosen' },
    ]);
    expect(booksInPlay({ data: { name: 'X' } }, [], [], [])).toEqual([]);
  });
});
