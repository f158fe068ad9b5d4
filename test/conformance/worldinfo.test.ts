// Every recorded SillyTavern 1.18.0 World Info case, compared exactly as docs/world-info-scenarios.md#comparing says: activated
// order, slots, prompt, timed-effect state and draw count; the trace is informational.
import { describe, expect, it } from 'vitest';
import { compared, loadCases, runCase } from './worldinfo-cases.ts';

const cases = loadCases();

describe('World Info conformance (SillyTavern 1.18.0)', () => {
  it('has the whole corpus', () => {
    expect(cases.length).toBe(238);
  });

  for (const c of cases) {
    it(c.name, () => {
      const { actual, expected } = runCase(c);
      expect(actual).toHaveLength(expected.length);
      // JSON round trip: compare values as recorded (no undefined members, plain objects).
      const got = JSON.parse(JSON.stringify(actual.map(compared))) as unknown[];
      expect(got).toEqual(expected.map(compared));
      // The key index must not change anything: evaluating every entry every pass gives the same results.
      const exhaustive = JSON.parse(JSON.stringify(runCase(c, { exhaustive: true }).actual.map(compared))) as unknown[];
      expect(exhaustive).toEqual(got);
    });
  }
});
