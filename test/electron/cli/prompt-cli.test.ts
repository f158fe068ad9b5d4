import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../helpers/run-cli.ts';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const aria = ['--card', 'chat/aria.card.json', '--book', 'chat/aria.storm-book.json', '--chat', 'chat/aria.st.jsonl', '--persona', 'Sam is a soaked traveler from the mainland.'];

// The worked examples of the prompt reference (§2.10 Chat Completion, §3.7 ChatML), recorded from SillyTavern 1.18.0.
const verifiedChat = [
  { role: 'system', content: "Write Aria's next reply in a fictional chat between Aria and Sam." },
  { role: 'system', content: 'Sam is a soaked traveler from the mainland.' },
  { role: 'system', content: 'Aria is a cheerful lighthouse keeper on a rocky island.' },
  { role: 'system', content: 'Warm, curious, talkative.' },
  { role: 'system', content: 'Sam arrives at the lighthouse during a storm.' },
  { role: 'system', content: '[Example Chat]' },
  { role: 'system', content: 'What do you do all day?', name: 'example_user' },
  { role: 'system', content: 'I polish the lens and count the ships. *She grins.*', name: 'example_assistant' },
  { role: 'system', content: '[Start a new Chat]' },
  { role: 'assistant', content: '*Aria opens the heavy door.* Come in, quick, before the wind takes you!' },
  { role: 'user', content: 'Thanks! Is it always this stormy here?' },
  { role: 'system', content: "The storm has knocked out the island's radio." },
  { role: 'assistant', content: 'Only in autumn. *She hands you a towel.* Tea?' },
  { role: 'user', content: 'Yes please. Does the storm worry you?' },
];
const verifiedChatml = `<|im_start|>system
Write Aria's next reply in a fictional chat between Aria and Sam.
Aria is a cheerful lighthouse keeper on a rocky island.
Warm, curious, talkative.
Sam arrives at the lighthouse during a storm.
Sam is a soaked traveler from the mainland.<|im_end|>
<|im_start|>user
Sam: What do you do all day?<|im_end|>
<|im_start|>assistant
I polish the lens and count the ships. *She grins.*<|im_end|>
<|im_start|>assistant
*Aria opens the heavy door.* Come in, quick, before the wind takes you!<|im_end|>
<|im_start|>user
Thanks! Is it always this stormy here?<|im_end|>
<|im_start|>system
The storm has knocked out the island's radio.<|im_end|>
<|im_start|>assistant
Only in autumn. *She hands you a towel.* Tea?<|im_end|>
<|im_start|>user
Yes please. Does the storm worry you?<|im_end|>
<|im_start|>assistant
`;

describe('lorewright prompt', () => {
  it("reproduces SillyTavern's default Chat Completion request, the lore scanned from the book file", async () => {
    const r = await runCliCaptured(['prompt', ...aria], {}, fixtures);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ max_tokens: 300, stream: true, messages: verifiedChat });
  });

  it('--json adds the lore that fired and the token accounting', async () => {
    const r = await runCliCaptured(['prompt', ...aria, '--json'], {}, fixtures);
    const out = JSON.parse(r.out) as { request: { messages: unknown[] }; lore: unknown[]; parts: { id: string }[]; tokens: { total: number } };
    expect(out.request.messages).toEqual(verifiedChat);
    expect(out.lore).toEqual([{ book: 'aria.storm-book', uid: 0, comment: 'radio', keys: ['storm'], position: 4, depth: 2 }]);
    expect(out.parts.map((p) => p.id)).toContain('chatHistory');
    expect(out.tokens.total).toBeGreaterThan(0);
  });

  it('text mode with an instruct template prints the prompt exactly', async () => {
    const r = await runCliCaptured(['prompt', ...aria, '--mode', 'text', '--template', 'chatml'], {}, fixtures);
    expect(r.code).toBe(0);
    expect(r.out).toBe(verifiedChatml);
  });

  it('usage errors exit 2 with the help; unreadable files exit 1', async () => {
    const missing = await runCliCaptured(['prompt', '--card', 'chat/aria.card.json'], {}, fixtures);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--chat is required');
    expect((await runCliCaptured(['prompt', ...aria, '--template', 'chatml'], {}, fixtures)).code).toBe(2);
    expect((await runCliCaptured(['prompt', ...aria, '--mode', 'text', '--template', 'nope'], {}, fixtures)).err).toContain('Known: ');
    const gone = await runCliCaptured(['prompt', '--card', 'nope.json', '--chat', 'chat/aria.st.jsonl'], {}, fixtures);
    expect(gone).toMatchObject({ code: 1, err: expect.stringContaining('No such file: nope.json') });
    expect((await runCliCaptured(['prompt', '--help'])).out).toContain('Usage: lorewright prompt');
  });
});
