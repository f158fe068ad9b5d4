/** The web transport: POST /api/<method> with the launch token; streaming methods read NDJSON progress lines. */
import { ApiError, isApiErrorShape } from '../../../shared/errors.ts';
import type { ApiClient } from '../../../shared/api/contract.ts';

const TOKEN_KEY = 'lorewright.token';

/** Takes the token from the URL fragment once, then keeps it for this tab only and removes it from the address bar. */
export function takeToken(): string | null {
  const m = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (m?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(m[1]));
    history.replaceState(null, '', window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

function unwrap(reply: unknown): unknown {
  const r = reply as { ok?: boolean; value?: unknown; error?: unknown };
  if (r.ok === true) return r.value;
  if (isApiErrorShape(r.error)) throw ApiError.from(r.error);
  throw new ApiError('internal', 'The server sent a reply Lorewright does not understand.');
}

export function createHttpClient(token: string, base = './api/'): ApiClient {
  return {
    async invoke(method, input, options = {}) {
      const streaming = options.onProgress !== undefined;
      let res: Response;
      try {
        res = await fetch(`${base}${method}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            accept: streaming ? 'application/x-ndjson' : 'application/json',
          },
          body: JSON.stringify(input),
          signal: options.signal as AbortSignal | undefined,
        });
      } catch (e) {
        if (options.signal?.aborted) throw new ApiError('cancelled', 'Cancelled.');
        throw new ApiError('internal', `Lorewright's server cannot be reached: ${(e as Error).message}`);
      }
      if (!streaming || !res.body || !(res.headers.get('content-type') ?? '').includes('ndjson'))
        return unwrap(await res.json()) as never;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = JSON.parse(buffer.slice(0, nl)) as { type: string; event?: unknown };
          buffer = buffer.slice(nl + 1);
          if (line.type === 'progress') options.onProgress?.(line.event as never);
          else return unwrap(line) as never;
        }
      }
      throw new ApiError('internal', 'The server closed the stream without a result.');
    },
  };
}
