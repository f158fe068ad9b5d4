/** `lorewright test <files|dirs...>`: lore tests — scenarios whose turns carry `expect`, checked against the scan. */
import fs from 'node:fs';
import path from 'node:path';
import type { CliIo } from '../io.ts';
import { checkExpectations, hasExpectations, type ExpectationOutcome } from '../../../shared/lorebook/lore-test.ts';
import { parseCommandArgs, timeoutOption } from '../lore/options.ts';
import { inFile } from '../lore/read-json.ts';
import { scanInSandbox, type SandboxPool } from '../../sandbox/index.ts';
import { cliSandbox } from '../sandbox.ts';
import { walkFiles } from '../../services/files/walk-files.ts';
import { loadScenarioFile } from '../lore/scenario.ts';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage-error.ts';

export const LORE_TEST_HELP = `Usage: lorewright test <files|folders...> [options]

Runs lore tests: scenario files whose turns carry "expect" ({"fires": [...], "doesNotFire": [...],
"slot": {entry: slot}}), naming entries by "Book.uid", uid or comment. Folders are searched for .json files
that contain expectations (books and other JSON files next to them are skipped). Format: docs/lore-tests.md.

Options:
  --json          machine-readable results
  --timeout MS    fail a file whose scan runs over MS milliseconds (default: the saved scan limit,
                  else 2000), naming a runaway regex key
  -h, --help      this help

Exit codes: 0 every expectation passed, 1 a failure or an unreadable file, 2 usage error.
`;

const options = {
  json: { type: 'boolean' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface FileReport {
  file: string;
  error?: string;
  expectations: ExpectationOutcome[];
}

/** Whether a JSON file in a folder is a lore test: it has `expect` (at the top, in `input` or on a turn). Files
 * that do not parse count too, so a broken test is reported instead of silently skipped. */
function isLoreTest(file: string): boolean {
  let doc: { expect?: unknown; turns?: unknown; input?: { expect?: unknown } } | null;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as typeof doc;
  } catch {
    return true;
  }
  if (!doc || typeof doc !== 'object') return false;
  const turns: unknown[] = Array.isArray(doc.turns) ? doc.turns : [];
  return (
    doc.expect !== undefined ||
    doc.input?.expect !== undefined ||
    turns.some((t) => (t as { expect?: unknown } | null)?.expect !== undefined)
  );
}

/**
 * The files to run: each file named as typed, and the lore tests found in named folders (through walkFiles, so
 * link loops and already-walked folders are passed over). A JSON file that cannot be read (a FIFO, no permission) is
 * reported as a broken file.
 */
async function collect(args: string[], cwd: string): Promise<{ files: string[]; unreadable: FileReport[] }> {
  const typed = new Map<string, string>();
  for (const arg of args) {
    const full = path.resolve(cwd, arg);
    if (!fs.existsSync(full)) throw new UsageError(`No such file or folder: ${arg}`, LORE_TEST_HELP);
    typed.set(full, arg);
  }
  const shown = (full: string): string => typed.get(full) ?? (path.relative(cwd, full) || full);
  const walked = await walkFiles([...typed.keys()], { accept: (name) => name.endsWith('.json') });
  return {
    files: walked.files.filter((f) => typed.has(f.path) || isLoreTest(f.path)).map((f) => shown(f.path)),
    unreadable: walked.skipped
      .filter((s) => s.path.endsWith('.json') && s.code !== 'duplicate')
      .map((s) => ({ file: shown(s.path), error: `${shown(s.path)}: ${s.reason}`, expectations: [] })),
  };
}

async function runFile(
  file: string,
  cwd: string,
  sandbox: SandboxPool,
  timeout: number | undefined,
): Promise<FileReport> {
  try {
    const scenario = loadScenarioFile(path.resolve(cwd, file), file);
    if (!scenario.expects.some((e) => e && hasExpectations(e)))
      return { file, error: `${file}: no expectations: add "expect" to the scenario or its turns`, expectations: [] };
    const results = await scanInSandbox(sandbox, scenario.turns, { timeoutMs: timeout });
    return {
      file,
      expectations: results.flatMap((r, i) =>
        scenario.expects[i] ? checkExpectations(scenario.expects[i], r, i + 1) : [],
      ),
    };
  } catch (e) {
    return { file, error: e instanceof Error ? (inFile(file, e) as Error).message : String(e), expectations: [] };
  }
}

function describe(o: ExpectationOutcome): string {
  const what = o.kind === 'fires' ? 'fires' : o.kind === 'doesNotFire' ? 'does not fire' : `goes to ${o.slot}`;
  const entry = o.entry && o.entry !== String(o.ref) ? ` (${o.entry})` : '';
  return `turn ${o.turn}: ${JSON.stringify(o.ref)}${entry} ${what} — ${o.message}`;
}

export async function runLoreTest(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, options, LORE_TEST_HELP);
  if (values.help) {
    io.out(LORE_TEST_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('test needs at least one file or folder.', LORE_TEST_HELP);
  const timeout = timeoutOption(values.timeout, LORE_TEST_HELP);
  const { files, unreadable } = await collect(positionals, io.cwd);
  if (files.length === 0 && unreadable.length === 0)
    throw new UsageError(`No lore tests (JSON files with "expect") in ${positionals.join(', ')}.`, LORE_TEST_HELP);
  const reports: FileReport[] = [...unreadable];
  const sandbox = cliSandbox(io);
  for (const file of files) reports.push(await runFile(file, io.cwd, sandbox, timeout));

  const all = reports.flatMap((r) => r.expectations);
  const failed = all.filter((o) => !o.passed).length;
  const broken = reports.filter((r) => r.error).length;
  if (values.json) {
    io.out(`${JSON.stringify({ files: reports, passed: all.length - failed, failed, errors: broken }, null, 2)}\n`);
  } else {
    for (const report of reports) {
      io.out(`${report.file}\n`);
      if (report.error) io.out(`  ERROR ${report.error}\n`);
      for (const o of report.expectations) io.out(`  ${o.passed ? 'ok  ' : 'FAIL'}  ${describe(o)}\n`);
    }
    io.out(
      `\n${reports.length} file(s), ${all.length} expectation(s): ${all.length - failed} passed, ${failed} failed${broken ? `, ${broken} file(s) could not run` : ''}.\n`,
    );
  }
  return failed || broken ? EXIT_FAILED : EXIT_OK;
}
