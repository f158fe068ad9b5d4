import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editEntryField } from '../../renderer/src/lorebooks/entries-text.ts';
import { TitleVersion } from '../../renderer/src/lorebooks/preview/title-version.ts';
import { applyText, openDoc, type DocState } from '../../shared/document/doc-session.ts';
import type { JsonPath } from '../../shared/document/json-path.ts';

const text = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/lorebooks/Eldoria.json'), 'utf8');

/** One form edit on a session, as the page makes it. */
function edit(state: DocState, id: string, field: JsonPath, value: unknown): DocState {
  const { place, before } = editEntryField(state.text, id, field, value)!;
  return applyText(state, place.text, 1000, { base: state.text, path: ['entries', id], before, after: place.entry });
}

describe('TitleVersion', () => {
  it('moves when a title changes or a book is not made by replacing entries, and only then', () => {
    const titles = new TitleVersion();
    let state = openDoc(text);
    const first = titles.of(state.value as Record<string, unknown>);
    expect(titles.of(state.value as Record<string, unknown>)).toBe(first);

    state = edit(state, '1', ['content'], 'another content');
    expect(titles.of(state.value as Record<string, unknown>)).toBe(first);
    state = edit(state, '0', ['key'], ['another key']);
    expect(titles.of(state.value as Record<string, unknown>)).toBe(first);

    state = edit(state, '1', ['comment'], 'A new title');
    const renamed = titles.of(state.value as Record<string, unknown>);
    expect(renamed).not.toBe(first);

    // A whole parse (the JSON view, an undo) has no replaced entries to compare.
    const parsed = JSON.parse(state.text) as Record<string, unknown>;
    expect(titles.of(parsed)).not.toBe(renamed);
  });
});
