// Who a request acts for, as the authorization server's `authenticate` finds it from the
// Authorization header. The API's enforcement reads the principal's scopes and role; nothing here
// decides what an operation needs.
import { OPERATION_SCOPE_NAMES, type OperationScope } from '../../rest/contract/scopes.ts';

export type AdminRole = 'SUPER_ADMIN' | 'ORG_ADMIN' | 'READ_ONLY_ADMIN';
export const ADMIN_ROLES: readonly AdminRole[] = ['SUPER_ADMIN', 'ORG_ADMIN', 'READ_ONLY_ADMIN'];
/** The scopes the contract's operations need (policies, user types and the directory's families). */
export const API_SCOPES = OPERATION_SCOPE_NAMES;
export type ApiScope = OperationScope;
export interface Principal {
  kind: 'apiToken' | 'accessToken';
  /** The person: the API token's admin, or the access token's `sub` for a person; null for a service client. */
  userId: string | null;
  /** The access token's `cid`; null for an API token. */
  clientId: string | null;
  /** The person's admin role (null: none, or a service client). */
  role: AdminRole | null;
  /** The token's API scopes; 'all' for an API token (its role limits it). */
  scopes: ReadonlySet<ApiScope> | 'all';
}
export type Authentication =
  | { ok: true; principal: Principal }
  | { ok: false; error: 'invalid_token' | 'invalid_request'; description: string };
/** Reads the Authorization header (SSWS <api token> | Bearer <JWT access token>). `Bearer <API token>` is invalid_token. */
export type Authenticate = (authorization: string | undefined) => Promise<Authentication> | Authentication;

export const isApiScope = (scope: string): scope is ApiScope => (API_SCOPES as readonly string[]).includes(scope);
