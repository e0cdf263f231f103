// `authenticate`: the Authorization header to the principal the request acts for. `SSWS <token>`
// is an API token (its admin, every scope, the admin's role limits it); `Bearer <JWT>` is an access
// token of the authorization server, verified in full before any claim is read. An API token is
// never a Bearer credential.
import type { OrgIdentities } from './identities.ts';
import type { Authenticate, Authentication } from '../access/principal.ts';

// Schemes are case-insensitive and followed by one or more spaces (RFC 9110 §11.4).
const CREDENTIALS = /^(SSWS|Bearer) +(\S+) *$/i;

export const INVALID_TOKEN = 'The token is not valid.';

/** Verifies a Bearer access token (signature, issuer, audience, lifetime, revocation, client). */
export type VerifyAccessToken = (jwt: string) => Promise<Authentication>;

export function createAuthenticate(identities: OrgIdentities, verifyAccessToken: VerifyAccessToken): Authenticate {
  return (authorization) => {
    if (authorization === undefined || authorization.trim() === '') {
      return { ok: false, error: 'invalid_request', description: 'The request has no Authorization header.' };
    }
    const parsed = CREDENTIALS.exec(authorization);
    if (!parsed) return { ok: false, error: 'invalid_token', description: INVALID_TOKEN };
    const [, scheme, credential] = parsed;
    if (scheme.toLowerCase() === 'bearer') return verifyAccessToken(credential);
    const admin = identities.adminOfToken(credential);
    if (!admin) return { ok: false, error: 'invalid_token', description: INVALID_TOKEN };
    return {
      ok: true,
      principal: { kind: 'apiToken', userId: admin.id, clientId: null, role: admin.role, scopes: 'all' },
    };
  };
}
