/** `lorewright ppe …`: check and run PPE scripts (`.ai.yaml`) from disk, with the same runtime the app uses. */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { checkPpe, PpeRunError } from '../../../shared/ppe/index.ts';
import { DEFAULT_LIMITS } from '../../../shared/sandbox/limits.ts';
import { ppeInSandbox } from '../../sandbox/index.ts';
import { cliSandbox } from '../sandbox.ts';
import { timeoutOption } from '../lore/options.ts';
import type { Diagnostic } from '../../../shared/ppe/index.ts';
import { connectionProfile, modelCaller } from '../../services/ppe/call-model.ts';
import { folderScripts, SCRIPT_EXTENSION, scriptIdOf } from '../../services/ppe/folder-scripts.ts';
import type { CliIo } from '../io.ts';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from '../usage-error.ts';

export const PPE_HELP = `Usage: lorewright ppe <command> [options]

Commands:
  check <file...>      report syntax errors, unknown directives and unsupported constructs
                       (file:line:column severity code message); exit 1 when any is an error
  run <file>           run a script and print its final result

Options of run:
  --input JSON         the script's input: an object of named inputs, or the first positional input
  --endpoint URL       OpenAI-compatible base URL (e.g. http://127.0.0.1:8080/v1); needed only when the script
                       calls a model, together with --model
  --model M            model id to ask
  --api-key-env VAR    read the API key from this environment variable
  --step-limit N       budget of instructions and loop turns (default 10000)
  --timeout MS         stop the run after MS milliseconds of its own work (default: the saved PPE
                       limit, else ${DEFAULT_LIMITS.ppeMs}; time
                       spent waiting for the model is not counted)

Scripts a script calls ($exec, chains, [[@id]], type:) are read from its folder as <id>.ai.yaml.

Options:
  --json               machine-readable output; for run: {"result": …, "requests": [bodies sent]}
  -h, --help           this help
`;

const options = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  input: { type: 'string' },
  endpoint: { type: 'string' },
  model: { type: 'string' },
  'api-key-env': { type: 'string' },
  'step-limit': { type: 'string' },
  timeout: { type: 'string' },
} satisfies ParseArgsConfig['options'];

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true; strict: true }>>['values'];

function readScript(file: string, cwd: string): { abs: string; text: string } {
  const abs = path.resolve(cwd, file);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isFile()) throw new UsageError(`No such file: ${file}`, PPE_HELP);
  return { abs, text: fs.readFileSync(abs, 'utf8') };
}

const formatDiagnostic = (file: string, d: Diagnostic): string =>
  `${file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}\n`;

function check(files: string[], json: boolean, io: CliIo): number {
  if (files.length === 0) throw new UsageError('"ppe check" needs at least one file.', PPE_HELP);
  const results = files.map((file) => {
    const { abs, text } = readScript(file, io.cwd);
    return { file, diagnostics: checkPpe(text, { loadScript: folderScripts(path.dirname(abs)).load }) };
  });
  if (json) io.out(`${JSON.stringify(results, null, 2)}\n`);
  else for (const { file, diagnostics } of results) for (const d of diagnostics) io.out(formatDiagnostic(file, d));
  return results.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? EXIT_FAILED : EXIT_OK;
}

function parseInput(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UsageError(`--input must be JSON: ${(e as Error).message}`, PPE_HELP);
  }
}

function stepLimit(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--step-limit must be a positive whole number, got "${text}".`, PPE_HELP);
  return n;
}

async function run(files: string[], values: Values, io: CliIo): Promise<number> {
  if (files.length !== 1) throw new UsageError('"ppe run" needs exactly one file.', PPE_HELP);
  const { endpoint, model } = values;
  if ((endpoint === undefined) !== (model === undefined))
    throw new UsageError('--endpoint and --model go together.', PPE_HELP);
  if (values['api-key-env'] !== undefined && endpoint === undefined)
    throw new UsageError('--api-key-env needs --endpoint and --model.', PPE_HELP);
  const input = parseInput(values.input);
  const limit = stepLimit(values['step-limit']);
  const timeoutMs = timeoutOption(values.timeout, PPE_HELP);
  const file = files[0]!;
  const { abs, text } = readScript(file, io.cwd);
  const callModel =
    endpoint !== undefined && model !== undefined
      ? modelCaller(connectionProfile({ baseURL: endpoint, model, apiKeyEnv: values['api-key-env'] }, io.env))
      : undefined;
  try {
    const run = {
      document: text,
      input,
      callModel,
      loadScript: folderScripts(path.dirname(abs)).load,
      stepLimit: limit,
      scriptId: scriptIdOf(abs),
    };
    const result = await ppeInSandbox(cliSandbox(io), run, { timeoutMs });
    if (values.json)
      io.out(`${JSON.stringify({ result: result.output ?? null, requests: result.requests }, null, 2)}\n`);
    else if (result.output !== undefined)
      io.out(`${typeof result.output === 'string' ? result.output : JSON.stringify(result.output, null, 2)}\n`);
    return EXIT_OK;
  } catch (e) {
    if (!(e instanceof PpeRunError)) throw e;
    // A called script's error points at its own file, which sits next to the one being run.
    const inFile =
      e.script === undefined || e.script === scriptIdOf(abs)
        ? file
        : path.join(path.dirname(file), `${e.script}${SCRIPT_EXTENSION}`);
    const where = e.line === undefined ? inFile : `${inFile}:${e.line}:${e.column}`;
    io.err(`lorewright: ${where} ${e.code}: ${e.message}\n`);
    return EXIT_FAILED;
  }
}

export async function runPpeCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message, PPE_HELP);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    io.out(PPE_HELP);
    return command === undefined && !values.help ? EXIT_USAGE : EXIT_OK;
  }
  if (command === 'check') return check(rest, values.json ?? false, io);
  if (command === 'run') return run(rest, values, io);
  throw new UsageError(`Unknown ppe command "${command}".`, PPE_HELP);
}
