// Typed failures of the upstream REST services: the service answered with an error
// (UpstreamError), could not be reached or answered like a broken gateway
// (UpstreamUnavailableError), or a write's outcome is unknown (UpstreamOutcomeUnknownError); and the
// operation's own limits: its deadline or cancellation (OperationAbortedError) and its call budget
// (UpstreamBudgetExceededError). None ever carries request headers.
import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, type ErrorBody } from '../rest/types.ts';

export interface UpstreamErrorFields {
  status: number;
  errorCode?: string;
  errorSummary: string;
  errorId?: string;
  causes?: string[];
  reason?: string;
  /** 429: when the rate limit window resets (epoch milliseconds), from X-Rate-Limit-Reset / Retry-After. */
  rateLimitResetAt?: number;
}

/** The service answered with an error status (its error body parsed when there is one). */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly errorSummary: string;
  readonly errorId: string | undefined;
  /** errorCauses[].errorSummary, e.g. "settings.password.complexity.minLength: must be at least 0". */
  readonly causes: string[];
  /** E0000142 reason (PROHIBITED / UNMET_REQUIREMENTS). */
  readonly reason: string | undefined;
  /** 429: when the rate limit window resets (epoch milliseconds). */
  readonly rateLimitResetAt: number | undefined;

  constructor(fields: UpstreamErrorFields) {
    super(fields.errorSummary);
    this.status = fields.status;
    this.errorCode = fields.errorCode;
    this.errorSummary = fields.errorSummary;
    this.errorId = fields.errorId;
    this.causes = fields.causes ?? [];
    this.reason = fields.reason;
    this.rateLimitResetAt = fields.rateLimitResetAt;
  }

  /** Builds the error from a response body, which may be the spec's error body, other JSON, or not JSON at all. */
  static fromResponse(status: number, bodyText: string, rateLimitResetAt?: number): UpstreamError {
    const body = parseErrorBody(bodyText);
    if (!body)
      return new UpstreamError({
        status,
        errorSummary: `Upstream answered ${status} ${STATUS_CODES[status] ?? ''}`.trim(),
        rateLimitResetAt,
      });
    return new UpstreamError({
      status,
      rateLimitResetAt,
      errorCode: body.errorCode,
      errorSummary: body.errorSummary ?? `Upstream answered ${status} ${STATUS_CODES[status] ?? ''}`.trim(),
      errorId: body.errorId,
      causes: body.causes,
      reason: body.reason,
    });
  }
}

/** A not-found answer given without a request (the service would answer the same), e.g. `x (Policy)`. */
export function notFoundError(what: string): UpstreamError {
  return new UpstreamError({
    status: 404,
    errorCode: ERROR_CODES.NOT_FOUND,
    errorSummary: `Not found: Resource not found: ${what}`,
  });
}

/**
 * A machine code for an unavailable upstream: undici's `UND_ERR_*` or the system's errno code
 * (`ECONNREFUSED` …) for a transport failure, `HTTP_502` / `HTTP_503` / `HTTP_504` when the service
 * answered so, `UNKNOWN` for a failure that carries no code.
 */
export type UpstreamUnavailableCode = `UND_ERR_${string}` | `E${string}` | `HTTP_${number}` | 'UNKNOWN';

/** The service could not be reached, timed out, or answered 502/503/504. */
export class UpstreamUnavailableError extends Error {
  override readonly name = 'UpstreamUnavailableError';
  /** The HTTP status when the service answered (502/503/504); undefined for transport failures. */
  readonly status: number | undefined;
  readonly code: UpstreamUnavailableCode;

  /** `cause`: the transport failure, whose `code` becomes this error's code. */
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.code = options.status !== undefined ? `HTTP_${options.status}` : transportCode(options.cause);
  }
}

function transportCode(cause: unknown): UpstreamUnavailableCode {
  const code = (cause as { code?: unknown } | null | undefined)?.code;
  if (typeof code === 'string' && /^(UND_ERR_|E)[A-Z0-9_]+$/.test(code)) return code as UpstreamUnavailableCode;
  return 'UNKNOWN';
}

/**
 * A create (or clone) failed after the request may have reached the service (connection reset,
 * timeout, 502/504): the object may exist. Never retried, so a client must look before it retries.
 */
export class UpstreamOutcomeUnknownError extends Error {
  override readonly name = 'UpstreamOutcomeUnknownError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/**
 * The operation's next wave of upstream calls would take it past its call budget: none of that
 * wave is sent, and no call of the operation starts after it.
 */
export class UpstreamBudgetExceededError extends Error {
  override readonly name = 'UpstreamBudgetExceededError';
  /** `needed`: the calls made and admitted so far plus the refused wave. */
  constructor(
    readonly limit: number,
    readonly needed: number = limit + 1,
  ) {
    super(`The operation needs at least ${needed} upstream calls; its budget is ${limit}.`);
  }
}

/** The upstream bytes an operation received passed its response budget: no call of the operation starts after it. */
export class ResponseBudgetExceededError extends Error {
  override readonly name = 'ResponseBudgetExceededError';
  constructor(readonly limit: number) {
    super(`The operation's upstream answers passed its response budget of ${limit} bytes.`);
  }
}

/** The operation's deadline passed ('timeout') or its client went away ('cancelled'): no further call starts. */
export class OperationAbortedError extends Error {
  override readonly name = 'OperationAbortedError';
  constructor(
    readonly reason: 'timeout' | 'cancelled',
    readonly timeoutMs: number,
  ) {
    super(
      reason === 'timeout'
        ? `The operation did not finish within ${timeoutMs} ms.`
        : 'The client cancelled the operation.',
    );
  }
}

interface ParsedErrorBody {
  errorCode?: string;
  errorSummary?: string;
  errorId?: string;
  causes: string[];
  reason?: string;
}

/** Reads only the members of the spec's error body that have the expected types; anything else is ignored. */
function parseErrorBody(text: string): ParsedErrorBody | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const body = json as Partial<Record<keyof ErrorBody, unknown>>;
  const causes = Array.isArray(body.errorCauses)
    ? body.errorCauses.flatMap((c: unknown) => {
        const summary =
          typeof c === 'object' && c !== null
            ? nonEmptyString((c as { errorSummary?: unknown }).errorSummary)
            : undefined;
        return summary ? [summary] : [];
      })
    : [];
  return {
    errorCode: nonEmptyString(body.errorCode),
    errorSummary: nonEmptyString(body.errorSummary),
    errorId: nonEmptyString(body.errorId),
    causes,
    reason: nonEmptyString(body.reason),
  };
}

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}
