// What a connection to a model server is made of, shared by the API contract and the Node side that connects.
// Every preset speaks the OpenAI protocol under its base URL (`/models`, `/chat/completions`, `/completions`).

export type ConnectionKind = 'openai-chat' | 'openai-text';

export type PresetId = 'openai' | 'openrouter' | 'llamacpp' | 'ollama' | 'koboldcpp' | 'lmstudio' | 'vllm';

/** The sampling parameters a profile may set; a request's own parameters win. */
export interface SamplerParameters {
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  seed?: number;
  stop?: string[];
}
