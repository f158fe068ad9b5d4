// The lint worker sends a list of findings only when it differs from the list it sent last.
import { describe, expect, it } from 'vitest';
import type { LintIssue } from '../../shared/lorebook/lint.ts';
import { lintReplies } from '../../renderer/src/lorebooks/preview/lint-reply.ts';

const issue = (entry: string, key = 'wolf'): LintIssue => ({
  entry,
  uid: Number(entry),
  code: 'common-key',
  severity: 'warning',
  key,
});

describe('lintReplies', () => {
  it('leaves out a list equal to the last one sent, and sends any other whole', () => {
    const reply = lintReplies();
    expect(reply(1, [issue('1')])).toEqual({ id: 1, issues: [issue('1')] });
    expect(reply(2, [issue('1')])).toEqual({ id: 2 });
    expect(reply(3, [issue('1', 'moon')])).toEqual({ id: 3, issues: [issue('1', 'moon')] });
    expect(reply(4, [issue('1')])).toEqual({ id: 4, issues: [issue('1')] });
    expect(reply(5, [])).toEqual({ id: 5, issues: [] });
    expect(reply(6, [])).toEqual({ id: 6 });
  });

  it('compares with its own last reply only: each worker starts by sending its list', () => {
    lintReplies()(1, [issue('1')]);
    expect(lintReplies()(1, [issue('1')])).toEqual({ id: 1, issues: [issue('1')] });
  });
});
