// Evaluation sandbox overhead (issue 14): a lorebook preview scan (50 entries, a 6-message chat) run directly on
// this thread vs. through the warm sandbox pool (post to a worker thread, scan, post back). Median of warm calls;
// the difference is what the sandbox costs each preview.
import { scan } from '../../shared/lorebook/index.ts';
import { SandboxPool } from '../../electron/sandbox/pool.ts';
import { scanInSandbox } from '../../electron/sandbox/evaluate.ts';
import { entry, scenario } from '../shared/lorebook/scenario-builder.ts';
import { measure } from './stats.ts';

const RUNS = 200;
const TARGET_MS = 1;

type Row = Record<string, string | number>;

/** Median wall time of `runs` warm calls of an async `fn`, in milliseconds. */
async function medianAsync(fn: () => Promise<unknown>, runs: number): Promise<number> {
  for (let i = 0; i < 10; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return Number(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!.toFixed(3));
}

export async function run(): Promise<{ rows: Row[]; figures: Row[] }> {
  const entries = Array.from({ length: 50 }, (_, uid) => entry(uid, { key: [`name${uid}`], content: `Lore ${uid}.` }));
  const chat = Array.from({ length: 6 }, (_, i) => `Message ${i} mentions name${i * 7} and name${i * 3}.`);
  const turn = scenario(entries, chat);
  const pool = new SandboxPool({ size: 1 });
  try {
    const direct = measure(() => scan(turn), RUNS).p50;
    const sandboxed = await medianAsync(() => scanInSandbox(pool, [turn]), RUNS);
    const overhead = Number((sandboxed - direct).toFixed(3));
    const rows = [
      { path: 'preview scan, direct', p50Ms: direct, runs: RUNS },
      { path: 'preview scan, through the sandbox', p50Ms: sandboxed, runs: RUNS },
    ];
    const figures = [
      {
        figure: 'sandbox overhead per preview scan, warm p50',
        value: `${overhead} ms`,
        target: `< ${TARGET_MS} ms: ${overhead < TARGET_MS ? 'met' : 'MISSED'}`,
        comparison: `direct ${direct} ms, through the sandbox ${sandboxed} ms`,
      },
    ];
    return { rows, figures };
  } finally {
    await pool.close();
  }
}
