// Errors the REST services answer with, as one class carrying status, code, summary and causes.
// Handlers throw them; the server turns them into the spec's error body. Nothing else reaches
// the client: an unexpected exception becomes a bare 500 without details.
import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, type ErrorBody } from '../../rest/types.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorSummary: string,
    readonly causes: string[] = [],
    readonly reason?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(errorSummary);
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
  return new ApiError(400, ERROR_CODES.VALIDATION, `Api validation failed: ${fields.join(', ')}`, causes);
}

export function malformedBody(detail: string): ApiError {
  return new ApiError(400, ERROR_CODES.MALFORMED, 'The request body was not well-formed.', [detail]);
}

/** 401 E0000011; `headers`: the `WWW-Authenticate` challenge of a Bearer request. */
export function unauthenticated(headers: Record<string, string> = {}): ApiError {
  return new ApiError(401, ERROR_CODES.UNAUTHENTICATED, 'Invalid token provided', [], undefined, headers);
}

/**
 * 403 E0000006: an operation the service never allows on this object, or the caller may not (its
 * role: a cause naming it; its token's scopes: no cause, the `WWW-Authenticate` challenge in `headers`).
 */
export function forbidden(causes: string[], headers: Record<string, string> = {}): ApiError {
  return new ApiError(
    403,
    ERROR_CODES.FORBIDDEN,
    'You do not have permission to perform the requested action',
    causes,
    undefined,
    headers,
  );
}

/** 403 E0000142 with the reason of the user-types error table. */
export function notAllowed(reason: 'PROHIBITED' | 'UNMET_REQUIREMENTS', cause: string): ApiError {
  return new ApiError(403, ERROR_CODES.OPERATION_NOT_ALLOWED, 'Operation not allowed', [cause], reason);
}

export function notFound(what: string): ApiError {
  return new ApiError(404, ERROR_CODES.NOT_FOUND, `Not found: Resource not found: ${what}`);
}

export function methodNotAllowed(allowed: string[]): ApiError {
  return new ApiError(
    405,
    ERROR_CODES.METHOD_NOT_ALLOWED,
    'The endpoint does not support the provided HTTP method',
    [],
    undefined,
    {
      allow: allowed.join(', '),
    },
  );
}

export function rateLimited(resetEpochSeconds: number): ApiError {
  return new ApiError(
    429,
    ERROR_CODES.RATE_LIMITED,
    'API call exceeded rate limit due to too many requests.',
    [],
    undefined,
    {
      'retry-after': String(Math.max(0, resetEpochSeconds - Math.floor(Date.now() / 1000))),
    },
  );
}

/** A 5xx (an emulator bug, an injected fault, a state file that cannot be written): no internals in the body. */
export function serverError(status = 500, causes: string[] = []): ApiError {
  return new ApiError(status, ERROR_CODES.SERVER_ERROR, STATUS_CODES[status] ?? 'Server Error', causes);
}

/** The rest of the body is never read, so the connection cannot carry another request: close it. */
export function bodyTooLarge(limit: number): ApiError {
  return new ApiError(413, ERROR_CODES.MALFORMED, `The request body is larger than ${limit} bytes.`, [], undefined, {
    connection: 'close',
  });
}
