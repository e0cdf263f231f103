// Every REST operation the gateway calls, as one table: method, the spec's path template, what a
// success carries, and whether the call may be repeated safely. The client, its metrics and its retry
// policy all read this table, so a new endpoint is one row here plus one typed method on RestApi.
import { notFoundError } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: HttpMethod;
  /** The spec's path template, e.g. `/api/v1/policies/{policyId}`; also the metrics label. */
  template: string;
  /** What a 2xx carries: a JSON object, a JSON array, or nothing to read. */
  returns: 'object' | 'array' | 'none';
  /** Repeating the call cannot create a second object: GET, PUT, DELETE, lifecycle changes. */
  idempotent: boolean;
}

const route = (method: HttpMethod, template: string, returns: Route['returns'], idempotent = method !== 'POST') => ({
  method,
  template,
  returns,
  idempotent,
});

export const ROUTES = {
  listPolicies: route('GET', '/api/v1/policies', 'array'),
  getPolicy: route('GET', '/api/v1/policies/{policyId}', 'object'),
  createPolicy: route('POST', '/api/v1/policies', 'object'),
  replacePolicy: route('PUT', '/api/v1/policies/{policyId}', 'object'),
  deletePolicy: route('DELETE', '/api/v1/policies/{policyId}', 'none'),
  activatePolicy: route('POST', '/api/v1/policies/{policyId}/lifecycle/activate', 'none', true),
  deactivatePolicy: route('POST', '/api/v1/policies/{policyId}/lifecycle/deactivate', 'none', true),
  clonePolicy: route('POST', '/api/v1/policies/{policyId}/clone', 'object'),
  listPolicyApplications: route('GET', '/api/v1/policies/{policyId}/app', 'array'),
  listRules: route('GET', '/api/v1/policies/{policyId}/rules', 'array'),
  getRule: route('GET', '/api/v1/policies/{policyId}/rules/{ruleId}', 'object'),
  createRule: route('POST', '/api/v1/policies/{policyId}/rules', 'object'),
  replaceRule: route('PUT', '/api/v1/policies/{policyId}/rules/{ruleId}', 'object'),
  deleteRule: route('DELETE', '/api/v1/policies/{policyId}/rules/{ruleId}', 'none'),
  activateRule: route('POST', '/api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/activate', 'none', true),
  deactivateRule: route('POST', '/api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/deactivate', 'none', true),
  listUserTypes: route('GET', '/api/v1/meta/types/user', 'array'),
  getUserType: route('GET', '/api/v1/meta/types/user/{typeId}', 'object'),
  // The spec writes the create path with a trailing slash.
  createUserType: route('POST', '/api/v1/meta/types/user/', 'object'),
  replaceUserType: route('PUT', '/api/v1/meta/types/user/{typeId}', 'object'),
  // A partial update, but of named members only: repeating it gives the same result.
  updateUserType: route('POST', '/api/v1/meta/types/user/{typeId}', 'object', true),
  deleteUserType: route('DELETE', '/api/v1/meta/types/user/{typeId}', 'none'),
  // Reads only, though it is a POST.
  simulate: route('POST', '/api/v1/policies/simulate', 'object', true),
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

/**
 * The request path of a route: every `{name}` becomes one encoded path segment, so an id such as
 * `a/b`, `../x` or `x?y` can never change which resource a request reaches. Ids that no encoding
 * can keep inside their segment (empty, `.` and `..`, which URL parsers resolve as dot segments even
 * when percent-encoded) name no resource: they are answered as not found without a request.
 */
export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = params[name];
    if (id === undefined) throw new TypeError(`path parameter ${name} missing for ${template}`);
    return encodeSegment(id);
  });
}

function encodeSegment(id: string): string {
  if (id === '' || id === '.' || id === '..') {
    throw notFoundError(`${JSON.stringify(id)} is not a valid identifier`);
  }
  return encodeURIComponent(id);
}
