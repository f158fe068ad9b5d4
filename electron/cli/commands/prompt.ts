/** `lorewright prompt …`: the request a test chat would send next, assembled exactly as SillyTavern 1.18 would. */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { readTurnFiles } from '../../services/chats/files.ts';
import { planInSandbox } from '../../sandbox/index.ts';
import { cliSandbox } from '../sandbox.ts';
import { timeoutOption } from '../lore/options.ts';
import type { CliIo } from '../io.ts';
import { promptChoices, PROMPT_OPTIONS_HELP, promptOptions, promptTokenizerName } from '../prompt-options.ts';
import { EXIT_OK, UsageError } from '../usage-error.ts';

export const PROMPT_HELP = `Usage: lorewright prompt --card FILE [--book FILE ...] --chat FILE [--mode chat|text]
                        [--instruct NAME|none] [--context NAME] [--max-context N] [--max-tokens N]
                        [--user NAME] [--persona TEXT] [--tokenizer NAME] [--st-settings FILE] [--timeout MS] [--json]

Prints the next request of a chat exactly as SillyTavern 1.18 would send it: its first-run settings unless told
otherwise, the Author's Note of the chat file (chat_metadata), the chat trimmed to the context size. The card's own
lorebook is always scanned; --book adds more (any supported lorebook format).

Options:
  --card FILE          character card (PNG, JSON, YAML, CharX)
  --book FILE          extra lorebook, repeatable
  --chat FILE          the chat so far: SillyTavern JSONL, GLM JSON/YAML or a Lorewright transcript
${PROMPT_OPTIONS_HELP}
  --timeout MS         stop the assembly after MS milliseconds (default: the saved scan limit, else
                       2000), naming a runaway regex key
  --json               {"request", "lore", "parts", "tokens"} instead of the bare request
  -h, --help           this help

Without --json, chat mode prints the request body (JSON) and text mode the prompt text itself.
`;

const options = {
  card: { type: 'string' },
  book: { type: 'string', multiple: true },
  chat: { type: 'string' },
  ...promptOptions,
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

export async function runPrompt(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values;
  } catch (e) {
    throw new UsageError((e as Error).message, PROMPT_HELP);
  }
  if (values.help) {
    io.out(PROMPT_HELP);
    return EXIT_OK;
  }
  if (!values.card) throw new UsageError('--card is required.', PROMPT_HELP);
  if (!values.chat) throw new UsageError('--chat is required.', PROMPT_HELP);
  const { mode, templates, settings, userName, persona } = promptChoices(values, io, PROMPT_HELP);
  const tokenizer = promptTokenizerName(values.tokenizer, mode, '', PROMPT_HELP);
  const timeoutMs = timeoutOption(values.timeout, PROMPT_HELP);

  const files = readTurnFiles(io.cwd, values.card, values.book ?? [], values.chat);
  const transcript = files.chat!.value;
  for (const item of files.chat!.lost) io.err(`lorewright: ${values.chat}: ${item.path}: ${item.reason}\n`);
  const plan = await planInSandbox(
    cliSandbox(io),
    {
      card: files.card,
      books: files.books,
      transcript,
      persona: { name: userName ?? transcript.user.name, description: persona ?? transcript.user.persona },
      mode,
      templates,
      settings,
      target: { model: '' },
      tokenizer,
    },
    { timeoutMs },
  );
  // No model is chosen here; the rest of the body is what a send would carry.
  const { model: _model, ...request } = plan.request;
  if (values.json) {
    io.out(
      `${JSON.stringify({ request, lore: plan.lore, parts: plan.prompt.parts, tokens: plan.prompt.tokens }, null, 2)}\n`,
    );
  } else {
    io.out(mode === 'text' ? String(request.prompt) : `${JSON.stringify(request, null, 2)}\n`);
  }
  return EXIT_OK;
}
