/** Where a command writes: injected so tests run commands in-process and read what they printed. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** err is an interactive terminal, so commands may redraw a progress bar on it (absent: plain lines). */
  isTTY?: boolean;
}

/**
 * A reader that stops early (`lorewright library list | head -1`) closes the pipe: writing on gets EPIPE, which
 * means "nobody is listening", not a failure. End quietly instead of printing a stack trace.
 */
export function quitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      process.exit(process.exitCode ?? 0);
    });
  }
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  isTTY: process.stderr.isTTY === true,
};
