// The first message of a new chat (docs/prompt-assembly.md#greeting): `first_mes` with the alternate greetings as swipes. Stored raw;
// assembly expands it at every generation.
import type { PromptCharacter, PromptChatMessage } from './types.ts';

export interface GreetingMessage extends PromptChatMessage {
  swipes: string[];
  swipe_id: number;
}

/** null when the card has neither a first message nor alternates: the chat starts empty. */
export function greetingMessage(character: PromptCharacter): GreetingMessage | null {
  const alternates = character.alternateGreetings ?? [];
  const swipes = character.firstMes ? [character.firstMes, ...alternates] : alternates;
  if (swipes.length === 0) return null;
  return { name: character.name, is_user: false, mes: swipes[0]!, swipes, swipe_id: 0 };
}
