/** The evaluation sandbox: one pool per process, shared by every caller (API handlers, CLI commands). */
import type { EvalLimits } from '../../shared/sandbox/limits.ts';
import { SandboxPool } from './pool.ts';

export { SandboxPool } from './pool.ts';
export { SandboxLimitError } from './errors.ts';
export { planInSandbox, ppeInSandbox, scanInSandbox, timedScanInSandbox } from './evaluate.ts';

let pool: SandboxPool | undefined;

/** The process's pool, started (warm) on first use; `options` apply only to that first call. */
export function processSandbox(options?: { size?: number; limits?: Partial<EvalLimits> }): SandboxPool {
  pool ??= new SandboxPool(options);
  return pool;
}
