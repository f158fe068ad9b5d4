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
 * Runs of consecutive indexes of at most `maxItems` items and, unless one item alone is larger, `maxBytes` bytes:
 * batches for worker threads, big enough to pay for a message, small enough to keep every thread busy to the end
 * and memory bounded. Items are added as they are found (a folder being walked), and each batch is handed out as
 * soon as it is full, so threads convert while the walk goes on; a lane asking for a batch waits for one.
 */
export class BatchQueue {
  private readonly ready: number[][] = [];
  private current: number[] = [];
  private bytes = 0;
  private ended = false;
  private waiting: (() => void)[] = [];
  private readonly maxItems: number;
  private readonly maxBytes: number;

  constructor(maxItems: number, maxBytes: number) {
    this.maxItems = maxItems;
    this.maxBytes = maxBytes;
  }

  add(index: number, size: number): void {
    if (this.current.length > 0 && this.bytes + size > this.maxBytes) this.flush();
    this.current.push(index);
    this.bytes += size;
    if (this.current.length >= this.maxItems) this.flush();
  }

  /** No more items: the last batch is handed out, and then `next` answers undefined. */
  end(): void {
    this.flush();
    this.ended = true;
    this.wake();
  }

  /** The next batch; waits while none is full and items may still come; undefined once all are taken. */
  async next(): Promise<number[] | undefined> {
    while (this.ready.length === 0 && !this.ended) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.ready.shift();
  }

  private flush(): void {
    if (this.current.length === 0) return;
    this.ready.push(this.current);
    this.current = [];
    this.bytes = 0;
    this.wake();
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
