/**
 * The one error policy (docs/ARCHITECTURE.md#errors): code below the API throws typed errors — `ApiError` from
 * shared/errors.ts, or a domain's own error class — and this is the only place they become the `{code, message,
 * details}` the user sees. Anything else is a bug: the user gets its message marked internal, the log its stack.
 */
import { ApiError, errorMessage } from '../../shared/errors.ts';
import { CardError } from '../../shared/card/index.ts';
import { ChatFormatError } from '../../shared/chat/formats/index.ts';
import { TranscriptError } from '../../shared/chat/validate.ts';
import { BookFormatError } from '../../shared/lorebook/formats/index.ts';
import { UnknownTemplateError } from '../services/chats/turn-plan.ts';
import { ConvertUsageError } from '../services/convert/index.ts';
import { ModelError } from '../services/models/errors.ts';
import { SandboxLimitError } from '../sandbox/errors.ts';

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  // Model failures keep their readable message; the model error code travels in the details.
  if (e instanceof ModelError)
    return e.code === 'aborted'
      ? new ApiError('cancelled', e.message)
      : new ApiError('internal', e.message, [{ message: e.code }]);
  if (e instanceof SandboxLimitError) {
    // The message names what to fix (entry and key, template, script line); the details say which limit held.
    const culprit = e.culprit
      ? Object.entries(e.culprit)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')
      : `${e.hit.kind} limit ${e.hit.limit}`;
    return new ApiError('limit_exceeded', e.message, [{ message: culprit }]);
  }
  if (e instanceof UnknownTemplateError)
    return new ApiError('bad_input', e.message, [
      { path: e.kind === 'context' ? '/settings/context' : '/template', message: 'unknown' },
    ]);
  if (e instanceof TranscriptError)
    return new ApiError('bad_input', e.message, [{ path: '/transcript', message: 'invalid' }]);
  if (e instanceof ConvertUsageError) return new ApiError('bad_input', e.message);
  if (e instanceof ChatFormatError)
    return new ApiError('bad_document', `The chat file is unreadable: ${e.message}`, [
      { path: '/text', message: 'unreadable' },
    ]);
  if (e instanceof BookFormatError)
    return new ApiError('bad_document', `The lorebook cannot be converted: ${e.message}`);
  if (e instanceof CardError) return new ApiError('bad_document', e.message);
  return new ApiError('internal', `Internal error: ${errorMessage(e)}`);
}

/** Whether the failure is a fault of Lorewright or its surroundings (worth a stack in the log), not of the input. */
export function isUnexpected(error: ApiError): boolean {
  return error.code === 'internal' || error.code === 'db_read_only' || error.code === 'db_not_sqlite';
}
