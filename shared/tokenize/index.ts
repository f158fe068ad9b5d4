// Tokenizer registry. Llama 3 is not offered: no package with its vocabulary is installed, so Llama-family models
// fall back to the estimate (marked `exact: false`).
import { guesstimate } from './guesstimate.ts';
import { loadTiktoken } from './tiktoken.ts';
import type { Tokenizer } from './types.ts';

export type { Tokenizer } from './types.ts';
export { guesstimate, utf8Length } from './guesstimate.ts';

export const tokenizerNames = ['guesstimate', 'o200k_base', 'cl100k_base'] as const;
export type TokenizerName = (typeof tokenizerNames)[number];

export function loadTokenizer(name: TokenizerName): Promise<Tokenizer> {
  return name === 'guesstimate' ? Promise.resolve(guesstimate) : loadTiktoken(name);
}

/** Best tokenizer for a model id: OpenAI's own BPE when the id names an OpenAI family, else the estimate. */
export function tokenizerForModel(model: string): TokenizerName {
  const id = model.toLowerCase().replace(/^.*\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o\d|chatgpt-4o|gpt-oss)/.test(id)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|gpt-35|text-embedding)/.test(id)) return 'cl100k_base';
  return 'guesstimate';
}
