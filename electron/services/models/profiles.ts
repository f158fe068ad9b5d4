// Connection profiles and the presets of the servers authors actually use; the shapes the API contract shares are
// in shared/chat/connection.ts.
import type { ConnectionKind, PresetId, SamplerParameters } from '../../../shared/chat/connection.ts';

export type { ConnectionKind, PresetId } from '../../../shared/chat/connection.ts';

/** Sampling parameters sent with every request of a profile; a request's own parameters win. */
export interface GenerationParameters extends SamplerParameters {
  /** Server-specific extras (top_k, min_p, repetition_penalty, …), sent as body fields. */
  [extra: string]: unknown;
}

export interface ConnectionProfile {
  name: string;
  kind: ConnectionKind;
  baseURL: string;
  model: string;
  /** Absent for local servers that need none. */
  apiKey?: string;
  parameters?: GenerationParameters;
  /** Time allowed for the server to start answering, and the longest silence inside a stream (ms). */
  timeoutMs?: number;
  /** Retries of transient failures (connection errors, 408/409/429/5xx) before the first byte. */
  maxRetries?: number;
}

export interface ProviderPreset {
  label: string;
  kind: ConnectionKind;
  baseURL: string;
  needsApiKey: boolean;
}

export const providerPresets: Record<PresetId, ProviderPreset> = {
  openai: { label: 'OpenAI', kind: 'openai-chat', baseURL: 'https://api.openai.com/v1', needsApiKey: true },
  openrouter: { label: 'OpenRouter', kind: 'openai-chat', baseURL: 'https://openrouter.ai/api/v1', needsApiKey: true },
  llamacpp: { label: 'llama.cpp server', kind: 'openai-chat', baseURL: 'http://127.0.0.1:8080/v1', needsApiKey: false },
  ollama: { label: 'Ollama', kind: 'openai-chat', baseURL: 'http://127.0.0.1:11434/v1', needsApiKey: false },
  // KoboldCpp is a text-completion backend first; its chat endpoint applies its own adapter.
  koboldcpp: { label: 'KoboldCpp', kind: 'openai-text', baseURL: 'http://127.0.0.1:5001/v1', needsApiKey: false },
  lmstudio: { label: 'LM Studio', kind: 'openai-chat', baseURL: 'http://127.0.0.1:1234/v1', needsApiKey: false },
  vllm: { label: 'vLLM', kind: 'openai-chat', baseURL: 'http://127.0.0.1:8000/v1', needsApiKey: false },
};

/**
 * Environment variables a caller of the API may name as a key source, each with the one origin its key may go
 * to: OPENAI_API_KEY only ever to api.openai.com, and so on. Any other key is typed into the app's key store.
 */
export const KEY_VARIABLE_ORIGINS: Record<string, string> = Object.fromEntries(
  Object.entries(providerPresets)
    .filter(([, p]) => p.needsApiKey)
    .map(([id, p]) => [`${id.toUpperCase()}_API_KEY`, new URL(p.baseURL).origin]),
);

export function profileFromPreset(
  id: PresetId,
  fields: Partial<ConnectionProfile> & { model: string },
): ConnectionProfile {
  const preset = providerPresets[id];
  return { name: preset.label, kind: preset.kind, baseURL: preset.baseURL, ...fields };
}
