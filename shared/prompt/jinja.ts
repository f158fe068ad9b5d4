// Text Completion through a model's own chat template (Hugging Face `chat_template`, Jinja), fed with the Chat
// Completion messages — the prompt a llama.cpp / vLLM server would build from the same request.
import { Template } from '@huggingface/jinja';
import type { ChatMessage, JinjaOptions } from './types.ts';

export function renderChatTemplate(messages: ChatMessage[], options: JinjaOptions, addGenerationPrompt = true): string {
  return new Template(options.template).render({
    messages,
    add_generation_prompt: addGenerationPrompt,
    bos_token: options.bosToken ?? '',
    eos_token: options.eosToken ?? '',
  });
}
