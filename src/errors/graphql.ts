// How upstream failures reach GraphQL clients: a GraphQLError with a stable `extensions.code` (the
// table of errors/codes.ts) and the upstream error's identifiers. Messages come from the upstream
// error body only: never a stack trace, a request header or a local address. The mapping is applied
// once, to every result, by the gateway's plugins/upstreamErrors.ts: a resolver lets an upstream
// error go as it is thrown. Mutations first turn the failures a user can fix into `userErrors`
// (userErrors.ts).
import { GraphQLError, type GraphQLErrorExtensions } from 'graphql';
import {
  type AnyUpstreamClientError,
  type OperationAbortedError,
  type ResponseBudgetExceededError,
  type UpstreamBudgetExceededError,
  UpstreamClientError,
  UpstreamError,
  type UpstreamRateLimitedError,
  UpstreamUnavailableError,
  type UpstreamUnavailableCode,
} from '../upstream/errors.ts';
import { printPath, sentence, splitCause } from './causes.ts';
import type { GatewayErrorCode } from './codes.ts';

export type { GatewayErrorCode };

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
    /** When a retry may succeed (IDEMPOTENCY_UNAVAILABLE). */
    retryAfterSeconds?: number;
    /** FORBIDDEN for the caller's rights: the OAuth scope the operation needs. */
    requiredScope?: string;
    /** FORBIDDEN by the admin role behind the credential: that role (e.g. READ_ONLY_ADMIN). */
    adminRole?: string;
    /** What the client does next (UNAUTHENTICATED for an expired token, the budgets). */
    hint?: string;
  }
}

/**
 * A 400 of a query (or of the simulation) as BAD_USER_INPUT: one `fieldErrors` entry per cause,
 * each at the argument path `pathOf` gives (the whole of `fallback` when none), and a message in
 * GraphQL names that states each cause once.
 */
export function badUserInput(
  error: UpstreamError,
  pathOf: (wirePath: string[]) => string[] | null,
  fallback: string[],
): GraphQLError {
  const causes = error.causes.length ? error.causes : [error.errorSummary];
  const fieldErrors: FieldError[] = causes.map((cause) => {
    const { path, text } = splitCause(cause);
    const field = (path && pathOf(path)) ?? fallback;
    return { field, message: path && field !== fallback ? `${printPath(field)}: ${text}` : sentence(text) };
  });
  const upstream = toGraphQLError(error).extensions.upstream;
  return new GraphQLError(fieldErrors.map((e) => e.message).join(' '), {
    extensions: { code: 'BAD_USER_INPUT', fieldErrors, upstream },
  });
}

/**
 * Queries (and mutation failures that are not the user's to fix): a GraphQLError with
 * extensions.code and extensions.upstream. A GraphQLError passes through unchanged; an unexpected
 * error stays unexpected, so that the server masks it.
 */
export function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  if (error instanceof UpstreamClientError) return upstreamGraphQLError(error as AnyUpstreamClientError);
  return unexpected(error);
}

/**
 * One case per code of the upstream client's errors (errors/codes.ts says which GraphQL code each
 * becomes): an error class whose code has no case leaves `never` unmet and fails to compile.
 */
function upstreamGraphQLError(error: AnyUpstreamClientError): GraphQLError {
  // The one class whose code varies (it says why the service is unavailable).
  if (error instanceof UpstreamUnavailableError) return unavailableError(error);
  switch (error.code) {
    case 'UPSTREAM_RESPONSE_ERROR':
      return responseError(error);
    case 'UPSTREAM_RATE_LIMITED':
      return rateLimitedError(error);
    case 'UPSTREAM_OUTCOME_UNKNOWN':
      return gatewayError(
        'The upstream service did not confirm the outcome: the write may have happened. Look for it before trying again.',
        'UPSTREAM_OUTCOME_UNKNOWN',
      );
    case 'UPSTREAM_CALL_BUDGET_EXCEEDED':
      return callBudgetError(error);
    case 'UPSTREAM_RESPONSE_BUDGET_EXCEEDED':
      return responseBudgetError(error);
    case 'UPSTREAM_OPERATION_ABORTED':
      return abortedError(error);
    case 'UPSTREAM_BODY_TOO_LARGE':
      // Never leaves the client (the call's answer is an UpstreamError with its status): a fault if it does.
      return unexpected(error);
    default: {
      const unmapped: never = error;
      return unexpected(unmapped);
    }
  }
}

/** Kept as the original error so that the server's masking replaces it with a generic message. */
function unexpected(error: unknown): GraphQLError {
  return new GraphQLError('Unexpected error.', {
    originalError: error instanceof Error ? error : new Error(String(error)),
  });
}

/** Refused by the gateway's budget: no request was sent, so there is no upstream answer to show. */
function rateLimitedError(error: UpstreamRateLimitedError): GraphQLError {
  return new GraphQLError(error.message, {
    extensions: { code: 'RATE_LIMITED', resetAt: new Date(error.resetAt).toISOString() },
  });
}

