// The one error type a run throws: a code for programs, a sentence for people, and where in which script.
import type { Pos } from './types.ts';

export type RunErrorCode =
  | 'syntax'
  | 'step-limit'
  | 'time-limit'
  | 'memory-limit'
  | 'output-limit'
  | 'missing-input'
  | 'missing-script'
  | 'exec-cycle'
  | 'type-cycle'
  | 'call-depth'
  | 'no-model'
  | 'model-reply'
  | 'choice'
  | 'output-schema'
  | 'expression'
  | 'template'
  | 'replacement-syntax'
  | 'match-pattern'
  | 'unknown-directive'
  | 'unknown-key'
  | 'loop-control-outside-loop'
  | 'unsupported';

export class PpeRunError extends Error {
  readonly code: RunErrorCode;
  line?: number;
  column?: number;
  /** Id of the script the error happened in; undefined for the script being run. */
  script?: string;
  constructor(code: RunErrorCode, message: string, pos?: Pos, script?: string) {
    super(message);
    this.name = 'PpeRunError';
    this.code = code;
    this.line = pos?.line;
    this.column = pos?.column;
    this.script = script;
  }

  /** Fills in position and script when an inner helper threw without knowing them. */
  at(pos: Pos | undefined, script: string | undefined): this {
    if (this.line === undefined && pos) {
      this.line = pos.line;
      this.column = pos.column;
    }
    this.script ??= script;
    return this;
  }
}
