import { describe, expect, it } from 'vitest';
import { importBatches } from '../../renderer/src/library/files.ts';

const file = (name: string, mb: number): File => new File([new Uint8Array(mb * 1024 * 1024)], name);

describe('importBatches', () => {
  it('splits a large drop into requests of at most 32 MB, in order, never leaving a file out', () => {
    const files = [file('a.png', 20), file('b.png', 10), file('c.png', 5), file('d.png', 40), file('e.json', 1)];
    const batches = importBatches(files);
    expect(batches.map((b) => b.map((f) => f.name))).toEqual([['a.png', 'b.png'], ['c.png'], ['d.png'], ['e.json']]);
    expect(batches.flat()).toHaveLength(files.length);
  });

  it('keeps small drops in one request', () => {
    expect(importBatches([file('a.json', 0), file('b.json', 0)])).toHaveLength(1);
    expect(importBatches([])).toEqual([]);
  });
});
