// Entry point: settings resolved over the fresh-install defaults, then the mode's assembler.
import { guesstimate } from '../tokenize/guesstimate.ts';
import { assembleChatCompletion } from './chat-completion.ts';
import { resolveSettings } from './defaults.ts';
import { renderChatTemplate } from './jinja.ts';
import { assembleTextCompletion } from './text-completion.ts';
import type { PromptInput, PromptResult } from './types.ts';

export function assemblePrompt(input: PromptInput): PromptResult {
  const settings = resolveSettings(input.settings);
  const counter = input.tokenizer ?? guesstimate;
  if (input.mode === 'text') return assembleTextCompletion(input, settings, counter);
  const result = assembleChatCompletion(input, settings, counter);
  if (input.mode === 'chat') return result;
  if (!input.jinja) throw new Error("mode 'jinja' needs a chat template (input.jinja.template)");
  const messages = result.chat?.messages ?? [];
  const prompt = renderChatTemplate(messages, input.jinja, input.generationType !== 'continue');
  return {
    ...result,
    mode: 'jinja',
    text: { prompt, stop: [] },
    tokens: { ...result.tokens, total: counter.count(prompt) },
  };
}
