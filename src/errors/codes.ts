// Every `extensions.code` the gateway sends, in one table: what it means, whether the same request
// may succeed later, the HTTP status of the answer that carries it, and where it comes from (the
// upstream client's error class and its `code`, or the gateway's own condition). The type of the
// codes, the mapping of upstream errors (errors/graphql.ts, exhaustive on their `code`) and the code
// table of docs/errors.md (`npm run docs:errors`) all follow from it.

export interface GatewayErrorCodeRow {
  /** What happened, for a client deciding what to do next. */
  meaning: string;
  /** True when the same request may succeed later without a change (after a wait). */
  retryable: boolean;
  /** The HTTP status of the answer; `200` when the error rides in an execution result. */
  httpStatus: string;
  /** The upstream client's error class(es) (with their `code`) or the gateway condition it comes from. */
  source: string;
}

const IN_RESULT = '200 (in the result)';

export const GATEWAY_ERROR_CODES = {
  BAD_USER_INPUT: {
    meaning:
      'The input is not valid: the service answered 400 to a query or the simulation, or a variable has the wrong type (`extensions.fieldErrors` names each input path).',
    retryable: false,
    httpStatus: '200 (in the result); 400 for a variable of the wrong type',
    source:
      '`UpstreamError` (`UPSTREAM_RESPONSE_ERROR`) with status 400 or a simulation 404 for its input; graphql-js variable coercion',
  },
  UNAUTHENTICATED: {
    meaning:
      'No usable credentials, or the service refused the token; for an expired access token `extensions.hint` says to refresh it.',
    retryable: false,
    httpStatus: IN_RESULT,
    source:
      '`UpstreamError` with status 401 (`error="invalid_token"` in its Bearer challenge); a request without an `Authorization` header that needs upstream data',
  },
  FORBIDDEN: {
    meaning:
      'The service refused the operation (403): for the caller’s rights, `extensions.requiredScope` names the OAuth scope the operation needs (the token lacks it) and `extensions.adminRole` the admin role that does not allow it; without `requiredScope`, the service allows the operation to nobody.',
    retryable: false,
    httpStatus: IN_RESULT,
    source:
      '`UpstreamError` with status 403 (`error="insufficient_scope"` in its Bearer challenge, or a cause naming the admin role)',
  },
  RATE_LIMITED: {
    meaning: 'The org’s upstream rate limit (or this caller’s share of it) is used up until `extensions.resetAt`.',
    retryable: true,
    httpStatus: IN_RESULT,
    source: '`UpstreamRateLimitedError` (`UPSTREAM_RATE_LIMITED`, nothing sent); `UpstreamError` with status 429',
  },
  UPSTREAM_UNAVAILABLE: {
    meaning:
      'The service could not be reached or answered 502/503/504; `extensions.upstream.code` says why (a transport code or `HTTP_5xx`).',
    retryable: true,
    httpStatus: IN_RESULT,
    source: '`UpstreamUnavailableError` (its `code` is the reason); `UpstreamError` with status 502/503/504',
  },
  UPSTREAM_ERROR: {
    meaning: 'The service answered an error the gateway has no other code for, or an answer it cannot read.',
    retryable: false,
    httpStatus: IN_RESULT,
    source:
      '`UpstreamError` with any other status, including the one an `UpstreamBodyTooLargeError` (`UPSTREAM_BODY_TOO_LARGE`) becomes',
  },
  UPSTREAM_OUTCOME_UNKNOWN: {
    meaning:
      'A create’s answer was lost after the request may have reached the service: look for the object before retrying.',
    retryable: false,
    httpStatus: IN_RESULT,
    source:
      '`UpstreamOutcomeUnknownError` (`UPSTREAM_OUTCOME_UNKNOWN`); an idempotent create whose earlier attempt cannot be told',
  },
  UPSTREAM_BUDGET_EXCEEDED: {
    meaning:
      'The operation’s next wave of upstream calls would pass its call budget (MAX_UPSTREAM_CALLS); none of it was sent.',
    retryable: false,
    httpStatus: IN_RESULT,
    source: '`UpstreamBudgetExceededError` (`UPSTREAM_CALL_BUDGET_EXCEEDED`)',
  },
  RESPONSE_TOO_LARGE: {
    meaning:
      'The answer passed a bound: `extensions.measure` is `bytes` (MAX_RESPONSE_BYTES) or `fields` (MAX_RESOLVED_FIELDS), or the upstream answers passed the operation’s byte budget (no `measure`).',
    retryable: false,
    httpStatus: IN_RESULT,
    source: '`ResponseBudgetExceededError` (`UPSTREAM_RESPONSE_BUDGET_EXCEEDED`); the answer meter',
  },
  SERVER_BUSY: {
    meaning:
      'The process’s memory budget for answers in flight stayed full: the operation was not run, or was stopped.',
    retryable: true,
    httpStatus: IN_RESULT,
    source: 'the memory budget (admission, or the answer meter)',
  },
  OPERATION_TIMEOUT: {
    meaning: 'The operation did not finish within OPERATION_TIMEOUT_MS (`extensions.timeoutMs`).',
    retryable: true,
    httpStatus: IN_RESULT,
    source: '`OperationAbortedError` (`UPSTREAM_OPERATION_ABORTED`, reason `timeout`); the answer meter',
  },
  OPERATION_CANCELLED: {
    meaning: 'The client went away; the operation was stopped.',
    retryable: true,
    httpStatus: IN_RESULT,
    source: '`OperationAbortedError` (`UPSTREAM_OPERATION_ABORTED`, reason `cancelled`); the request’s abort signal',
  },
  UNSUPPORTED_ENGINE: {
    meaning: 'The org’s engine has no such feature (the access simulation on a classic engine org); no input would do.',
    retryable: false,
    httpStatus: IN_RESULT,
    source: '`UpstreamError` with status 404 to the simulation that names no resource of its input',
  },
  IDEMPOTENCY_KEY_IN_PROGRESS: {
    meaning: 'A create with this idempotency key is still running after the wait: retry later with the same key.',
    retryable: true,
    httpStatus: IN_RESULT,
    source: 'the idempotency records',
  },
  IDEMPOTENCY_UNAVAILABLE: {
    meaning:
      'The shared idempotency records (Redis) cannot be read: nothing was sent; retry with the same key after `extensions.retryAfterSeconds`.',
    retryable: true,
    httpStatus: IN_RESULT,
    source: 'the idempotency records',
  },
  PLAN_UNAVAILABLE: {
    meaning:
      'The shared policy plans (Redis) cannot be read: the plan may still exist and nothing was applied; retry `applyPolicies` with the same plan after `extensions.retryAfterSeconds`.',
    retryable: true,
    httpStatus: IN_RESULT,
    source: 'the policy plans',
  },
  QUERY_LIMIT_EXCEEDED: {
    meaning: 'The document passes a query limit (depth, aliases, tokens, directives …): `extensions.limit` names it.',
    retryable: false,
    httpStatus: '400',
    source: 'the query limits, before execution',
  },
  COST_LIMIT_EXCEEDED: {
    meaning:
      'The operation’s estimate passes a bound (`extensions.measure`: upstream calls, cost, or the caller’s share).',
    retryable: false,
    httpStatus: IN_RESULT,
    source: 'the estimate, before execution',
  },
  GRAPHQL_PARSE_FAILED: {
    meaning: 'The document is not GraphQL.',
    retryable: false,
    httpStatus: '400',
    source: 'graphql-yoga',
  },
  GRAPHQL_VALIDATION_FAILED: {
    meaning: 'The document does not fit the schema.',
    retryable: false,
    httpStatus: '400',
    source: 'graphql-yoga',
  },
  BAD_REQUEST: {
    meaning:
      'The request is not one the gateway can read: a Host it does not serve, a Content-Length that is not one number, a body or query string member that is not JSON or not of its type, no query, a method GraphQL does not take (PUT, a mutation over GET), a subscription.',
    retryable: false,
    httpStatus: '400; 405 for the method; 200 (in the result) for no query or a subscription',
    source:
      'the HTTP checks before GraphQL, graphql-yoga’s reading of the request, an operation graphql-js refuses without a code',
  },
  REQUEST_ENTITY_TOO_LARGE: {
    meaning: 'The request body passes MAX_BODY_BYTES.',
    retryable: false,
    httpStatus: '413',
    source: 'the body limit',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'A POST body that is not JSON.',
    retryable: false,
    httpStatus: '415',
    source: 'the content-type check',
  },
  CORS_ORIGIN_NOT_ALLOWED: {
    meaning: 'A browser origin that CORS_ORIGINS does not allow (the preflight answer).',
    retryable: false,
    httpStatus: '403',
    source: 'CORS',
  },
  NOT_FOUND: {
    meaning:
      'A path the gateway does not serve (or /schema.graphql with introspection off, or a GraphiQL file it does not have).',
    retryable: false,
    httpStatus: '404',
    source: 'the home page, the schema file, GraphiQL',
  },
  NOT_ACCEPTABLE: {
    meaning: 'A browser opening the GraphQL path for a page while GraphiQL is off.',
    retryable: false,
    httpStatus: '406',
    source: 'GraphiQL (off)',
  },
  TOO_MANY_CONNECTIONS: {
    meaning:
      'The client’s address holds its share of the gateway’s connections already (`MAX_CONNECTIONS` × `CONNECTION_ADDRESS_SHARE`): the connection is answered at once and closed; close idle connections or retry after `Retry-After` seconds.',
    retryable: true,
    httpStatus: '503',
    source: 'the connection limit per client address',
  },
  HOST_NOT_ALLOWED: {
    meaning:
      'The request’s Host (or a browser’s Origin) names no host the gateway serves (`ALLOWED_HOSTS`): no page, no operation; the answer of a DNS-rebinding page, or a gateway reached by a name not listed.',
    retryable: false,
    httpStatus: '421',
    source: 'the Host check',
  },
  INTERNAL_SERVER_ERROR: {
    meaning: 'A fault of the gateway: `Unexpected error.`, details only in its log.',
    retryable: false,
    httpStatus: IN_RESULT,
    source: 'any error that is not mapped (masked by the server)',
  },
  PERSISTED_QUERY_NOT_FOUND: {
    meaning:
      'The request names a document (`documentId`, `extensions.persistedQuery.sha256Hash`) that is not in the gateway’s trusted documents (TRUSTED_DOCUMENTS).',
    retryable: false,
    httpStatus: '404',
    source: 'the trusted documents, before parsing',
  },
  PERSISTED_QUERY_ID_REQUIRED: {
    meaning:
      'With trusted documents (TRUSTED_DOCUMENTS) a request names its document by id; a document sent whole runs only where TRUSTED_DOCUMENTS_ALLOW_ARBITRARY allows it.',
    retryable: false,
    httpStatus: '400',
    source: 'the trusted documents, before parsing',
  },
} as const satisfies Record<string, GatewayErrorCodeRow>;

/** A GraphQL `extensions.code` the gateway sends. */
export type GatewayErrorCode = keyof typeof GATEWAY_ERROR_CODES;
