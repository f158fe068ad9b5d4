// The lorebook editor's pure helpers (renderer/src/lorebooks): minimal text edits for bulk changes, the entry
// table's filter and sort, and the preview's transcript parsing.
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { editEntryField, entryPlace, entryRange, writeEntries } from '../../../renderer/src/lorebooks/entries-text.ts';
import type { EntryPlace } from '../../../renderer/src/lorebooks/entries-text.ts';
import {
  NO_FILTER,
  UidIndex,
  BookTokens,
  EntryTableRows,
  entryRows,
  newEntry,
  nextUid,
  patchEntries,
  visibleRows,
  withDuplicates,
  withMovedEntry,
  withoutEntries,
} from '../../../renderer/src/lorebooks/book-model.ts';
import { DEFAULT_SETUP, buildTurns, parseTranscript } from '../../../renderer/src/lorebooks/preview/scenario.ts';
import { guesstimateTokenizer, scan } from '../../../shared/lorebook/index.ts';
import type { WorldInfoBook, WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { applyText, openDoc, redo, replacedKeys, undo, withFacts } from '../../../shared/document/doc-session.ts';
import type { DocState } from '../../../shared/document/doc-session.ts';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import { detectIndent, parseDocument } from '../../../shared/library/parse-document.ts';
import { applyEdits, modify } from 'jsonc-parser';
import { editJsonText } from '../../../shared/document/json-text-edit.ts';
import { hasUnicodeEscape, keyPlaces } from '../../../shared/document/json-keys.ts';
import type * as JsonKeys from '../../../shared/document/json-keys.ts';
import { entriesOf } from '../../../renderer/src/lorebooks/book-model.ts';

// The key helpers are watched (calling through) so a test can see how much of a text the session reads.
vi.mock('../../../shared/document/json-keys.ts', async (actual) => {
  const real = await actual<typeof JsonKeys>();
  return { ...real, keyPlaces: vi.fn(real.keyPlaces), hasUnicodeEscape: vi.fn(real.hasUnicodeEscape) };
});
const { keyPlaces: realKeyPlaces, hasUnicodeEscape: realHasUnicodeEscape } = await vi.importActual<typeof JsonKeys>(
  '../../../shared/document/json-keys.ts',
);

const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/lorebooks/Eldoria.json'), 'utf8');
const book = JSON.parse(text) as WorldInfoBook;
const text0 = text;

describe('writeEntries', () => {
  const roundTrip = (next: WorldInfoBook['entries']) => {
    const out = writeEntries(text, next);
    expect(out).not.toBeNull();
    expect((JSON.parse(out!) as WorldInfoBook).entries).toEqual(next);
    return out!;
  };

  it('changes only the edited values and keeps every other byte', () => {
    const out = roundTrip(patchEntries(book, new Set(['1']), (e) => ({ ...e, order: 42 })));
    const before = text.split('\n');
    expect(out.split('\n').filter((line, i) => line !== before[i])).toEqual(['            "order": 42,']);
  });

  it('removes entries anywhere, including trailing runs, and appends duplicates', () => {
    for (const ids of [['0'], ['3'], ['2', '3'], ['0', '2'], ['0', '1', '2']])
      roundTrip(withoutEntries(book, new Set(ids)));
    const dup = roundTrip(withDuplicates(book, ['1', '2']));
    expect(Object.keys((JSON.parse(dup) as WorldInfoBook).entries)).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('falls back (null) when there is nothing to edit in place', () => {
    expect(writeEntries('{"entries": {}}', { '0': newEntry(0, 0) })).toBeNull();
    expect(writeEntries('{"entries": []}', {})).toBeNull();
  });
});

describe('editEntryField', () => {
  it('edits one field of one entry in place, as a whole-document edit would', () => {
    const out = editEntryField(text, '2', ['key'], ['glade', 'walk'])!.place.text;
    const expected = structuredClone(book);
    expected.entries['2']!.key = ['glade', 'walk'];
    expect(JSON.parse(out)).toEqual(expected);
    expect(out.startsWith(text.slice(0, entryRange(text, '2')!.start))).toBe(true);
    expect(JSON.parse(editEntryField(text, '3', ['comment'], undefined)!.place.text).entries['3']).not.toHaveProperty(
      'comment',
    );
    expect(editEntryField(text, '9', ['comment'], 'x')).toBeNull();
  });

  it('finds entries past strings full of braces, quotes and escapes, and ignores other objects with the same keys', () => {
    const tricky = JSON.stringify(
      {
        other: { '1': { comment: 'not me' } },
        entries: { '0': { comment: 'a "{[" \\', content: '}}]]' }, '1': { comment: 'me' } },
      },
      null,
      2,
    );
    const range = entryRange(tricky, '1')!;
    expect(JSON.parse(tricky.slice(range.start, range.end))).toEqual({ comment: 'me' });
    // Known to be an entry: the id is written as a key twice, so the text is scanned all the same.
    expect(entryPlace(tricky, '1', true)!.entry).toBe(tricky.slice(range.start, range.end));
    expect(JSON.parse(entryPlace(tricky, '0', true)!.entry)).toEqual({ comment: 'a "{[" \\', content: '}}]]' });
    // The entry's key written with an escape is not found by a search for its plain spelling.
    const escaped = '{"other": {"1": {"comment": "not me"}}, "entries": {"\\u0031": {"comment": "me"}}}';
    expect(JSON.parse(entryPlace(escaped, '1', true)!.entry)).toEqual({ comment: 'me' });
    expect(JSON.parse(editEntryField(tricky, '1', ['comment'], 'edited')!.place.text).other['1'].comment).toBe(
      'not me',
    );
  });

  it('writes a string field as jsonc does: the first of two keys so named, an escaped key, a key nested deeper', () => {
    const entries = [
      '{"comment": "a", "comment": "b"}',
      '{"comm\\u0065nt": "a", "x": 1}',
      '{"x": {"comment": "nested"}, "y": ["comment", "z"], "comment": "top"}',
      '{"x": "comment", "comment": 3}',
      '{ "comment" :"spaced" ,"k":[] }',
      '{"other": "\\"comment\\": \\"not a key\\""}',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...entries), fc.string({ unit: 'binary', maxLength: 6 }), (entry, v) => {
        const book = `{"entries": {"0": ${entry}}}`;
        const out = editEntryField(book, '0', ['comment'], v)!.place.entry;
        expect(out).toBe(
          applyEdits(
            entry,
            modify(entry, ['comment'], v, { formattingOptions: { tabSize: 2, insertSpaces: true, eol: '\n' } }),
          ),
        );
      }),
      { numRuns: 100 },
    );
  });

  it("edits on from the entry's last place exactly as from a search of the whole text", () => {
    const edit = fc.record({
      id: fc.constantFrom('0', '1', '2', '3'),
      field: fc.constantFrom('comment', 'key', 'order', 'x_tool'),
      value: fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary', maxLength: 4 }),
        fc.integer(),
        fc.constant(undefined),
        fc.array(fc.string(), { maxLength: 3 }),
      ),
      // The text changed elsewhere first (a root key written): the last place is no longer this text's.
      elsewhere: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      // Typing on: the same entry and field as the edit before.
      again: fc.boolean(),
    });
    const crlf = text.replaceAll('\n', '\r\n');
    const layouts = [
      text,
      JSON.stringify(book, null, '\t'),
      crlf,
      // CRLF line ends outside the entry only: entry 2 is on one line.
      crlf.replace(/"2": \{[^]*?\r\n {8}\}/, `"2": ${JSON.stringify(book.entries['2'])}`),
      JSON.stringify(book),
    ];
    // The edit as made on the whole text: the entry found anew, the indentation and line ends read from all of it.
    const onWhole = (whole: string, id: string, field: string, value: unknown) => {
      const { start, end } = entryRange(whole, id)!;
      const indent = detectIndent(whole);
      const formattingOptions = {
        ...(typeof indent === 'number' ? { tabSize: indent, insertSpaces: true } : { tabSize: 1, insertSpaces: false }),
        eol: whole.includes('\r\n') ? '\r\n' : '\n',
      };
      const entry = whole.slice(start, end);
      return (
        whole.slice(0, start) +
        applyEdits(entry, modify(entry, [field], value, { formattingOptions })) +
        whole.slice(end)
      );
    };
    fc.assert(
      fc.property(fc.constantFrom(...layouts), fc.array(edit, { minLength: 1, maxLength: 12 }), (start, edits) => {
        let carried = start;
        let place: EntryPlace | null = null;
        let typing = edits[0]!;
        for (const [i, edit] of edits.entries()) {
          if (!edit.again) typing = edit;
          const { id, field } = typing;
          const { value, elsewhere } = edit;
          if (elsewhere) carried = editJsonText(carried, ['x_note'], 'x'.repeat(i)).text;
          const fresh = editEntryField(carried, id, [field], value)!;
          const next: { place: EntryPlace; before: string } = editEntryField(carried, id, [field], value, place)!;
          expect(next.place.text).toBe(fresh.place.text);
          expect(next.place.text).toBe(onWhole(carried, id, field, value));
          expect(next.before).toBe(fresh.before);
          expect(next.place.head + next.place.entry + next.place.tail).toBe(next.place.text);
          expect(JSON.parse(next.place.entry)).toEqual(JSON.parse(next.place.text).entries[id]);
          carried = next.place.text;
          place = next.place;
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('entryRange', () => {
  it("finds every entry's value in any JSON book, whatever its strings, nesting and spacing", () => {
    const entry = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
    const doc = fc.record({
      before: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 }),
      entries: fc.dictionary(fc.string({ maxLength: 4 }), entry, { minKeys: 1, maxKeys: 6 }),
      indent: fc.constantFrom(0, 2, 4, '\t'),
    });
    fc.assert(
      fc.property(doc, ({ before, entries, indent }) => {
        const value = { ...before, entries };
        delete (value as Record<string, unknown>)['__proto__'];
        const text = JSON.stringify(value, null, indent);
        const parsed = JSON.parse(text) as { entries: Record<string, unknown> };
        for (const id of Object.keys(parsed.entries)) {
          const range = entryRange(text, id)!;
          expect(JSON.parse(text.slice(range.start, range.end))).toEqual(parsed.entries[id]);
          // Where the id is known to be an entry, its one place as a key is the entry; else the same scan.
          expect(entryPlace(text, id, true)).toEqual(entryPlace(text, id));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('entry table helpers', () => {
  it('filters by key text, group, position and enabled state, and sorts stably', () => {
    const b: WorldInfoBook = {
      entries: {
        ...book.entries,
        '7': { ...newEntry(7, 7), key: ['Forest path'], group: 'Places, paths', disable: true, order: 100 },
      },
    };
    const rows = entryRows(b);
    expect(visibleRows(rows, { ...NO_FILTER, text: 'forest' }, 'display', false).map((r) => r.id)).toEqual(['0', '7']);
    expect(visibleRows(rows, { ...NO_FILTER, group: 'paths' }, 'display', false).map((r) => r.id)).toEqual(['7']);
    expect(visibleRows(rows, { ...NO_FILTER, enabled: 'on' }, 'display', false)).toHaveLength(4);
    expect(visibleRows(rows, { ...NO_FILTER, position: '1' }, 'display', false)).toHaveLength(0);
    expect(visibleRows(rows, NO_FILTER, 'title', true).map((r) => r.entry.comment)).toEqual([
      'shadowfang',
      'power',
      'glade',
      'eldoria',
      '',
    ]);
    expect(nextUid(b)).toBe(8);
  });
});

describe('entryRows', () => {
  it('lists each entry object with its id in key order, keeping the row of an entry object under the same id', () => {
    const pool = [{ comment: 'a' }, { comment: 'b' }, { comment: 'c' }];
    const value = fc.oneof(fc.constantFrom(...pool), fc.record({ comment: fc.string() }), fc.constantFrom(null, 3));
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value), fc.dictionary(fc.string(), value), (first, second) => {
        for (const entries of [first, second]) {
          const rows = entryRows({ entries });
          const expected = Object.entries(entries).filter(([, e]) => typeof e === 'object' && e !== null);
          expect(rows).toEqual(expected.map(([id, entry]) => ({ id, entry })));
          for (const row of rows) expect(row.entry).toBe(entries[row.id]);
          // Listed again: the row of each entry object that is under one id only is the same row.
          const again = entryRows({ entries });
          rows.forEach((row, i) => {
            if (rows.filter((r) => r.entry === row.entry).length === 1) expect(again[i]).toBe(row);
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('UidIndex', () => {
  // The index as the preview built it for every book: each entry object's `${bookName}.${uid}`, later ones winning.
  const built = (bookName: string, entries: Record<string, unknown>) => {
    const index = new Map<string, string>();
    for (const [id, entry] of Object.entries(entries))
      if (entry && typeof entry === 'object') index.set(`${bookName}.${(entry as { uid?: unknown }).uid}`, id);
    return index;
  };
  const uid = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('1', '01', null, undefined));
  const entry = fc.oneof(
    fc.record({ uid, comment: fc.string({ maxLength: 2 }) }, { requiredKeys: ['comment'] }),
    fc.constantFrom(null, 3),
  );
  const id = fc.constantFrom('0', '1', '2', '10', 'a', 'b');
  // One step from the last book: an entry replaced by a new object (its uid kept or not), added or removed, the keys
  // reordered (the same objects), or another book name.
  const step = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), id, entry }),
    fc.record({ kind: fc.constant('touch' as const), id, comment: fc.string({ maxLength: 2 }) }),
    fc.record({ kind: fc.constant('remove' as const), id }),
    fc.record({ kind: fc.constant('reorder' as const), seed: fc.integer() }),
    fc.record({ kind: fc.constant('rename' as const), name: fc.constantFrom('A', 'B', 'A.B') }),
  );

  it('equals the index built from the whole book after every step, and keeps its Map while no uid or id moves', () => {
    fc.assert(
      fc.property(fc.dictionary(id, entry), fc.array(step, { maxLength: 12 }), (first, steps) => {
        const index = new UidIndex();
        let name = 'A';
        let entries: Record<string, unknown> = first;
        let last = index.of(name, { entries });
        expect([...last]).toEqual([...built(name, entries)]);
        for (const s of steps) {
          let kept = false;
          if (s.kind === 'set') entries = { ...entries, [s.id]: s.entry };
          else if (s.kind === 'touch') {
            const was = entries[s.id];
            if (was && typeof was === 'object') {
              entries = { ...entries, [s.id]: { ...was, comment: s.comment } };
              kept = true;
            }
          } else if (s.kind === 'remove') {
            entries = { ...entries };
            delete entries[s.id];
          } else if (s.kind === 'reorder') {
            const ids = Object.keys(entries).sort(
              (a, b) => ((a.charCodeAt(0) * s.seed) % 7) - ((b.charCodeAt(0) * s.seed) % 7),
            );
            entries = Object.fromEntries(ids.map((k) => [k, entries[k]]));
          } else name = s.name;
          const now = index.of(name, { entries });
          expect([...now]).toEqual([...built(name, entries)]);
          if (kept) expect(now).toBe(last);
          last = now;
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('BookTokens', () => {
  it("equals the estimate of all entries' content joined, and of the constant ones', through edits of one entry", () => {
    const entry = fc.oneof(
      fc.record({ content: fc.oneof(fc.string({ unit: 'binary' }), fc.integer()), constant: fc.boolean() }),
      fc.record({ constant: fc.boolean() }),
      fc.constantFrom(null, 3, 'text'),
    );
    const joined = (book: WorldInfoBook, pick: (e: WorldInfoEntry) => unknown) => {
      const list = Object.values(book.entries).filter((e) => pick(e));
      return guesstimateTokenizer.count(list.map((e) => String(e?.content ?? '')).join('\n'));
    };
    fc.assert(
      fc.property(fc.dictionary(fc.string(), entry), entry, (entries, edited) => {
        const book = { entries } as unknown as WorldInfoBook;
        for (const b of [
          book,
          { entries: { ...book.entries, [Object.keys(entries)[0] ?? 'x']: edited } } as WorldInfoBook,
        ])
          expect(new BookTokens().of(b)).toEqual({
            all: joined(b, () => true),
            constant: joined(b, (e) => e?.constant),
          });
      }),
      { numRuns: 300 },
    );
  });
});

describe('withMovedEntry', () => {
  const order = (entries: WorldInfoBook['entries']) =>
    visibleRows(entryRows({ entries }), NO_FILTER, 'display', false).map((r) => r.id);
  const ids = ['0', '1', '2', '3'];

  it('moves an entry down or up in display order and renumbers only what changed', () => {
    const down = withMovedEntry(book, ids, '0', '2');
    expect(order(down)).toEqual(['1', '2', '0', '3']);
    expect(down['3']).toBe(book.entries['3']);
    expect(order(withMovedEntry(book, ids, '3', '1'))).toEqual(['0', '3', '1', '2']);
    expect(withMovedEntry(book, ids, '1', '1')).toBe(book.entries);
  });
});

describe('preview scenario', () => {
  it('parses a pasted transcript by the known names', () => {
    expect(parseTranscript('User: hi\nSera: hello\nthere\nUser: bye', { userName: 'User', charName: 'Sera' })).toEqual([
      { role: 'user', text: 'hi' },
      { role: 'char', text: 'hello\nthere' },
      { role: 'user', text: 'bye' },
    ]);
  });

  it('steps turns with timed effects carried from one message to the next', () => {
    const sticky: WorldInfoBook = {
      entries: { '0': { ...newEntry(0, 0), key: ['forest'], sticky: 2, content: 'Trees.' } },
    };
    const chat = [
      { role: 'user' as const, text: 'the forest' },
      { role: 'char' as const, text: 'yes' },
      { role: 'user' as const, text: 'onward' },
      { role: 'char' as const, text: 'ok' },
      { role: 'user' as const, text: 'and?' },
    ];
    const turns = buildTurns(
      'Book',
      sticky,
      { ...DEFAULT_SETUP, settings: { ...DEFAULT_SETUP.settings, depth: 1 } },
      chat,
    );
    const results: ReturnType<typeof scan>[] = [];
    for (const turn of turns) results.push(scan(turn, { carriedTimedEffects: results.at(-1)?.timedWorldInfo ?? null }));
    // Turn 2 no longer sees "forest" (scan depth 1) and fires only because the sticky record was carried over;
    // a sticky of 2 ends when the chat reaches start + 2 messages.
    expect(results.map((r) => r.activated.length)).toEqual([1, 1, 0, 0, 0]);
    expect(results[1]!.explain.entries[0]!.reason.code).toBe('sticky');
  });
});

describe('an entry field edit in the document session', () => {
  /** The session after the form edits one field through editEntryField, telling the session where the entry is. */
  const edited = (base: string, id: string, field: JsonPath, value: unknown) => {
    const state = openDoc(base);
    const { next, text } = editOn(state, id, field, value);
    return { state, next, text };
  };
  /** One form edit on a session, as the page makes it (the entry's last place carried, see `places`). */
  const places = new Map<string, EntryPlace>();
  const editOn = (state: DocState, id: string, field: JsonPath, value: unknown, now = 1000) => {
    const { place, before } = editEntryField(state.text, id, field, value, places.get(state.text))!;
    places.set(place.text, place);
    const at = { base: state.text, path: ['entries', id], before, after: place.entry };
    return { next: applyText(state, place.text, now, at), text: place.text };
  };
  const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()));
  const ids = Object.keys(book.entries);

  it('knows, once the entry is opened, what its first edit needs: that edit reads the entry, not the whole text', () => {
    const opened = withFacts(openDoc(text0), ['entries', '1']);
    expect(withFacts(opened, ['entries', '1'])).toBe(opened);
    const { place, before } = editEntryField(text0, '1', ['comment'], 'edited')!;
    const read: number[] = [];
    vi.mocked(keyPlaces).mockImplementation((text, key) => (read.push(text.length), realKeyPlaces(text, key)));
    vi.mocked(hasUnicodeEscape).mockImplementation((text) => (read.push(text.length), realHasUnicodeEscape(text)));
    try {
      const next = applyText(opened, place.text, 1000, {
        base: text0,
        path: ['entries', '1'],
        before,
        after: place.entry,
      });
      expect(next.value).toEqual(parseDocument(place.text, 'json'));
      expect(entriesOf(next.value)['0']).toBe(entriesOf(opened.value)['0']);
    } finally {
      vi.mocked(keyPlaces).mockImplementation(realKeyPlaces);
      vi.mocked(hasUnicodeEscape).mockImplementation(realHasUnicodeEscape);
    }
    expect(read.length).toBeGreaterThan(0);
    expect(Math.max(...read)).toBeLessThanOrEqual(Math.max(before.length, place.entry.length));
  });

  it('parses only the edited entry, and its value equals a whole parse of the text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.constantFrom('comment', 'key', 'order', 'x_tool'), value, (id, f, v) => {
        const { state, next, text } = edited(text0, id, [f], v);
        expect(next.value).toEqual(parseDocument(text, 'json'));
        expect(next.error).toBeNull();
        // The rest is shared, not parsed again (a whole parse makes new objects).
        const other = ids.find((o) => o !== id)!;
        expect(entriesOf(next.value)[other]).toBe(entriesOf(state.value)[other]);
      }),
      { numRuns: 200 },
    );
  });

  it('puts an edited row in its place without reading the other entries, also in a book without displayIndex', () => {
    for (const base of [text0, text0.replace(/\s*"displayIndex": \d+,/g, '')]) {
      const state = openDoc(base);
      const table = new EntryTableRows();
      table.of(state.value, NO_FILTER, 'display', false);
      // Each other entry counts the reads of its sort key: a table listed afresh sorts them all.
      let reads = 0;
      for (const [id, entry] of Object.entries(entriesOf(state.value))) {
        const held = (entry as WorldInfoEntry).displayIndex;
        if (id !== '1') Object.defineProperty(entry, 'displayIndex', { get: () => (reads++, held) });
      }
      const { next } = editOn(state, '1', ['comment'], 'edited');
      const rows = table.of(next.value, NO_FILTER, 'display', false);
      expect(reads).toBe(0);
      const all = entryRows(next.value);
      expect(rows).toEqual({ all, visible: visibleRows(all, NO_FILTER, 'display', false) });
    }
  });

  it('keeps equal to a whole parse through a run of edits, wherever they go (the facts carried from edit to edit)', () => {
    const view = fc.record({
      filter: fc.record({
        text: fc.constantFrom('', 'a', 'forest'),
        group: fc.constant(''),
        position: fc.constantFrom('', '1'),
        enabled: fc.constantFrom('all' as const, 'on' as const),
        lintOnly: fc.constantFrom(null, new Set(['1', '2'])),
      }),
      sort: fc.constantFrom('display' as const, 'title' as const, 'order' as const),
      descending: fc.boolean(),
    });
    const nested = fc.constantFrom(...ids, 'entries', 'x');
    const step = fc.oneof(
      fc.record({
        id: fc.constantFrom(...ids),
        field: fc.constantFrom('comment', 'key', 'content', 'constant', 'uid', 'order', 'displayIndex', 'disable'),
        v: fc.oneof(value, fc.integer({ min: 0, max: 3 }), fc.constantFrom('forest', 'a forest', 'b', ['forest'])),
      }),
      // A field named like an entry or the book's key inside an entry: a place of that key that is no sibling.
      fc.record({ id: fc.constantFrom(...ids), field: nested, v: value }),
      fc.record({ id: fc.constantFrom(...ids), field: fc.constant('comment'), v: fc.constantFrom('\u0001', 'C:\\u') }),
      // An entry opened: the session finds the facts of its path (or of a nested one) before any edit of it.
      fc.record({ opened: fc.array(nested, { minLength: 1, maxLength: 2 }) }),
      // Undone: the text goes back, and facts known of the text undone mean nothing.
      fc.constant({ undone: true }),
      // The table's filter or sort changed.
      fc.record({ viewed: view }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 10 }), fc.array(fc.boolean()), view, (steps, looks, v0) => {
        let state = openDoc(text0);
        let v = v0;
        // What the page derives from the books it is shown (a deferred render skips some), carried from book to book,
        // against the same derived afresh.
        const uids = new UidIndex();
        const tokens = new BookTokens();
        const table = new EntryTableRows();
        const seen = [entriesOf(state.value)];
        for (const [i, s] of steps.entries()) {
          if ('opened' in s) {
            const next = withFacts(state, s.opened);
            expect({ ...next, facts: undefined }).toEqual({ ...state, facts: undefined });
            state = next;
          } else if ('viewed' in s) v = s.viewed;
          else if ('undone' in s) state = undo(state);
          else state = editOn(state, s.id, [s.field], s.v).next;
          expect(state.value).toEqual(parseDocument(state.text, 'json'));
          if (looks[i] === false) continue;
          expect([...uids.of('B', state.value)]).toEqual([...new UidIndex().of('B', state.value)]);
          expect(tokens.of(state.value)).toEqual(new BookTokens().of(state.value));
          const all = entryRows(state.value);
          expect(table.of(state.value, v.filter, v.sort, v.descending)).toEqual({
            all,
            visible: visibleRows(all, v.filter, v.sort, v.descending),
          });
          // The keys replaced since any earlier book include every entry that differs from it.
          const entries = entriesOf(state.value);
          for (const earlier of seen) {
            const replaced = replacedKeys(earlier, entries);
            if (replaced)
              for (const id of Object.keys(entries)) if (entries[id] !== earlier[id]) expect(replaced).toContain(id);
          }
          seen.push(entries);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('takes a backslash before a u in a value for what it is, not a \\u escape', () => {
    const { state, next, text } = edited(text0, '1', ['comment'], 'C:\\users');
    expect(next.value).toEqual(parseDocument(text, 'json'));
    expect(entriesOf(next.value)['0']).toBe(entriesOf(state.value)['0']);
  });

  it('parses the whole text where a part could differ from it: duplicate or escaped keys, a stale base', () => {
    const dup = text0.replace('"entries": {', '"entries": {\n        "1": {"comment": "shadowed"},');
    const escaped = text0.replace('"entries": {', '"entries": {\n        "\\u0031": {"comment": "shadowed"},');
    for (const base of [dup, escaped]) {
      const { next, text } = edited(base, '1', ['comment'], 'edited');
      expect(next.value).toEqual(parseDocument(text, 'json'));
      expect(entriesOf(next.value)['0']).not.toBe(entriesOf(openDoc(base).value)['0']);
      // The same when the session found the facts first, as it does when the entry is opened.
      const known = editOn(withFacts(openDoc(base), ['entries', '1']), '1', ['comment'], 'edited').next;
      expect(known.value).toEqual(parseDocument(text, 'json'));
      expect(entriesOf(known.value)['0']).not.toBe(entriesOf(openDoc(base).value)['0']);
    }
    // Facts found for another text (undone, then redone) are not taken for this one's.
    const redone = redo(withFacts(undo(applyText(openDoc(text0), dup, 500)), ['entries', '1']));
    const after = editOn(withFacts(redone, ['entries', '0']), '1', ['comment'], 'edited').next;
    expect(after.value).toEqual(parseDocument(after.text, 'json'));
    // The session moved on (entry 0 changed) since the text the edit was made on: the edit's place means nothing.
    const edit = editEntryField(text0, '1', ['comment'], 'edited')!;
    const moved = applyText(openDoc(text0), editEntryField(text0, '0', ['comment'], 'moved')!.place.text, 900);
    const at = { base: text0, path: ['entries', '1'], before: edit.before, after: edit.place.entry };
    const stale = applyText(moved, edit.place.text, 1000, at);
    expect(stale.value).toEqual(parseDocument(edit.place.text, 'json'));
  });

  it('carries a duplicate or an escaped key that an edit of a larger value wrote into the next entry edit', () => {
    const entriesText = (t: string) => {
      const start = t.indexOf('{', t.indexOf('"entries"'));
      return t.slice(start, t.lastIndexOf('}', t.lastIndexOf('}') - 1) + 1);
    };
    for (const added of ['"1": {"comment": "shadowed"}', '"\\u0031": {"comment": "shadowed"}']) {
      // The facts of entry 1 are known once it was edited; then the whole `entries` value gains a second entry 1.
      const first = editOn(openDoc(text0), '1', ['comment'], 'once').next;
      const before = entriesText(first.text);
      const after = before.replace(/\}$/, `, ${added}}`);
      const text = first.text.replace(before, after);
      const grown = applyText(first, text, 2000, { base: first.text, path: ['entries'], before, after });
      expect(grown.value).toEqual(parseDocument(text, 'json'));
      const next = editOn(grown, '1', ['comment'], 'twice', 3000).next;
      expect(next.value).toEqual(parseDocument(next.text, 'json'));
    }
  });

  it('is no change when the edited value is written the same', () => {
    const state = openDoc(text0);
    const { place, before } = editEntryField(text0, '1', ['order'], book.entries['1']!.order)!;
    expect(place.entry).toBe(before);
    expect(applyText(state, place.text, 1000, { base: text0, path: ['entries', '1'], before, after: before })).toBe(
      state,
    );
  });
});
