// The same 238 recorded cases through `lorewright preview --json`, all files in one invocation: the command an
// author (or a checker) runs must give exactly what SillyTavern 1.18.0 recorded.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { RecordedResult } from '../../shared/lorebook/index.ts';
import { runCliCaptured } from '../helpers/run-cli.ts';
import { compared, FIXTURES, loadCases } from './worldinfo-cases.ts';

describe('lorewright preview --json on the conformance corpus', () => {
  it('prints one line per file whose result equals the recorded one', async () => {
    const cases = loadCases();
    const files = cases.map((c) => path.join(FIXTURES, `${c.name}.json`));
    const r = await runCliCaptured(['preview', '--json', ...files]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; result: RecordedResult | RecordedResult[] });
    expect(lines.map((l) => l.file)).toEqual(files);
    for (const [i, c] of cases.entries()) {
      const got = ([] as RecordedResult[]).concat(lines[i]!.result).map(compared);
      const expected = ([] as RecordedResult[])
        .concat((c as unknown as { expected: RecordedResult | RecordedResult[] }).expected)
        .map(compared);
      expect(got, c.name).toEqual(expected);
      expect(Array.isArray(lines[i]!.result)).toBe(Array.isArray((c as unknown as { expected: unknown }).expected));
    }
  }, 120_000);
});
