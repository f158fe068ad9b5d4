/**
 * What the sandbox evaluates, run inside a worker: each task takes plain (cloneable) input and returns plain
 * output. Anything a task needs from the host (a library script, a model's answer) it asks for through `ctx.call`.
 * Each task loads its code on first use, so a fresh worker is ready sooner.
 */
import type { TurnPlan } from '../../shared/chat/turn.ts';
import type { Scenario, ScanResult } from '../../shared/lorebook/index.ts';
import type { ModelRequest, ModelResponse, RunPpeResult } from '../../shared/ppe/index.ts';
import type { EvalLimits } from '../../shared/sandbox/limits.ts';
import type { TokenizerName } from '../../shared/tokenize/index.ts';
import type { TurnRequestOptions } from '../services/chats/turn-plan.ts';

export interface TaskContext {
  limits: EvalLimits;
  /** Says the task's own code is loaded and the evaluation starts: the time limit counts from here. */
  begin(): void;
  progress(event: unknown): void;
  /** Asks the host to run one of the functions it offered for this job. */
  call(name: string, ...args: unknown[]): Promise<unknown>;
  /** Where a script run is, so a run stopped by a limit can be placed (script id, line, column). */
  at(script: string | undefined, line: number, column: number): void;
}

export interface ScanTask {
  turns: Scenario[];
  /** Scan this many more times warm and report the timing (the CLI's `preview --repeat`). */
  repeat?: number;
}

export interface ScanTiming {
  compileMs: number;
  scanMsMedian: number;
  scanMsP95: number;
}

const quantile = (sorted: number[], q: number): number =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3));

export interface PlanTask extends Omit<TurnRequestOptions, 'tokenizer'> {
  /** The tokenizer the prompt is counted with; loaded (once per worker) inside the sandbox. */
  tokenizer?: TokenizerName;
}

/** A turn's plan as it leaves the sandbox: the scan result's internals stay behind. */
export type SandboxPlan = Omit<TurnPlan, 'scan'>;

export interface PpeTask {
  document: string;
  input?: unknown;
  stepLimit?: number;
  scriptId?: string;
  /** Whether the host offered a model (`callModel`). */
  model: boolean;
}

export const TASKS = {
  async scan(
    { turns, repeat = 0 }: ScanTask,
    ctx: TaskContext,
  ): Promise<{ results: ScanResult[]; timing?: ScanTiming }> {
    const { scanTurns } = await import('../../shared/lorebook/sequence.ts');
    ctx.begin();
    const t0 = performance.now();
    // Spreading reads the lazy `explain` getter, so explanations survive the structured clone.
    const results = scanTurns(turns).map((r) => ({ ...r }));
    if (repeat < 1) return { results };
    // The first scan (matchers compiled for these fresh book objects) is timed apart from the warm ones.
    const compileMs = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const start = performance.now();
      scanTurns(turns);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return {
      results,
      timing: {
        compileMs: Number(compileMs.toFixed(3)),
        scanMsMedian: quantile(times, 0.5),
        scanMsP95: quantile(times, 0.95),
      },
    };
  },

  async plan(task: PlanTask, ctx: TaskContext): Promise<SandboxPlan> {
    const [{ turnPlan }, { loadTokenizer }] = await Promise.all([
      import('../services/chats/turn-plan.ts'),
      import('../../shared/tokenize/index.ts'),
    ]);
    const tokenizer = task.tokenizer ? await loadTokenizer(task.tokenizer) : undefined;
    ctx.begin();
    const { scan: _scan, ...plan } = turnPlan({ ...task, tokenizer });
    return plan;
  },

  async ppe(task: PpeTask, ctx: TaskContext): Promise<RunPpeResult> {
    const { runPpe } = await import('../../shared/ppe/run.ts');
    ctx.begin();
    return runPpe(task.document, {
      input: task.input,
      stepLimit: task.stepLimit,
      scriptId: task.scriptId,
      limits: ctx.limits,
      loadScript: (id) => ctx.call('loadScript', id) as Promise<string | undefined>,
      ...(task.model
        ? { callModel: (request: ModelRequest) => ctx.call('callModel', request) as Promise<ModelResponse> }
        : {}),
      onLog: (entry) => ctx.progress(entry),
      onStep: (script, pos) => ctx.at(script, pos.line, pos.column),
    });
  },
} satisfies Record<string, (input: never, ctx: TaskContext) => unknown>;

export type Tasks = typeof TASKS;
export type TaskName = keyof Tasks;
export type TaskInput<T extends TaskName> = Parameters<Tasks[T]>[0];
export type TaskOutput<T extends TaskName> = Awaited<ReturnType<Tasks[T]>>;
