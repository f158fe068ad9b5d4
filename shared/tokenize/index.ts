// Tokenizer registry: SillyTavern's offline estimate, OpenAI's BPEs, LLaMA 1/2's and Llama 3's, each loaded on first use.
import { guesstimate } from './guesstimate.ts';
import { loadTiktoken } from './tiktoken.ts';
import { loadLlama } from './llama.ts';
import { loadLlama3 } from './llama3.ts';
import type { Tokenizer } from './types.ts';

export type { Tokenizer } from './types.ts';
export { guesstimate, utf8Length } from './guesstimate.ts';

/** `llama` = LLaMA 1/2 (SentencePiece), `llama3` = Llama 3 (BPE). */
export const tokenizerNames = ['guesstimate', 'o200k_base', 'cl100k_base', 'llama', 'llama3'] as const;
export type TokenizerName = (typeof tokenizerNames)[number];

export function loadTokenizer(name: TokenizerName): Promise<Tokenizer> {
  if (name === 'guesstimate') return Promise.resolve(guesstimate);
  if (name === 'llama') return loadLlama();
  return name === 'llama3' ? loadLlama3() : loadTiktoken(name);
}

/** Best tokenizer for a model id: OpenAI's own BPE when the id names an OpenAI family, else the estimate. */
export function tokenizerForModel(model: string): TokenizerName {
  const id = model.toLowerCase().replace(/^.*\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o\d|chatgpt-4o|gpt-oss)/.test(id)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|gpt-35|text-embedding)/.test(id)) return 'cl100k_base';
  if (/llama-?3|llama3/.test(id)) return 'llama3';
  return 'guesstimate';
}

/**
 * What SillyTavern 1.18 counts a prompt with: Text Completion ("Best match" for the Generic API) uses LLaMA 1/2;
 * Chat Completion uses the model's OpenAI tokenizer, cl100k (its gpt-3.5-turbo fallback) for any other model.
 */
export function sillyTavernTokenizer(mode: 'chat' | 'text', model = ''): TokenizerName {
  if (mode === 'text') return 'llama';
  const own = tokenizerForModel(model);
  return own === 'o200k_base' || own === 'cl100k_base' ? own : 'cl100k_base';
}
