/**
 * Inflate with a hard output cap, checked while inflating. The input goes in small slices, and deflate expands at
 * most ~1032:1, so each slice yields at most a few MiB: a bomb stops just past the cap, in bounded time and
 * memory, instead of after inflating gigabytes.
 */
import { Inflate, Unzlib } from 'fflate';
import { concatBytes } from '../card/bytes.ts';

const SLICE = 4096;

export type InflateFormat = 'zlib' | 'deflate';

export type InflateResult =
  { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too_large' | 'corrupt'; message: string };

export function inflateBounded(data: Uint8Array, format: InflateFormat, maxBytes: number): InflateResult {
  const parts: Uint8Array[] = [];
  let total = 0;
  const collect = (chunk: Uint8Array): void => {
    total += chunk.length;
    if (total <= maxBytes) parts.push(chunk);
  };
  const stream = format === 'zlib' ? new Unzlib(collect) : new Inflate(collect);
  try {
    for (let at = 0; ; at += SLICE) {
      const final = at + SLICE >= data.length;
      stream.push(data.subarray(at, at + SLICE), final);
      if (total > maxBytes)
        return {
          ok: false,
          reason: 'too_large',
          message: `inflates past ${maxBytes.toLocaleString('en-US')} bytes (stopped there)`,
        };
      if (final) break;
    }
  } catch (e) {
    return { ok: false, reason: 'corrupt', message: `compressed data is corrupt: ${(e as Error).message}` };
  }
  return { ok: true, bytes: concatBytes(parts) };
}
