import { describe, expect, it } from 'vitest';
import { nestedQuantifier } from '../../../shared/util/redos.ts';

describe('nestedQuantifier', () => {
  it('names the repeated group that repeats a repetition', () => {
    expect(nestedQuantifier('(a+)+$')).toBe('(a+)+');
    expect(nestedQuantifier('^(\\w+\\s?)*!')).toBe('(\\w+\\s?)*');
    expect(nestedQuantifier('(?:x*y?)+z')).toBe('(?:x*y?)+');
    expect(nestedQuantifier('(a{2,})*')).toBe('(a{2,})*');
    expect(nestedQuantifier('(.*a){40}')).toBe('(.*a){40}');
    expect(nestedQuantifier('x((ab)+c)+')).toBe('((ab)+c)+');
  });

  it('passes single-level repetition, bounded repetition, escapes and classes', () => {
    for (const safe of [
      'a+b*',
      '^(a|b)+$',
      '([a-z]+)\\d',
      '(a{1,3})+',
      '\\(a+\\)+',
      '[(a+)]+',
      '(a+)?',
      'dragons?|wyrms?',
      '(a+)(b+)',
    ])
      expect(nestedQuantifier(safe), safe).toBeUndefined();
  });
});
