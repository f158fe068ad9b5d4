// The worked example of the reference (sillytavern-prompt.md §2.10 / §3.7): card "Aria", persona "Sam", one @depth
// World Info entry at depth 2, and a four-message chat.
import { readFileSync } from 'node:fs';
import type { PromptInput } from '../../../shared/prompt/index.ts';

export function aria(): Omit<PromptInput, 'mode'> {
  return JSON.parse(readFileSync(new URL('../../fixtures/prompt/aria.json', import.meta.url), 'utf8')) as Omit<PromptInput, 'mode'>;
}

/** The same card with the §2.10 additions: system prompt with {{original}}, PHI, and a character's note. */
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
