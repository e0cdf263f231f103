// How upstream failures reach GraphQL clients. Mutations turn the failures a user can fix
// (400, 403, 404) into `userErrors`; everything else, and every query failure, becomes a
// GraphQLError with a stable `extensions.code` and the upstream error's identifiers. Messages come
// from the upstream error body only: never a stack trace, a request header or a local address.
import { GraphQLError } from 'graphql';
import { REFUSAL_REASONS, type RefusalReason } from '../rest/types.ts';
import {
  OperationAbortedError,
  ResponseBudgetExceededError,
  UpstreamBudgetExceededError,
  UpstreamError,
  UpstreamOutcomeUnknownError,
  UpstreamUnavailableError,
  type UpstreamUnavailableCode,
} from '../upstream/errors.ts';
import { UpstreamRateLimitedError } from '../upstream/budget/budget.ts';

export interface UserErrorShape {
  message: string;
  field?: string[] | null;
  code?: string | null;
  /** E0000142's reason; a reason this schema does not know is left out. */
  reason?: RefusalReason | null;
}

export type GatewayErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_OUTCOME_UNKNOWN'
  | 'UPSTREAM_BUDGET_EXCEEDED'
  // The operation's upstream answers passed MAX_RESPONSE_BYTES (or the body cap per operation).
  | 'RESPONSE_TOO_LARGE'
  // The process's memory budget for operations in flight stayed full until the operation's deadline.
  | 'SERVER_BUSY'
  | 'OPERATION_TIMEOUT'
  | 'OPERATION_CANCELLED'
  | 'BAD_USER_INPUT'
  // A create with an idempotency key whose first request is still running after the wait.
  | 'IDEMPOTENCY_KEY_IN_PROGRESS'
  // Refused before execution: the query limits, the upstream-call estimate, a non-JSON POST body.
  | 'QUERY_LIMIT_EXCEEDED'
  | 'COST_LIMIT_EXCEEDED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  // The request body over MAX_BODY_BYTES (413), or a Content-Length that is not one number (400).
  | 'REQUEST_ENTITY_TOO_LARGE'
  | 'BAD_REQUEST';

/** What `extensions.upstream` carries. */
export interface UpstreamErrorExtension {
  status: number | null;
  /** Why the service could not be reached or answered like a broken gateway (UPSTREAM_UNAVAILABLE only). */
  code?: UpstreamUnavailableCode;
  errorCode: string | null;
  errorSummary: string;
  errorId: string | null;
  errorCauses: string[];
  reason?: string;
}

/** One bad input of a BAD_USER_INPUT error, in `extensions.fieldErrors`: its input path and why. */
export interface FieldError {
  field: string[];
  message: string;
}

// The gateway's members of every GraphQLError's `extensions`, typed by declaration merging as
// graphql-yoga types its own `http` member.
declare module 'graphql' {
  interface GraphQLErrorExtensions {
    code?: GatewayErrorCode;
    upstream?: UpstreamErrorExtension;
    fieldErrors?: FieldError[];
  }
}

const USER_FIXABLE_STATUSES = new Set([400, 403, 404]);

/**
 * Mutations: an upstream 400/403/404 becomes userErrors (code = upstream error code, message =
 * the cause (with the summary when the cause names no path), field = the input path a cause names, under `inputArg`). One UserError per
 * cause, or one for the summary when there are no causes. Anything else is thrown as toGraphQLError.
 */
export function toUserErrors(error: unknown, inputArg?: string): UserErrorShape[] {
  if (!(error instanceof UpstreamError) || !USER_FIXABLE_STATUSES.has(error.status)) throw toGraphQLError(error);
  const code = error.errorCode ?? null;
  const reason = isRefusalReason(error.reason) ? { reason: error.reason } : {};
  if (error.causes.length === 0) return [{ message: error.errorSummary, field: null, code, ...reason }];
  return error.causes.map((cause) => {
    // A cause that names its path says everything; the summary would only repeat the path list.
    const path = fieldOfCause(cause, '');
    return {
      message: path ? cause : `${error.errorSummary}: ${cause}`,
      field: path && inputArg !== undefined ? [inputArg, ...path.slice(1)] : null,
      code,
      ...reason,
    };
  });
}

function isRefusalReason(value: string | undefined): value is RefusalReason {
  return (REFUSAL_REASONS as readonly (string | undefined)[]).includes(value);
}

