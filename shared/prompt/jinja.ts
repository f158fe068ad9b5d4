// Text Completion through a model's own chat template (Hugging Face `chat_template`, Jinja), fed with the Chat
// Completion messages — the prompt a llama.cpp / vLLM server would build from the same request.
import { DEFAULT_LIMITS } from '../sandbox/limits.ts';
import { renderJinja } from '../util/jinja.ts';
import type { ChatMessage, JinjaOptions } from './types.ts';

export function renderChatTemplate(messages: ChatMessage[], options: JinjaOptions, addGenerationPrompt = true): string {
  // A pasted template is untrusted: range() and the output are held to the sandbox's limits.
  return renderJinja(
    options.template,
    {
      messages,
      add_generation_prompt: addGenerationPrompt,
      bos_token: options.bosToken ?? '',
      eos_token: options.eosToken ?? '',
    },
    { maxList: DEFAULT_LIMITS.maxList, maxOutput: DEFAULT_LIMITS.maxOutput },
  );
}
