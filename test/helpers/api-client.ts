/**
 * The API as tests use it in-process: the real host (schema validation, handlers, error envelope) behind the same
 * typed `ApiClient` the renderer gets, so a test's inputs and outputs are checked against the contract by tsc.
 */
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createApiHost, type HostOptions } from '../../electron/host/api.ts';
import { openLibrary, type Library } from '../../electron/services/library/library.ts';
import { startOpenAIServer, type OpenAIServer } from '../electron/models/openai-server.ts';
import { useTempDir } from './temp-dir.ts';
import type { ApiClient } from '../../shared/api/contract.ts';
import { ApiError, type ApiErrorShape } from '../../shared/errors.ts';

export interface TestApi extends ApiClient {
  /** Calls with an input the contract does not allow (boundary tests) and returns the error the host answered. */
  failure(method: string, input: unknown): Promise<ApiErrorShape>;
}

export function testApi(ctx: HostOptions): TestApi {
  const host = createApiHost(ctx);
  return {
    async invoke(method, input, options = {}) {
      const reply = await host.call(method, input, options as never);
      if (!reply.ok) throw ApiError.from(reply.error);
      return reply.value as never;
    },
    async failure(method, input) {
      const reply = await host.call(method, input);
      if (reply.ok) throw new Error(`${method} succeeded but a failure was expected`);
      return reply.error;
    },
  };
}

/**
 * For each test: a fresh library file and its API, beside a real local OpenAI-protocol server (chats and script
 * runs). Read the fields inside tests; they are replaced before each one.
 */
export function useApiWithModelServer(options: Parameters<typeof startOpenAIServer>[0]) {
  const tempDir = useTempDir();
  const env = {} as { dir: string; library: Library; api: TestApi; server: OpenAIServer };
  beforeEach(async () => {
    env.dir = tempDir();
    env.library = openLibrary(path.join(env.dir, 'library.db'));
    env.api = testApi({ library: env.library });
    env.server = await startOpenAIServer(options);
  });
  afterEach(async () => {
    env.library.close();
    await env.server.close();
  });
  return env;
}
