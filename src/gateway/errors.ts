// How upstream failures reach GraphQL clients. Mutations turn the failures a user can fix
// (400, 403, 404) into `userErrors`; everything else, and every query failure, becomes a
// GraphQLError with a stable `extensions.code` and the upstream error's identifiers. Messages come
// from the upstream error body only: never a stack trace, a request header or a local address.
// The mapping is applied once, to every result, by plugins/upstreamErrors.ts: a resolver lets an
// upstream error go as it is thrown. docs/errors.md has the table of codes.
import { GraphQLError } from 'graphql';
import { REFUSAL_REASONS, type RefusalReason } from '../rest/types.ts';
import {
  OperationAbortedError,
  ResponseBudgetExceededError,
  UpstreamBudgetExceededError,
  UpstreamClientError,
  UpstreamError,
  UpstreamOutcomeUnknownError,
  UpstreamRateLimitedError,
  UpstreamUnavailableError,
  type UpstreamUnavailableCode,
} from '../upstream/errors.ts';

/** What a client does next about a refused mutation (the schema's `UserErrorCode`). */
export type UserErrorCode =
  | 'INVALID'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'LIMIT_EXCEEDED'
  | 'IDEMPOTENCY_KEY_INVALID'
  | 'IDEMPOTENCY_KEY_REUSED';

export interface UserErrorShape {
  message: string;
  field?: string[] | null;
  code: UserErrorCode;
  /** The service's own error code (E0000001, …); null when the gateway refused. */
  upstreamCode?: string | null;
  /** E0000142's reason; a reason this schema does not know is left out. */
  reason?: RefusalReason | null;
}

/** What a mutation's refusal can point at: the arguments the mutation was called with. */
export interface RefusalTarget {
  /** The input argument (`input`), and the input path of a wire path, or null when the input has no such member. */
  input?: { arg: string; pathOf(wirePath: string[]): string[] | null };
  /** The id arguments by name (`policyId`, `ruleId`, `id`): a 404 names the one the service did not find. */
  ids?: Record<string, string>;
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
  // The org's engine has no such feature (the access simulation on a classic engine org).
  | 'UNSUPPORTED_ENGINE'
  // Parse and validation failures of the document itself (graphql-yoga's own codes).
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'INTERNAL_SERVER_ERROR'
  // A browser origin that CORS_ORIGINS does not allow (the preflight answer).
  | 'CORS_ORIGIN_NOT_ALLOWED'
  // A create with an idempotency key whose first request is still running after the wait.
  | 'IDEMPOTENCY_KEY_IN_PROGRESS'
  // A create with an idempotency key while the shared records (Redis) cannot be read: not run, retryable.
  | 'IDEMPOTENCY_UNAVAILABLE'
  // Refused before execution: the query limits, the upstream-call estimate, a non-JSON POST body.
  | 'QUERY_LIMIT_EXCEEDED'
  | 'COST_LIMIT_EXCEEDED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  // The request body over MAX_BODY_BYTES (413), or a Content-Length that is not one number (400).
  | 'REQUEST_ENTITY_TOO_LARGE'
  | 'BAD_REQUEST'
  // A path the gateway does not serve (or /schema.graphql with introspection off), and a browser
  // opening /graphql with GraphiQL off.
  | 'NOT_FOUND'
  | 'NOT_ACCEPTABLE';

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
  }
}

const USER_FIXABLE_STATUSES = new Set([400, 403, 404]);

/**
 * Mutations: an upstream 400/403/404 becomes userErrors, one per cause (or one for the summary when
 * there are no causes): `code` says what the client does next, `upstreamCode` keeps the service's
 * code, `field` names the argument or input member at fault (null when the input has none), and
 * the message uses GraphQL names. Anything else is thrown as toGraphQLError.
 */
export function toUserErrors(error: unknown, target: RefusalTarget = {}): UserErrorShape[] {
  if (!(error instanceof UpstreamError) || !USER_FIXABLE_STATUSES.has(error.status)) throw toGraphQLError(error);
  const upstreamCode = error.errorCode ?? null;
  const reason = isRefusalReason(error.reason) ? { reason: error.reason } : {};
  if (error.status === 404) return [{ ...notFoundUserError(error, target.ids ?? {}), upstreamCode }];
  const causes = error.causes.length ? error.causes : [error.errorSummary];
  return causes.map((cause) => {
    const { path, text } = splitCause(cause);
    const field = path && target.input ? target.input.pathOf([target.input.arg, ...path]) : null;
    return {
      message: field ? `${printPath(field.slice(1))}: ${text}` : sentence(text),
      field,
      code: userErrorCode(error, text),
      upstreamCode,
      ...reason,
    };
  });
}

