/** A mistake in how the command was called: exit code 2 with the command's help. */
export class UsageError extends Error {
  readonly help: string;

  constructor(message: string, help: string) {
    super(message);
    this.name = 'UsageError';
    this.help = help;
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
/** Stopped by Ctrl-C or SIGTERM (128 + SIGINT), after printing what was done. */
export const EXIT_INTERRUPTED = 130;
