// Every failure the upstream client throws, in one module (as undici's `core/errors.js`): each is an
// UpstreamClientError with a stable machine `code`, which the gateway maps to GraphQL in one place
// (errors/graphql.ts, applied to every result by the gateway's plugins/upstreamErrors.ts). The service answered
// with an error (UpstreamError), could not be reached or answered like a broken gateway
// (UpstreamUnavailableError), a write's outcome is unknown (UpstreamOutcomeUnknownError), an answer
// was too large (UpstreamBodyTooLargeError); and the operation's own limits: its deadline or
// cancellation (OperationAbortedError), its call and byte budgets (UpstreamBudgetExceededError,
// ResponseBudgetExceededError) and the org's rate limit (UpstreamRateLimitedError). None ever
// carries request headers. docs/errors.md lists the codes.
import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, type ErrorBody } from '../rest/types.ts';

/** What a 401/403 says about the caller's credential (read by accessRefusal.ts). */
export interface AccessRefusal {
  /**
   * `invalid_token`: the credential itself is no good (401); `insufficient_scope`: the token lacks
   * the scope; `role`: the admin role does not allow the operation.
   */
  kind: 'invalid_token' | 'insufficient_scope' | 'role';
  /** The scope the operation needs: the challenge's `scope`, else the route's. */
  requiredScope: string | undefined;
  /** The challenge's error_description (`The token has expired.`), when there is one. */
  description: string | undefined;
  /** The admin role that refused (kind `role`). */
  role: string | undefined;
  /** The token expired (kind `invalid_token`): a refreshed token will do. */
  expired: boolean;
}

export interface UpstreamErrorFields {
  status: number;
  errorCode?: string;
  errorSummary: string;
  errorId?: string;
  causes?: string[];
  reason?: string;
  /** 429: when the rate limit window resets (epoch milliseconds), from X-Rate-Limit-Reset / Retry-After. */
  rateLimitResetAt?: number;
  /** 401/403 about the caller's credential: a token no longer taken, a missing scope, a role (accessRefusal.ts). */
  access?: AccessRefusal;
}

/**
 * The stable codes of the upstream client's errors: one per class, except for an unavailable
 * upstream, whose code says why (the transport failure's own code, or HTTP_502/503/504).
 */
export type UpstreamClientErrorCode =
  | 'UPSTREAM_RESPONSE_ERROR'
  | UpstreamUnavailableCode
  | 'UPSTREAM_OUTCOME_UNKNOWN'
  | 'UPSTREAM_BODY_TOO_LARGE'
  | 'UPSTREAM_CALL_BUDGET_EXCEEDED'
  | 'UPSTREAM_RESPONSE_BUDGET_EXCEEDED'
  | 'UPSTREAM_OPERATION_ABORTED'
  | 'UPSTREAM_RATE_LIMITED';

/**
 * Every error the upstream client throws: a switch on `code` over it (errors/graphql.ts) is
 * exhaustive, and a code without a class fails to compile below.
 */
export type AnyUpstreamClientError =
  | UpstreamError
  | UpstreamUnavailableError
  | UpstreamOutcomeUnknownError
  | UpstreamBodyTooLargeError
  | UpstreamBudgetExceededError
  | ResponseBudgetExceededError
  | OperationAbortedError
  | UpstreamRateLimitedError;

// Each code of UpstreamClientErrorCode is the code of a class of the union.
const everyCodeHasAClass: [Exclude<UpstreamClientErrorCode, AnyUpstreamClientError['code']>] extends [never]
  ? true
  : never = true;
void everyCodeHasAClass;

/** The classes an upstream error is an instance of, by name: the same key in every copy of this module. */
const BRANDS = Symbol.for('policy-gateway.upstreamClientError');

/**
 * The base of every error the upstream client throws: `code` says which one, whatever the message.
 * `instanceof` reads a brand (as undici's errors do), so it holds across two copies of this module.
 */
export abstract class UpstreamClientError extends Error {
  abstract override readonly name: string;
  abstract readonly code: UpstreamClientErrorCode;
  readonly [BRANDS]: readonly string[];

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    const brands: string[] = [];
    for (let c: { name: string } = new.target; c !== Error && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
      brands.push(c.name);
    }
    this[BRANDS] = brands;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    const brands = typeof value === 'object' && value !== null ? (value as { [BRANDS]?: unknown })[BRANDS] : undefined;
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of `instanceof`, a subclass too.
    return Array.isArray(brands) && brands.includes(this.name);
  }
}

/** The service answered with an error status (its error body parsed when there is one). */
export class UpstreamError extends UpstreamClientError {
  override readonly name = 'UpstreamError';
  readonly code = 'UPSTREAM_RESPONSE_ERROR';
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
  /** 401/403: what the refusal says about the caller's credential; undefined for a 403 about the object. */
  readonly access: AccessRefusal | undefined;

  constructor(fields: UpstreamErrorFields) {
    super(fields.errorSummary);
    this.status = fields.status;
    this.errorCode = fields.errorCode;
    this.errorSummary = fields.errorSummary;
    this.errorId = fields.errorId;
    this.causes = fields.causes ?? [];
    this.reason = fields.reason;
    this.rateLimitResetAt = fields.rateLimitResetAt;
    this.access = fields.access;
  }

