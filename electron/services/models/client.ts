// One OpenAI SDK client per call, configured only from the profile: no environment variable (OPENAI_API_KEY,
// OPENAI_BASE_URL, OPENAI_ORG_ID…) may leak into a request to some other server.
import OpenAI from 'openai';
import type { ConnectionProfile } from './profiles.ts';

/** The SDK insists on a key; local servers without `--api-key` ignore whatever is sent. */
const NO_KEY = 'no-key';

export const DEFAULT_TIMEOUT_MS = 60_000;

export function createClient(profile: ConnectionProfile): OpenAI {
  return new OpenAI({
    baseURL: profile.baseURL,
    apiKey: profile.apiKey || NO_KEY,
    adminAPIKey: null,
    organization: null,
    project: null,
    timeout: profile.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: profile.maxRetries ?? 2,
    logLevel: 'off',
  });
}
