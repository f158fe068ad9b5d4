// OpenAI BPEs through js-tiktoken. The rank tables are imported from the package (bundled, no network) and only
// when first asked for: o200k alone is several megabytes of text to parse.
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import type { Tokenizer } from './types.ts';

export type TiktokenEncoding = 'o200k_base' | 'cl100k_base';

const loaders: Record<TiktokenEncoding, () => Promise<{ default: TiktokenBPE }>> = {
  o200k_base: () => import('js-tiktoken/ranks/o200k_base'),
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base'),
};

const cache = new Map<TiktokenEncoding, Promise<Tokenizer>>();

/** Loads an encoding once; later calls share it. Special-token text is counted as ordinary text. */
export function loadTiktoken(encoding: TiktokenEncoding): Promise<Tokenizer> {
  let pending = cache.get(encoding);
  if (!pending) {
    pending = loaders[encoding]().then(({ default: ranks }) => {
      const bpe = new Tiktoken(ranks);
      return { name: encoding, exact: true, count: (text: string) => (text ? bpe.encode(text, [], []).length : 0) };
    });
    cache.set(encoding, pending);
  }
  return pending;
}
