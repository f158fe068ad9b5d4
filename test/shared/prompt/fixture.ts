// The worked example of the reference (docs/prompt-assembly.md#worked-example, #worked-example-in-text): card "Aria", persona "Sam", one @depth
// World Info entry at depth 2, and a four-message chat.
import { readFileSync } from 'node:fs';
import type { ChatMessage, PromptInput } from '../../../shared/prompt/index.ts';

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../fixtures/prompt/${name}`, import.meta.url), 'utf8')) as T;
}

export function aria(): Omit<PromptInput, 'mode'> {
  return fixture('aria.json');
}

/** The same card with the worked example's additions: system prompt with {{original}}, PHI, and a character's note. */
export function ariaWithOverrides(): Omit<PromptInput, 'mode'> {
  const input = aria();
  return {
    ...input,
    character: {
      ...input.character,
      systemPrompt: '{{original}} Stay in character as {{char}}.',
      postHistoryInstructions: '[Reply in under 100 words, {{user}}.]',
      depthPrompt: { prompt: 'Aria secretly fears the dark.', depth: 4, role: 'system' },
    },
    settings: { authorsNote: { text: 'Keep the mood cozy.' } },
  };
}

// the Chat Completion worked example, recorded from SillyTavern 1.18.0 with default settings
export const verified = fixture<ChatMessage[]>('aria-chat-completion.json');

// the Text Completion worked example (ChatML), recorded from SillyTavern 1.18.0
export const verifiedChatml = `<|im_start|>system
Write Aria's next reply in a fictional chat between Aria and Sam.
Aria is a cheerful lighthouse keeper on a rocky island.
Warm, curious, talkative.
Sam arrives at the lighthouse during a storm.
Sam is a soaked traveler from the mainland.<|im_end|>
<|im_start|>user
Sam: What do you do all day?<|im_end|>
<|im_start|>assistant
I polish the lens and count the ships. *She grins.*<|im_end|>
<|im_start|>assistant
*Aria opens the heavy door.* Come in, quick, before the wind takes you!<|im_end|>
<|im_start|>user
Thanks! Is it always this stormy here?<|im_end|>
<|im_start|>system
The storm has knocked out the island's radio.<|im_end|>
<|im_start|>assistant
Only in autumn. *She hands you a towel.* Tea?<|im_end|>
<|im_start|>user
Yes please. Does the storm worry you?<|im_end|>
<|im_start|>assistant
`;
