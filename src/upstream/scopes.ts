// The OAuth scope each upstream operation needs, read from its route: policy operations (policies,
// rules, mappings, the access simulation) need okta.policies.*, user type operations
// okta.userTypes.*; a read (GET, and the simulation's POST, which changes nothing) needs `read`,
// anything else `manage` (which includes reading). An API token (`SSWS`) carries every scope; its
// admin's role limits it.
import { ROUTES, type Route } from './routes.ts';

export const API_SCOPES = [
  'okta.policies.read',
  'okta.policies.manage',
  'okta.userTypes.read',
  'okta.userTypes.manage',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

const USER_TYPES_PATH = ROUTES.listUserTypes.template;

/** True for an operation that changes nothing: a GET, or the access simulation. */
export function isReadRoute(route: Route): boolean {
  return route.method === 'GET' || route.template === ROUTES.simulate.template;
}

/** The scope a token needs for the route. */
export function scopeOf(route: Route): ApiScope {
  const service = route.template.startsWith(USER_TYPES_PATH) ? 'okta.userTypes' : 'okta.policies';
  return `${service}.${isReadRoute(route) ? 'read' : 'manage'}`;
}
