/** `lorewright <command>`: the headless front door to the same services the app uses. */
import { errorMessage } from '../../shared/errors.ts';
import { runLibrary } from './commands/library.ts';
import { processIo, quitQuietlyOnClosedPipe } from './io.ts';
import type { CliIo } from './io.ts';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from './usage-error.ts';

export const MAIN_HELP = `Usage: lorewright <command> [options]

Commands:
  library   list, search, get, delete, restore and import cards in the local library
  ppe       check and run PPE prompt scripts (.ai.yaml) against an OpenAI-compatible model
  convert   convert card files and folders to V2 or V3 (--out DIR or --in-place)
  validate  check card files against the spec: errors and warnings with JSON pointers
  preview   which lorebook entries fire for a scenario, where they go and why (--why, --json, --timeout)
  test      run lore tests: scenarios with expected entries (fires, doesNotFire, slot)
  book      convert a lorebook between st, v2, v3, novelai, agnai and risu, with the loss report
  prompt    print the exact request a test chat would send next (chat or text completion)
  chat      send one test-chat turn to an OpenAI-compatible server and print the reply

Run "lorewright <command> --help" for a command's options; "lorewright --verbose <command> …" also prints the
stack of a failure.
Exit codes: 0 ok, 1 some inputs failed, 2 usage error.
`;

const COMMANDS: Record<string, (argv: string[], io: CliIo) => Promise<number>> = {
  library: runLibrary,
  ppe: async (argv, io) => (await import('./commands/ppe.ts')).runPpeCommand(argv, io),
  convert: async (argv, io) => (await import('./commands/convert.ts')).runConvert(argv, io),
  validate: async (argv, io) => (await import('./commands/validate.ts')).runValidate(argv, io),
  preview: async (argv, io) => (await import('./commands/preview.ts')).runPreview(argv, io),
  test: async (argv, io) => (await import('./commands/lore-test.ts')).runLoreTest(argv, io),
  book: async (argv, io) => (await import('./commands/book.ts')).runBook(argv, io),
  prompt: async (argv, io) => (await import('./commands/prompt.ts')).runPrompt(argv, io),
  chat: async (argv, io) => (await import('./commands/chat.ts')).runChat(argv, io),
};

export async function runCli(argv: string[], io: CliIo = processIo): Promise<number> {
  // A global option, before the command: after it, every argument is the command's own.
  const verbose = argv[0] === '--verbose';
  const [command, ...rest] = verbose ? argv.slice(1) : argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(MAIN_HELP);
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (io === processIo) quitQuietlyOnClosedPipe();
  const run = COMMANDS[command];
  try {
    if (!run) throw new UsageError(`Unknown command "${command}".`, MAIN_HELP);
    return await run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`lorewright: ${e.message}\n\n${e.help}`);
      return EXIT_USAGE;
    }
    io.err(`lorewright: ${errorMessage(e)}\n`);
    if (verbose && e instanceof Error && e.stack) io.err(`${e.stack}\n`);
    return EXIT_FAILED;
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  process.exitCode = await runCli(process.argv.slice(2));
}
