import { describe, expect, it } from 'vitest';
import { batchIndexes } from '../../../electron/services/convert/pool.ts';

describe('batchIndexes', () => {
  it('keeps order and caps each batch by count and by bytes; a file over the byte cap goes alone', () => {
    expect(batchIndexes([1, 1, 1, 1, 1], 2, 100)).toEqual([[0, 1], [2, 3], [4]]);
    expect(batchIndexes([40, 40, 40, 500, 10], 10, 100)).toEqual([[0, 1], [2], [3], [4]]);
    expect(batchIndexes([], 4, 100)).toEqual([]);
  });
});
