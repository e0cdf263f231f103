// The OAuth 2.0 scope each operation needs, read from the operation table: the resource family from
// the path (policies, with their rules, mappings and the access simulation, or user types), the access
// from the method (GET, and a POST marked `readOnly`, reads; everything else manages). `manage`
// includes reading. The emulator's rights check and the OpenAPI document both use this table.
import { OPERATIONS, type Operation, type OperationName } from './operations.ts';

export type ScopeFamily = 'policies' | 'userTypes' | 'users' | 'groups' | 'networkZones' | 'apps';
/** Every scope family, in the order the scope lists name them. */
export const SCOPE_FAMILIES: readonly ScopeFamily[] = [
  'policies',
  'userTypes',
  'users',
  'groups',
  'networkZones',
  'apps',
];
export type ScopeAccess = 'read' | 'manage';
/** One of the API scopes: `okta.<family>.read` or `okta.<family>.manage` (okta.policies.read, okta.users.manage, …). */
export type OperationScope = `okta.${ScopeFamily}.${ScopeAccess}`;

export interface ScopeNeed {
  family: ScopeFamily;
  access: ScopeAccess;
  scope: OperationScope;
}

/**
 * The family of a path, by its first segments. The emulator's extension that assigns an authentication
 * policy to an app changes which policy applies, so it counts as a policy write. A path under none of
 * these fails at load, so a new endpoint cannot go out without its scope.
 */
const FAMILY_OF_PATH: [prefix: string, family: ScopeFamily][] = [
  ['/api/v1/policies', 'policies'],
  ['/api/v1/apps/{appId}/policies/', 'policies'],
  ['/api/v1/meta/types/user', 'userTypes'],
  ['/api/v1/users', 'users'],
  ['/api/v1/groups', 'groups'],
  ['/api/v1/zones', 'networkZones'],
  ['/api/v1/apps', 'apps'],
];

function familyOf(name: string, op: Operation): ScopeFamily {
  const found = FAMILY_OF_PATH.find(([prefix]) => op.path.startsWith(prefix));
  if (!found) throw new Error(`operation ${name}: no API scope family for ${op.path}`);
  return found[1];
}

/** Every API scope the operations need, read before manage per family. */
export const OPERATION_SCOPE_NAMES: readonly OperationScope[] = SCOPE_FAMILIES.flatMap((family) => [
  `okta.${family}.read` as const,
  `okta.${family}.manage` as const,
]);

export const scopeOf = (family: ScopeFamily, access: ScopeAccess): OperationScope => `okta.${family}.${access}`;

function needOf(name: string, op: Operation): ScopeNeed {
  const family = familyOf(name, op);
  const access: ScopeAccess = op.method === 'GET' || op.readOnly ? 'read' : 'manage';
  return { family, access, scope: scopeOf(family, access) };
}

/** The scope each operation needs (`read` for a read, `manage` for a write). */
export const OPERATION_SCOPES = Object.fromEntries(
  (Object.entries(OPERATIONS) as [OperationName, Operation][]).map(([name, op]) => [name, needOf(name, op)]),
) as Record<OperationName, ScopeNeed>;
