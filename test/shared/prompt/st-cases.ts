// The recorded SillyTavern 1.18.0 requests (test/fixtures/prompt-text, README there): each case's card, chat file
// and settings go through the same path as `lorewright prompt`, and the result is compared with what ST sent.
import { readdirSync, readFileSync } from 'node:fs';
import { fromSillyTavern } from '../../../shared/chat/formats/sillytavern.ts';
import { planTurn, type TurnPlan } from '../../../shared/chat/turn.ts';
import { chooseTemplates } from '../../../shared/prompt/template-choice.ts';
import type { ChatMessage, DeepPartial, PromptSettings, TokenCounter } from '../../../shared/prompt/index.ts';

export interface StCase {
  file: string;
  description: string;
  mode: 'text' | 'chat';
  instruct: string | null;
  context_template: string;
  bind_to_context: boolean;
  context_size: number;
  max_tokens: number;
  card: unknown;
  settings_changed: Record<string, unknown>;
  user: string;
  persona: string | null;
  chat_jsonl: string;
  expected_prompt?: string;
  expected_messages?: ChatMessage[];
  expected_stop?: string[];
  stop_as_received?: string[];
  request: Record<string, unknown>;
}

const dir = new URL('../../fixtures/prompt-text/', import.meta.url);

export function stCases(): StCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Omit<StCase, 'file'>) }));
}

/** Assembles a case as the CLI does: user name from the chat, Author's Note from its metadata, templates by name. */
export function runCase(c: StCase, tokenizer: TokenCounter): TurnPlan {
  const transcript = fromSillyTavern(c.chat_jsonl).value;
  const limits = { maxContext: c.context_size, maxTokens: c.max_tokens };
  const settings: DeepPartial<PromptSettings> =
    c.mode === 'text'
      ? { text: { ...chooseTemplates({ instruct: c.instruct, context: c.context_template }), ...limits } }
      : { chat: limits };
  return planTurn({
    card: c.card,
    persona: { name: transcript.user.name, ...(c.persona === null ? {} : { description: c.persona }) },
    transcript,
    mode: c.mode,
    settings,
    tokenizer: { name: 'case', count: (text) => tokenizer.count(text) },
    target: { model: '' },
  });
}
