/**
 * What the sandbox evaluates, run inside a worker: each task takes plain (cloneable) input and returns plain
 * output. Anything a task needs from the host (a library script, a model's answer) it asks for through `ctx.call`.
 * Each task loads its code on first use, so a fresh worker is ready sooner.
 */
import type { TurnPlan } from '../../shared/chat/turn.ts';
import type { NamedBook } from '../../shared/chat/turn.ts';
import type { Scenario, ScanResult, WorldInfoBook } from '../../shared/lorebook/index.ts';
import type { ModelRequest, ModelResponse, RunPpeResult } from '../../shared/ppe/index.ts';
import type { EvalLimits } from '../../shared/sandbox/limits.ts';
import type { TokenizerName } from '../../shared/tokenize/index.ts';
import type { TurnRequestOptions } from '../services/chats/turn-plan.ts';

export interface TaskContext {
  limits: EvalLimits;
  /** Says the task's own code is loaded and the evaluation starts: the time limit counts from here. */
  begin(): void;
  /** An input the host sent once and the worker keeps (a lorebook, by its content's key). */
  cached(key: string): unknown;
  progress(event: unknown): void;
  /** Asks the host to run one of the functions it offered for this job. */
  call(name: string, ...args: unknown[]): Promise<unknown>;
  /** Where a script run is, so a run stopped by a limit can be placed (script id, line, column). */
  at(script: string | undefined, line: number, column: number): void;
}

/** A scenario whose books are keys of the worker's cache: a repeat scan of the same books sends only the chat. */
export interface SandboxScenario extends Omit<Scenario, 'books'> {
  books: Record<string, string>;
}

export interface ScanTask {
  turns: SandboxScenario[];
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

export interface PlanTask extends Omit<TurnRequestOptions, 'tokenizer' | 'books'> {
  /** The tokenizer the prompt is counted with; loaded (once per worker) inside the sandbox. */
  tokenizer?: TokenizerName;
  /** Library books, each `book` a key of the worker's cache. */
  books?: (Omit<NamedBook, 'book'> & { book: string })[];
}

const fromCache = (ctx: TaskContext, key: string): WorldInfoBook => ctx.cached(key) as WorldInfoBook;

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
    // The same cached book objects each time, so the matchers compiled for them are reused.
    const scenarios: Scenario[] = turns.map((t) => ({
      ...t,
      books: Object.fromEntries(Object.entries(t.books).map(([name, key]) => [name, fromCache(ctx, key)])),
    }));
    // Spreading reads the lazy `explain` getter, so explanations survive the structured clone.
    const results = scanTurns(scenarios).map((r) => ({ ...r }));
    if (repeat < 1) return { results };
    // The first scan (matchers compiled for these fresh book objects) is timed apart from the warm ones.
    const compileMs = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const start = performance.now();
      scanTurns(scenarios);
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
    const books = task.books?.map((b) => ({ ...b, book: fromCache(ctx, b.book) }));
    const { scan: _scan, ...plan } = turnPlan({ ...task, books, tokenizer });
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
