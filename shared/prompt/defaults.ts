// The settings of a fresh SillyTavern 1.18 install (docs/prompt-assembly.md#defaults), and merging a caller's partial settings over them.
import { firstRunContext } from './templates.ts';
import type { DeepPartial, PromptSettings } from './types.ts';
import { isObject } from '../util/is-object.ts';
import { isUnsafeKey } from '../util/own.ts';

const MAIN_PROMPT = "Write {{char}}'s next reply in a fictional chat between {{char}} and {{user}}.";

export const defaultSettings: PromptSettings = {
  preferCharacterPrompt: true,
  preferCharacterInstructions: true,
  useNickname: false,
  authorsNote: { text: '', position: 'in-chat', depth: 4, interval: 1, role: 'system' },
  chat: {
    mainPrompt: MAIN_PROMPT,
    auxiliaryPrompt: '',
    postHistoryInstructions: '',
    enhanceDefinitions: null,
    newChatPrompt: '[Start a new Chat]',
    newExampleChatPrompt: '[Example Chat]',
    continueNudgePrompt: '[Continue your last message without repeating its original content.]',
    impersonationPrompt:
      "[Write your next reply from the point of view of {{user}}, using the chat history so far as a guideline for the writing style of {{user}}. Write 1 reply only in internet RP style. Don't write as {{char}} or system. Don't describe actions of {{char}}.]",
    namesBehavior: 'default',
    sendIfEmpty: '',
    squashSystemMessages: false,
    pinExamples: false,
    maxContext: 4095,
    maxTokens: 300,
  },
  text: {
    systemPrompt: MAIN_PROMPT,
    postHistoryInstructions: '',
    context: firstRunContext,
    instruct: null,
    maxContext: 8192,
    maxTokens: 350,
  },
};

function merge<T>(base: T, patch: unknown): T {
  if (!isObject(base) || !isObject(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    // Settings come from files and requests: a `__proto__` key must not become the result's prototype.
    if (value === undefined || isUnsafeKey(key)) continue;
    // Templates are replaced whole: half a ChatML template merged into Alpaca is nobody's template.
    const whole = key === 'context' || key === 'instruct';
    out[key] = whole || !Object.hasOwn(base, key) ? value : merge(base[key as keyof typeof base], value);
  }
  return out as T;
}

export function resolveSettings(partial: DeepPartial<PromptSettings> | undefined): PromptSettings {
  return merge(defaultSettings, partial);
}
