// The caller's credential as the service reads it. The service takes the scheme (SSWS or Bearer)
// in any case and any run of spaces before the token, and compares the token exactly; HTTP strips
// the spaces around a header's value. So `ssws t`, `SSWS   t` and `SSWS t` are one credential, and
// `Bearer t` another (the scheme is part of it). Everything the gateway keys on a caller (its fair
// share of the upstream budget, its proven or refused standing, its idempotency records and policy
// plans) keys on this one digest, never on the header's spelling.
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
