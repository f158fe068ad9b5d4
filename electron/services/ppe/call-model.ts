// The real model behind a PPE run: each request the runtime builds goes to one OpenAI-compatible connection as a
// streamed chat, tokens reported as they come, the whole answer returned when the stream ends.
import type { CallModel, ModelRequest } from '../../../shared/ppe/index.ts';
import { streamChat } from '../models/index.ts';
import type { ConnectionProfile } from '../models/index.ts';

/** Where a run's model lives. The key is named by an environment variable so it never sits in scripts or inputs. */
export interface PpeConnection {
  baseURL: string;
  model: string;
  apiKeyEnv?: string;
}

export interface CallModelOptions {
  signal?: AbortSignal;
  /** Each streamed piece of the current answer; `requestIndex` counts requests from 0 within the run. */
  onToken?: (text: string, requestIndex: number) => void;
}

export function connectionProfile(connection: PpeConnection, env: NodeJS.ProcessEnv): ConnectionProfile {
  const apiKey = connection.apiKeyEnv ? env[connection.apiKeyEnv] : undefined;
  if (connection.apiKeyEnv && !apiKey)
    throw new Error(`The environment variable ${connection.apiKeyEnv} (the API key) is not set.`);
  return {
    name: 'ppe',
    kind: 'openai-chat',
    baseURL: connection.baseURL,
    model: connection.model,
    ...(apiKey ? { apiKey } : {}),
  };
}

export function modelCaller(profile: ConnectionProfile, options: CallModelOptions = {}): CallModel {
  let requests = 0;
  return async (request: ModelRequest) => {
    const index = requests++;
    // The runtime already reduced the request to standard OpenAI fields, so they go to the body as they are.
    const { messages, ...parameters } = request;
    for await (const event of streamChat(profile, { messages, parameters }, { signal: options.signal })) {
      if (event.type === 'token') options.onToken?.(event.text, index);
      else if (event.type === 'error') throw event.error;
      else return { content: event.text, ...(event.finishReason ? { finish_reason: event.finishReason } : {}) };
    }
    // streamChat always ends with `done` or `error`; this only satisfies the type checker.
    throw new Error('The model stream ended without an answer.');
  };
}
