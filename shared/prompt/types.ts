// Inputs and outputs of prompt assembly. Names follow SillyTavern where docs/prompt-assembly.md uses them, so worked examples translate one to one.
import type { InstructTemplate, ContextTemplate } from './templates.ts';

export type Role = 'system' | 'user' | 'assistant';

/** The card fields prompt assembly reads (V2/V3 `data`, see `characterFromCard`). Texts are raw, as stored. */
export interface PromptCharacter {
  name: string;
  /** V3 only; used as `{{char}}` when `useNickname` is set. */
  nickname?: string;
  description?: string;
  personality?: string;
  scenario?: string;
  mesExample?: string;
  systemPrompt?: string;
  postHistoryInstructions?: string;
  /** `data.extensions.depth_prompt`, the "Character's Note". */
  depthPrompt?: { prompt: string; depth?: number; role?: Role };
  creatorNotes?: string;
  characterVersion?: string;
  firstMes?: string;
  alternateGreetings?: string[];
}

export interface PromptPersona {
  name: string;
  description?: string;
  /** Where the description goes: in the prompt (default), in-chat at a depth, or nowhere. */
  position?: 'prompt' | 'depth' | 'none';
  depth?: number;
  role?: Role;
}

/** A chat message in SillyTavern's stored shape (oldest first). */
export interface PromptChatMessage {
  name: string;
  is_user: boolean;
  mes: string;
  /** Hidden from the prompt. */
  is_system?: boolean;
  /** `'narrator'` makes a visible system message. */
  extra?: { type?: string };
  /** Set by `/sendas`; makes the name appear under the default names behaviour. */
  force_avatar?: string;
}

/**
 * The activation engine's prompt strings (docs/world-info-scenarios.md#prompt-strings), declared structurally so this module does
 * not depend on `shared/lorebook`. Contents are already macro-expanded by the engine.
 */
export interface LoreResult {
  worldInfoBefore: string;
  worldInfoAfter: string;
  depth: { depth: number | null; entries: string[]; role: number }[];
  examples: { position: 0 | 1; content: string }[];
  anTop: string[];
  anBottom: string[];
  outlets: Record<string, string[]>;
  /** The note with AN top/bottom entries wrapped around it, when the engine was told the note is inserted. */
  authorsNote: string | null;
}

export interface AuthorsNoteSettings {
  text: string;
  /** 'in-chat' at `depth`, or attached to the main prompt / story string. */
  position: 'in-chat' | 'before-main' | 'after-main';
  depth: number;
  /** Insert every N user messages; 0 = never. */
  interval: number;
  role: Role;
}

export type NamesBehavior = 'none' | 'default' | 'completion' | 'content';

export type GenerationType = 'normal' | 'continue' | 'impersonate';

export interface ChatCompletionSettings {
  mainPrompt: string;
  auxiliaryPrompt: string;
  postHistoryInstructions: string;
  enhanceDefinitions: string | null;
  newChatPrompt: string;
  newExampleChatPrompt: string;
  continueNudgePrompt: string;
  impersonationPrompt: string;
  namesBehavior: NamesBehavior;
  sendIfEmpty: string;
  squashSystemMessages: boolean;
  pinExamples: boolean;
  maxContext: number;
  maxTokens: number;
}

export interface TextCompletionSettings {
  /** The text-completion system prompt ("Neutral - Chat"); `null` = disabled (drops the card overrides too). */
  systemPrompt: string | null;
  postHistoryInstructions: string;
  context: ContextTemplate;
  instruct: InstructTemplate | null;
  maxContext: number;
  maxTokens: number;
}

export interface PromptSettings {
  preferCharacterPrompt: boolean;
  preferCharacterInstructions: boolean;
  /** V3 behaviour: `{{char}}` is the card's `nickname` when it has one. SillyTavern 1.18 ignores it. */
  useNickname: boolean;
  authorsNote: AuthorsNoteSettings;
  chat: ChatCompletionSettings;
  text: TextCompletionSettings;
  /** Source of `{{random}}`/`{{roll}}`; a fixed default keeps assembly deterministic. */
  random?: () => number;
}

export interface JinjaOptions {
  template: string;
  bosToken?: string;
  eosToken?: string;
}

export interface PromptInput {
  character: PromptCharacter;
  persona: PromptPersona;
  chat: PromptChatMessage[];
  lore?: LoreResult | null;
  /** 'jinja' renders the Chat Completion messages with the model's own chat template. */
  mode: 'chat' | 'text' | 'jinja';
  jinja?: JinjaOptions;
  generationType?: GenerationType;
  /** Partial settings are merged over the fresh-install defaults. */
  settings?: DeepPartial<PromptSettings>;
  tokenizer?: TokenCounter;
}

/** Anything that counts tokens: a `Tokenizer` of shared/tokenize, or a test stub. */
export interface TokenCounter {
  count(text: string): number;
}

export type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends object ? (T[K] extends (...args: never[]) => unknown ? T[K] : DeepPartial<T[K]>) : T[K];
};

export interface ChatMessage {
  role: Role;
  content: string;
  name?: string;
}

/** One labelled piece of the prompt and what it costs. */
export interface PromptPart {
  id: string;
  tokens: number;
  /** For history and examples: how many messages / blocks were kept and dropped for the budget. */
  kept?: number;
  dropped?: number;
}

export interface PromptResult {
  mode: 'chat' | 'text' | 'jinja';
  chat?: { messages: ChatMessage[] };
  text?: { prompt: string; stop: string[] };
  parts: PromptPart[];
  tokens: { total: number; budget: number };
}