  /**
   * The resource a 404 says the service did not find (`Resource not found: 0pr1 (PolicyRule)` →
   * `{ id: '0pr1', kind: 'PolicyRule' }`), read once here from the spec's not-found summary; undefined
   * for any other error, and for a 404 of a path the service does not have.
   */
  get missingResource(): { id: string; kind: string } | undefined {
    if (this.status !== 404) return undefined;
    const match = /:\s*(\S+) \((\w+)\)\s*$/.exec(this.errorSummary);
    return match ? { id: match[1], kind: match[2] } : undefined;
  }

  /**
   * Builds the error from a response body, which may be the spec's error body, other JSON, or not JSON
   * at all; `accessOf` reads a 401/403's refusal of the credential from the body's causes.
   */
  static fromResponse(
    status: number,
    bodyText: string,
    rateLimitResetAt?: number,
    accessOf?: (causes: string[]) => AccessRefusal | undefined,
  ): UpstreamError {
    const body = parseErrorBody(bodyText);
    const access = accessOf?.(body?.causes ?? []);
    if (!body)
      return new UpstreamError({
        status,
        errorSummary: `Upstream answered ${status} ${STATUS_CODES[status] ?? ''}`.trim(),
        rateLimitResetAt,
        access,
      });
    return new UpstreamError({
      status,
      rateLimitResetAt,
      access,
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
export class UpstreamUnavailableError extends UpstreamClientError {
  override readonly name = 'UpstreamUnavailableError';
  /** The HTTP status when the service answered (502/503/504); undefined for transport failures. */
  readonly status: number | undefined;
  /** Why: the transport failure's code, or HTTP_<status> (the client sees it as `extensions.upstream.code`). */
  readonly code: UpstreamUnavailableCode;
  /** The members of the spec's error body the answer had (errorCode, errorId, causes …); undefined when it had none. */
  readonly body: ParsedErrorBody | undefined;

  /** `cause`: the transport failure, whose `code` becomes this error's code; `body`: the answer's body. */
  constructor(message: string, options: { status?: number; cause?: unknown; body?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.code = options.status !== undefined ? `HTTP_${options.status}` : transportCode(options.cause);
    this.body = options.body === undefined ? undefined : parseErrorBody(options.body);
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
export class UpstreamOutcomeUnknownError extends UpstreamClientError {
  override readonly name = 'UpstreamOutcomeUnknownError';
  readonly code = 'UPSTREAM_OUTCOME_UNKNOWN';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/**
 * The operation's next wave of upstream calls would take it past its call budget: none of that
 * wave is sent, and no call of the operation starts after it.
 */
export class UpstreamBudgetExceededError extends UpstreamClientError {
  override readonly name = 'UpstreamBudgetExceededError';
  readonly code = 'UPSTREAM_CALL_BUDGET_EXCEEDED';
  /** `needed`: the calls made and admitted so far plus the refused wave. */
  constructor(
    readonly limit: number,
    readonly needed: number = limit + 1,
  ) {
    super(`The operation needs at least ${needed} upstream calls; its budget is ${limit}.`);
  }
}

/** The upstream bytes an operation received passed its response budget: no call of the operation starts after it. */
export class ResponseBudgetExceededError extends UpstreamClientError {
  override readonly name = 'ResponseBudgetExceededError';
  readonly code = 'UPSTREAM_RESPONSE_BUDGET_EXCEEDED';
  constructor(readonly limit: number) {
    super(`The operation's upstream answers passed its response budget of ${limit} bytes.`);
  }
}

/** The operation's deadline passed ('timeout') or its client went away ('cancelled'): no further call starts. */
export class OperationAbortedError extends UpstreamClientError {
  override readonly name = 'OperationAbortedError';
  readonly code = 'UPSTREAM_OPERATION_ABORTED';
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

/** The response body was larger than the cap: aborted while reading, never retried. */
export class UpstreamBodyTooLargeError extends UpstreamClientError {
  override readonly name = 'UpstreamBodyTooLargeError';
  readonly code = 'UPSTREAM_BODY_TOO_LARGE';
  constructor(
    readonly status: number,
    readonly maxBytes: number,
  ) {
    super(`the response body is larger than ${maxBytes} bytes`);
  }
}

/**
 * The budget refused a call: the upstream rate limit is used up until `resetAt` (epoch ms), for the
 * whole org or (`callerShare`) for this caller, which has used its share of the window; with
 * `clientAddress` too, the caller is a credential not yet proven and its client address has used
 * its part of the unproven credentials' share.
 */
export class UpstreamRateLimitedError extends UpstreamClientError {
  override readonly name = 'UpstreamRateLimitedError';
  readonly code = 'UPSTREAM_RATE_LIMITED';
  constructor(
    readonly resetAt: number,
    readonly callerShare = false,
    readonly clientAddress = false,
  ) {
    const whose = clientAddress
      ? "This client address's share of the upstream rate limit for credentials not yet proven"
      : callerShare
        ? "This caller's share of the upstream rate limit"
        : 'The upstream rate limit';
    super(
      `${whose} is used up until ${new Date(resetAt).toISOString()}; the request was not sent. Try again after that time.`,
    );
  }
}

export interface ParsedErrorBody {
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