function callBudgetError(error: UpstreamBudgetExceededError): GraphQLError {
  return new GraphQLError(`${error.message} None of its next wave of calls was sent.`, {
    extensions: {
      code: 'UPSTREAM_BUDGET_EXCEEDED',
      needed: error.needed,
      limit: error.limit,
      hint: 'Ask for fewer items per operation (a lower `first`, fewer aliases) or leave nested lists such as `rules` to a second operation.',
    },
  });
}

function responseBudgetError(error: ResponseBudgetExceededError): GraphQLError {
  return new GraphQLError(`${error.message} No further upstream call was made.`, {
    extensions: {
      code: 'RESPONSE_TOO_LARGE',
      limit: error.limit,
      hint: 'Ask for fewer items per operation (a lower `first`) and page with `after`.',
    },
  });
}

function abortedError(error: OperationAbortedError): GraphQLError {
  return new GraphQLError(error.message, {
    extensions:
      error.reason === 'timeout'
        ? { code: 'OPERATION_TIMEOUT', timeoutMs: error.timeoutMs }
        : { code: 'OPERATION_CANCELLED' },
  });
}

/** The service's own error body, when it sent one, as for any other error status. */
function unavailableError(error: UpstreamUnavailableError): GraphQLError {
  const { body } = error;
  const summary = error.status ? `Upstream answered ${error.status}` : 'Upstream could not be reached';
  return gatewayError('The upstream service is unavailable.', 'UPSTREAM_UNAVAILABLE', {
    status: error.status ?? null,
    code: error.code,
    errorCode: body?.errorCode ?? null,
    errorSummary: body?.errorSummary ?? summary,
    errorId: body?.errorId ?? null,
    errorCauses: body?.causes ?? [],
  });
}

function responseError(error: UpstreamError): GraphQLError {
  const upstream: UpstreamErrorExtension = {
    status: error.status,
    errorCode: error.errorCode ?? null,
    errorSummary: error.errorSummary,
    errorId: error.errorId ?? null,
    errorCauses: error.causes,
    ...(error.reason ? { reason: error.reason } : {}),
  };
  // Causes name their own path; the summary would only repeat the list of paths.
  const message = error.causes.length ? error.causes.join('; ') : error.errorSummary;
  // RATE_LIMITED says when the window resets.
  const resetAt =
    error.rateLimitResetAt === undefined ? {} : { resetAt: new Date(error.rateLimitResetAt).toISOString() };
  const access = accessExtensions(error);
  if (access) return new GraphQLError(access.message, { extensions: { ...access.extensions, upstream } });
  return new GraphQLError(message, { extensions: { code: codeOfStatus(error.status), upstream, ...resetAt } });
}

/**
 * A refusal of the caller's credential as the client reads it: FORBIDDEN naming the scope the
 * token lacks or the admin role that does not allow the operation (`requiredScope`, `adminRole`),
 * apart from the 403 for an operation the service allows nobody (no `requiredScope`); UNAUTHENTICATED
 * with a `hint` to refresh an expired token. Undefined for any other error.
 */
export function accessExtensions(
  error: UpstreamError,
): { message: string; extensions: GraphQLErrorExtensions } | undefined {
  const access = error.access;
  if (!access) return undefined;
  const { requiredScope } = access;
  // Known for every route of the contract; a challenge may name it too.
  const scope = requiredScope ? { requiredScope } : {};
  switch (access.kind) {
    case 'insufficient_scope':
      return {
        message: requiredScope
          ? `The access token does not have the scope ${requiredScope}, which this operation needs: ask for a token with ${requiredScope}.`
          : 'The access token does not have the scope this operation needs.',
        extensions: { code: 'FORBIDDEN', ...scope },
      };
    case 'role':
      return {
        message: `The admin role ${access.role} does not allow this operation${requiredScope ? ` (scope ${requiredScope})` : ''}: it needs an admin whose role allows it.`,
        extensions: { code: 'FORBIDDEN', ...scope, adminRole: access.role },
      };
    case 'invalid_token':
      // Any other refused token reads as the service's summary says.
      if (!access.expired) return undefined;
      return {
        message: `${sentence(access.description ?? error.errorSummary)} Refresh the access token (or get a new one) and send the request again.`,
        extensions: {
          code: 'UNAUTHENTICATED',
          hint: 'The access token has expired: use the refresh token, or ask for a new access token, then retry.',
        },
      };
  }
}

/**
 * An error of a result as the client sees it: one that wraps an error of the upstream client
 * (thrown by a resolver or a loader as it is) becomes that error's GraphQL error at the same path;
 * any other is returned as it is (an unexpected one is left to the server's masking).
 */
export function withUpstreamMapped(error: GraphQLError): GraphQLError {
  const upstream = upstreamCause(error);
  const mapped = upstream && toGraphQLError(upstream);
  // An upstream error with no GraphQL meaning (never thrown out of the client) stays unexpected.
  if (!mapped || mapped.originalError) return error;
  const { message, extensions } = mapped;
  const { nodes, source, positions, path } = error;
  return new GraphQLError(message, { nodes, source, positions, path, extensions });
}

/** The upstream client's error a (located) error wraps, if any. */
function upstreamCause(error: unknown): UpstreamClientError | undefined {
  for (let e = error; e != null; e = e instanceof GraphQLError ? e.originalError : undefined) {
    if (e instanceof UpstreamClientError) return e;
  }
  return undefined;
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
