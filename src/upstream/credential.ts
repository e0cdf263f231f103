// The caller's credential as the service reads it. The service takes the scheme (SSWS or Bearer)
// in any case and any run of spaces before the token, and compares the token exactly; HTTP strips
// the spaces around a header's value. So `ssws t`, `SSWS   t` and `SSWS t` are one credential, and
// `Bearer t` another (the scheme is part of it). Everything the gateway keys on a caller (its fair
// share of the upstream budget, its proven or refused standing, its idempotency records and policy
// plans) keys on this one digest, never on the header's spelling; except that once the upstream
// has accepted a Bearer JWT, its caller is the person or client behind it (principalDigest), so that
// a refreshed token is the same caller (tokenTrust.ts decides when).
import { createHash } from 'node:crypto';

/** Scheme, the spaces after it, and the token: printable ASCII starting with a non-space. */
const AUTHORIZATION = /^(SSWS|Bearer) +([\x21-\x7e][\x20-\x7e]*)$/i;

/**
 * The header is usable when its scheme is SSWS or Bearer (case-insensitive, as HTTP auth schemes
 * are) followed by a credential in printable ASCII. It is forwarded exactly as sent; anything else
 * counts as no header at all.
 */
export function isUsableAuthorization(header: string | null | undefined): header is string {
  return typeof header === 'string' && AUTHORIZATION.test(header);
}

/**
 * The credential in one spelling: the scheme as registered (`SSWS`, `Bearer`), one space, the token
 * as sent. A value that is no usable header stays as it is.
 */
export function credentialOf(authorization: string): string {
  const match = AUTHORIZATION.exec(authorization.trim());
  if (!match) return authorization;
  const scheme = match[1].toLowerCase() === 'ssws' ? 'SSWS' : 'Bearer';
  return `${scheme} ${match[2]}`;
}

/**
 * SHA-256 (hex) of the credential: the caller, wherever the gateway keeps something per caller.
 * A header already in the one spelling digests as before, so records kept under it stay valid.
 */
export function credentialDigest(authorization: string): string {
  return createHash('sha256').update(credentialOf(authorization)).digest('hex');
}

/** What a Bearer JWT says of who holds it, read WITHOUT checking its signature (see principalOf). */
export interface BearerClaims {
  /** The issuer; part of the caller, so two issuers' `sub`s never meet. */
  iss: string;
  /** The person's login, or the client id of a client-credentials token. */
  sub: string;
  /** The client the token was issued to. */
  cid: string;
  /** When the token expires (epoch ms); undefined when it does not say. */
  expiresAt: number | undefined;
}

/**
 * The claims of a `Bearer` JWT access token, decoded and NOT verified: only the upstream's accepting
 * the token makes them true, so callers read them once the upstream has answered a call made with it
 * (tokenTrust.ts). Undefined for an API token, an opaque Bearer token, or a JWT without `sub` and `cid`.
 */
export function bearerClaimsOf(authorization: string): BearerClaims | undefined {
  const match = AUTHORIZATION.exec(authorization.trim());
  if (match?.[1].toLowerCase() !== 'bearer') return undefined;
  const parts = match[2].split('.');
  if (parts.length !== 3) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { iss, sub, cid, exp } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || sub === '' || typeof cid !== 'string' || cid === '') return undefined;
  return {
    iss: typeof iss === 'string' ? iss : '',
    sub,
    cid,
    expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined,
  };
}

/**
 * SHA-256 (hex) of the person or client behind a JWT's claims: the caller of every token issued to
 * them (a refreshed token, a second client-credentials grant), once the upstream has accepted it.
 */
export function principalDigest(claims: BearerClaims): string {
  return createHash('sha256')
    .update(JSON.stringify(['principal', claims.iss, claims.sub, claims.cid]))
    .digest('hex');
}
