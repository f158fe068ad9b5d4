import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { verified as verifiedChat, verifiedChatml } from '../../shared/prompt/fixture.ts';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const aria = ['--card', 'chat/aria.card.json', '--book', 'chat/aria.storm-book.json', '--chat', 'chat/aria.st.jsonl', '--persona', 'Sam is a soaked traveler from the mainland.'];

// The worked examples of the prompt reference (§2.10 Chat Completion, §3.7 ChatML), recorded from SillyTavern 1.18.0.

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
