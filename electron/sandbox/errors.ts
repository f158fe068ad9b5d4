/** The error of an evaluation stopped by a limit, and the rebuilding of errors thrown inside a worker. */
import { ScenarioError } from '../../shared/lorebook/scenario-error.ts';
import { PpeRunError } from '../../shared/ppe/run-error.ts';
import { UnknownTemplateError } from '../services/chats/turn-plan.ts';
import type { SerializedError } from './protocol.ts';

export interface LimitHit {
  kind: 'time' | 'memory' | 'output';
  /** Milliseconds (time), MiB (memory) or characters (output). */
  limit: number;
  /** The regex a diagnosis run found stuck, when the time limit was hit inside one. */
  regex?: { source: string; flags: string; ms: number };
  /** Whether a diagnosis run finished the same work (then nothing single was slow; the work was too large). */
  diagnosedAll?: boolean;
  /** The script position a PPE run had reached. */
  script?: string;
  line?: number;
  column?: number;
}

export class SandboxLimitError extends Error {
  readonly hit: LimitHit;
  /** Names the culprit for programs (e.g. `Book.3` and the key), when one is known. */
  readonly culprit: Record<string, string | number> | undefined;

  constructor(message: string, hit: LimitHit, culprit?: Record<string, string | number>) {
    super(message);
    this.name = 'SandboxLimitError';
    this.hit = hit;
    this.culprit = culprit;
  }
}

/** Error types a task may throw on purpose; the host rebuilds them so callers can tell them apart. */
const KNOWN: Record<string, new (...args: never[]) => Error> = { ScenarioError, PpeRunError, UnknownTemplateError };

export function reviveError(e: SerializedError): Error {
  const type = KNOWN[e.name] ?? Error;
  const error = Object.create(type.prototype) as Error;
  Object.assign(error, { ...e.fields, name: e.name, message: e.message });
  Object.defineProperty(error, 'stack', { value: `${e.name}: ${e.message}\n    (in the sandbox)`, enumerable: false });
  return error;
}
