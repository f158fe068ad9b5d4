/**
 * Sends a planned turn: exactly the planned body goes out (the profile's parameters are already in it), tokens are
 * reported as they arrive, and the figures of the generation come back with the text.
 */
import type { TurnPlan } from '../../../shared/chat/turn.ts';
import type { GenerationStats } from '../../../shared/chat/types.ts';
import type { Tokenizer } from '../../../shared/tokenize/types.ts';
import { streamChat, streamText } from '../models/stream.ts';
import type { ChatRequestMessage, StreamEvent } from '../models/stream.ts';
import type { ConnectionProfile, GenerationParameters } from '../models/profiles.ts';

export interface Generated {
  text: string;
  stats: GenerationStats;
}

export interface GenerateOptions {
  onToken?: (token: string) => void;
  signal?: AbortSignal;
  /** Counts the reply when the server reports no usage. */
  tokenizer: Tokenizer;
}

function events(
  profile: ConnectionProfile,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): AsyncIterable<StreamEvent> {
  // The body already holds model and parameters; the profile contributes only where and how to connect.
  const { model: _model, stream, messages, prompt, ...parameters } = body;
  const connection = { ...profile, parameters: undefined };
  const common = { parameters: parameters as GenerationParameters, stream: stream !== false };
  return messages !== undefined
    ? streamChat(connection, { ...common, messages: messages as ChatRequestMessage[] }, { signal })
    : streamText(connection, { ...common, prompt: String(prompt) }, { signal });
}

/** Tokens per second of the streamed part (after the first token), the figure users compare between servers. */
export function tokensPerSecond(tokens: number, firstTokenMs: number | null, totalMs: number): number | null {
  if (firstTokenMs === null || tokens < 2) return null;
  const streamingMs = totalMs - firstTokenMs;
  return streamingMs > 0 ? ((tokens - 1) * 1000) / streamingMs : null;
}

/** Resolves with the reply; rejects with the ModelError of a failure (including cancellation: code 'aborted'). */
export async function generate(
  profile: ConnectionProfile,
  plan: Pick<TurnPlan, 'request'>,
  options: GenerateOptions,
): Promise<Generated> {
  for await (const event of events(profile, plan.request, options.signal)) {
    if (event.type === 'token') options.onToken?.(event.text);
    else if (event.type === 'error') throw event.error;
    else {
      const tokens = event.usage?.completion_tokens ?? options.tokenizer.count(event.text);
      const { firstTokenMs, totalMs } = event.timing;
      const stats: GenerationStats = {
        tokens,
        firstTokenMs,
        totalMs,
        tokensPerSecond: tokensPerSecond(tokens, firstTokenMs, totalMs),
        finishReason: event.finishReason,
        model: String(plan.request.model),
      };
      if (event.usage?.prompt_tokens !== undefined) stats.promptTokens = event.usage.prompt_tokens;
      return { text: event.text, stats };
    }
  }
  throw new Error('the model stream ended without a result');
}
