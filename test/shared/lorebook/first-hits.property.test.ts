// FirstHits (the key index's first-occurrence table) answers what two Maps would, also past its first size, where
// it rehashes: scan tests rarely record that many texts in one view.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FirstHits } from '../../../shared/lorebook/first-hits.ts';

const op = fc.record({
  // Ids spread wide (pattern ids of a 100k-entry book) and clustered (consecutive ids hash next to each other).
  id: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 2_000_000 })),
  whole: fc.boolean(),
  at: fc.nat(1_000_000),
});

describe('FirstHits', () => {
  it('keeps the first offset per id and kind, as two Maps do, through growth', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3000 }), (ops) => {
        const table = new FirstHits();
        const model = [new Map<number, number>(), new Map<number, number>()];
        for (const { id, whole, at } of ops) {
          const kind = model[whole ? 1 : 0]!;
          expect(table.add(id, whole, at)).toBe(!kind.has(id));
          if (!kind.has(id)) kind.set(id, at);
        }
        for (const { id } of ops)
          for (const whole of [false, true]) expect(table.get(id, whole)).toBe(model[whole ? 1 : 0]!.get(id) ?? -1);
        expect(table.get(-5, false)).toBe(-1);
      }),
      { numRuns: 60 },
    );
  });

  it('grows past its first size without losing an offset', () => {
    const table = new FirstHits();
    for (let id = 0; id < 5000; id++) table.add(id * 7, id % 2 === 0, id);
    for (let id = 0; id < 5000; id++) {
      expect(table.get(id * 7, id % 2 === 0)).toBe(id);
      expect(table.get(id * 7, id % 2 !== 0)).toBe(-1);
    }
    expect(table.get(1, false)).toBe(-1);
  });
});
