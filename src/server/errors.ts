/** The one error type of the server; plugins/errors.ts maps each kind to an envelope code. */
export type ErrorKind =
  | 'invalid'
  /** No valid credentials for a machine endpoint (`/metrics`): 401. The app's clients never call one. */
  | 'unauthorized'
  | 'unauthenticated'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

export const ERROR_CODES: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  unauthenticated: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Which failure of its kind, for callers that react to one (e.g. `code_unknown`); never shown. */
    readonly reason?: string,
    /** Optional: what the envelope's `data` carries with the refusal (a stale set quote's new quote, decision 042). */
    readonly data?: unknown,
  ) {
    // An answer to the caller (4xx, 503) needs no stack: a drop's thousands of 409s skip capturing one. A 500 keeps it for the log.
    const depth = Error.stackTraceLimit;
    if (kind !== 'internal') Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = depth;
    this.name = 'AppError';
  }

  get code(): number {
    return ERROR_CODES[this.kind];
  }
}

/**
 * A request part that failed its schema (thrown by the validator compiler, plugins/validation.ts);
 * `message` is the zh-HK sentence the 400 envelope carries. Not an AppError: Fastify writes
 * `statusCode` and `code` onto validation errors.
 */
export class RequestValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestValidationError';
  }
}

export const invalid = (msg: string) => new AppError('invalid', msg);
export const notFound = (msg: string, reason?: string) => new AppError('not_found', msg, reason);
export const conflict = (msg: string, reason?: string) => new AppError('conflict', msg, reason);
export const rateLimited = (msg: string) => new AppError('rate_limited', msg);
export const unauthenticated = (msg = '請先登入') => new AppError('unauthenticated', msg);
