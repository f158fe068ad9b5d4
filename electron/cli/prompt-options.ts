/** The prompt options `lorewright prompt` and `lorewright chat` share: templates, limits, names, tokenizer. */
import fs from 'node:fs';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { settingsFromSillyTavern } from '../../shared/prompt/st-settings.ts';
import { contextFromSillyTavern, instructFromSillyTavern, TemplateError } from '../../shared/prompt/templates.ts';
import { chooseTemplates, UnknownTemplateError, type TemplateChoice } from '../../shared/prompt/template-choice.ts';
import type { DeepPartial, PromptSettings } from '../../shared/prompt/types.ts';
import { loadTokenizer, sillyTavernTokenizer, tokenizerNames } from '../../shared/tokenize/index.ts';
import type { Tokenizer, TokenizerName } from '../../shared/tokenize/index.ts';
import type { CliIo } from './io.ts';
import { UsageError } from './usage-error.ts';

export const promptOptions = {
  mode: { type: 'string' },
  instruct: { type: 'string' },
  template: { type: 'string' },
  context: { type: 'string' },
  'bind-to-context': { type: 'boolean' },
  'st-settings': { type: 'string' },
  'instruct-file': { type: 'string' },
  'context-file': { type: 'string' },
  'max-context': { type: 'string' },
  'max-tokens': { type: 'string' },
  user: { type: 'string' },
  persona: { type: 'string' },
  tokenizer: { type: 'string' },
} satisfies ParseArgsConfig['options'];

export const PROMPT_OPTIONS_HELP = `  --mode MODE          chat (Chat Completion messages) or text (Text Completion prompt); default: text when
                       an instruct or context template is named, else chat
  --instruct NAME      instruct template by SillyTavern's name (case-insensitive), or none (default)
  --template NAME      same as --instruct
  --context NAME       context template by SillyTavern's name; "Default" is a fresh install's Default
  --bind-to-context    without --context, use the context template named like the instruct template
  --st-settings FILE   your SillyTavern settings.json: its templates (instruct on or off), system prompt,
                       limits, user name and persona; the other options win over it
  --instruct-file FILE your own instruct template (a SillyTavern instruct JSON)
  --context-file FILE  your own context template (a SillyTavern context JSON)
  --max-context N      context size in tokens (SillyTavern: text 8192, chat 4095)
  --max-tokens N       response length in tokens (SillyTavern: text 350, chat 300)
  --user NAME          the user's name (default: the chat's user messages, else "User")
  --persona TEXT       the user's persona description
  --tokenizer NAME     estimate, ${tokenizerNames.filter((n) => n !== 'guesstimate').join(', ')}; default: SillyTavern's
                       (text: llama = LLaMA 1/2 plus 64 tokens of padding; chat: cl100k_base or the
                       model's OpenAI tokenizer, plus 3 tokens per message)`;

export type PromptOptionValues = {
  [K in keyof typeof promptOptions]?: (typeof promptOptions)[K]['type'] extends 'boolean' ? boolean : string;
};

function positiveInt(name: string, value: string | undefined, help: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${name} must be a positive whole number, got "${value}".`, help);
  return n;
}

function templateFile<T>(cwd: string, file: string, read: (raw: unknown, where: string) => T): T {
  const abs = path.resolve(cwd, file);
  if (!fs.existsSync(abs)) throw new Error(`No such file: ${file}`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(abs, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not JSON: ${(e as Error).message}`);
  }
  try {
    return read(raw, file);
  } catch (e) {
    if (e instanceof TemplateError) throw new Error(e.message);
    throw e;
  }
}

export interface PromptChoices {
  mode: 'chat' | 'text';
  templates: TemplateChoice | undefined;
  settings: DeepPartial<PromptSettings>;
  /** From --user, else the settings file's. */
  userName?: string;
  /** From --persona, else the settings file's. */
  persona?: string;
}

/** Reads the shared options; an unknown template name is a usage mistake. */
export function promptChoices(v: PromptOptionValues, io: CliIo, help: string): PromptChoices {
  if (v.instruct !== undefined && v.template !== undefined)
    throw new UsageError('--template is another name for --instruct: give one.', help);
  const instructName = v.instruct ?? v.template;
  const named =
    instructName !== undefined ||
    v.context !== undefined ||
    v['instruct-file'] !== undefined ||
    v['context-file'] !== undefined;
  const st =
    v['st-settings'] === undefined ? undefined : templateFile(io.cwd, v['st-settings'], settingsFromSillyTavern);
  const mode = v.mode ?? (named ? 'text' : (st?.mode ?? 'chat'));
  if (mode !== 'chat' && mode !== 'text') throw new UsageError(`--mode must be chat or text, got "${mode}".`, help);
  if (mode === 'chat' && instructName !== undefined && instructName.toLowerCase() !== 'none') {
    throw new UsageError('--instruct applies to --mode text only (Chat Completion sends messages).', help);
  }
  const maxContext = positiveInt('max-context', v['max-context'], help);
  const maxTokens = positiveInt('max-tokens', v['max-tokens'], help);
  if (maxContext !== undefined && maxTokens !== undefined && maxTokens >= maxContext) {
    throw new UsageError(`--max-tokens (${maxTokens}) must be smaller than --max-context (${maxContext}).`, help);
  }
  const limits = {
    ...(maxContext === undefined ? {} : { maxContext }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
  };
  // A template file without a "name" is called after the file.
  const fromFile = <T extends { name: string }>(
    file: string | undefined,
    read: (raw: unknown, where: string) => T,
  ): T | undefined => {
    if (file === undefined) return undefined;
    const t = templateFile(io.cwd, file, read);
    return { ...t, name: t.name || path.basename(file) };
  };
  const instructFile = fromFile(v['instruct-file'], instructFromSillyTavern);
  const contextFile = fromFile(v['context-file'], contextFromSillyTavern);
  const templates: TemplateChoice | undefined =
    mode === 'text' && (named || !st)
      ? {
          instruct: instructFile?.name ?? instructName,
          context: contextFile?.name ?? v.context,
          bindToContext: v['bind-to-context'] === true,
          custom: { instruct: instructFile ? [instructFile] : [], context: contextFile ? [contextFile] : [] },
        }
      : undefined;
  try {
    if (templates) chooseTemplates(templates);
  } catch (e) {
    if (e instanceof UnknownTemplateError) throw new UsageError(e.message, help);
    throw e;
  }
  const base = st?.settings ?? {};
  const settings =
    mode === 'text' ? { ...base, text: { ...base.text, ...limits } } : { ...base, chat: { ...base.chat, ...limits } };
  return { mode, templates, settings, userName: v.user ?? st?.userName, persona: v.persona ?? st?.persona };
}

/** The tokenizer asked for (`estimate` = SillyTavern's guesstimate), else SillyTavern's for the mode and model. */
export function promptTokenizerName(
  name: string | undefined,
  mode: 'chat' | 'text',
  model: string,
  help: string,
): TokenizerName {
  const wanted = name === 'estimate' ? 'guesstimate' : (name ?? sillyTavernTokenizer(mode, model));
  if (!tokenizerNames.includes(wanted as TokenizerName)) {
    throw new UsageError(
      `Unknown --tokenizer "${name}". Known: estimate, ${tokenizerNames.filter((n) => n !== 'guesstimate').join(', ')}.`,
      help,
    );
  }
  return wanted as TokenizerName;
}

export function promptTokenizer(
  name: string | undefined,
  mode: 'chat' | 'text',
  model: string,
  help: string,
): Promise<Tokenizer> {
  return loadTokenizer(promptTokenizerName(name, mode, model, help));
}
