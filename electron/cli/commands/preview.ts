/** `lorewright preview FILE...`: which lore entries fire for each scenario, where they go, and why. */
import path from 'node:path';
import type { ScanResult } from '../../../shared/lorebook/index.ts';
import type { CliIo } from '../io.ts';
import { formatResult } from '../lore/preview-text.ts';
import { parseCommandArgs, timeoutOption } from '../lore/options.ts';
import { inFile } from '../lore/read-json.ts';
import { timedScanInSandbox } from '../../sandbox/index.ts';
import { cliSandbox } from '../sandbox.ts';
import type { ScanTiming } from '../../sandbox/tasks.ts';
import { loadScenarioFile } from '../lore/scenario.ts';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage-error.ts';
import { errorMessage } from '../../../shared/errors.ts';

export const PREVIEW_HELP = `Usage: lorewright preview [--json] [--explain] [--repeat N] [--timeout MS] FILE...

Runs SillyTavern 1.18's World Info scan on each scenario FILE and prints the entries that fire, in prompt order,
grouped by prompt slot, with the reason each fired and the token budget used. A file with "turns" runs them in
order, carrying sticky/cooldown/delay state from turn to turn.

A FILE is a scenario (every field spelled out, as in conformance cases), a case file (with "input" or "turns"),
or a light scenario with only "books" and "chat" (everything else defaults to SillyTavern's new-install
settings; see docs/lore-tests.md).

Options:
  --json          one line of JSON per FILE: {"file": FILE, "result": R}; R is the scan result with its "trace"
                  and "explanations" (an array of results for a file with turns)
  --explain       also list the entries that did not fire, and why (alias: --why)
  --repeat N      scan N more times warm and add "timing": {"compileMs", "scanMsMedian", "scanMsP95"} to R
  --timeout MS    stop a scan after MS milliseconds (default: the saved scan limit, else 2000)
                  and name a runaway regex key
  -h, --help      this help
`;

const options = {
  json: { type: 'boolean' },
  explain: { type: 'boolean' },
  why: { type: 'boolean' },
  repeat: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The JSON form of a result: the recorded fields, the trace, and the explanations under their public name. */
function resultJson(result: ScanResult, timing: ScanTiming | undefined): Record<string, unknown> {
  const { explain, ...rest } = result;
  return { ...rest, explanations: explain, ...(timing ? { timing } : {}) };
}

export async function runPreview(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, options, PREVIEW_HELP);
  if (values.help) {
    io.out(PREVIEW_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('preview needs at least one scenario file.', PREVIEW_HELP);
  const timeout = timeoutOption(values.timeout, PREVIEW_HELP);
  const repeat = values.repeat === undefined ? 0 : Number(values.repeat);
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > 100_000) {
    if (values.repeat !== undefined)
      throw new UsageError(`--repeat must be a whole number from 1 to 100000, got "${values.repeat}".`, PREVIEW_HELP);
  }
  const explainAll = values.explain === true || values.why === true;
  let failed = false;
  for (const file of positionals) {
    try {
      const scenario = loadScenarioFile(path.resolve(io.cwd, file), file);
      const { results, timing } = await timedScanInSandbox(cliSandbox(io), scenario.turns, repeat, {
        timeoutMs: timeout,
      });
      if (values.json) {
        const r = results.map((x) => resultJson(x, timing));
        io.out(`${JSON.stringify({ file, result: scenario.multiTurn ? r : r[0] })}\n`);
      } else {
        if (positionals.length > 1) io.out(`== ${file}\n`);
        io.out(
          results
            .map((r, i) =>
              formatResult(r, explainAll, scenario.multiTurn ? `Turn ${i + 1} of ${results.length}` : undefined),
            )
            .join('\n'),
        );
        if (timing)
          io.out(
            `timing: compile ${timing.compileMs} ms, warm scan median ${timing.scanMsMedian} ms, p95 ${timing.scanMsP95} ms\n`,
          );
      }
    } catch (e) {
      // One bad file is reported and the others still run.
      const error = inFile(file, e);
      io.err(`lorewright: ${errorMessage(error)}\n`);
      failed = true;
    }
  }
  return failed ? EXIT_FAILED : EXIT_OK;
}
