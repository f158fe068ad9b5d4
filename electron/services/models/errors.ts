// Every failure of a model call becomes one `ModelError` with a code the UI can act on and a sentence a user can read.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ConnectionProfile } from './profiles.ts';

export type ModelErrorCode =
  | 'connection-refused'
  | 'host-not-found'
  | 'connection-failed'
  | 'connection-lost'
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'model-not-found'
  | 'context-too-long'
  | 'rate-limited'
  | 'bad-request'
  | 'server-error'
  | 'bad-response'
  | 'aborted';

export class ModelError extends Error {
  readonly code: ModelErrorCode;
  readonly status: number | undefined;

  constructor(code: ModelErrorCode, message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelError';
    this.code = code;
    this.status = status;
  }
}

/** Walks `cause` links: undici hides the socket error code two levels down. */
function causeCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$|^UND_ERR/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function serverMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : '';
}

const CONTEXT_PATTERN =
  /context[ _-]?(length|window|size)|maximum context|too many tokens|prompt is too long|exceeds? the (available )?context/i;

export function toModelError(err: unknown, profile: ConnectionProfile): ModelError {
  if (err instanceof ModelError) return err;
  const where = profile.baseURL;
  if (err instanceof APIUserAbortError || (err instanceof Error && err.name === 'AbortError')) {
    return new ModelError('aborted', 'The request was cancelled.', undefined, { cause: err });
  }
  if (err instanceof APIConnectionTimeoutError) {
    return new ModelError('timeout', `${where} did not answer in time.`, undefined, { cause: err });
  }
  if (err instanceof APIConnectionError) {
    const code = causeCode(err);
    if (code === 'ECONNREFUSED') {
      return new ModelError(
        'connection-refused',
        `Cannot connect to ${where}: connection refused. Is the server running?`,
        undefined,
        { cause: err },
      );
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return new ModelError('host-not-found', `Cannot connect to ${where}: host not found.`, undefined, { cause: err });
    }
    return new ModelError('connection-failed', `Cannot connect to ${where}${code ? ` (${code})` : ''}.`, undefined, {
      cause: err,
    });
  }
  if (err instanceof APIError && err.status !== undefined) {
    const detail = serverMessage(err);
    const suffix = detail ? `: ${detail}` : '.';
    const status = err.status;
    if (status === 401)
      return new ModelError('unauthorized', `The server rejected the API key (401)${suffix}`, status, { cause: err });
    if (status === 403) return new ModelError('forbidden', `Access denied (403)${suffix}`, status, { cause: err });
    if (status === 404) {
      const aboutModel = err.code === 'model_not_found' || /model/i.test(detail);
      return aboutModel
        ? new ModelError('model-not-found', `Model "${profile.model}" not found on ${where}${suffix}`, status, {
            cause: err,
          })
        : new ModelError(
            'not-found',
            `${where} has no such endpoint (404). Check the base URL (it usually ends in /v1).`,
            status,
            { cause: err },
          );
    }
    if (
      err.code === 'context_length_exceeded' ||
      ((status === 400 || status === 413 || status === 422) && CONTEXT_PATTERN.test(detail))
    ) {
      return new ModelError('context-too-long', `The prompt is longer than the model's context${suffix}`, status, {
        cause: err,
      });
    }
    if (status === 429) return new ModelError('rate-limited', `Rate limited (429)${suffix}`, status, { cause: err });
    if (status >= 500)
      return new ModelError('server-error', `The server failed (${status})${suffix}`, status, { cause: err });
    return new ModelError('bad-request', `The server refused the request (${status})${suffix}`, status, { cause: err });
  }
  if (err instanceof APIError) {
    // An `error` object inside the stream.
    return new ModelError('server-error', `The server reported an error mid-stream: ${err.message}`, undefined, {
      cause: err,
    });
  }
  if (err instanceof SyntaxError) {
    return new ModelError('bad-response', `${where} sent a malformed stream event (not JSON).`, undefined, {
      cause: err,
    });
  }
  const code = causeCode(err);
  if (err instanceof TypeError || code?.startsWith('UND_ERR') || code === 'ECONNRESET') {
    return new ModelError('connection-lost', `The connection to ${where} was lost mid-response.`, undefined, {
      cause: err,
    });
  }
  return new ModelError(
    'bad-response',
    `Unexpected failure talking to ${where}: ${String((err as Error)?.message ?? err)}`,
    undefined,
    { cause: err },
  );
}
