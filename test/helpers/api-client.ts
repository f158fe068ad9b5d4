/**
 * The API as tests use it in-process: the real host (schema validation, handlers, error envelope) behind the same
 * typed `ApiClient` the renderer gets, so a test's inputs and outputs are checked against the contract by tsc.
 */
import { createApiHost, type HostContext } from '../../electron/host/api.ts';
import type { ApiClient } from '../../shared/api/contract.ts';
import { ApiError, type ApiErrorShape } from '../../shared/errors.ts';

export interface TestApi extends ApiClient {
  /** Calls with an input the contract does not allow (boundary tests) and returns the error the host answered. */
  failure(method: string, input: unknown): Promise<ApiErrorShape>;
}

export function testApi(ctx: HostContext): TestApi {
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
