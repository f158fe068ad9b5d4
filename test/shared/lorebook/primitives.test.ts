// The building blocks against the reference's test vectors and stated semantics.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AhoCorasick } from '../../../shared/lorebook/aho-corasick.ts';
import { parseDecorators } from '../../../shared/lorebook/decorators.ts';
import { cyrb53 } from '../../../shared/lorebook/hash.ts';
import { compileKey, matchesKey, parseRegexKey } from '../../../shared/lorebook/keys.ts';
import { expandMacros } from '../../../shared/lorebook/macros.ts';
import { mulberry32 } from '../../../shared/util/mulberry32.ts';
import { BufferView } from '../../../shared/lorebook/scan-buffer.ts';
import { guesstimateTokenizer } from '../../../shared/lorebook/tokenizer.ts';

describe('mulberry32', () => {
  it.each([
    [42, [0.6011037519201636, 0.44829055899754167, 0.8524657934904099]],
    [0, [0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]],
    [7, [0.011704753153026104, 0.06195825757458806, 0.97690763277933]],
  ])('seed %i', (seed, values) => {
    const next = mulberry32(seed);
    expect(values.map(() => next())).toEqual(values);
  });
});

describe('cyrb53', () => {
  it('matches the README vectors', () => {
    expect(cyrb53('')).toBe(3338908027751811);
    expect(cyrb53('abc')).toBe(5059922895146125);
  });
});

describe('guesstimate tokenizer', () => {
  it.each([
    ['', 0],
    ['x'.repeat(67), 20],
    ['x'.repeat(10), 3],
    ['魔法', 2],
    ['🐉', 2],
  ])('%j → %i', (text, tokens) => {
    expect(guesstimateTokenizer.count(text)).toBe(tokens);
  });

  it('its additive measure agrees with counting the concatenation', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' })), (pieces) => {
        const { measure, fromMeasure, count } = guesstimateTokenizer;
        const total = pieces.reduce((sum, p) => sum + (measure?.(p) ?? 0), 0);
        expect(fromMeasure?.(total)).toBe(count(pieces.join('')));
      }),
    );
  });
});

describe('macros', () => {
  const names = { user: 'Alex', char: 'Mira' };
  it('expands the corpus subset in order', () => {
    expect(expandMacros('<USER> and <bot>', names)).toBe('Alex and Mira');
    expect(expandMacros('a{{newline}}b', names)).toBe('a\nb');
    expect(expandMacros('a\n\n{{trim}}\nb', names)).toBe('ab');
    expect(expandMacros('{{noop}}{{User}} meets {{CHAR}}{{// note }}', names)).toBe('Alex meets Mira');
  });
  it('does not treat $ in names as a replacement pattern', () => {
    expect(expandMacros('{{user}}', { user: '$&$1', char: '' })).toBe('$&$1');
  });
});

describe('decorators', () => {
  it('strips known decorators and honours fallbacks only after unknown ones', () => {
    expect(parseDecorators('@@unknown\n@@@activate\nbody')).toEqual({ decorators: ['@@activate'], content: 'body' });
    expect(parseDecorators('@@@activate\nbody')).toEqual({ decorators: [], content: 'body' });
    expect(parseDecorators('@@activate')).toEqual({ decorators: ['@@activate'], content: '@@activate' });
    expect(parseDecorators(' @@activate\nx')).toEqual({ decorators: [], content: ' @@activate\nx' });
  });
});

describe('keys', () => {
  const view = (text: string) => new BufferView([{ text, segment: { kind: 'message', index: 0 } }]);
  const matches = (key: string, text: string, wholeWords = true, caseSensitive = false) =>
    matchesKey(compileKey(key, key, { wholeWords, caseSensitive }, true), view(text));

  it('parses regex keys as SillyTavern does, falling back to plain text', () => {
    expect(parseRegexKey('/drag(on)?/i')?.flags).toBe('i');
    expect(parseRegexKey('/a/b/')).toBeNull();
    expect(parseRegexKey('/a/x')).toBeNull();
    expect(parseRegexKey('/(/')).toBeNull();
  });

  it('uses ASCII word boundaries for whole words, substrings for multi-word keys', () => {
    expect(matches('cat', 'a cat.')).toBe(true);
    expect(matches('cat', 'cats')).toBe(false);
    expect(matches('кот', 'котик')).toBe(true);
    expect(matches('naïve', 'naïvely')).toBe(false);
    expect(matches('c++', 'I like c++!')).toBe(true);
    expect(matches('big cat', 'big cats')).toBe(true);
    expect(matches('Cat', 'cat', true, true)).toBe(false);
  });

  it('never lets a regex `^` match the first segment, which starts with \\x01', () => {
    expect(matches('/^hello/', 'hello')).toBe(false);
    expect(matches('/\\x01hello/', 'hello')).toBe(true);
  });
});

describe('Aho-Corasick', () => {
  it('finds exactly the patterns that occur', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4, unit: fc.constantFrom('a', 'b', 'c', 'é') })), fc.string({ maxLength: 30, unit: fc.constantFrom('a', 'b', 'c', 'é', ' ') }), (patterns, text) => {
        const found = new AhoCorasick(patterns).search(text).sort((x, y) => x - y);
        const expected = patterns.flatMap((p, i) => (text.includes(p) ? [i] : []));
        expect(found).toEqual(expected);
      }),
    );
  });
});
