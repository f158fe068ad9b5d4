// runPpe: the public entry to run a script text with injected model, library and randomness.
import { resolveScript } from './inherit.ts';
import type { LoadScript } from './inherit.ts';
import type { CallModel, ChatMessage, ModelRequest } from './model.ts';
import { executeScript } from './runtime.ts';
import type { RunLogEntry, RunShared } from './runtime.ts';
import type { Pos } from './types.ts';
import { DEFAULT_LIMITS, type EvalLimits } from '../sandbox/limits.ts';

export interface RunPpeOptions {
  /** Named inputs (an object) or the value of the first positional input. */
  input?: unknown;
  /** Needed only when the script calls a model. */
  callModel?: CallModel;
  /** Library lookup by script id (for `type:`, `$exec`, chains, `[[@id]]`, imports); undefined when absent. */
  loadScript?: LoadScript;
  /** Budget of instructions and loop turns for the whole run, called scripts included. Default 10000. */
  stepLimit?: number;
  /** How deep scripts may call scripts. Default 16. */
  maxDepth?: number;
  /** Source for `:random` choices and `Math.random()`; inject a seeded one for reproducible runs. */
  random?: () => number;
  /** Id of the script being run, so it cannot call itself. */
  scriptId?: string;
  /** Sees every log entry as it happens (model requests and replies, `$print`). */
  onLog?: (entry: RunLogEntry) => void;
  /** Told where the run is before each instruction (the sandbox keeps it to place a run stopped by a limit). */
  onStep?: (script: string | undefined, pos: Pos) => void;
  /** Size limits of strings, lists and the whole output; default: the sandbox defaults. */
  limits?: Partial<Pick<EvalLimits, 'maxString' | 'maxList' | 'maxOutput'>>;
}

export interface RunPpeResult {
  /** The script's result: its last instruction's value, `$ret` value, or parsed model reply. */
  output: unknown;
  /** The final conversation of the script, rendered. */
  messages: ChatMessage[];
  /** Every request body sent to the model, in order, called scripts included. */
  requests: ModelRequest[];
  log: RunLogEntry[];
}

export const DEFAULT_STEP_LIMIT = 10_000;

/** Runs `script`. Throws PpeRunError (code, message, line, column, script) on any failure. */
export async function runPpe(script: string, options: RunPpeOptions = {}): Promise<RunPpeResult> {
  const loadScript: LoadScript = options.loadScript ?? (() => undefined);
  const shared: RunShared = {
    settings: {
      callModel: options.callModel,
      loadScript,
      stepLimit: options.stepLimit ?? DEFAULT_STEP_LIMIT,
      maxDepth: options.maxDepth ?? 16,
      random: options.random ?? Math.random,
      onLog: options.onLog,
      onStep: options.onStep,
      limits: {
        maxString: DEFAULT_LIMITS.maxString,
        maxList: DEFAULT_LIMITS.maxList,
        maxOutput: DEFAULT_LIMITS.maxOutput,
        ...options.limits,
      },
    },
    steps: 0,
    output: 0,
    requests: [],
    log: [],
    stack: [],
  };
  const resolved = await resolveScript(script, options.scriptId, loadScript);
  const { output, run } = await executeScript(resolved, shared, options.input, []);
  return { output, messages: run.messages(), requests: shared.requests, log: shared.log };
}
