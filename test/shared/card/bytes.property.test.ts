// lastIndexOf (which jumps between occurrences of the needle's first byte) finds what comparing at every position
// finds: bytes and needles drawn from a small alphabet, so matches, near-matches and overlaps are common.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lastIndexOf, startsWith } from '../../../shared/card/bytes.ts';

function everyPosition(bytes: Uint8Array, needle: number[], from: number): number {
  for (let i = Math.min(from, bytes.length - needle.length); i >= 0; i--) if (startsWith(bytes, needle, i)) return i;
  return -1;
}

const byte = fc.integer({ min: 0x4f, max: 0x51 });

describe('lastIndexOf', () => {
  it('finds the last occurrence at or before `from`, as a search at every position does', () => {
    fc.assert(
      fc.property(
        fc.array(byte, { maxLength: 40 }),
        fc.array(byte, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -3, max: 45 }),
        fc.boolean(),
        (data, needle, from, asBuffer) => {
          const bytes = asBuffer ? Buffer.from(data) : Uint8Array.from(data);
          expect(lastIndexOf(bytes, needle, from)).toBe(everyPosition(bytes, needle, from));
          expect(lastIndexOf(bytes, needle)).toBe(everyPosition(bytes, needle, bytes.length));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
