// How a mutation's refusal reaches the client: the failures a user can fix (an upstream 400, 403,
// 404) become the payload's `userErrors` (a 403 for the caller's scope or role as ACCESS_DENIED,
// apart from FORBIDDEN, the operation nobody may do); anything else is thrown as its GraphQL error. Used by the
// mutations' resolvers and by the plan engine's apply alike.
import type { UserErrorCode } from '../generated/enums.ts';
import { REFUSAL_REASONS, type RefusalReason } from '../rest/types.ts';
import { UpstreamError } from '../upstream/errors.ts';
import { printPath, sentence, splitCause } from './causes.ts';
import { accessExtensions, toGraphQLError } from './graphql.ts';

export type { UserErrorCode };

export interface UserErrorShape {
  message: string;
  field?: string[] | null;
  code: UserErrorCode;
  /** The service's own error code (E0000001, …); null when the gateway refused. */
  upstreamCode?: string | null;
  /** E0000142's reason; a reason this schema does not know is left out. */
  reason?: RefusalReason | null;
  /** ACCESS_DENIED: the OAuth scope the operation needs. */
  requiredScope?: string | null;
}

/** What a mutation's refusal can point at: the arguments the mutation was called with. */
export interface RefusalTarget {
  /** The input argument (`input`), and the input path of a wire path, or null when the input has no such member. */
  input?: { arg: string; pathOf(wirePath: string[]): string[] | null };
  /** The id arguments by name (`policyId`, `ruleId`, `id`): a 404 names the one the service did not find. */
  ids?: Record<string, string>;
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
  const access = error.status === 403 ? accessExtensions(error) : undefined;
  if (access) {
    const requiredScope = access.extensions.requiredScope ?? null;
    return [{ message: access.message, field: null, code: 'ACCESS_DENIED', upstreamCode, requiredScope }];
  }
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

/**
 * The 400 refusals a client answers by removing something first, or by choosing another name. The
 * service gives them the same code as any invalid input (E0000001), so only the cause's words tell.
 */
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
 * A 404 names the id the service did not find and its kind: the field is the id argument holding
 * it. A rule looked up under another policy is not found in that policy, which the message says.
 */
function notFoundUserError(error: UpstreamError, ids: Record<string, string>): UserErrorShape {
  const missing = error.missingResource;
  const argName = missing && Object.keys(ids).find((name) => ids[name] === missing.id);
  if (!missing || argName === undefined)
    return { message: sentence(error.errorSummary), field: null, code: 'NOT_FOUND' };
  const noun = NOT_FOUND_NOUNS[missing.kind] ?? missing.kind;
  const where = missing.kind === 'PolicyRule' && ids.policyId ? ` in policy ${ids.policyId}` : '';
  return { message: `No ${noun} with id ${missing.id} exists${where}.`, field: [argName], code: 'NOT_FOUND' };
}

function isRefusalReason(value: string | undefined): value is RefusalReason {
  return (REFUSAL_REASONS as readonly (string | undefined)[]).includes(value);
}
