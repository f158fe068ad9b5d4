import os from 'node:os';

/** One row of a suite's detail table or summary (figure, value, target, comparison…), as scripts/bench.mjs prints it. */
export type Row = Record<string, string | number>;

/** The 1/5/15-minute load average as "a / b / c": every wall-clock figure on a shared machine is given with it. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}
