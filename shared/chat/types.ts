// The transcript of a test chat: Lorewright's own format, the source of truth that the GLM and SillyTavern exports
// are derived from. Every message keeps its alternatives (swipes) and, per generated swipe, what it cost and what
// produced it, so "show prompt" works for any past reply.
import type { TimedWorldInfo } from '../lorebook/model.ts';

export const TRANSCRIPT_FORMAT = 'lorewright-chat';
export const TRANSCRIPT_VERSION = 1;

export type MessageRole = 'user' | 'assistant' | 'system';

/** Figures of one generation, as measured by the client. */
export interface GenerationStats {
  /** Completion tokens (the server's count when it reported usage, else our tokenizer's). */
  tokens?: number;
  promptTokens?: number;
  /** From sending the request to the first token; null when no token came. */
  firstTokenMs?: number | null;
  totalMs?: number;
  tokensPerSecond?: number | null;
  finishReason?: string | null;
  model?: string;
}

/** One World Info entry that fired for a turn. */
export interface FiredLore {
  book: string;
  uid: number;
  comment: string;
  keys: string[];
  /** World Info position (0 before, 1 after, 4 @depth, …); null when the entry has none. */
  position: number | null;
  depth: number | null;
}

export interface Swipe {
  text: string;
  /** ISO-8601. */
  at?: string;
  stats?: GenerationStats;
  lore?: FiredLore[];
  /** The request body sent for this swipe (model, parameters, messages or prompt). */
  request?: Record<string, unknown>;
}

/** Fields of an imported file that Lorewright does not model, kept per source format so a re-export restores them. */
export interface Foreign {
  st?: Record<string, unknown>;
  glm?: Record<string, unknown>;
}

export interface TranscriptMessage {
  /** Stable within a transcript ("m1", "m2", …). */
  id: string;
  role: MessageRole;
  name: string;
  /** At least one. */
  swipes: Swipe[];
  /** Index of the shown swipe. */
  swipe: number;
  /** The card's greeting: its swipes are `first_mes` and the alternate greetings. */
  greeting?: boolean;
  /** Kept in the transcript, left out of the prompt (SillyTavern's `is_system`). */
  hidden?: boolean;
  at: string;
  foreign?: Foreign;
}

export interface Transcript {
  format: typeof TRANSCRIPT_FORMAT;
  version: typeof TRANSCRIPT_VERSION;
  createdAt: string;
  character: { name: string };
  user: { name: string; persona?: string };
  /** Oldest first. */
  messages: TranscriptMessage[];
  /** World Info sticky/cooldown state after the last generated turn; carried into the next scan. */
  timedEffects?: TimedWorldInfo | null;
  foreign?: Foreign;
}

/** What an import or export could not carry. */
export interface ChatLossItem {
  /** JSON path in the source document. */
  path: string;
  reason: string;
}

export interface ChatConversion<T> {
  value: T;
  lost: ChatLossItem[];
}
