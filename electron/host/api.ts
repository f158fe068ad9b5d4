/**
 * The API implementation behind both transports (IPC and HTTP): validates every input against the contract, runs
 * the handler, and turns every failure into the `{code, message, details}` envelope (error-policy.ts).
 */
import type { ApiErrorShape } from '../../shared/errors.ts';
import { isUnexpected, toApiError } from './error-policy.ts';
import type { CallOptions, MethodName } from '../../shared/api/contract.ts';
import { assertMethod, validateInput } from '../../shared/api/validate.ts';
import type { Handler, HostContext } from './handlers/types.ts';
import { cardHandlers } from './handlers/cards.ts';
import { convertHandlers } from './handlers/convert.ts';
import { appHandlers } from './handlers/app.ts';
import { lorebookHandlers } from './handlers/lorebooks.ts';
import { loreTestHandlers } from './handlers/lore-tests.ts';
import { scriptHandlers } from './handlers/scripts.ts';
import { chatsHandlers } from './handlers/chats.ts';
import { linkHandlers } from './handlers/links.ts';

import { processSandbox } from '../sandbox/index.ts';

export type { HostContext } from './handlers/types.ts';

/** What a host is opened with; the sandbox defaults to the process's shared pool. */
export type HostOptions = Omit<HostContext, 'sandbox'> & { sandbox?: HostContext['sandbox'] };

export type ApiReply = { ok: true; value: unknown } | { ok: false; error: ApiErrorShape };

export interface ApiHost {
  /** Runs one call; never throws: the reply carries the value or the error envelope. */
  call(method: string, input: unknown, options?: CallOptions<unknown>): Promise<ApiReply>;
}

/** Every method must have a handler: a missing one is a type error here. */
function allHandlers(ctx: HostContext): { [M in MethodName]: Handler<M> } {
  return {
    ...cardHandlers(ctx),
    ...convertHandlers(),
    ...appHandlers(ctx),
    ...lorebookHandlers(ctx),
    ...loreTestHandlers(ctx),
    ...scriptHandlers(ctx),
    ...chatsHandlers(ctx),
    ...linkHandlers(ctx),
  };
}

export function createApiHost(options: HostOptions): ApiHost {
  const ctx: HostContext = { ...options, sandbox: options.sandbox ?? processSandbox() };
  const table = allHandlers(ctx);
  return {
    async call(method, input, options = {}) {
      try {
        const name = assertMethod(method);
        const valid = validateInput(name, input);
        const handler = table[name] as Handler<typeof name>;
        const value = await handler(valid as never, options as never);
        return { ok: true, value };
      } catch (e) {
        const error = toApiError(e);
        if (isUnexpected(error)) ctx.log?.error(`${method} failed`, e);
        return { ok: false, error: error.toJSON() };
      }
    },
  };
}
