// How object keys are written in JSON text (shared/document/json-keys.ts), against plain definitions.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasUnicodeEscape, keyPlaces } from '../../../shared/document/json-keys.ts';

/** Every offset where the quoted key starts and is followed by spaces and a colon: the offset after the colon. */
function placesByDefinition(text: string, key: string): number[] {
  const quoted = JSON.stringify(key);
  const places: number[] = [];
  for (let at = 0; at < text.length; at++) {
    if (!text.startsWith(quoted, at)) continue;
    const colon = /^[ \t\n\r]*:/.exec(text.slice(at + quoted.length));
    if (colon) places.push(at + quoted.length + colon[0].length);
  }
  return places;
}

describe('keyPlaces', () => {
  it('finds every place a key is written before a colon, as the definition does, in any JSON text', () => {
    const keys = fc.constantFrom('', '1', '12', 'a', 'entries', 'a"b', 'x\\', ':', ' ');
    const doc = fc
      .jsonValue({ maxDepth: 3 })
      .chain((value) => fc.record({ value: fc.constant(value), indent: fc.constantFrom(0, 2, '\t'), key: keys }));
    const keyed = fc.record({ key: keys, inner: fc.jsonValue({ maxDepth: 2 }), indent: fc.constantFrom(0, 2, '\t') });
    const written = fc.oneof(
      doc,
      keyed.map(({ key, inner, indent }) => ({ value: { [key]: inner, x: { [`2${key}`]: [key] } }, indent, key })),
    );
    // Any spacing before a colon, as an author may write it (JSON.stringify writes none).
    const spacing = fc.constantFrom('', ' ', '\n', '\t ', '\r\n');
    fc.assert(
      fc.property(written, spacing, ({ value, indent, key }, space) => {
        const text = JSON.stringify(value, null, indent).replaceAll('":', `"${space}:`);
        expect(keyPlaces(text, key)).toEqual(placesByDefinition(text, key));
      }),
      { numRuns: 500 },
    );
  });
});

describe('hasUnicodeEscape', () => {
  it('tells a \\u escape from a backslash before a u', () => {
    expect(hasUnicodeEscape(JSON.stringify({ a: '\u0001' }))).toBe(true);
    expect(hasUnicodeEscape(JSON.stringify({ a: 'C:\\users' }))).toBe(false);
    expect(hasUnicodeEscape('"\\\\\\u0041"')).toBe(true);
  });
});
