// What a 401 or 403 says about the caller's credential, beyond its status: the service's Bearer
// challenge (`WWW-Authenticate: Bearer error="insufficient_scope", scope="…"` for a token without
// the scope, `error="invalid_token", error_description="The token has expired."` for a token it no
// longer takes), or the cause of a 403 naming the admin role that does not allow the operation.
// A 403 with neither is the service refusing the operation on that object for anyone (a system
// policy, the default user type): not about the caller at all.
import type { IncomingHttpHeaders } from 'node:http';
import { OPERATION_SCOPES, OPERATIONS, type OperationName } from 'policy-service-emulator/contract';
import type { AccessRefusal } from './errors.ts';
import type { Route } from './routes.ts';

/** The scope each route needs, from the contract's table (`GET /api/v1/policies` → okta.policies.read). */
const SCOPE_OF_ROUTE = new Map(
  Object.keys(OPERATIONS).map((name) => {
    const { method, path } = OPERATIONS[name as OperationName];
    return [`${method} ${path}`, OPERATION_SCOPES[name as OperationName].scope];
  }),
);

/** The OAuth scope a token needs for the route (undefined for a route the contract does not have). */
export function scopeOfRoute(route: Route): string | undefined {
  return SCOPE_OF_ROUTE.get(`${route.method} ${route.template}`);
}

/** `The admin role READ_ONLY_ADMIN does not allow this operation`. */
const ROLE_CAUSE = /^The admin role (\w+) does not allow/;

/** The refusal a 401/403 answer carries; undefined for any other answer, and for a 403 about the object. */
export function accessRefusalOf(
  route: Route,
  status: number,
  headers: IncomingHttpHeaders,
  causes: readonly string[],
): AccessRefusal | undefined {
  if (status !== 401 && status !== 403) return undefined;
  const challenge = bearerChallenge(headers['www-authenticate']);
  const requiredScope = challenge?.scope ?? scopeOfRoute(route);
  const description = challenge?.error_description;
  if (status === 401) {
    const expired = /expired/i.test(description ?? '');
    return { kind: 'invalid_token', requiredScope, description, role: undefined, expired };
  }
  if (challenge?.error === 'insufficient_scope') {
    return { kind: 'insufficient_scope', requiredScope, description, role: undefined, expired: false };
  }
  const role = causes.map((cause) => ROLE_CAUSE.exec(cause)?.[1]).find((r) => r !== undefined);
  if (role === undefined) return undefined;
  return { kind: 'role', requiredScope, description, role, expired: false };
}

/** The parameters of a `Bearer` challenge (RFC 6750 §3); undefined when there is none. */
export function bearerChallenge(header: string | string[] | undefined): Record<string, string> | undefined {
  const value = (Array.isArray(header) ? header : [header]).find((h) => h && /^\s*Bearer(\s|$)/i.test(h));
  if (value === undefined) return undefined;
  const params: Record<string, string> = {};
  for (const match of value.replace(/^\s*Bearer/i, '').matchAll(/([\w-]+)\s*=\s*"((?:[^"\\]|\\.)*)"/g)) {
    params[match[1].toLowerCase()] = match[2].replace(/\\(.)/g, '$1');
  }
  return params;
}
