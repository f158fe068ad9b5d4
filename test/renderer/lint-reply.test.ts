// The lint worker sends the counts per entry and only the findings the page shows (the open entry's, or all in the
// lint tab), each only when it differs from what it sent last.
import { describe, expect, it } from 'vitest';
import type { LintIssue } from '../../shared/lorebook/lint.ts';
import { lintReplies, type LintView } from '../../renderer/src/lorebooks/preview/lint-reply.ts';

const issue = (entry: string, key = 'wolf'): LintIssue => ({
  entry,
  uid: Number(entry),
  code: 'common-key',
  severity: 'warning',
  key,
});

const ALL: LintView = { entry: null, all: true };
const entry = (id: string | null): LintView => ({ entry: id, all: false });

describe('lintReplies', () => {
  it('leaves out counts and findings equal to the last ones sent, and sends any other whole', () => {
    const reply = lintReplies();
    expect(reply(1, [issue('1')], ALL)).toEqual({ id: 1, counts: { '1': 1 }, issues: [issue('1')] });
    expect(reply(2, [issue('1')], ALL)).toEqual({ id: 2 });
    expect(reply(3, [issue('1', 'moon')], ALL)).toEqual({ id: 3, issues: [issue('1', 'moon')] });
    expect(reply(4, [issue('1'), issue('2')], ALL)).toEqual({
      id: 4,
      counts: { '1': 1, '2': 1 },
      issues: [issue('1'), issue('2')],
    });
    expect(reply(5, [], ALL)).toEqual({ id: 5, counts: {}, issues: [] });
    expect(reply(6, [], ALL)).toEqual({ id: 6 });
  });

  it("sends the open entry's findings only (none without an open entry), and counts every entry", () => {
    const reply = lintReplies();
    const all = [issue('1'), issue('2'), issue('2', 'moon'), issue('__proto__')];
    const counts = JSON.parse('{"1": 1, "2": 2, "__proto__": 1}') as Record<string, number>;
    expect(reply(1, all, entry(null))).toEqual({ id: 1, counts, issues: [] });
    expect(reply(2, all, entry('2'))).toEqual({ id: 2, issues: [issue('2'), issue('2', 'moon')] });
    expect(reply(3, all, entry('2'))).toEqual({ id: 3 });
    expect(reply(4, all, ALL)).toEqual({ id: 4, issues: all });
    expect(Object.getPrototypeOf(reply(5, [issue('__proto__')], entry(null)).counts)).toBe(Object.prototype);
  });

  it('compares with its own last reply only: each worker starts by sending its counts and findings', () => {
    lintReplies()(1, [issue('1')], ALL);
    expect(lintReplies()(1, [issue('1')], ALL)).toEqual({ id: 1, counts: { '1': 1 }, issues: [issue('1')] });
  });
});
