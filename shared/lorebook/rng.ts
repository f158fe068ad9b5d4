// Random source of a scan: mulberry32 from the scenario seed, or an explicit list of values (docs/world-info-scenarios.md#randomness).
// Every draw is recorded so results can report how many values were consumed and which.
import { mulberry32 } from '../util/mulberry32.ts';

export interface RandomSource {
  next(): number;
  readonly drawn: readonly number[];
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
