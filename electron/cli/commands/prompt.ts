/** `lorewright prompt …`: the request a test chat would send next, assembled exactly as the app assembles it. */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { readTurnFiles } from '../../services/chats/files.ts';
import { templateNames } from '../../services/chats/turn-plan.ts';
import { planInSandbox, processSandbox } from '../../sandbox/index.ts';
import { timeoutOption } from '../lore/options.ts';
import type { CliIo } from '../io.ts';
import { EXIT_OK, UsageError } from '../usage-error.ts';

export const PROMPT_HELP = `Usage: lorewright prompt --card FILE [--book FILE ...] [--persona TEXT] --chat FILE
                        [--mode chat|text] [--template NAME] [--timeout MS] [--json]

Prints the next request of a chat exactly as it would be sent, with SillyTavern's default settings. The card's
own lorebook is always scanned; --book adds more (any supported lorebook format).

Options:
  --card FILE       character card (PNG, JSON, YAML, CharX)
  --book FILE       extra lorebook, repeatable
  --persona TEXT    the user's persona description (the user's name comes from the chat)
  --chat FILE       the chat so far: SillyTavern JSONL, GLM JSON/YAML or a Lorewright transcript
  --mode MODE       chat (Chat Completion messages, default) or text (Text Completion prompt)
  --template NAME   instruct template for text mode: ${templateNames.join(', ')}
  --timeout MS      stop the assembly after MS milliseconds (default 2000), naming a runaway regex key
  --json            {"request", "lore", "parts", "tokens"} instead of the bare request
  -h, --help        this help

Without --json, chat mode prints the request body (JSON) and text mode the prompt text itself.
`;

const options = {
  card: { type: 'string' },
  book: { type: 'string', multiple: true },
  persona: { type: 'string' },
  chat: { type: 'string' },
  mode: { type: 'string' },
  template: { type: 'string' },
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
  const mode = values.mode ?? 'chat';
  if (mode !== 'chat' && mode !== 'text') throw new UsageError(`--mode must be chat or text, got "${mode}".`, PROMPT_HELP);
  if (values.template !== undefined && mode !== 'text') throw new UsageError('--template applies to --mode text only.', PROMPT_HELP);
  if (values.template !== undefined && !templateNames.includes(values.template as never)) {
    throw new UsageError(`Unknown --template "${values.template}". Known: ${templateNames.join(', ')}.`, PROMPT_HELP);
  }

  const timeoutMs = timeoutOption(values.timeout, PROMPT_HELP);
  const files = readTurnFiles(io.cwd, values.card, values.book ?? [], values.chat);
  const transcript = files.chat!.value;
  for (const item of files.chat!.lost) io.err(`lorewright: ${values.chat}: ${item.path}: ${item.reason}\n`);
  const plan = await planInSandbox(processSandbox({ size: 1 }), {
    card: files.card,
    books: files.books,
    transcript,
    persona: { name: transcript.user.name, description: values.persona ?? transcript.user.persona },
    mode,
    template: values.template,
    target: { model: '' },
  }, { timeoutMs });
  // No model is chosen here; the rest of the body is what a send would carry.
  const { model: _model, ...request } = plan.request;
  if (values.json) {
    io.out(`${JSON.stringify({ request, lore: plan.lore, parts: plan.prompt.parts, tokens: plan.prompt.tokens }, null, 2)}\n`);
  } else {
    io.out(mode === 'text' ? String(request.prompt) : `${JSON.stringify(request, null, 2)}\n`);
  }
  return EXIT_OK;
}