/**
 * The input path a cause names, when it starts with a wire path (`a.b[0].c: message`):
 * `['input', 'a', 'b', '0', 'c']`. Causes without a path (e.g. "system policies cannot be
 * deleted") have no field.
 */
export function fieldOfCause(cause: string, inputArg: string): string[] | null {
  const match = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*):\s/.exec(cause);
  if (!match) return null;
  const segments = match[1].split(/\.|\[(\d+)\]/).filter((s): s is string => s !== undefined && s !== '');
  return [inputArg, ...segments];
}

/**
 * Queries (and mutation failures that are not the user's to fix): a GraphQLError with
 * extensions.code and extensions.upstream. A GraphQLError passes through unchanged; an unexpected
 * error stays unexpected, so that the server masks it.
 */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  if (error instanceof UpstreamRateLimitedError) {
    // Refused by the gateway's budget: no request was sent, so there is no upstream answer to show.
    return new GraphQLError(error.message, {
      extensions: { code: 'RATE_LIMITED', resetAt: new Date(error.resetAt).toISOString() },
    });
  }
  if (error instanceof UpstreamOutcomeUnknownError) {
    return gatewayError(
      'The upstream service did not confirm the outcome: the write may have happened. Look for it before trying again.',
      'UPSTREAM_OUTCOME_UNKNOWN',
    );
  }
  if (error instanceof UpstreamBudgetExceededError) {
    return new GraphQLError(`${error.message} None of its next wave of calls was sent.`, {
      extensions: {
        code: 'UPSTREAM_BUDGET_EXCEEDED',
        needed: error.needed,
        limit: error.limit,
        hint: 'Ask for fewer items per operation (a lower `first`, fewer aliases) or leave nested lists such as `rules` to a second operation.',
      },
    });
  }
  if (error instanceof ResponseBudgetExceededError) {
    return new GraphQLError(`${error.message} No further upstream call was made.`, {
      extensions: {
        code: 'RESPONSE_TOO_LARGE',
        limit: error.limit,
        hint: 'Ask for fewer items per operation (a lower `first`) and page with `after`.',
      },
    });
  }
  if (error instanceof OperationAbortedError) {
    return new GraphQLError(error.message, {
      extensions:
        error.reason === 'timeout'
          ? { code: 'OPERATION_TIMEOUT', timeoutMs: error.timeoutMs }
          : { code: 'OPERATION_CANCELLED' },
    });
  }
  if (error instanceof UpstreamUnavailableError) {
    const summary = error.status ? `Upstream answered ${error.status}` : 'Upstream could not be reached';
    return gatewayError('The upstream service is unavailable.', 'UPSTREAM_UNAVAILABLE', {
      status: error.status ?? null,
      code: error.code,
      errorCode: null,
      errorSummary: summary,
      errorId: null,
      errorCauses: [],
    });
  }
  if (error instanceof UpstreamError) {
    const upstream: UpstreamErrorExtension = {
      status: error.status,
      errorCode: error.errorCode ?? null,
      errorSummary: error.errorSummary,
      errorId: error.errorId ?? null,
      errorCauses: error.causes,
      ...(error.reason ? { reason: error.reason } : {}),
    };
    const message = error.causes.length ? `${error.errorSummary}: ${error.causes.join('; ')}` : error.errorSummary;
    // RATE_LIMITED says when the window resets.
    const resetAt =
      error.rateLimitResetAt === undefined ? {} : { resetAt: new Date(error.rateLimitResetAt).toISOString() };
    return new GraphQLError(message, { extensions: { code: codeOfStatus(error.status), upstream, ...resetAt } });
  }
  // Kept as the original error so that the server's masking replaces it with a generic message.
  return new GraphQLError('Unexpected error.', {
    originalError: error instanceof Error ? error : new Error(String(error)),
  });
}

/** True for an UpstreamError with status 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof UpstreamError && error.status === 404;
}

export function codeOfStatus(status: number): GatewayErrorCode {
  if (status === 400) return 'BAD_USER_INPUT';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'UPSTREAM_UNAVAILABLE';
  return 'UPSTREAM_ERROR';
}

/** A GraphQLError the server shows as is (no originalError, so masking leaves it alone). */
export function gatewayError(message: string, code: GatewayErrorCode, upstream?: UpstreamErrorExtension): GraphQLError {
  return new GraphQLError(message, { extensions: upstream ? { code, upstream } : { code } });
}
