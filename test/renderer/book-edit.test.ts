// The preview and lint workers are sent only the entries an edit changed: the recorded edits chain, and a text they do not
// end at (an undo, a JSON-view edit) gets no patch, so the whole text is sent.
import { describe, expect, it } from 'vitest';
import { bookEditOf, chainEdits, changedIds, patchEntries } from '../../renderer/src/lorebooks/preview/book-edit.ts';

describe('book edits for the preview worker', () => {
  it('chains edits that follow each other and starts over after a gap', () => {
    const one = chainEdits(null, 'T0', 'T1', ['1']);
    const two = chainEdits(one, 'T1', 'T2', ['2', '1']);
    expect(two).toEqual({ from: 'T0', to: 'T2', ids: new Set(['1', '2']) });
    expect(chainEdits(two, 'T5', 'T6', ['3'])).toEqual({ from: 'T5', to: 'T6', ids: new Set(['3']) });
  });

  it('finds changed, added and removed entries by identity', () => {
    const a = { uid: 1 };
    const b = { uid: 2 };
    expect(changedIds({ '1': a, '2': b }, { '1': a, '2': { uid: 2 }, '3': { uid: 3 } })).toEqual(['2', '3']);
    expect(changedIds({ '1': a, '2': b }, { '2': b })).toEqual(['1']);
  });

  it('takes each entry from the parsed text, null when removed, and nothing for a text the edits did not make', () => {
    const edits = chainEdits(null, 'T0', 'T1', ['1', '__proto__', '9']);
    const entries = JSON.parse('{"1": {"uid": 1, "key": ["x"]}, "__proto__": {"uid": 5}}') as Record<string, unknown>;
    expect(bookEditOf(edits, 'T1', entries)).toEqual({
      from: 'T0',
      entries: { '1': '{"uid":1,"key":["x"]}', ['__proto__']: '{"uid":5}', '9': null },
    });
    expect(bookEditOf(edits, 'T2', entries)).toBeNull();
    expect(bookEditOf(null, 'T1', entries)).toBeNull();
  });

  it('applies a patch: changed and added entries parsed, removed ones gone, the others the same objects', () => {
    const kept = { uid: 2 };
    const before: Record<string, object> = { '1': { uid: 1 }, '2': kept, '3': { uid: 3 } };
    const changes = { '1': '{"uid":1,"key":["x"]}', '3': null, ['__proto__']: '{"uid":5}' };
    const after = patchEntries(before, changes);
    expect(after).toEqual(JSON.parse('{"1": {"uid": 1, "key": ["x"]}, "2": {"uid": 2}, "__proto__": {"uid": 5}}'));
    expect(after['2']).toBe(kept);
    expect(Object.getPrototypeOf(after)).toBe(Object.prototype);
    expect(before).toEqual({ '1': { uid: 1 }, '2': kept, '3': { uid: 3 } });
  });
});
