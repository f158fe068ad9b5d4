import { describe, expect, it } from 'vitest';
import { assemblePrompt, findContextTemplate, type ChatMessage } from '../../../shared/prompt/index.ts';
import { aria } from './fixture.ts';

// One token per UTF-16 unit keeps the arithmetic visible.
const tokenizer = { count: (text: string) => text.length };
const cost = (m: ChatMessage) => m.content.length + (m.name?.length ?? 0) + 3;

describe('context limit, Chat Completion', () => {
  const full = assemblePrompt({ ...aria(), mode: 'chat', tokenizer }).chat!.messages;
  const head = full.slice(0, 5);
  const examples = full.slice(5, 8);
  const newChat = full[8]!;
  const history = full.slice(9);
  const fixed = [...head, newChat].reduce((sum, m) => sum + cost(m), 0);
  const maxTokens = 300;
  // budget = max context − response − 3
  const withBudget = (budget: number) =>
    assemblePrompt({
      ...aria(),
      mode: 'chat',
      tokenizer,
      settings: { chat: { maxContext: budget + maxTokens + 3, maxTokens } },
    });

  it('keeps the newest messages that fit and stops at the first that does not; examples come after', () => {
    const budget = fixed + cost(history[4]!) + cost(history[3]!) + cost(history[2]!) - 1;
    const result = withBudget(budget);
    expect(result.chat!.messages).toEqual([...head, newChat, history[3], history[4]]);
    expect(result.parts.find((p) => p.id === 'chatHistory')).toMatchObject({ kept: 2, dropped: 3 });
    expect(result.parts.find((p) => p.id === 'dialogueExamples')).toMatchObject({ kept: 0, dropped: 1 });
    expect(result.tokens).toEqual({ total: fixed + cost(history[4]!) + cost(history[3]!), budget });
  });

  it('history wins the budget; whole example blocks take what is left', () => {
    const all = fixed + history.reduce((s, m) => s + cost(m), 0);
    expect(withBudget(all).chat!.messages).toEqual([...head, newChat, ...history]);
    const blockCost = examples.reduce((s, m) => s + cost(m), 0);
    expect(withBudget(all + blockCost).chat!.messages).toEqual(full);
  });

  it('pinned examples are placed first and always kept', () => {
    const budget = fixed + cost(history[4]!);
    const result = assemblePrompt({
      ...aria(),
      mode: 'chat',
      tokenizer,
      settings: { chat: { maxContext: budget + maxTokens + 3, maxTokens, pinExamples: true } },
    });
    expect(result.chat!.messages).toEqual([...head, ...examples, newChat]);
  });

  it('reports a token count per part', () => {
    const parts = assemblePrompt({ ...aria(), mode: 'chat', tokenizer }).parts;
    expect(parts.map((p) => p.id)).toEqual([
      'main',
      'personaDescription',
      'charDescription',
      'charPersonality',
      'scenario',
      'dialogueExamples',
      'chatHistory',
    ]);
    expect(parts[0]).toEqual({ id: 'main', tokens: cost(full[0]!) });
    expect(parts.at(-1)).toEqual({
      id: 'chatHistory',
      tokens: [newChat, ...history].reduce((s, m) => s + cost(m), 0),
      kept: 5,
      dropped: 0,
    });
  });
});

describe('context limit, Text Completion', () => {
  const story =
    "Write Aria's next reply in a fictional chat between Aria and Sam.\nAria is a cheerful lighthouse keeper on a rocky island.\nWarm, curious, talkative.\nSam arrives at the lighthouse during a storm.\nSam is a soaked traveler from the mainland.\n";
  const injected = "The storm has knocked out the island's radio.\n";
  const newest = [
    'Sam: Yes please. Does the storm worry you?\n',
    'Aria: Only in autumn. *She hands you a towel.* Tea?\n',
  ];

  it('keeps injected blocks, then the newest messages while they fit with 64 tokens to spare', () => {
    const used =
      story.length + '***\n'.length + '\nAria:'.length + injected.length + newest[0]!.length + newest[1]!.length;
    const maxTokens = 350;
    const result = assemblePrompt({
      ...aria(),
      mode: 'text',
      tokenizer,
      settings: {
        text: { context: findContextTemplate('Default (preset)'), maxContext: used + 64 + 1 + maxTokens, maxTokens },
      },
    });
    expect(result.text!.prompt).toBe(
      `${story}***\n${injected}${newest[1]}Sam: Yes please. Does the storm worry you?\nAria:`,
    );
    expect(result.parts.find((p) => p.id === 'chatHistory')).toMatchObject({ kept: 2, dropped: 2 });
    expect(result.parts.find((p) => p.id === 'dialogueExamples')).toMatchObject({ kept: 0, dropped: 1 });
  });
});
