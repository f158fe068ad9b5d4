/** Errors cross every boundary as this plain shape (docs/ARCHITECTURE.md#errors). */
export type ErrorCode =
  | 'bad_input'
  | 'unknown_method'
  | 'not_found'
  | 'conflict'
  | 'unauthorized'
  | 'forbidden_host'
  | 'db_not_sqlite'
  | 'db_too_new'
  | 'db_read_only'
  | 'bad_document'
  | 'cancelled'
  /** Evaluating the user's content (a scan, a template, a script) hit a time, memory or size limit. */
  | 'limit_exceeded'
  | 'internal';

export interface ErrorDetail {
  /** JSON pointer of the offending field, when one applies ("" is the whole input). */
  path?: string;
  message: string;
  line?: number;
  column?: number;
}

export interface ApiErrorShape {
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
  }

  toJSON(): ApiErrorShape {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }

  static from(shape: ApiErrorShape): ApiError {
    return new ApiError(shape.code, shape.message, shape.details);
  }
}

export function isApiErrorShape(value: unknown): value is ApiErrorShape {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorShape).code === 'string' &&
    typeof (value as ApiErrorShape).message === 'string'
  );
}

/** The text a user sees for any thrown value: the specific message, never "[object Object]". */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
