// TEMPORARY: the principal's shapes until principal.ts of the authorization server is merged.
export type AdminRole = 'SUPER_ADMIN' | 'ORG_ADMIN' | 'READ_ONLY_ADMIN';
export const API_SCOPES = [
  'okta.policies.read',
  'okta.policies.manage',
  'okta.userTypes.read',
  'okta.userTypes.manage',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export interface Principal {
  kind: 'apiToken' | 'accessToken';
  userId: string | null;
  clientId: string | null;
  role: AdminRole | null;
  scopes: ReadonlySet<ApiScope> | 'all';
}
export type Authentication =
  | { ok: true; principal: Principal }
  | { ok: false; error: 'invalid_token' | 'invalid_request'; description: string };
export type Authenticate = (authorization: string | undefined) => Promise<Authentication> | Authentication;

/** TEMPORARY until the authorization server is merged: the one API token, as its SUPER_ADMIN. */
export function apiTokenOnly(token: string): Authenticate {
  return (authorization) => {
    const m = /^SSWS +(.+)$/i.exec(authorization ?? '');
    if (m?.[1] === token)
      return {
        ok: true,
        principal: { kind: 'apiToken', userId: 'carol', clientId: null, role: 'SUPER_ADMIN', scopes: 'all' },
      };
    return { ok: false, error: 'invalid_token', description: 'The token is not valid.' };
  };
}
