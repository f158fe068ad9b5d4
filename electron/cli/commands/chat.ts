/** `lorewright chat …`: one test-chat turn against any OpenAI-compatible server, with the reference defaults. */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { appendMessage, createTranscript } from '../../../shared/chat/transcript.ts';
import { characterFromCard } from '../../../shared/prompt/card.ts';
import { readTurnFiles } from '../../services/chats/files.ts';
import { generate } from '../../services/chats/generate.ts';
import { planInSandbox } from '../../sandbox/index.ts';
import { cliSandbox } from '../sandbox.ts';
import { timeoutOption } from '../lore/options.ts';
import { loadTokenizer } from '../../../shared/tokenize/index.ts';
import type { CliIo } from '../io.ts';
import { promptChoices, PROMPT_OPTIONS_HELP, promptOptions, promptTokenizerName } from '../prompt-options.ts';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage-error.ts';

export const CHAT_HELP = `Usage: lorewright chat --endpoint URL --model M [--api-key-env VAR] --card FILE [--book FILE ...]
                      [--chat FILE] --message TEXT [--mode chat|text] [--instruct NAME|none] [--context NAME]
                      [--max-context N] [--max-tokens N] [--user NAME] [--persona TEXT] [--tokenizer NAME]
                      [--stream] [--timeout MS] [--json]

Sends one turn as SillyTavern 1.18 would (its first-run settings unless told otherwise, the chat file's Author's
Note, the card's own lorebook always used) and prints the reply.

Options:
  --endpoint URL      base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1
  --model M           model id sent with the request
  --api-key-env VAR   read the API key from this environment variable (keys are never taken on the command line)
  --card FILE         character card (PNG, JSON, YAML, CharX)
  --book FILE         extra lorebook, repeatable
  --chat FILE         the chat so far (SillyTavern JSONL, GLM JSON/YAML, Lorewright transcript);
                      default: a new chat opening with the card's greeting
  --message TEXT      the user's message
${PROMPT_OPTIONS_HELP}
  --stream            stream the reply, printing tokens as they arrive
  --timeout MS        stop the prompt assembly after MS milliseconds (default: the saved scan limit, else
                      2000); the model's time is not limited
  --json              print one JSON object {"request": <the body sent>, "reply": "<text>"}
  -h, --help          this help
`;

const options = {
  endpoint: { type: 'string' },
  model: { type: 'string' },
  'api-key-env': { type: 'string' },
  card: { type: 'string' },
  book: { type: 'string', multiple: true },
  chat: { type: 'string' },
  message: { type: 'string' },
  ...promptOptions,
  stream: { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

export async function runChat(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values;
  } catch (e) {
    throw new UsageError((e as Error).message, CHAT_HELP);
  }
  if (values.help) {
    io.out(CHAT_HELP);
    return EXIT_OK;
  }
  for (const name of ['endpoint', 'model', 'card', 'message'] as const) {
    if (values[name] === undefined) throw new UsageError(`--${name} is required.`, CHAT_HELP);
  }
  if (!/^https?:\/\//.test(values.endpoint!))
    throw new UsageError(`--endpoint must be an http(s) URL, got "${values.endpoint}".`, CHAT_HELP);
  const { mode, templates, settings, userName, persona } = promptChoices(values, io, CHAT_HELP);
  const keyVar = values['api-key-env'];
  const apiKey = keyVar === undefined ? undefined : io.env[keyVar];
  if (keyVar !== undefined && !apiKey) {
    io.err(`lorewright: the API key variable ${keyVar} is not set.\n`);
    return EXIT_FAILED;
  }

  const files = readTurnFiles(io.cwd, values.card!, values.book ?? [], values.chat);
  for (const item of files.chat?.lost ?? []) io.err(`lorewright: ${values.chat}: ${item.path}: ${item.reason}\n`);
  const character = characterFromCard(files.card);
  const user = userName ?? files.chat?.value.user.name ?? 'User';
  const start = files.chat?.value ?? createTranscript(character, { name: user });
  const transcript = appendMessage(start, 'user', user, { text: values.message! });
  const tokenizerName = promptTokenizerName(values.tokenizer, mode, values.model!, CHAT_HELP);
  const timeoutMs = timeoutOption(values.timeout, CHAT_HELP);
  const stream = values.stream === true;
  const plan = await planInSandbox(
    cliSandbox(io),
    {
      card: files.card,
      books: files.books,
      transcript,
      persona: { name: user, description: persona ?? start.user.persona },
      mode,
      templates,
      settings,
      target: { model: values.model!, stream },
      tokenizer: tokenizerName,
    },
    { timeoutMs },
  );
  // The host counts the reply with the same tokenizer the sandbox counted the prompt with.
  const tokenizer = await loadTokenizer(tokenizerName);
  const profile = {
    name: 'cli',
    kind: mode === 'text' ? ('openai-text' as const) : ('openai-chat' as const),
    baseURL: values.endpoint!,
    model: values.model!,
    apiKey,
  };
  const live = stream && !values.json;
  const reply = await generate(profile, plan, { tokenizer, onToken: live ? (t) => io.out(t) : undefined });
  if (values.json) io.out(`${JSON.stringify({ request: plan.request, reply: reply.text })}\n`);
  else io.out(live ? '\n' : `${reply.text}\n`);
  return EXIT_OK;
}