/** The codes user errors carried before `UserErrorCode`: the service's own. */
const UPSTREAM_CODE_MEANING: Record<string, UserErrorCode> = {
  E0000001: 'INVALID',
  E0000003: 'INVALID',
  E0000006: 'FORBIDDEN',
  E0000007: 'NOT_FOUND',
  E0000142: 'FORBIDDEN',
};

/**
 * A user error remembered (by the idempotency store) before user errors had `UserErrorCode`s, as
 * it reads now: its service code moves to `upstreamCode`. Any other user error is returned as is.
 */
export function currentUserError(error: UserErrorShape): UserErrorShape {
  const meaning = UPSTREAM_CODE_MEANING[error.code];
  if (meaning === undefined) return error;
  const code = error.reason === 'UNMET_REQUIREMENTS' ? 'CONFLICT' : meaning;
  return { ...error, code, upstreamCode: error.code };
}

/** The 400 refusals a client answers by removing something first, or by choosing another name. */
const LIMIT_CAUSE = /already has the maximum of|holds at most \d+ rule/;
const CONFLICT_CAUSE = /already exists/;

function userErrorCode(error: UpstreamError, cause: string): UserErrorCode {
  if (error.status === 403) return error.reason === 'UNMET_REQUIREMENTS' ? 'CONFLICT' : 'FORBIDDEN';
  if (LIMIT_CAUSE.test(cause)) return 'LIMIT_EXCEEDED';
  if (CONFLICT_CAUSE.test(cause)) return 'CONFLICT';
  return 'INVALID';
}

const NOT_FOUND_NOUNS: Record<string, string> = {
  Policy: 'policy',
  PolicyRule: 'rule',
  UserType: 'user type',
  App: 'application',
};

/**
 * A 404 names the id the service did not find and its kind (`Resource not found: 0pr1 (PolicyRule)`):
 * the field is the id argument holding it. A rule looked up under another policy is not found in
 * that policy, which the message says.
 */
function notFoundUserError(error: UpstreamError, ids: Record<string, string>): UserErrorShape {
  const match = /:\s*(\S+) \((\w+)\)\s*$/.exec(error.errorSummary);
  const argName = match ? Object.keys(ids).find((name) => ids[name] === match[1]) : undefined;
  if (!match || argName === undefined) return { message: sentence(error.errorSummary), field: null, code: 'NOT_FOUND' };
  const [, id, kind] = match;
  const noun = NOT_FOUND_NOUNS[kind] ?? kind;
  const where = kind === 'PolicyRule' && ids.policyId ? ` in policy ${ids.policyId}` : '';
  return { message: `No ${noun} with id ${id} exists${where}.`, field: [argName], code: 'NOT_FOUND' };
}

function isRefusalReason(value: string | undefined): value is RefusalReason {
  return (REFUSAL_REASONS as readonly (string | undefined)[]).includes(value);
}

/** A cause's wire path (`a.b[0].c: message` → `['a', 'b', '0', 'c']`), or null, and the message after it. */
export function splitCause(cause: string): { path: string[] | null; text: string } {
  const match = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*):\s/.exec(cause);
  if (!match) return { path: null, text: cause };
  const path = match[1].split(/\.|\[(\d+)\]/).filter((s): s is string => s !== undefined && s !== '');
  return { path, text: cause.slice(match[0].length) };
}

/**
 * The input path a cause names, when it starts with a wire path (`a.b[0].c: message`):
 * `['input', 'a', 'b', '0', 'c']`. Causes without a path (e.g. "system policies cannot be
 * deleted") have no field.
 */
export function fieldOfCause(cause: string, inputArg: string): string[] | null {
  const { path } = splitCause(cause);
  return path && [inputArg, ...path];
}

/** `['settings', 'rules', '0', 'name']` → `settings.rules[0].name`. */
export function printPath(path: readonly string[]): string {
  return path.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** First letter up, one final stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  const upper = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(upper) ? upper : `${upper}.`;
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
    // The service's own error body, when it sent one, as for any other error status.
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
  if (error instanceof UpstreamError) {
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
    return new GraphQLError(message, { extensions: { code: codeOfStatus(error.status), upstream, ...resetAt } });
  }
  // Kept as the original error so that the server's masking replaces it with a generic message.
  return new GraphQLError('Unexpected error.', {
    originalError: error instanceof Error ? error : new Error(String(error)),
  });
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
