import { describe, expect, it } from 'vitest';
import { assemblePrompt, type ChatMessage } from '../../../shared/prompt/index.ts';
import { aria, ariaWithOverrides, verified } from './fixture.ts';

const withOverrides: ChatMessage[] = [
  {
    role: 'system',
    content: "Write Aria's next reply in a fictional chat between Aria and Sam. Stay in character as Aria.",
  },
  ...verified.slice(1, 9),
  { role: 'system', content: 'Keep the mood cozy.\nAria secretly fears the dark.' },
  ...verified.slice(9),
  { role: 'system', content: '[Reply in under 100 words, Sam.]' },
];

describe('Chat Completion, SillyTavern defaults', () => {
  it('reproduces the verified default request', () => {
    expect(assemblePrompt({ ...aria(), mode: 'chat' }).chat?.messages).toEqual(verified);
  });

  it("applies card system_prompt with {{original}}, PHI, character note and Author's Note", () => {
    expect(assemblePrompt({ ...ariaWithOverrides(), mode: 'chat' }).chat?.messages).toEqual(withOverrides);
  });

  it('impersonate appends the impersonation prompt after the PHI', () => {
    const messages = assemblePrompt({ ...ariaWithOverrides(), mode: 'chat', generationType: 'impersonate' }).chat!
      .messages;
    expect(messages.slice(0, -1)).toEqual(withOverrides);
    expect(messages.at(-1)).toEqual({
      role: 'system',
      content:
        "[Write your next reply from the point of view of Sam, using the chat history so far as a guideline for the writing style of Sam. Write 1 reply only in internet RP style. Don't write as Aria or system. Don't describe actions of Aria.]",
    });
  });

  it('continue moves the last message after the PHI and adds the nudge; depths still count it', () => {
    const messages = assemblePrompt({ ...ariaWithOverrides(), mode: 'chat', generationType: 'continue' }).chat!
      .messages;
    expect(messages.slice(-5)).toEqual([
      { role: 'system', content: "The storm has knocked out the island's radio." },
      { role: 'assistant', content: 'Only in autumn. *She hands you a towel.* Tea?' },
      { role: 'system', content: '[Reply in under 100 words, Sam.]' },
      { role: 'user', content: 'Yes please. Does the storm worry you?' },
      { role: 'system', content: '[Continue your last message without repeating its original content.]' },
    ]);
  });

  it('ignores the card overrides when the prefer flags are off', () => {
    const input = ariaWithOverrides();
    const messages = assemblePrompt({
      ...input,
      mode: 'chat',
      settings: { ...input.settings, preferCharacterPrompt: false, preferCharacterInstructions: false },
    }).chat!.messages;
    expect(messages[0]!.content).toBe(verified[0]!.content);
    expect(messages.at(-1)).toEqual(verified.at(-1));
  });

  it('places World Info before/after, persona at depth, and WI example blocks', () => {
    const input = aria();
    const messages = assemblePrompt({
      ...input,
      mode: 'chat',
      persona: { ...input.persona, position: 'depth', depth: 0, role: 'user' },
      lore: {
        ...input.lore!,
        worldInfoBefore: 'The island is called Skerry.',
        worldInfoAfter: '{{char}} keeps a cat.',
        examples: [
          { position: 0, content: '<START>\nSam: Top one?\nAria: Yes.' },
          { position: 0, content: 'Sam: Top two?\nAria: Yes.' },
          { position: 1, content: '<START>\nSam: Bottom?\nAria: Indeed.' },
        ],
      },
    }).chat!.messages;
    expect(messages.slice(0, 6).map((m) => m.content)).toEqual([
      "Write Aria's next reply in a fictional chat between Aria and Sam.",
      'The island is called Skerry.',
      'Aria is a cheerful lighthouse keeper on a rocky island.',
      'Warm, curious, talkative.',
      'Sam arrives at the lighthouse during a storm.',
      'Aria keeps a cat.',
    ]);
    // Top entries are put in front one at a time, so the later one comes first.
    const examples = messages.filter((m) => m.name === 'example_user').map((m) => m.content);
    expect(examples).toEqual(['Top two?', 'Top one?', 'What do you do all day?', 'Bottom?']);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Sam is a soaked traveler from the mainland.' });
  });

  it('orders one depth as assistant, user, system and pins too-deep blocks to the top of the history', () => {
    const input = aria();
    const messages = assemblePrompt({
      ...input,
      mode: 'chat',
      lore: {
        ...input.lore!,
        depth: [
          { depth: 1, entries: ['sys at 1'], role: 0 },
          { depth: 1, entries: ['user at 1'], role: 1 },
          { depth: 1, entries: ['bot at 1'], role: 2 },
          { depth: 99, entries: ['deep'], role: 0 },
          { depth: null, entries: ['no depth: never injected'], role: 0 },
        ],
      },
    }).chat!.messages;
    const history = messages.slice(messages.findIndex((m) => m.content === '[Start a new Chat]') + 1);
    expect(history.map((m) => `${m.role}: ${m.content}`)).toEqual([
      'system: deep',
      'assistant: *Aria opens the heavy door.* Come in, quick, before the wind takes you!',
      'user: Thanks! Is it always this stormy here?',
      'assistant: Only in autumn. *She hands you a towel.* Tea?',
      'assistant: bot at 1',
      'user: user at 1',
      'system: sys at 1',
      'user: Yes please. Does the storm worry you?',
    ]);
  });

  it('names: completion object sets a sanitised name field, message content prefixes', () => {
    const input = aria();
    input.persona = { ...input.persona, name: 'Sam Lee' };
    input.chat = input.chat.map((m) => (m.is_user ? { ...m, name: 'Sam Lee' } : m));
    const completion = assemblePrompt({ ...input, mode: 'chat', settings: { chat: { namesBehavior: 'completion' } } })
      .chat!.messages;
    expect(completion.at(-1)).toEqual({
      role: 'user',
      content: 'Yes please. Does the storm worry you?',
      name: 'Sam_Lee',
    });
    const content = assemblePrompt({ ...input, mode: 'chat', settings: { chat: { namesBehavior: 'content' } } }).chat!
      .messages;
    expect(content.at(-1)).toEqual({ role: 'user', content: 'Sam Lee: Yes please. Does the storm worry you?' });
  });

  it("Author's Note: interval, World Info AN entries, and a position after the main prompt", () => {
    const input = aria();
    const lore = { ...input.lore!, anTop: ['Top of note.'], anBottom: ['Bottom of note.'] };
    const every2 = assemblePrompt({
      ...input,
      lore,
      mode: 'chat',
      settings: { authorsNote: { text: 'Cozy.', interval: 2 } },
    }).chat!.messages;
    expect(every2.some((m) => m.content.includes('Cozy.'))).toBe(true); // 2 user messages: inserted
    const every3 = assemblePrompt({
      ...input,
      lore,
      mode: 'chat',
      settings: { authorsNote: { text: 'Cozy.', interval: 3 } },
    }).chat!.messages;
    expect(every3.some((m) => m.content.includes('Cozy.') || m.content.includes('Top of note.'))).toBe(false);
    const after = assemblePrompt({
      ...input,
      lore,
      mode: 'chat',
      settings: { authorsNote: { text: 'Cozy, {{user}}.', position: 'after-main' } },
    }).chat!.messages;
    expect(after[1]).toEqual({ role: 'system', content: 'Top of note.\nCozy, Sam.\nBottom of note.' });
  });

  it('squashes consecutive unnamed system messages when asked', () => {
    const messages = assemblePrompt({ ...aria(), mode: 'chat', settings: { chat: { squashSystemMessages: true } } })
      .chat!.messages;
    expect(messages[0]!.content).toBe(
      verified
        .slice(0, 5)
        .map((m) => m.content)
        .join('\n'),
    );
    expect(messages[1]).toEqual(verified[5]);
    expect(messages).toHaveLength(verified.length - 4);
  });
});
