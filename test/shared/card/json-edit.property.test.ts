// editJsonTo prints a document whole, instead of editing the text key by key, only where both give the same bytes:
// random documents in random styles (indent, line endings, BOM, final newline), converted V1→V2 or edited at the
// top level, come out of the short path exactly as out of the edits.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editJsonInPlace, editJsonTo, jsonChanges, printJsonLike } from '../../../shared/card/json-edit.ts';
import { convertV1toV2 } from '../../../shared/card/convert-v1.ts';
import { V1_FIELDS, V2_DATA_FIELDS } from '../../../shared/card/types.ts';
import type { JsonObject } from '../../../shared/card/types.ts';

const runs = { numRuns: 300 };

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('雪の城', '🐉', '"q"\\', '\r\n\t', '\u2028', '\u0000', ''),
);
const value = fc.oneof(text, fc.jsonValue({ maxDepth: 3 }));
// V1 fields, V2 fields written flat, SillyTavern's own keys, and anything else.
const key = fc.oneof(
  fc.constantFrom(...V1_FIELDS, ...V2_DATA_FIELDS, 'talkativeness', 'fav', 'creatorcomment', 'avatar', 'chat'),
  fc.string({ maxLength: 8 }),
);
const doc = fc.dictionary(key, value, { maxKeys: 12 }).map((d) => JSON.parse(JSON.stringify(d)) as JsonObject);
// Indent 0 is one line, as JSON.stringify prints it or (spaced) with a space after every colon and comma.
const style = fc.record({
  indent: fc.constantFrom<number | string>(0, 1, 2, 3, 4, 8, '\t'),
  spaced: fc.boolean(),
  crlf: fc.boolean(),
  tail: fc.constantFrom('', '\n', '\r\n', '\n\n', ' '),
  bom: fc.boolean(),
});
type Style = { indent: number | string; spaced: boolean; crlf: boolean; tail: string; bom: boolean };

function spacedLine(d: unknown): string {
  if (Array.isArray(d)) return `[${d.map(spacedLine).join(', ')}]`;
  if (d !== null && typeof d === 'object')
    return `{${Object.entries(d)
      .map(([k, v]) => `${JSON.stringify(k)}: ${spacedLine(v)}`)
      .join(', ')}}`;
  return JSON.stringify(d);
}

function print(d: unknown, s: Style): string {
  const t = s.indent === 0 && s.spaced ? spacedLine(d) : JSON.stringify(d, null, s.indent);
  return `${s.bom ? '\uFEFF' : ''}${s.crlf ? t.replace(/\n/g, '\r\n') : t}${s.tail}`;
}

/** The general path: every change as an edit in place. */
const edited = (t: string, from: unknown, to: unknown): string => {
  const changes = jsonChanges(from, to);
  return changes.length > 64 ? printJsonLike(to, t) : editJsonInPlace(t, to, changes);
};

describe('editJsonTo: printing whole equals editing in place', () => {
  it('for V1→V2 conversions of cards written in any style', () => {
    fc.assert(
      fc.property(doc, style, (v1, s) => {
        const t = print(v1, s);
        const v2 = convertV1toV2(v1).doc;
        expect(editJsonTo(t, v1, v2)).toBe(edited(t, v1, v2));
      }),
      runs,
    );
  });

  it('for top-level edits: keys removed, replaced, added and reordered', () => {
    const edit = fc.record({
      remove: fc.array(fc.nat(), { maxLength: 4 }),
      replace: fc.array(fc.tuple(fc.nat(), value), { maxLength: 3 }),
      add: fc.dictionary(key, value, { maxKeys: 3 }),
      reverse: fc.boolean(),
    });
    fc.assert(
      fc.property(doc, style, edit, (from, s, e) => {
        const keys = Object.keys(from);
        const entries = Object.entries(from).filter(
          (_, i) => !e.remove.some((r) => keys.length && r % keys.length === i),
        );
        for (const [at, v] of e.replace) if (entries.length) entries[at % entries.length]![1] = v;
        if (e.reverse) entries.reverse();
        const to = JSON.parse(JSON.stringify({ ...Object.fromEntries(entries), ...e.add })) as JsonObject;
        const t = print(from, s);
        expect(editJsonTo(t, from, to)).toBe(edited(t, from, to));
      }),
      runs,
    );
  });

  it('keeps the spelling of kept keys where the text was not written as printed', () => {
    const t = '{\n  "name": "A",\n  "avatar": "\\u00e9",\n  "weight": 1.50\n}\n';
    const from = JSON.parse(t) as JsonObject;
    const out = editJsonTo(t, from, convertV1toV2(from).doc);
    expect(out).toContain('"avatar": "\\u00e9"');
    expect(out).toContain('"weight": 1.50');
  });
});
