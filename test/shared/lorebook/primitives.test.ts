// The building blocks against the reference's test vectors and stated semantics.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AhoCorasick } from '../../../shared/lorebook/aho-corasick.ts';
import { ChunkedList } from '../../../shared/lorebook/chunked-list.ts';
import { parseDecorators } from '../../../shared/lorebook/decorators.ts';
import { cyrb53 } from '../../../shared/lorebook/hash.ts';
import {
  compileKey,
  findKey,
  matchesKey,
  parseRegexKey,
  type CompiledKey,
  type RegexKey,
} from '../../../shared/lorebook/keys.ts';
import { KeyIndex } from '../../../shared/lorebook/key-index.ts';
import { expandMacros } from '../../../shared/lorebook/macros.ts';
import { mulberry32 } from '../../../shared/util/mulberry32.ts';
import { BufferView } from '../../../shared/lorebook/scan-buffer.ts';
import { resumable } from '../../../shared/lorebook/regex-growth.ts';
import { requiredAlternatives, requiredLiteral } from '../../../shared/lorebook/regex-literal.ts';
import { GrowingTextCounter, guesstimateTokenizer } from '../../../shared/lorebook/tokenizer.ts';

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

describe('chunked list', () => {
  it('replaces items across chunks and leaves the list it came from as it was', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: -9, max: -1 })), { maxLength: 6 }),
        (length, edits) => {
          const items = Array.from({ length }, (_, i) => i);
          const list = ChunkedList.from(items);
          const replaced = new Map(edits.map(([at, value]) => [at % length, value]));
          const edited = list.with(replaced);
          const expected = items.map((item, i) => replaced.get(i) ?? item);
          expect(Array.from({ length }, (_, i) => edited.at(i))).toEqual(expected);
          expect(Array.from({ length }, (_, i) => list.at(i))).toEqual(items);
          expect([edited.length, edited.at(length)]).toEqual([length, undefined]);
        },
      ),
      { numRuns: 50 },
    );
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

