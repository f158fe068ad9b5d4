/**
 * The CLI's evaluation sandbox: one warm worker under the limits the user saved in Settings — the same
 * limits.json the app reads, beside the library the app uses (LOREWRIGHT_DB, else the user-data folder) — or the
 * defaults when none are saved. A command's --timeout overrides the time limit of its own evaluations.
 */
import { errorMessage } from '../../shared/errors.ts';
import { resolveLimits, type EvalLimits } from '../../shared/sandbox/limits.ts';
import { processSandbox, type SandboxPool } from '../sandbox/index.ts';
import { resolveDbPath } from '../services/paths.ts';
import { LimitsStore } from '../services/settings/limits-store.ts';
import type { CliIo } from './io.ts';

function savedLimits(io: CliIo): EvalLimits {
  try {
    return resolveLimits(new LimitsStore(resolveDbPath(undefined, io.env)).read());
  } catch (e) {
    // As in the app: a damaged settings file must not stop the work; the defaults still protect it.
    io.err(`lorewright: ${errorMessage(e)}; using the default limits.\n`);
    return resolveLimits();
  }
}

export function cliSandbox(io: CliIo): SandboxPool {
  const limits = savedLimits(io);
  // The pool lives as long as the process; commands run in-process (tests) re-read the file each time.
  const pool = processSandbox({ size: 1, limits });
  pool.setLimits(limits);
  return pool;
}
