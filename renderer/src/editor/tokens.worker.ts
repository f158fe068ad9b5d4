/// <reference lib="webworker" />
// Counts tokens off the main thread: exact BPEs on a 1 MB description take long enough to drop frames.
import { loadTokenizer } from '../../../shared/tokenize/index.ts';
import type { TokenizerName } from '../../../shared/tokenize/index.ts';

export interface TokenRequest {
  id: number;
  tokenizer: TokenizerName;
  fields: Record<string, string>;
}

export interface TokenReply {
  id: number;
  exact: boolean;
  counts: Record<string, number>;
  total: number;
}

self.onmessage = async (event: MessageEvent<TokenRequest>) => {
  const { id, tokenizer, fields } = event.data;
  const tk = await loadTokenizer(tokenizer);
  const counts: Record<string, number> = {};
  let total = 0;
  for (const [key, text] of Object.entries(fields)) {
    counts[key] = tk.count(text);
    total += counts[key];
  }
  const reply: TokenReply = { id, exact: tk.exact, counts, total };
  self.postMessage(reply);
};
