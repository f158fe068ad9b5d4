// jsonEqual answers what comparing the two printed texts answers, for every value JSON.stringify prints: equal
// documents, documents differing anywhere, and values that print alike without being alike (undefined and a missing
// key, NaN and null, a toJSON, a Date, a hole in an array).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonEqual } from '../../../shared/card/json-equal.ts';

// Few leaves and few keys, so two values drawn apart are often equal, or print alike.
const leaf = fc.constantFrom<unknown>(0, -0, 1, NaN, Infinity, null, undefined, '', 'a', 'null', true, false);
const odd = fc.constantFrom<() => unknown>(
  () => ({ toJSON: () => 'a' }),
  () => new Date(0),
  () => new Date(0).toISOString(),
  () => Object.assign(Object.create(null) as object, { a: 1 }),
  () => [, 1], // eslint-disable-line no-sparse-arrays
  () => [undefined, 1],
  () => () => 1,
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    odd.map((make) => make()),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', '1', '0'), tie('value'), { maxKeys: 3 }),
}));

/** A copy of `v` through the same values (so equal), with an optional edit somewhere in it. */
function copy(v: unknown, edit: () => boolean): unknown {
  if (edit()) return 'edited';
  if (Array.isArray(v)) return v.map((x) => copy(x, edit));
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x, edit)]));
  return v;
}

const printedAlike = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

describe('jsonEqual', () => {
  it('agrees with comparing the printed texts of two values drawn apart', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(jsonEqual(a, b)).toBe(printedAlike(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with comparing the printed texts of a value and a copy, edited or not', () => {
    fc.assert(
      fc.property(value, fc.infiniteStream(fc.nat(20)), (a, rolls) => {
        const b = copy(a, () => rolls.next().value === 0);
        expect(jsonEqual(a, b)).toBe(printedAlike(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('tells documents apart by their key order, as their texts do', () => {
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual([NaN], [null])).toBe(true);
  });
});
