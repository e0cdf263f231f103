// Errors the REST services answer with, as one class carrying status, code, summary and causes.
// Handlers throw them; the server turns them into the spec's error body. Nothing else reaches
// the client: an unexpected exception becomes a bare 500 without details.
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, type ErrorBody } from '../../rest/types.ts';

/** What an error answer says: its status and code, the summary, and what only some errors carry. */
export interface ApiErrorOptions {
  status: number;
  errorCode: string;
  errorSummary: string;
  /** One `errorCauses` entry each. */
  causes?: string[];
  /** The body's `reason` (the user-types error table). */
  reason?: string;
  /** Headers of the answer: a challenge, `Allow`, `Retry-After`, `Connection: close`. */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly errorSummary: string;
  readonly causes: string[];
  readonly reason?: string;
  readonly headers: Record<string, string>;

  constructor({ status, errorCode, errorSummary, causes = [], reason, headers = {} }: ApiErrorOptions) {
    super(errorSummary);
    this.status = status;
    this.errorCode = errorCode;
    this.errorSummary = errorSummary;
    this.causes = causes;
    this.reason = reason;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = {
      errorCode: this.errorCode,
      errorSummary: this.errorSummary,
      errorLink: this.errorCode,
      errorId: `oae${randomBytes(11).toString('base64url')}`,
      errorCauses: this.causes.map((errorSummary) => ({ errorSummary })),
    };
    if (this.reason) body.reason = this.reason;
    return body;
  }
}

/** 400 E0000001: one cause per violated rule, each naming its field (`path: message`). */
export function validationFailed(causes: string[]): ApiError {
  const fields = [...new Set(causes.map((c) => c.split(':')[0]))];
  return new ApiError({
    status: 400,
    errorCode: ERROR_CODES.VALIDATION,
    errorSummary: `Api validation failed: ${fields.join(', ')}`,
    causes,
  });
}

export function malformedBody(detail: string): ApiError {
  return new ApiError({
    status: 400,
    errorCode: ERROR_CODES.MALFORMED,
    errorSummary: 'The request body was not well-formed.',
    causes: [detail],
  });
}

/** 401 E0000011; `headers`: the `WWW-Authenticate` challenge of a Bearer request. */
export function unauthenticated(headers: Record<string, string> = {}): ApiError {
  return new ApiError({
    status: 401,
    errorCode: ERROR_CODES.UNAUTHENTICATED,
    errorSummary: 'Invalid token provided',
    headers,
  });
}

/**
 * 403 E0000006: an operation the service never allows on this object, or the caller may not (its
 * role: a cause naming it; its token's scopes: no cause, the `WWW-Authenticate` challenge in `headers`).
 */
export function forbidden(causes: string[], headers: Record<string, string> = {}): ApiError {
  return new ApiError({
    status: 403,
    errorCode: ERROR_CODES.FORBIDDEN,
    errorSummary: 'You do not have permission to perform the requested action',
    causes,
    headers,
  });
}

/** 403 E0000142 with the reason of the user-types error table. */
export function notAllowed(reason: 'PROHIBITED' | 'UNMET_REQUIREMENTS', cause: string): ApiError {
  return new ApiError({
    status: 403,
    errorCode: ERROR_CODES.OPERATION_NOT_ALLOWED,
    errorSummary: 'Operation not allowed',
    causes: [cause],
    reason,
  });
}

export function notFound(what: string): ApiError {
  return new ApiError({
    status: 404,
    errorCode: ERROR_CODES.NOT_FOUND,
    errorSummary: `Not found: Resource not found: ${what}`,
  });
}

export function methodNotAllowed(allowed: string[]): ApiError {
  return new ApiError({
    status: 405,
    errorCode: ERROR_CODES.METHOD_NOT_ALLOWED,
    errorSummary: 'The endpoint does not support the provided HTTP method',
    headers: { allow: allowed.join(', ') },
  });
}

export function rateLimited(resetEpochSeconds: number): ApiError {
  return new ApiError({
    status: 429,
    errorCode: ERROR_CODES.RATE_LIMITED,
    errorSummary: 'API call exceeded rate limit due to too many requests.',
    headers: { 'retry-after': String(Math.max(0, resetEpochSeconds - Math.floor(Date.now() / 1000))) },
  });
}

/** A 5xx (an emulator bug, an injected fault, a state file that cannot be written): no internals in the body. */
export function serverError(status = 500, causes: string[] = []): ApiError {
  return new ApiError({
    status,
    errorCode: ERROR_CODES.SERVER_ERROR,
    errorSummary: STATUS_CODES[status] ?? 'Server Error',
    causes,
  });
}

/** The rest of the body is never read, so the connection cannot carry another request: close it. */
export function bodyTooLarge(limit: number): ApiError {
  return new ApiError({
    status: 413,
    errorCode: ERROR_CODES.MALFORMED,
    errorSummary: `The request body is larger than ${limit} bytes.`,
    headers: { connection: 'close' },
  });
}
