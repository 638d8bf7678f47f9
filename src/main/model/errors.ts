// Model failures as one typed error: a stable code, a user-facing message, and whether a retry can help.
import type { ErrorInfo } from '../../shared/session-events';

export type ModelErrorCode =
  | 'auth' // 401/403, or no credential at all: never retried
  | 'invalid_request' // 400/413/422: the request itself is wrong, a retry sends the same thing
  | 'not_found' // 404: usually an unknown model name
  | 'rate_limit' // 429
  | 'overloaded' // 529 / overloaded_error
  | 'api' // other 5xx / api_error
  | 'network' // connection refused/reset, DNS, timeouts, a stream cut short
  | 'aborted' // the user pressed Stop
  | 'internal'; // a bug on our side

const RETRYABLE: ReadonlySet<ModelErrorCode> = new Set(['rate_limit', 'overloaded', 'api', 'network']);

export class ModelError extends Error {
  readonly code: ModelErrorCode;
  readonly retryable: boolean;
  readonly status: number | undefined;
  /** The server's retry-after hint, in ms, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(code: ModelErrorCode, message: string, extra: { status?: number; retryAfterMs?: number; cause?: unknown; retryable?: boolean } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'ModelError';
    this.code = code;
    this.retryable = extra.retryable ?? RETRYABLE.has(code);
    this.status = extra.status;
    this.retryAfterMs = extra.retryAfterMs;
  }

  /** The plain-data form published to the UI; the session stays usable after any model error. */
  toInfo(): ErrorInfo {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}

export function isModelError(x: unknown): x is ModelError {
  return x instanceof ModelError;
}
