// A script run for the API: the library supplies called scripts, a connection supplies the model, and progress
// (streamed tokens, log entries) flows out as it happens. A failing script is a result, not an exception, so the
// caller keeps the log of what was sent before it failed.
import { ApiError } from '../../../shared/errors.ts';
import type { CancelSignal } from '../../../shared/api/contract.ts';
import type { ScriptRunInput, ScriptRunProgress, ScriptRunResult } from '../../../shared/api/methods/scripts.ts';
import { PpeRunError } from '../../../shared/ppe/index.ts';
import type { LoadScript, RunLogEntry } from '../../../shared/ppe/index.ts';
import { ModelError } from '../models/index.ts';
import { connectionProfile, modelCaller } from './call-model.ts';
import { ppeInSandbox } from '../../sandbox/evaluate.ts';
import type { SandboxPool } from '../../sandbox/pool.ts';
import type { ConnectionProfile } from '../models/index.ts';
import { checkKeyVariable } from '../chats/api-key.ts';

export interface RunScriptContext {
  loadScript: LoadScript;
  env: NodeJS.ProcessEnv;
  onProgress?: (event: ScriptRunProgress) => void;
  signal?: CancelSignal;
  /** Where the script runs; the host only answers its calls for library scripts and the model. */
  sandbox: SandboxPool;
  /** A saved connection profile with its key, for `profileId`. */
  savedConnection?: (id: string) => ConnectionProfile;
}

/** The model a run talks to: a saved profile, a connection given with the run, or none. */
function runProfile(input: ScriptRunInput, ctx: RunScriptContext): ConnectionProfile | undefined {
  if (input.profileId !== undefined) {
    if (!ctx.savedConnection) throw new ApiError('bad_input', 'Saved connections are not available here.');
    return ctx.savedConnection(input.profileId);
  }
  if (!input.connection) return undefined;
  if (input.connection.apiKeyEnv !== undefined)
    checkKeyVariable(input.connection.apiKeyEnv, input.connection.baseURL, '/connection/apiKeyEnv');
  try {
    return connectionProfile(input.connection, ctx.env);
  } catch (e) {
    throw new ApiError('bad_input', (e as Error).message, [{ path: '/connection/apiKeyEnv', message: 'not set' }]);
  }
}

export async function runScript(input: ScriptRunInput, ctx: RunScriptContext): Promise<ScriptRunResult> {
  const log: RunLogEntry[] = [];
  // The API's signal is a minimal interface; the HTTP client needs a real AbortSignal.
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (ctx.signal?.aborted) abort();
  ctx.signal?.addEventListener('abort', abort, { once: true });
  try {
    const profile = runProfile(input, ctx);
    const callModel =
      profile &&
      modelCaller(profile, {
        signal: controller.signal,
        onToken: (text, request) => ctx.onProgress?.({ kind: 'token', text, request }),
      });
    const result = await ppeInSandbox(
      ctx.sandbox,
      {
        document: input.document,
        input: input.input,
        callModel,
        loadScript: ctx.loadScript,
        stepLimit: input.stepLimit,
        scriptId: input.name,
        onLog: (entry) => {
          log.push(entry);
          ctx.onProgress?.({ kind: 'log', entry });
        },
      },
      { signal: ctx.signal },
    );
    return {
      status: 'done',
      output: result.output,
      messages: result.messages,
      requests: result.requests,
      log: result.log,
    };
  } catch (e) {
    if (e instanceof ModelError && e.code === 'aborted') throw new ApiError('cancelled', 'The run was cancelled.');
    if (e instanceof PpeRunError) {
      const { code, message, line, column, script } = e;
      return {
        status: 'failed',
        error: {
          code,
          message,
          ...(line === undefined ? {} : { line, column }),
          ...(script === undefined || script === input.name ? {} : { script }),
        },
        log,
      };
    }
    if (e instanceof ModelError) return { status: 'failed', error: { code: e.code, message: e.message }, log };
    throw e;
  } finally {
    ctx.signal?.removeEventListener('abort', abort);
  }
}
