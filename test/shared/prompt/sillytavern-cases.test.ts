// The 11 public requests recorded from SillyTavern 1.18.0 (test/fixtures/prompt-text/README.md) must come out
// byte for byte: prompt text, stop strings (computed and as sent), messages.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTiktoken } from '../../../shared/tokenize/tiktoken.ts';
import { guesstimate, loadTokenizer, type Tokenizer } from '../../../shared/tokenize/index.ts';
import { runCase, stCases } from './st-cases.ts';

// Text Completion is counted with LLaMA 1/2's SentencePiece tokenizer, an optional package (llama-tokenizer-js).
// Without it the estimate stands in, which cannot reproduce the trimming cases: those are skipped, not faked.
let llama: Tokenizer | null = null;
let cl100k: Tokenizer;
beforeAll(async () => {
  llama = await loadTokenizer('llama').catch(() => null);
  cl100k = await loadTiktoken('cl100k_base');
});

describe('SillyTavern 1.18.0 recorded requests', () => {
  for (const c of stCases()) {
    const needsExactCounts = c.file.includes('-trim-');
    it(`${c.file}: ${c.description}`, (ctx) => {
      if (c.mode === 'chat') {
        const plan = runCase(c, cl100k);
        expect(plan.prompt.chat!.messages).toEqual(c.expected_messages);
        return;
      }
      if (needsExactCounts && !llama) ctx.skip('needs the LLaMA 1/2 tokenizer (npm package llama-tokenizer-js)');
      const plan = runCase(c, llama ?? guesstimate);
      expect(plan.prompt.text!.prompt).toBe(c.expected_prompt);
      expect(plan.prompt.text!.stop).toEqual(c.expected_stop);
      expect(plan.request.stop).toEqual(c.stop_as_received);
      expect(plan.request.max_tokens).toBe(c.max_tokens);
    });
  }
});
