import { describe, expect, it } from 'vitest';
import {
  applyField,
  applyText,
  isDirty,
  markSaved,
  openDoc,
  redo,
  undo,
} from '../../../shared/document/doc-session.ts';
import { editJsonText, moveArrayItem } from '../../../shared/document/json-text-edit.ts';

const CARD = `{
    "spec": "chara_card_v2",
    "spec_version": "2.0",
    "data": {
        "name": "Seraphina",
        "description": "A guardian",
        "alternate_greetings": ["Hi", "Hello", "Hey"],
        "x_unknown": { "keep": [1, 2, 3] }
    },
    "tool_metadata": "🐉"
}`;

describe('form edit → JSON text', () => {
  it('changes only the edited field, keeping layout, key order and unknown keys byte-for-byte', () => {
    const s = applyField(openDoc(CARD), ['data', 'description'], 'A guardian of the forest', 1000);
    expect(s.text).toBe(CARD.replace('"A guardian"', '"A guardian of the forest"'));
    expect((s.value['data'] as Record<string, unknown>)['description']).toBe('A guardian of the forest');
  });

  it("adds a new field with the document's indentation", () => {
    const s = applyField(openDoc(CARD), ['data', 'creator'], 'kai', 1000);
    expect(s.text).toContain('\n        "creator": "kai"');
    expect(JSON.parse(s.text).data.x_unknown).toEqual({ keep: [1, 2, 3] });
  });

  it('reorders greetings as one edit', () => {
    const doc = openDoc(CARD);
    const greetings = (doc.value['data'] as { alternate_greetings: string[] }).alternate_greetings;
    const s = applyField(doc, ['data', 'alternate_greetings'], moveArrayItem(greetings, 2, 0), 1000);
    expect(JSON.parse(s.text).data.alternate_greetings).toEqual(['Hey', 'Hi', 'Hello']);
  });

  it('removes a key when the value is undefined', () => {
    const { text } = editJsonText(CARD, ['tool_metadata'], undefined);
    expect(JSON.parse(text)).not.toHaveProperty('tool_metadata');
  });
});

describe('JSON text edit → form', () => {
  it('parses valid text into the value the form shows', () => {
    const s = applyText(openDoc(CARD), CARD.replace('"Seraphina"', '"Sera"'), 1000);
    expect((s.value['data'] as Record<string, unknown>)['name']).toBe('Sera');
    expect(s.error).toBeNull();
  });

  it('keeps the last valid document while the text is invalid, with the error position, and refuses form edits', () => {
    const valid = applyText(openDoc(CARD), CARD.replace('"Seraphina"', '"Sera"'), 1000);
    const broken = applyText(valid, CARD.replace('"Seraphina",', '"Sera"'), 1100);
    expect(broken.error).toMatchObject({ line: 6 });
    expect((broken.value['data'] as Record<string, unknown>)['name']).toBe('Sera');
    expect(broken.text).toContain('"Sera"\n');
    const refused = applyField(broken, ['data', 'name'], 'Other', 1200);
    expect(refused).toBe(broken); // the author's half-typed text is never overwritten
    const fixed = applyText(broken, CARD.replace('"Seraphina"', '"Serafina"'), 1300);
    expect(fixed.error).toBeNull();
    expect((fixed.value['data'] as Record<string, unknown>)['name']).toBe('Serafina');
  });
});

describe('undo and redo across both views', () => {
  it('undoes a form edit and a text edit in order, then redoes them', () => {
    let s = openDoc(CARD);
    s = applyField(s, ['data', 'name'], 'A', 1000);
    s = applyText(s, s.text.replace('"A guardian"', '"B"'), 5000);
    expect(s.undo).toHaveLength(2);
    s = undo(s);
    expect(JSON.parse(s.text).data).toMatchObject({ name: 'A', description: 'A guardian' });
    s = undo(s);
    expect(s.text).toBe(CARD);
    expect(undo(s)).toBe(s);
    s = redo(redo(s));
    expect(JSON.parse(s.text).data).toMatchObject({ name: 'A', description: 'B' });
  });

  it('merges a burst of typing in one field into a single undo step, but not edits to different fields', () => {
    let s = openDoc(CARD);
    for (const [i, name] of ['S', 'Se', 'Ser'].entries()) s = applyField(s, ['data', 'name'], name, 1000 + i * 100);
    s = applyField(s, ['data', 'description'], 'x', 1400);
    expect(s.undo).toHaveLength(2);
    expect(JSON.parse(undo(undo(s)).text).data.name).toBe('Seraphina');
  });

  it('a new edit clears redo; saving tracks dirtiness', () => {
    let s = applyField(openDoc(CARD), ['data', 'name'], 'A', 1000);
    expect(isDirty(s)).toBe(true);
    s = markSaved(s, s.text);
    expect(isDirty(s)).toBe(false);
    s = undo(s);
    expect(s.redo).toHaveLength(1);
    s = applyField(s, ['data', 'name'], 'B', 9000);
    expect(s.redo).toHaveLength(0);
  });
});

describe('typing fast path', () => {
  it('produces exactly the text a full edit would, across fields, new keys equal to their value, and text edits', () => {
    let fast = openDoc(CARD);
    const expected = (s: typeof fast, path: (string | number)[], v: string): string =>
      editJsonText(s.text, path, v).text;
    const steps: [(string | number)[], string][] = [
      [['data', 'description'], 'A guardian!'],
      [['data', 'description'], 'A guardian!! "quoted" \\ \n'],
      [['data', 'creator'], 'creator'],
      [['data', 'creator'], 'creator2'],
      [['data', 'name'], '龍'],
      [['data', 'description'], '🐉'],
    ];
    for (const [path, v] of steps) {
      const want = expected(fast, path, v);
      fast = applyField(fast, path, v, 1000);
      expect(fast.text).toBe(want);
      expect(JSON.parse(fast.text)).toEqual(fast.value);
    }
    fast = applyText(fast, fast.text.replace('"龍"', '"Long"'), 9000);
    const want = editJsonText(fast.text, ['data', 'creator'], 'x').text;
    fast = applyField(fast, ['data', 'creator'], 'x', 9100);
    expect(fast.text).toBe(want);
  });
});
