import { describe, expect, it } from 'vitest';
import { naturalKey } from '../../shared/util/natural-key.ts';

const sorted = (names: string[]): string[] =>
  [...names].sort((a, b) => (naturalKey(a) < naturalKey(b) ? -1 : naturalKey(a) > naturalKey(b) ? 1 : 0));

describe('naturalKey', () => {
  it('orders digit runs by value and folds case', () => {
    expect(sorted(['Gen 11', 'gen 7', 'Gen 2', 'Gen 007b', 'Gen', 'alpha', 'Beta'])).toEqual([
      'alpha',
      'Beta',
      'Gen',
      'Gen 2',
      'gen 7',
      'Gen 007b',
      'Gen 11',
    ]);
    expect(sorted(['v10', 'v2', 'v1.10', 'v1.9'])).toEqual(['v1.9', 'v1.10', 'v2', 'v10']);
  });
});
