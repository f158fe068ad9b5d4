// Streaming generation over the OpenAI protocol: chat (`/chat/completions`) and text (`/completions`).
// Events instead of exceptions, so a UI loop can render tokens, the end, and a failure the same way.
import type OpenAI from 'openai';
import { createClient, DEFAULT_TIMEOUT_MS } from './client.ts';
import { ModelError, toModelError } from './errors.ts';
import type { ConnectionProfile, GenerationParameters } from './profiles.ts';

export interface ChatRequestMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  name?: string;
}

export interface ChatRequest {
  messages: ChatRequestMessage[];
  parameters?: GenerationParameters;
  /** Default true; false asks for one complete answer (reported as a single token event). */
  stream?: boolean;
}

export interface TextRequest {
  prompt: string;
  parameters?: GenerationParameters;
  stream?: boolean;
}

export interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

export interface Timing {
  /** From sending the request to the first non-empty token; null when none came. */
  firstTokenMs: number | null;
  totalMs: number;
}

export type StreamEvent =
  | { type: 'token'; text: string }
  | { type: 'done'; text: string; finishReason: string | null; usage: Usage | null; timing: Timing }
  | { type: 'error'; error: ModelError; text: string };

export interface StreamOptions {
  signal?: AbortSignal;
}

interface Piece {
  text: string;
  finishReason: string | null;
  usage: Usage | null;
}

type Open = (
  client: OpenAI,
  body: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<AsyncIterable<Piece> | Piece>;

interface ChoiceLike {
  finish_reason?: string | null;
  delta?: { content?: string | null };
  message?: { content?: string | null };
  text?: string;
}

const piece = (
  chunk: { choices?: ChoiceLike[]; usage?: Usage | null },
  read: (c: ChoiceLike) => string | null | undefined,
): Piece => {
  const choice = chunk.choices?.[0];
  return {
    text: (choice && read(choice)) ?? '',
    finishReason: choice?.finish_reason ?? null,
    usage: chunk.usage ?? null,
  };
};

async function* mapped<T>(source: AsyncIterable<T>, f: (chunk: T) => Piece): AsyncIterable<Piece> {
  for await (const chunk of source) yield f(chunk);
}

const openChat: Open = async (client, body, signal) => {
  const res = await client.chat.completions.create(body as never, { signal });
  if (Symbol.asyncIterator in res) return mapped(res as AsyncIterable<never>, (c) => piece(c, (x) => x.delta?.content));
  return piece(res as never, (x) => x.message?.content);
};

const openText: Open = async (client, body, signal) => {
  const res = await client.completions.create(body as never, { signal });
  if (Symbol.asyncIterator in res) return mapped(res as AsyncIterable<never>, (c) => piece(c, (x) => x.text));
  return piece(res as never, (x) => x.text);
};

async function* generate(
  profile: ConnectionProfile,
  body: Record<string, unknown>,
  open: Open,
  options: StreamOptions,
): AsyncGenerator<StreamEvent> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });
  // The SDK's timeout covers only the wait for headers; this one also catches a stream that goes silent.
  const idleMs = profile.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleMs);
  };
  const started = performance.now();
  let firstTokenMs: number | null = null;
  let text = '';
  let finishReason: string | null = null;
  let usage: Usage | null = null;
  const take = (p: Piece): string => {
    finishReason = p.finishReason ?? finishReason;
    usage = p.usage ?? usage;
    if (p.text) {
      firstTokenMs ??= performance.now() - started;
      text += p.text;
    }
    return p.text;
  };
  try {
    arm();
    const opened = await open(createClient(profile), body, controller.signal);
    if (Symbol.asyncIterator in opened) {
      for await (const p of opened) {
        arm();
        const token = take(p);
        if (token) yield { type: 'token', text: token };
      }
    } else {
      const token = take(opened);
      if (token) yield { type: 'token', text: token };
    }
    // The SDK ends an aborted stream quietly; a cut-short answer must not look finished.
    if (controller.signal.aborted) throw new ModelError('aborted', 'The request was cancelled.');
    yield { type: 'done', text, finishReason, usage, timing: { firstTokenMs, totalMs: performance.now() - started } };
  } catch (err) {
    const error = timedOut
      ? new ModelError('timeout', `${profile.baseURL} sent nothing for ${idleMs / 1000} s.`, undefined, { cause: err })
      : toModelError(err, profile);
    yield { type: 'error', error, text };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    controller.abort();
  }
}

const requestBody = (profile: ConnectionProfile, parameters: GenerationParameters | undefined, stream: boolean) => ({
  model: profile.model,
  ...profile.parameters,
  ...parameters,
  stream,
});

export function streamChat(
  profile: ConnectionProfile,
  request: ChatRequest,
  options: StreamOptions = {},
): AsyncIterable<StreamEvent> {
  const body = { ...requestBody(profile, request.parameters, request.stream ?? true), messages: request.messages };
  return generate(profile, body, openChat, options);
}

export function streamText(
  profile: ConnectionProfile,
  request: TextRequest,
  options: StreamOptions = {},
): AsyncIterable<StreamEvent> {
  const body = { ...requestBody(profile, request.parameters, request.stream ?? true), prompt: request.prompt };
  return generate(profile, body, openText, options);
}
