// Random source of a scan: mulberry32 from the scenario seed, or an explicit list of values (docs/world-info-scenarios.md#randomness).
// Every draw is recorded so results can report how many values were consumed and which.

export interface RandomSource {
  next(): number;
  readonly drawn: readonly number[];
}

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandomSource(seed: number, values: readonly number[] | null): RandomSource {
  const drawn: number[] = [];
  const generate = values ? listSource(values) : mulberry32(seed);
  return {
    drawn,
    next() {
      const value = generate();
      drawn.push(value);
      return value;
    },
  };
}

function listSource(values: readonly number[]): () => number {
  let index = 0;
  // Past the end of an explicit list there is nothing faithful to return; fall back to 0 like an exhausted stub would.
  return () => values[index++] ?? 0;
}
