// Reads the prompt-relevant fields of a character card (V1 flat, V2/V3 under `data`); lenient like the importers.
import type { PromptCharacter, Role } from './types.ts';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const roles: Record<string, Role> = {
  system: 'system',
  user: 'user',
  assistant: 'assistant',
  '0': 'system',
  '1': 'user',
  '2': 'assistant',
};

export function characterFromCard(card: unknown): PromptCharacter {
  const root = record(card);
  const data = root.data && typeof root.data === 'object' ? record(root.data) : root;
  const depth = record(record(data.extensions).depth_prompt);
  const depthPrompt = text(depth.prompt);
  const greetings = Array.isArray(data.alternate_greetings)
    ? data.alternate_greetings.filter((g) => typeof g === 'string')
    : [];
  return {
    name: text(data.name) ?? '',
    nickname: text(data.nickname),
    description: text(data.description),
    personality: text(data.personality),
    scenario: text(data.scenario),
    mesExample: text(data.mes_example),
    systemPrompt: text(data.system_prompt),
    postHistoryInstructions: text(data.post_history_instructions),
    depthPrompt: depthPrompt
      ? {
          prompt: depthPrompt,
          depth: typeof depth.depth === 'number' ? depth.depth : undefined,
          role: roles[String(depth.role)],
        }
      : undefined,
    creatorNotes: text(data.creator_notes),
    characterVersion: text(data.character_version),
    firstMes: text(data.first_mes),
    alternateGreetings: greetings,
  };
}
