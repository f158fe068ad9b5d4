import { describe, expect, it } from 'vitest';
import { BatchQueue } from '../../../electron/services/convert/pool.ts';

/** `sizes` (in order) through a BatchQueue, with every batch taken once the adding has ended. */
async function batches(sizes: number[], maxItems: number, maxBytes: number): Promise<number[][]> {
  const queue = new BatchQueue(maxItems, maxBytes);
  sizes.forEach((size, i) => queue.add(i, size));
  queue.end();
  const out: number[][] = [];
  for (let b; (b = await queue.next());) out.push(b);
  return out;
}

describe('BatchQueue', () => {
  it('keeps order and caps each batch by count and by bytes; a file over the byte cap goes alone', async () => {
    expect(await batches([1, 1, 1, 1, 1], 2, 100)).toEqual([[0, 1], [2, 3], [4]]);
    expect(await batches([40, 40, 40, 500, 10], 10, 100)).toEqual([[0, 1], [2], [3], [4]]);
    expect(await batches([], 4, 100)).toEqual([]);
  });

  it('hands a batch out as soon as it is full, while items still come; a waiting lane gets it', async () => {
    const queue = new BatchQueue(2, 100);
    const first = queue.next();
    queue.add(0, 1);
    queue.add(1, 1);
    expect(await first).toEqual([0, 1]);
    queue.add(2, 1);
    const last = queue.next();
    const after = queue.next();
    queue.end();
    expect(await last).toEqual([2]);
    expect(await after).toBeUndefined();
  });
});
