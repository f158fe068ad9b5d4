/**
 * The limits every evaluation of untrusted content (lorebook scans, prompt assembly, templates, PPE runs) runs
 * under: the same defaults in the app, the web host and the CLI. They only stop runaway work; ordinary cards,
 * books and scripts stay far below them.
 */
export interface EvalLimits {
  /** Wall time of one lorebook scan or prompt assembly, in milliseconds. */
  scanMs: number;
  /** Wall time of one PPE run's own work (time spent waiting for the model is not counted), in milliseconds. */
  ppeMs: number;
  /** Heap of one sandbox worker, in MiB. */
  heapMiB: number;
  /** Longest string a script or template may build, in characters. */
  maxString: number;
  /** Longest list a script may build, in items. */
  maxList: number;
  /** Largest whole output of one evaluation (a rendered prompt, a run's result and log), in characters. */
  maxOutput: number;
}

export const DEFAULT_LIMITS: Readonly<EvalLimits> = Object.freeze({
  scanMs: 2000,
  ppeMs: 10_000,
  heapMiB: 512,
  maxString: 1_000_000,
  maxList: 100_000,
  maxOutput: 16_000_000,
});

/** Bounds of each limit, so a setting can never switch the protection off. */
export const LIMIT_RANGES: Readonly<Record<keyof EvalLimits, readonly [number, number]>> = Object.freeze({
  scanMs: [100, 600_000],
  ppeMs: [100, 3_600_000],
  heapMiB: [64, 8192],
  maxString: [1000, 100_000_000],
  maxList: [100, 10_000_000],
  maxOutput: [1000, 500_000_000],
});

export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as (keyof EvalLimits)[];

/** The defaults with `overrides` applied; values outside a limit's range are clamped into it. */
export function resolveLimits(overrides: Partial<EvalLimits> = {}): EvalLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const name of LIMIT_NAMES) {
    const value = overrides[name];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const [low, high] = LIMIT_RANGES[name];
    limits[name] = Math.min(high, Math.max(low, Math.round(value)));
  }
  return limits;
}
