import { describe, expect, it } from 'vitest';
import { nearMisses } from '../../../shared/lorebook/near-miss.ts';
import type { EntryExplanation, WorldInfoEntry } from '../../../shared/lorebook/model.ts';

const entry = (over: Partial<WorldInfoEntry>): WorldInfoEntry => ({ uid: 1, key: ['wolf'], content: 'x', ...over });
const unmatched: EntryExplanation = {
  key: 'book.1',
  comment: '',
  fired: false,
  pass: 1,
  reason: { code: 'no-key-match' },
  sentence: '',
};
const plain = { caseSensitive: false, matchWholeWords: false };

describe('nearMisses', () => {
  it('names a whole-word block with the word it was inside and its position', () => {
    const chat = ['Hello there.', 'A wolfish grin, then the wolf left.'];
    // "wolf" as a word fired elsewhere would have matched; here only the embedded one is a near miss.
    expect(nearMisses(entry({}), unmatched, chat, { caseSensitive: false, matchWholeWords: true })).toEqual([
      { kind: 'whole-word', key: 'wolf', word: 'wolfish', message: 1, offset: 2 },
    ]);
  });

  it('names a case-sensitive miss with the text found', () => {
    const chat = ['The Wolf howled.'];
    expect(nearMisses(entry({ caseSensitive: true }), unmatched, chat, plain)).toEqual([
      { kind: 'case', key: 'wolf', found: 'Wolf', message: 0, offset: 4 },
    ]);
    // Without case sensitivity there is nothing near about it (the key matched, so it is not asked).
    expect(nearMisses(entry({ caseSensitive: false }), unmatched, ['wolves run'], plain)).toEqual([]);
  });

  it('lets the entry override the book settings, and leaves multi-word and regex keys to the scan', () => {
    const chat = ['wolfish', 'grey wolfpack', '/wolf/'];
    expect(nearMisses(entry({ matchWholeWords: false }), unmatched, chat, { ...plain, matchWholeWords: true })).toEqual(
      [],
    );
    expect(
      nearMisses(entry({ key: ['grey wolf', '/wolf/i'] }), unmatched, chat, { ...plain, matchWholeWords: true }),
    ).toEqual([]);
  });

  it('lists the secondary keys that were missing where the primary key matched', () => {
    const failed: EntryExplanation = {
      ...unmatched,
      reason: {
        code: 'secondary-failed',
        match: { key: 'wolf', expanded: 'wolf', regex: false, segment: { kind: 'message', index: 0 }, offset: 4 },
        secondary: { logic: 3, matched: ['night'], unmatched: ['moon', 'silver'], passed: false },
      },
    };
    const e = entry({ keysecondary: ['night', 'moon', 'silver'], selectiveLogic: 3 });
    expect(nearMisses(e, failed, ['It was night.', 'The wolf ran.'], plain)).toEqual([
      { kind: 'secondary-missing', key: 'wolf', missing: ['moon', 'silver'], message: 1, offset: 4 },
    ]);
  });

  it('says nothing for entries that did not fire for other reasons, and caps hits per key', () => {
    const disabled = { ...unmatched, reason: { code: 'disabled' } } as EntryExplanation;
    expect(nearMisses(entry({}), disabled, ['wolfish'], { ...plain, matchWholeWords: true })).toEqual([]);
    const many = nearMisses(entry({}), unmatched, ['wolfish '.repeat(50)], { ...plain, matchWholeWords: true });
    expect(many).toHaveLength(3);
  });
});
