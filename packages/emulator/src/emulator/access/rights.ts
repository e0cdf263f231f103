// What a caller may do: the scope an operation needs (the contract's table) granted by the token AND
// allowed by the person's admin role. An API token has every scope and its admin's role; a person's
// access token its scopes and the person's role; a service client's token its scopes only.
import type { OperationName } from '../../rest/contract/operations.ts';
import { OPERATION_SCOPES, type ScopeAccess, type ScopeNeed, scopeOf } from '../../rest/contract/scopes.ts';
import type { AdminRole, Principal } from './principal.ts';

/** What the caller may call, by operation (the `_links` hints name only these). */
export type MayCall = (operation: OperationName) => boolean;

/** The store's own reads of wire shapes, and nothing a caller sees: every hint. */
export const mayCallAnything: MayCall = () => true;

const ROLE_ACCESS: Record<AdminRole, readonly ScopeAccess[]> = {
  SUPER_ADMIN: ['read', 'manage'],
  ORG_ADMIN: ['read', 'manage'],
  READ_ONLY_ADMIN: ['read'],
};

/** Why a call is refused: the token lacks the scope (403 insufficient_scope), or the role forbids it. */
export type Refusal = { kind: 'scope'; need: ScopeNeed } | { kind: 'role'; role: AdminRole | null };

function scopeGranted(principal: Principal, need: ScopeNeed): boolean {
  const { scopes } = principal;
  if (scopes === 'all') return true;
  // `manage` includes reading.
  return scopes.has(need.scope) || (need.access === 'read' && scopes.has(scopeOf(need.family, 'manage')));
}

function roleAllows(principal: Principal, need: ScopeNeed): boolean {
  // A service client acts with its scopes alone: an admin registered it with an API token.
  if (principal.kind === 'accessToken' && principal.userId === null) return true;
  return principal.role !== null && ROLE_ACCESS[principal.role].includes(need.access);
}

/** Why `principal` may not call `operation`; undefined when it may. A missing scope is named first. */
export function refusalOf(principal: Principal, operation: OperationName): Refusal | undefined {
  const need = OPERATION_SCOPES[operation];
  if (!scopeGranted(principal, need)) return { kind: 'scope', need };
  if (!roleAllows(principal, need)) return { kind: 'role', role: principal.role };
  return undefined;
}

export function mayCallFor(principal: Principal): MayCall {
  return (operation) => refusalOf(principal, operation) === undefined;
}
