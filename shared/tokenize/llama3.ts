// Llama 3's BPE through llama3-tokenizer-js (MIT; vocabulary baked into the package, no network), loaded on first
// use because its data is several megabytes.
import type { Tokenizer } from './types.ts';

let pending: Promise<Tokenizer> | undefined;

export function loadLlama3(): Promise<Tokenizer> {
  pending ??= import('llama3-tokenizer-js').then(({ default: llama3 }) => ({
    name: 'llama3',
    exact: true,
    // Without BOS/EOS: we count a field's own text, the way the other tokenizers do.
    count: (text: string) => (text ? llama3.encode(text, { bos: false, eos: false }).length : 0),
  }));
  return pending;
}
