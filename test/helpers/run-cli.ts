import { runCli } from '../../electron/cli/main.ts';

/** Runs the CLI in-process and captures what it printed. */
export async function runCliCaptured(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
  cwd = process.cwd(),
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), env, cwd });
  return { code, out, err };
}
