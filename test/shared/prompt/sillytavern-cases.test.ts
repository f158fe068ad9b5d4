// The 11 public requests recorded from SillyTavern 1.18.0 (test/fixtures/prompt-text/README.md) must come out
// byte for byte: prompt text, stop strings (computed and as sent), messages.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer, type Tokenizer } from '../../../shared/tokenize/index.ts';
import { runCase, stCases } from './st-cases.ts';

// SillyTavern's counts: LLaMA 1/2 (SentencePiece) for Text Completion, cl100k for Chat Completion.
let llama: Tokenizer;
let cl100k: Tokenizer;
beforeAll(async () => {
  llama = await loadTokenizer('llama');
  cl100k = await loadTokenizer('cl100k_base');
});

describe('SillyTavern 1.18.0 recorded requests', () => {
  for (const c of stCases()) {
    it(`${c.file}: ${c.description}`, () => {
      if (c.mode === 'chat') {
        const plan = runCase(c, cl100k);
        expect(plan.prompt.chat!.messages).toEqual(c.expected_messages);
        return;
      }
      const plan = runCase(c, llama);
      expect(plan.prompt.text!.prompt).toBe(c.expected_prompt);
      expect(plan.prompt.text!.stop).toEqual(c.expected_stop);
      expect(plan.request.stop).toEqual(c.stop_as_received);
      expect(plan.request.max_tokens).toBe(c.max_tokens);
    });
  }
});
