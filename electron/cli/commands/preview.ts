/** `lorewright preview <scenario.json>`: which lore entries fire for a scenario, where they go, and why. */
import path from 'node:path';
import type { CliIo } from '../io.ts';
import { formatResult } from '../lore/preview-text.ts';
import { parseCommandArgs, timeoutOption } from '../lore/options.ts';
import { inFile } from '../lore/read-json.ts';
import { runTurns } from '../lore/run-scan.ts';
import { loadScenarioFile } from '../lore/scenario.ts';
import { EXIT_OK, UsageError } from '../usage-error.ts';

export const PREVIEW_HELP = `Usage: lorewright preview <scenario.json> [options]

Runs SillyTavern 1.18's World Info scan on a scenario and prints the entries that fire, in prompt order,
grouped by prompt slot, with the reason each fired and the token budget used. A scenario with "turns" runs
them in order, carrying sticky/cooldown/delay state from turn to turn.

A scenario needs only "books" and "chat"; every other field defaults to SillyTavern's new-install settings
(docs/lore-tests.md). Conformance scenarios and case files (with "input" or "turns") work as they are.

Options:
  --json          print the result object (an array of them for a scenario with turns)
  --why           also list the entries that did not fire, and why
  --timeout MS    scan in a worker, stop it after MS milliseconds and name a runaway regex key
  -h, --help      this help
`;

const options = {
  json: { type: 'boolean' },
  why: { type: 'boolean' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runPreview(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, options, PREVIEW_HELP);
  if (values.help) {
    io.out(PREVIEW_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'preview takes one scenario file.' : 'preview needs a scenario file.', PREVIEW_HELP);
  const timeout = timeoutOption(values.timeout, PREVIEW_HELP);
  const file = positionals[0] as string;
  let scenario;
  let results;
  try {
    scenario = loadScenarioFile(path.resolve(io.cwd, file), file);
    results = await runTurns(scenario.turns, timeout);
  } catch (e) {
    throw inFile(file, e);
  }
  if (values.json) {
    io.out(`${JSON.stringify(scenario.multiTurn ? results : results[0], null, 2)}\n`);
    return EXIT_OK;
  }
  io.out(results.map((r, i) => formatResult(r, values.why ?? false, scenario.multiTurn ? `Turn ${i + 1} of ${results.length}` : undefined)).join('\n'));
  return EXIT_OK;
}
