// The lint worker sends the counts per entry and only the findings the page shows (the open entry's, and the lint
// tab's page), each only when it differs from what it sent last.
import { describe, expect, it } from 'vitest';
import type { LintIssue } from '../../shared/lorebook/lint.ts';
import {
  lintReplies,
  NOTHING_RECEIVED,
  receive,
  showReceived,
  type LintShown,
  type LintView,
} from '../../renderer/src/lorebooks/preview/lint-reply.ts';

const issue = (entry: string, key = 'wolf'): LintIssue => ({
  entry,
  uid: Number(entry),
  code: 'common-key',
  severity: 'warning',
  key,
});

const tab = (page: number, entry: string | null = null): LintView => ({ entry, page });

describe('lintReplies', () => {
  it('leaves out counts and findings equal to the last ones sent, and sends any other whole', () => {
    const reply = lintReplies();
    expect(reply(1, [issue('1')], tab(200))).toEqual({
      id: 1,
      counts: { '1': 1 },
      issues: [issue('1')],
      entryIssues: [],
    });
    expect(reply(2, [issue('1')], tab(200))).toEqual({ id: 2 });
    expect(reply(3, [issue('1', 'moon')], tab(200))).toEqual({ id: 3, issues: [issue('1', 'moon')] });
    expect(reply(4, [issue('1'), issue('2')], tab(200))).toEqual({
      id: 4,
      counts: { '1': 1, '2': 1 },
      issues: [issue('1'), issue('2')],
    });
    expect(reply(5, [], tab(200))).toEqual({ id: 5, counts: {}, issues: [] });
    expect(reply(6, [], tab(200))).toEqual({ id: 6 });
  });

  it("sends the open entry's findings and the tab's page only, and counts every entry", () => {
    const reply = lintReplies();
    const all = [issue('1'), issue('2'), issue('2', 'moon'), issue('__proto__')];
    const counts = JSON.parse('{"1": 1, "2": 2, "__proto__": 1}') as Record<string, number>;
    expect(reply(1, all, tab(0))).toEqual({ id: 1, counts, issues: [], entryIssues: [] });
    expect(reply(2, all, tab(0, '2'))).toEqual({ id: 2, entryIssues: [issue('2'), issue('2', 'moon')] });
    expect(reply(3, all, tab(0, '2'))).toEqual({ id: 3 });
    expect(reply(4, all, tab(2, '2'))).toEqual({ id: 4, issues: [issue('1'), issue('2')] });
    expect(reply(5, all, tab(200, '2'))).toEqual({ id: 5, issues: all });
    expect(Object.getPrototypeOf(reply(6, [issue('__proto__')], tab(0)).counts)).toBe(Object.prototype);
  });

  it('compares with its own last reply only: each worker starts by sending its counts and findings', () => {
    lintReplies()(1, [issue('1')], tab(200));
    expect(lintReplies()(1, [issue('1')], tab(200))).toEqual({
      id: 1,
      counts: { '1': 1 },
      issues: [issue('1')],
      entryIssues: [],
    });
  });
});

describe('showReceived', () => {
  const nothing: LintShown = { countsOf: {}, counts: new Map(), total: 0, issues: [], entryIssues: [] };

  it("shows the counts of a reply that was not shown when the next leaves them out (the lint tab's total)", () => {
    const reply = lintReplies();
    const all = [issue('1'), issue('2'), issue('2', 'moon')];
    // The book's first lint is answered after the tab opened: its reply is received but not shown.
    const first = receive(NOTHING_RECEIVED, reply(1, all, tab(0)));
    const second = reply(2, all, tab(200));
    expect(second.counts).toBeUndefined();
    const shown = showReceived(nothing, receive(first, second));
    expect(shown.total).toBe(3);
    expect([...shown.counts]).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
    expect(shown.issues).toEqual(all);
  });

  it('keeps what is on screen, object for object, when nothing changed', () => {
    const reply = lintReplies();
    const got = receive(NOTHING_RECEIVED, reply(1, [issue('1')], tab(200)));
    const shown = showReceived(nothing, got);
    expect(showReceived(shown, receive(got, reply(2, [issue('1')], tab(200))))).toBe(shown);
    const moved = showReceived(shown, receive(got, reply(3, [issue('1')], tab(200, '1'))));
    expect(moved.counts).toBe(shown.counts);
    expect(moved.entryIssues).toEqual([issue('1')]);
  });
});
