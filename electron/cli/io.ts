/** Where a command writes: injected so tests run commands in-process and read what they printed. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** err is an interactive terminal, so commands may redraw a progress bar on it (absent: plain lines). */
  isTTY?: boolean;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  isTTY: process.stderr.isTTY === true,
};
