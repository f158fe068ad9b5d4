/** Token counts per card field, computed in a worker a moment after the author stops typing. */
import { useEffect, useRef, useState } from 'react';
import type { TokenizerName } from '../../../shared/tokenize/index.ts';
import type { TokenReply, TokenRequest } from './tokens.worker.ts';

const DELAY_MS = 250;

export function useTokenCounts(fields: Record<string, string>, tokenizer: TokenizerName): TokenReply | null {
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  const [reply, setReply] = useState<TokenReply | null>(null);

  useEffect(() => {
    const w = new Worker(new URL('./tokens.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<TokenReply>) => {
      if (e.data.id === latest.current) setReply(e.data); // answers to older requests are stale
    };
    worker.current = w;
    return () => w.terminate();
  }, []);

  useEffect(() => {
    const id = ++latest.current;
    const timer = setTimeout(() => {
      const request: TokenRequest = { id, tokenizer, fields };
      worker.current?.postMessage(request);
    }, DELAY_MS);
    return () => clearTimeout(timer);
    // Callers memoise `fields` per document value, so this runs once per edit, not per render.
  }, [fields, tokenizer]);

  return reply;
}
