/** Runs `task` over `items` with at most `limit` in flight; stops starting new ones once `signal` aborts. */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number, lane: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async (lane: number): Promise<void> => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      await task(items[i]!, i, lane);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, (_, lane) => worker(lane)));
}

/**
 * Splits `sizes` (in order) into runs of consecutive indexes of at most `maxItems` items and, unless one item alone
 * is larger, `maxBytes` bytes: batches for worker threads, big enough to pay for a message, small enough to keep
 * every thread busy to the end and memory bounded.
 */
export function batchIndexes(sizes: readonly number[], maxItems: number, maxBytes: number): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let bytes = 0;
  sizes.forEach((size, i) => {
    if (current.length > 0 && (current.length >= maxItems || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(i);
    bytes += size;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
