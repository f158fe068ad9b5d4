// LLaMA 1/2's SentencePiece tokenizer — what SillyTavern counts Text Completion prompts with ("Best match" for the
// Generic API). It comes from the llama-tokenizer-js package (MIT, vocabulary bundled, no network), loaded on first
// use. The package is optional: the specifier is held in a variable so that bundlers and the type checker do not
// require it, and a missing package rejects with a TokenizerUnavailableError the caller can fall back on.
import type { Tokenizer } from './types.ts';

const PACKAGE = 'llama-tokenizer-js';

interface LlamaModule {
  default: { encode(text: string, addBos?: boolean, addPrecedingSpace?: boolean, logPerformance?: boolean): number[] };
}

export class TokenizerUnavailableError extends Error {
  constructor(name: string, pkg: string, cause: unknown) {
    super(`The ${name} tokenizer needs the npm package "${pkg}", which is not installed (${cause instanceof Error ? cause.message : String(cause)}).`);
    this.name = 'TokenizerUnavailableError';
  }
}

let pending: Promise<Tokenizer> | undefined;

export function loadLlama(): Promise<Tokenizer> {
  pending ??= (import(/* @vite-ignore */ PACKAGE) as Promise<LlamaModule>).then(
    ({ default: llama }) => ({
      name: 'llama',
      exact: true,
      // As SentencePiece's encodeIds counts it: no BOS, with the dummy-prefix space the LLaMA model adds.
      count: (text: string) => (text ? llama.encode(text, false, true, false).length : 0),
    }),
    (e: unknown) => {
      pending = undefined;
      throw new TokenizerUnavailableError('LLaMA 1/2', PACKAGE, e);
    },
  );
  return pending;
}
