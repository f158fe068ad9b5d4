// LLaMA 1/2's SentencePiece tokenizer — what SillyTavern counts Text Completion prompts with ("Best match" for the
// Generic API) — through llama-tokenizer-js (MIT; vocabulary baked into the package, no network), loaded on first
// use because its data is large.
import type { Tokenizer } from './types.ts';

let pending: Promise<Tokenizer> | undefined;

export function loadLlama(): Promise<Tokenizer> {
  pending ??= import('llama-tokenizer-js').then(({ default: llama }) => ({
    name: 'llama',
    exact: true,
    // As SentencePiece's encodeIds counts: no BOS, with the dummy-prefix space the LLaMA model adds.
    count: (text: string) => (text ? llama.encode(text, false, true, false).length : 0),
  }));
  return pending;
}
