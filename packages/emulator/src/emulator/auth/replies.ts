// The 401 and 403 replies of the API's authentication and rights check, in the service's error body
// shape. A Bearer request also gets the RFC 6750 challenge in `WWW-Authenticate`, naming the
// authorization server, the scope the operation needs and what was wrong.
import { type ApiError, forbidden, unauthenticated } from '../common/errors.ts';
import type { Refusal } from '../access/rights.ts';

/** The request a reply answers. */
export interface Challenged {
  /** The emulator's base URL: the realm and the issuer of access tokens. */
  base: string;
  /** The request's path (the challenge's `resource`). */
  resource: string;
  /** The Authorization header used the Bearer scheme: the reply carries the challenge. */
  bearer: boolean;
  /** The scope the operation needs; absent when the path names no operation. */
  scope?: string;
}

const BEARER = /^bearer(?: |$)/i;

export function isBearer(authorization: string | undefined): boolean {
  return BEARER.test(authorization ?? '');
}

/** An RFC 9110 quoted-string. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

function challenge(to: Challenged, error: string, description: string): Record<string, string> {
  const params: [string, string | undefined][] = [
    ['authorization_uri', `${to.base}/oauth2/v1/authorize`],
    ['realm', to.base],
    ['scope', to.scope],
    ['error', error],
    ['error_description', description],
    ['resource', to.resource],
  ];
  const text = params
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([name, value]) => `${name}=${quoted(value)}`)
    .join(', ');
  return { 'www-authenticate': `Bearer ${text}` };
}

/** 401: no token, or one that is malformed, expired, wrongly signed, revoked, or an API token sent as Bearer. */
export function notAuthenticated(to: Challenged, error: string, description: string): ApiError {
  return unauthenticated(to.bearer ? challenge(to, error, description) : {});
}

export const roleRefusalCause = (role: string | null) =>
  `The admin role ${role ?? 'NONE'} does not allow this operation`;

/** 403: the token lacks the scope (a Bearer challenge naming it), or the admin role forbids the operation. */
export function notPermitted(to: Challenged, refusal: Refusal): ApiError {
  if (refusal.kind === 'role') return forbidden([roleRefusalCause(refusal.role)]);
  return forbidden(
    [],
    challenge(
      { ...to, scope: refusal.need.scope },
      'insufficient_scope',
      'The access token provided does not contain the required scopes.',
    ),
  );
}
