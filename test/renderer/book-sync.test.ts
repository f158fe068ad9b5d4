// The preview's and the lint's workers keep the open book between requests: the page sends only what a worker lacks
// (nothing, the changed entries, or the whole text), and a worker that lacks a patch's base says so.
import { describe, expect, it } from 'vitest';
import { BookHolder, BookSync, type BookMessage } from '../../renderer/src/lorebooks/preview/book-sync.ts';

const edit = (from: string, entries: Record<string, string | null>) => ({ from, entries });

/** A holder of a book as its entries' texts, which reads a text as its own list of entries and fails on "bad". */
function holder(): BookHolder<Record<string, string | null>> {
  return new BookHolder<Record<string, string | null>>(
    (text) => {
      if (text === 'bad') throw new Error('unreadable');
      return { text };
    },
    (before, entries) => ({ ...before, ...entries }),
  );
}

describe('BookSync (the page)', () => {
  it('sends the whole text first, then nothing while the book is unchanged', () => {
    const sync = new BookSync();
    expect(sync.next()).toBeUndefined();
    sync.update('B', 'T1', null);
    expect(sync.next()).toEqual({ version: 1, name: 'B', text: 'T1' });
    sync.update('B', 'T1', null);
    expect(sync.next()).toBeUndefined();
    expect(sync.version).toBe(1);
  });

  it('sends the entries changed since the version the worker holds, chained over several texts', () => {
    const sync = new BookSync();
    sync.update('B', 'T1', null);
    sync.next();
    sync.update('B', 'T2', edit('T1', { '1': 'a' }));
    sync.update('B', 'T3', edit('T2', { '2': 'b', '1': 'c' }));
    expect(sync.next()).toEqual({ version: 3, name: 'B', base: 1, entries: { '1': 'c', '2': 'b' } });
    sync.update('B', 'T4', edit('T3', { '3': null }));
    expect(sync.next()).toEqual({ version: 4, name: 'B', base: 3, entries: { '3': null } });
  });

  it('sends the whole text after a change it cannot follow: no edit, an edit from another text, another name', () => {
    const sync = new BookSync();
    sync.update('B', 'T1', null);
    sync.next();
    sync.update('B', 'T2', null);
    sync.update('B', 'T3', edit('T2', { '1': 'a' }));
    expect(sync.next()).toEqual({ version: 3, name: 'B', text: 'T3' });
    sync.update('B', 'T4', edit('T9', { '1': 'a' }));
    expect(sync.next()).toEqual({ version: 4, name: 'B', text: 'T4' });
    sync.update('C', 'T5', edit('T4', { '1': 'a' }));
    expect(sync.next()).toEqual({ version: 5, name: 'C', text: 'T5' });
  });

  it('sends the whole text to a new worker and after the worker refused the current version', () => {
    const sync = new BookSync();
    sync.update('B', 'T1', null);
    sync.next();
    sync.reset();
    expect(sync.next()).toEqual({ version: 1, name: 'B', text: 'T1' });
    sync.update('B', 'T2', edit('T1', { '1': 'a' }));
    expect(sync.next()).toMatchObject({ version: 2, base: 1 });
    sync.rejected(2);
    expect(sync.next()).toEqual({ version: 2, name: 'B', text: 'T2' });
  });

  it('ignores a refusal of a message older than the whole text sent since (replies to earlier requests)', () => {
    const sync = new BookSync();
    sync.update('B', 'T1', null);
    sync.next();
    sync.update('B', 'T2', edit('T1', { '1': 'a' }));
    sync.next(); // v2, a patch the worker will refuse
    sync.update('B', 'T3', edit('T2', { '2': 'b' }));
    sync.next(); // v3, refused too
    sync.rejected(2);
    sync.update('B', 'T4', edit('T3', { '3': 'c' }));
    expect(sync.next()).toEqual({ version: 4, name: 'B', text: 'T4' });
    sync.rejected(3); // answered by v4's whole text
    sync.update('B', 'T5', edit('T4', { '4': 'd' }));
    expect(sync.next()).toEqual({ version: 5, name: 'B', base: 4, entries: { '4': 'd' } });
  });
});

describe('BookHolder (the worker)', () => {
  it('reads a text, applies a patch of the version it holds, and refuses one of another version', () => {
    const held = holder();
    expect(held.receive({ version: 1, name: 'B', text: 'T1' })).toBe(true);
    expect(held.at(1)).toEqual({ version: 1, name: 'B', book: { text: 'T1' } });
    expect(held.receive({ version: 2, name: 'B', base: 1, entries: { '1': 'a' } })).toBe(true);
    expect(held.at(2)?.book).toEqual({ text: 'T1', '1': 'a' });
    expect(held.at(1)).toBeNull();
    expect(held.receive({ version: 4, name: 'B', base: 3, entries: { '2': 'b' } })).toBe(false);
    expect(held.at(2)?.book).toEqual({ text: 'T1', '1': 'a' });
    expect(held.receive({ version: 3, name: 'C', base: 2, entries: { '2': 'b' } })).toBe(false);
  });

  it('hands the reader the book held under the same name only', () => {
    const seen: (object | null)[] = [];
    const held = new BookHolder<object>(
      (text, _name, before) => {
        seen.push(before);
        return { text };
      },
      (before) => before,
    );
    held.receive({ version: 1, name: 'B', text: 'T1' });
    held.receive({ version: 2, name: 'B', text: 'T2' });
    held.receive({ version: 3, name: 'C', text: 'T3' });
    expect(seen).toEqual([null, { text: 'T1' }, null]);
  });

  it('holds nothing after a text it cannot read, so the next patch is refused', () => {
    const held = holder();
    held.receive({ version: 1, name: 'B', text: 'T1' });
    expect(() => held.receive({ version: 2, name: 'B', text: 'bad' })).toThrow('unreadable');
    expect(held.at(1)).toBeNull();
    expect(held.receive({ version: 3, name: 'B', base: 2, entries: {} })).toBe(false);
  });

  it('ends up with the page book after edits, a failed read, refusals and a resend', () => {
    const sync = new BookSync();
    const held = holder();
    /** What the worker does with a request for `sync.version`: a refusal goes back to the page. */
    const request = (message: BookMessage | undefined): void => {
      let ok: boolean;
      try {
        ok = message ? held.receive(message) : true;
      } catch {
        ok = true; // an unreadable text is answered (with no result), not refused
      }
      if (!ok || !held.at(sync.version)) sync.rejected(sync.version);
    };
    sync.update('B', 'T1', null);
    request(sync.next());
    sync.update('B', 'bad', null);
    request(sync.next());
    sync.update('B', 'T3', edit('bad', { '1': 'a' }));
    request(sync.next()); // refused: the worker holds nothing
    request(sync.next()); // the whole text
    expect(held.at(3)?.book).toEqual({ text: 'T3' });
    sync.update('B', 'T4', edit('T3', { '2': 'b' }));
    request(sync.next());
    expect(held.at(4)?.book).toEqual({ text: 'T3', '2': 'b' });
  });
});
