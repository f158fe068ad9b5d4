import { describe, expect, it } from 'vitest';
import { diffWords } from '../../../shared/document/word-diff.ts';
import type { TextPart } from '../../../shared/document/word-diff.ts';

const side = (parts: TextPart[], drop: TextPart['kind']): string =>
  parts
    .filter((p) => p.kind !== drop)
    .map((p) => p.text)
    .join('');

/** Parts in one line: insertions in {+…}, deletions in [-…]. */
const shown = (parts: TextPart[]): string =>
  parts.map((p) => (p.kind === 'same' ? p.text : p.kind === 'added' ? `{+${p.text}}` : `[-${p.text}]`)).join('');

describe('diffWords', () => {
  it('marks the changed words only, keeping the rest as it is', () => {
    expect(shown(diffWords('A guardian of the forest.', 'A brave guardian of the old forest!'))).toBe(
      'A {+brave }guardian of the {+old }forest[-.]{+!}',
    );
  });

  it('rebuilds both texts exactly, however long (nothing is cut)', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`);
    const before = words.join(' ');
    const after = words.map((w, i) => (i % 500 === 7 ? `${w}x` : w)).join('  ');
    const parts = diffWords(before, after);
    expect(side(parts, 'added')).toBe(before);
    expect(side(parts, 'removed')).toBe(after);
  });

  it('compares Chinese character by character', () => {
    expect(shown(diffWords('守护森林的精灵', '守护古老森林的精灵'))).toBe('守护{+古老}森林的精灵');
  });

  it('shows a replaced middle whole when the texts are too different to compare word by word in bounded memory', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const parts = diffWords(`start ${before} end`, `start ${after} end`);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(side(parts, 'added')).toBe(`start ${before} end`);
  });

  it('returns one same part for equal texts and nothing for two empty ones', () => {
    expect(diffWords('same text', 'same text')).toEqual([{ kind: 'same', text: 'same text' }]);
    expect(diffWords('', '')).toEqual([]);
  });
});
