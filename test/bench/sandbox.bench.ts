// Evaluation sandbox overhead (issue 14), measured in the same run against the same work done directly on this
// thread:
// - a lorebook preview scan (50 entries, a 6-message chat), with its explanations as every preview reads them;
// - a prompt assembly (Seraphina's card with its own book, the Eldoria book from the library, her chat).
// Through the sandbox = post to the warm pool's worker thread, evaluate, post back. Median of warm calls, wall time
// and process CPU time (all threads: the worker's work counts too); the difference is what the sandbox costs.
import path from 'node:path';
import { scan } from '../../shared/lorebook/index.ts';
import { SandboxPool } from '../../electron/sandbox/pool.ts';
import { planInSandbox, scanInSandbox, type PlanRequest } from '../../electron/sandbox/evaluate.ts';
import { turnPlan } from '../../electron/services/chats/turn-plan.ts';
import { readBookFile, readCardFile, readChatFile } from '../../electron/services/chats/files.ts';
import { entry, scenario } from '../shared/lorebook/scenario-builder.ts';

const RUNS = 200;
const TARGET_MS = 1;
const fixtures = path.resolve(import.meta.dirname, '../fixtures');

type Row = Record<string, string | number>;
type Timing = { p50: number; cpuP50: number };

/** Median wall and CPU time of `runs` warm calls of `fn`, in milliseconds. */
async function median(fn: () => unknown, runs: number): Promise<Timing> {
  for (let i = 0; i < 20; i++) await fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const mid = (values: number[]): number => Number(values.sort((a, b) => a - b)[Math.floor(runs / 2)]!.toFixed(3));
  return { p50: mid(wall), cpuP50: mid(cpu) };
}

function compare(what: string, direct: Timing, sandboxed: Timing): { rows: Row[]; figure: Row } {
  const overhead = Number((sandboxed.p50 - direct.p50).toFixed(3));
  const cpuOverhead = Number((sandboxed.cpuP50 - direct.cpuP50).toFixed(3));
  return {
    rows: [
      { path: `${what}, direct`, p50Ms: direct.p50, cpuP50Ms: direct.cpuP50, runs: RUNS },
      { path: `${what}, through the sandbox`, p50Ms: sandboxed.p50, cpuP50Ms: sandboxed.cpuP50, runs: RUNS },
    ],
    figure: {
      figure: `sandbox overhead per ${what}, warm p50`,
      value: `${overhead} ms (CPU ${cpuOverhead} ms)`,
      target: `< ${TARGET_MS} ms: ${overhead < TARGET_MS ? 'met' : 'MISSED'}`,
      comparison: `direct ${direct.p50} ms, through the sandbox ${sandboxed.p50} ms`,
    },
  };
}

function promptRequest(): PlanRequest {
  const card = readCardFile(path.join(fixtures, 'lorebooks/Seraphina-1.18.0.card.json'));
  const transcript = readChatFile(path.join(fixtures, 'chat/seraphina.st.jsonl')).value;
  return {
    card,
    transcript,
    persona: { name: transcript.user.name, description: 'A lost traveller.' },
    books: [{ ...readBookFile(path.join(fixtures, 'lorebooks/Eldoria.json')), role: 'global' }],
    mode: 'chat',
    target: { model: 'bench-model' },
  };
}

export async function run(): Promise<{ rows: Row[]; figures: Row[] }> {
  const entries = Array.from({ length: 50 }, (_, uid) => entry(uid, { key: [`name${uid}`], content: `Lore ${uid}.` }));
  const chat = Array.from({ length: 6 }, (_, i) => `Message ${i} mentions name${i * 7} and name${i * 3}.`);
  const turn = scenario(entries, chat);
  const request = promptRequest();
  const pool = new SandboxPool({ size: 1 });
  try {
    const preview = compare(
      'preview scan',
      await median(() => scan(turn).explain, RUNS),
      await median(() => scanInSandbox(pool, [turn]), RUNS),
    );
    const prompt = compare(
      'prompt assembly',
      await median(() => turnPlan({ ...request, tokenizer: undefined }), RUNS),
      await median(() => planInSandbox(pool, request), RUNS),
    );
    return { rows: [...preview.rows, ...prompt.rows], figures: [preview.figure, prompt.figure] };
  } finally {
    await pool.close();
  }
}