describe('growing text counter', () => {
  // Some pieces measured by an earlier append (as the budget step does), the rest measured by prependJoined.
  const joined = fc.tuple(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1 }), fc.array(fc.boolean()));
  const counting = { ...guesstimateTokenizer, measure: undefined, fromMeasure: undefined };

  it.each([
    ['an additive tokenizer', guesstimateTokenizer],
    ['a counting tokenizer', counting],
  ])('prependJoined with %s counts as the joined text', (_, tokenizer) => {
    fc.assert(
      fc.property(joined, fc.string({ unit: 'grapheme' }), ([pieces, taken], prior) => {
        const earlier = new GrowingTextCounter(tokenizer);
        const known = pieces.map((p, i) => (taken[i] ? (earlier.append(p) ?? -1) : -1));
        const counter = new GrowingTextCounter(tokenizer);
        counter.append(prior);
        counter.prependJoined(pieces.join('\n'), pieces, (i) => known[i] as number);
        expect(counter.tokens()).toBe(guesstimateTokenizer.count(pieces.join('\n') + prior));
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

const REGEX_PIECE = fc.constantFrom(
  'ab',
  'Ab',
  'c',
  'abc',
  '(x|y)',
  '[a-c]',
  '.',
  '?',
  '*',
  '+',
  '{1,2}',
  '\\b',
  '\\w',
  '\\.',
  ' ',
  'ſ',
  'K',
  '^',
);
const INPUT = fc.string({
  maxLength: 12,
  unit: fc.constantFrom('a', 'b', 'c', 'A', 'B', 'C', 'x', 'y', '.', ' ', 'ſ', 'K', 'İ'),
});

describe('required literal of a regex key', () => {
  it.each([
    ['\\bdragon(s|es)?\\b', 'i', 'dragon', true],
    ['castles?', '', 'castle', true],
    ['^the castle', 'm', 'the castle', true],
    ['a{2,3}bcd', '', 'bcd', false],
    ['(abc|def)ghi', '', 'ghi', false],
    ['abc|def', '', null, false],
    ['\\x41bcd\\cJ', '', 'bcd', false],
    ['foo\\/bar', '', 'foo/bar', true],
    ['Über', 'i', 'ber', false],
    ['knight', 'iu', null, false],
    ['Sir\\s+Longername', '', 'sir', true],
    ['ab\\s+Longername', '', 'longername', false],
  ])('/%s/%s → %j (leading: %j)', (source, flags, literal, leading) => {
    const found = requiredLiteral(new RegExp(source, flags));
    expect(found?.text ?? null).toBe(literal);
    if (found) expect(found.leading).toBe(leading);
  });

  it('occurs, lowercased, in the lowered text of every match, and starts it when leading', () => {
    fc.assert(
      fc.property(
        fc.array(REGEX_PIECE, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('', 'i', 'g', 'iu'),
        INPUT,
        (pieces, flags, text) => {
          let re: RegExp;
          try {
            re = new RegExp(pieces.join(''), `${flags.replace('g', '')}g`);
          } catch {
            return;
          }
          const literal = requiredLiteral(re);
          if (literal === null) return;
          const lower = text.toLowerCase();
          for (const m of text.matchAll(re)) {
            expect(m[0].toLowerCase()).toContain(literal.text);
            if (literal.leading && lower.length === text.length)
              expect(lower.startsWith(literal.text, m.index)).toBe(true);
            // Without `i`, the literal as written, where the match is in the text itself.
            if (!re.ignoreCase) expect(m[0]).toContain(literal.asWritten);
            if (!re.ignoreCase && literal.leading) expect(text.startsWith(literal.asWritten, m.index)).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('required alternatives of a regex key', () => {
  it.each([
    ['(?:fenix|garix)', 'i', ['fenix', 'garix']],
    ['\\b(dragon|wyrm)s?\\b', 'i', ['dragon', 'wyrm']],
    ['elf|elves|elven', '', ['elf', 'elves', 'elven']],
    ['(?<kin>Elf|elves)', '', ['elf', 'elves']],
    ['(?=abc|def)x', '', null],
    ['(abc|de)', '', null],
    ['(abc|def)?x', '', null],
    ['(abc|def)+x', '', null],
    ['(elf|dwarf)', 'iu', null],
  ])('/%s/%s → %j', (source, flags, expected) => {
    expect(requiredAlternatives(new RegExp(source, flags))).toEqual(expected);
  });

  it('one of them occurs, lowercased, in the lowered text of every match', () => {
    const piece = fc.constantFrom('abc', 'Abc', 'bca', 'x', '|', '(', ')', '(?:', '?', '*', '\\b', '[a-c]', '.', 'ſ');
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('', 'i', 'iu'),
        INPUT,
        (pieces, flags, text) => {
          let re: RegExp;
          try {
            re = new RegExp(pieces.join(''), `${flags}g`);
          } catch {
            return;
          }
          const alternatives = requiredAlternatives(re);
          if (alternatives === null) return;
          for (const m of text.matchAll(re)) {
            const lower = m[0].toLowerCase();
            expect(alternatives.some((a) => lower.includes(a))).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('resuming a regex key search when the buffer grows', () => {
  it.each([
    ['\\bdragon(s|es)?\\b', 'i', true],
    ['(?:a|b)c[x-z]', '', true],
    ['(?<=x)y', '', true],
    ['end$', 'm', true],
    ['end$', '', false],
    ['a(?=b)', '', false],
    ['a\\sb', '', false],
    ['a[^b]', '', false],
    ['a[\\x00-\\x1f]', '', false],
    ['a\\x0a', '', false],
    ['a.b', 's', false],
    ['a.b', '', true],
    ['ab', 'y', false],
  ])('/%s/%s → %j', (source, flags, expected) => {
    expect(resumable(new RegExp(source, flags))).toBe(expected);
  });

  it('finds what a fresh RegExp finds in the grown buffer, searching only what it has not seen', () => {
    const piece = fc.constantFrom(
      ...['ab', 'c', 'abc', '(x|y)', '[a-c]', '[^a]', '.', '?', '*', '+', '\\b', '\\s', '\\W', '\\n', '$', '^'],
      ...['(?=a)', '(?<=b)', '[\\x00-\\x1f]', '\\x01', 'K', 'İ'],
    );
    const part = fc.string({ maxLength: 10, unit: fc.constantFrom('a', 'b', 'c', 'A', 'x', ' ', '\n', 'İ', 'K') });
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('', 'i', 'm', 's', 'g', 'y'),
        fc.array(part, { minLength: 1, maxLength: 4 }),
        (pieces, flags, parts) => {
          const source = `/${pieces.join('')}/${flags}`;
          if (!parseRegexKey(source)) return;
          const key = compileKey(source, source, { wholeWords: false, caseSensitive: false }, true);
          let view = new BufferView([{ text: parts[0] as string, segment: { kind: 'message', index: 0 } }]);
          for (let i = 1; ; i++) {
            const fresh = parseRegexKey(source) as RegExp;
            expect(findKey(key, view)).toBe(fresh.exec(view.text)?.index ?? -1);
            if (i >= parts.length) break;
            view = view.extend({ text: parts[i] as string, segment: { kind: 'recursion', pass: i } });
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('searching a regex key whose literal leads every match', () => {
  // Indexed: the view's key-index hits keep every occurrence of the literal (recursion parts arrive as pieces whose
  // hits the index remembers); otherwise the occurrences are found by indexOf.
  it.each([false, true])(
    'finds what a fresh RegExp finds, also when earlier occurrences of the literal start no match (indexed: %s)',
    (indexed) => {
      const indexes = new Map<string, KeyIndex>();
      const word = fc.constantFrom('drag', 'dragon', 'Dragons', 'xdragon', 'dragonfly', 'DRAGON', 'on', 'İ', ' ', '\n');
      fc.assert(
        fc.property(
          fc.constantFrom('\\bdragons?\\b', 'drag(on|ons)\\b', '^dragon', 'dragon$', 'drag(?!on)', 'dragon(?=fly)'),
          fc.constantFrom('', 'i', 'm', 'g', 'im'),
          fc.array(fc.array(word, { maxLength: 6 }), { minLength: 1, maxLength: 3 }),
          (pattern, flags, parts) => {
            const source = `/${pattern}/${flags}`;
            const key = compileKey(source, source, { wholeWords: false, caseSensitive: false }, true);
            expect(key).toMatchObject({ kind: 'regex', leading: true });
            let view = new BufferView([
              { text: (parts[0] as string[]).join(''), segment: { kind: 'message', index: 0 } },
            ]);
            if (indexed) {
              // Another key whose text overlaps the literal's occurrences, so the automaton reports both.
              const other = compileKey('rago', 'rago', { wholeWords: false, caseSensitive: false }, true);
              let index = indexes.get(source);
              if (!index)
                indexes.set(
                  source,
                  (index = new KeyIndex(2, (i) => ({ primary: [i ? other : key], secondary: null }))),
                );
              view.hits(index);
              expect(view.leadingOccurrences(key as RegexKey)).toBeDefined();
            }
            for (let i = 1; ; i++) {
              const fresh = parseRegexKey(source) as RegExp;
              expect(findKey(key, view)).toBe(fresh.exec(view.text)?.index ?? -1);
              if (i >= parts.length) break;
              const text = (parts[i] as string[]).join('');
              view = view.extend(
                { text, segment: { kind: 'recursion', pass: i } },
                indexed ? text.split('\n') : undefined,
              );
            }
          },
        ),
        { numRuns: 2000 },
      );
    },
  );
});

describe('Aho-Corasick', () => {
  const occurrences = (automaton: AhoCorasick, pieces: string[]) => {
    const found: string[] = [];
    let text = '';
    let state = 0;
    for (const piece of pieces) {
      const from = text.length;
      text += piece;
      state = automaton.run(text, from, state, (id, end) => found.push(`${id}@${end}`));
    }
    return found.sort();
  };
  const unit = fc.constantFrom('a', 'b', 'c', 'é', ' ');

  it('reports every occurrence with its end, whether the text comes whole or in pieces', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4, unit })),
        fc.array(fc.string({ maxLength: 12, unit }), { maxLength: 4 }),
        (patterns, pieces) => {
          const text = pieces.join('');
          const expected = patterns
            .flatMap((p, id) =>
              [...text.matchAll(new RegExp(`(?=${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'g'))].map(
                (m) => `${id}@${m.index + p.length}`,
              ),
            )
            .sort();
          const automaton = new AhoCorasick(patterns);
          expect(occurrences(automaton, [text])).toEqual(expected);
          expect(occurrences(automaton, pieces)).toEqual(expected);
        },
      ),
    );
  });
});

describe("a view's key-index hits from its parts", () => {
  // A fresh view finds its hits from the remembered hits of each part (a message, a character field): they must be
  // what searching the joined text finds, the first time a part is seen and when it comes back in another view.
  it('equal a search of the whole text, also for parts seen before', () => {
    const word = fc.constantFrom('elf', 'Elf', 'big cat', 'cat', 'elves', 'ΟΔΟΣ', 'İ', 'r2', ' ', ',', '\n');
    const part = fc.array(word, { maxLength: 6 }).map((w) => w.join(''));
    const texts = ['elf', 'cat', 'big cat', 'οδος', 'i̇', 'r2', 'f c'];
    for (const caseSensitive of [false, true]) {
      const keys = texts.map((t) => compileKey(t, t, { wholeWords: true, caseSensitive }, true));
      const index = new KeyIndex(keys.length, (i) => ({ primary: [keys[i] as CompiledKey], secondary: null }));
      fc.assert(
        fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), fc.array(part, { maxLength: 2 }), (a, b) => {
          for (const parts of [a, [...b, ...a], a]) {
            const segments = parts.map((text, i) => ({ text, segment: { kind: 'message', index: i } as const }));
            const indexed = new BufferView(segments);
            indexed.hits(index);
            const searched = new BufferView(segments);
            for (const t of texts)
              for (const whole of [false, true])
                expect(indexed.occurrence(t, caseSensitive, whole)).toBe(searched.occurrence(t, caseSensitive, whole));
          }
        }),
        { numRuns: 500 },
      );
    }
  });
});
