/** Messages between the sandbox pool (host side) and its workers. */
import type { EvalLimits } from '../../shared/sandbox/limits.ts';

/** What the worker reports about the regex it is running (diagnosis runs only). */
export interface RegexSeen {
  index: number;
  source: string;
  flags: string;
}

export type ToWorker =
  | {
      type: 'run';
      job: number;
      task: string;
      input: unknown;
      limits: EvalLimits;
      diagnose: boolean;
      /** Cached inputs the worker lacks (key, value), and keys it may forget (see CachedInput in pool.ts). */
      put: [string, unknown][];
      drop: string[];
    }
  | { type: 'reply'; call: number; ok: true; value: unknown }
  | { type: 'reply'; call: number; ok: false; message: string };

export interface SerializedError {
  name: string;
  message: string;
  /** Own enumerable fields of the error (code, line, path…), so the host can rebuild its type. */
  fields: Record<string, unknown>;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; job: number; value: unknown; tainted: boolean }
  | { type: 'failed'; job: number; error: SerializedError; tainted: boolean }
  | { type: 'progress'; job: number; event: unknown }
  | { type: 'call'; job: number; call: number; name: string; args: unknown[] }
  | { type: 'script'; job: number; script: string | undefined }
  | { type: 'regex'; job: number; regex: RegexSeen };

/**
 * Where the worker is, readable by the host even while the worker is stuck: a script line and column (PPE runs)
 * and the index of the regex running right now (diagnosis runs; -1 when none).
 */
export const WHERE_LINE = 0;
export const WHERE_COLUMN = 1;
export const WHERE_REGEX = 2;
/** Counts regex executions, so the host can tell one stuck execution from many quick ones of the same regex. */
export const WHERE_REGEX_RUN = 3;
/**
 * The job whose evaluation has begun (its task's code loaded), and the worker thread's CPU time then, in ms: the
 * time limit counts the CPU time the worker spends from there (see the pool's deadline rule).
 */
export const WHERE_BEGUN = 4;
export const WHERE_CPU_MS = 5;
export const WHERE_SLOTS = 6;
