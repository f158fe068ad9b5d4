// The model boundary: the request the runtime sends (standard OpenAI chat fields and roles only) and how a reply is
// turned into a value under `response_format`.
import yaml from 'js-yaml';
import { PpeRunError } from './run-error.ts';
import { checkTree } from '../util/document-limits.ts';

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export type ResponseFormat =
  | { type: 'json_object' }
  | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } };

export interface ModelRequest {
  messages: ChatMessage[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
  seed?: number;
  stop?: string[];
  response_format?: ResponseFormat;
}

export interface ModelResponse {
  content: string;
  finish_reason?: string;
}

/** Injected by the caller (HTTP client in the app, a fake in tests). */
export type CallModel = (request: ModelRequest) => Promise<ModelResponse>;

const NUMERIC = ['temperature', 'top_p', 'max_tokens', 'presence_penalty', 'frequency_penalty', 'seed'] as const;

/** Keys of `parameters`/`$AI` that become request fields; everything else stays out of the request body. */
export const REQUEST_PARAM_KEYS = new Set<string>([...NUMERIC, 'stop', 'stop_words', 'response_format']);

export type ReplyFormat = 'text' | 'json' | 'yaml';

export function replyFormat(params: Record<string, unknown>): ReplyFormat | 'nobj' {
  const rf = params['response_format'];
  const type = rf && typeof rf === 'object' ? (rf as Record<string, unknown>)['type'] : rf;
  if (type === 'json' || type === 'json_object' || type === 'json_schema') return 'json';
  if (type === 'yaml') return 'yaml';
  if (type === 'nobj') return 'nobj';
  return 'text';
}

/** The standard request fields from merged parameters. */
export function requestParams(params: Record<string, unknown>): Omit<ModelRequest, 'messages'> {
  const out: Omit<ModelRequest, 'messages'> = {};
  for (const key of NUMERIC) {
    const v = params[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
  }
  const stop = params['stop'] ?? params['stop_words'];
  if (typeof stop === 'string') out.stop = [stop];
  else if (Array.isArray(stop)) out.stop = stop.map(String);
  const rf = params['response_format'];
  if (rf && typeof rf === 'object' && (rf as Record<string, unknown>)['type'] === 'json_schema')
    out.response_format = rf as ResponseFormat;
  else if (replyFormat(params) === 'json') out.response_format = { type: 'json_object' };
  return out;
}

/** JSON from a reply, tolerating code fences and prose around one object or array. */
function parseJson(text: string): unknown {
  const candidates = [
    text.trim(),
    /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1]?.trim(),
    /[[{][\s\S]*[\]}]/.exec(text)?.[0],
  ];
  for (const c of candidates) {
    if (!c) continue;
    try {
      return JSON.parse(c);
    } catch {
      // try the next candidate
    }
  }
  throw new Error('not valid JSON');
}

export function parseReply(content: string, format: ReplyFormat, forceJson: unknown): unknown {
  if (format === 'text') return content;
  try {
    return checkTree(format === 'json' ? parseJson(content) : yaml.load(content, { schema: yaml.CORE_SCHEMA }));
  } catch (e) {
    if (forceJson === false) return content;
    const shown = content.length > 200 ? `${content.slice(0, 200)}…` : content;
    throw new PpeRunError(
      'model-reply',
      `The model's reply is not valid ${format.toUpperCase()} (${(e as Error).message}): ${JSON.stringify(shown)}`,
    );
  }
}
