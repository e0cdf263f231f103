// The authorization server's signing key as configured (EMULATOR_SIGNING_KEY): an RSA private key
// of at least 2048 bits, as PEM or as a JWK. Read here so that a bad key stops the start with the
// other settings' problems; the key itself is never echoed.
import { createPrivateKey, type KeyObject } from 'node:crypto';

export const MIN_SIGNING_KEY_BITS = 2048;

export function parseSigningKey(text: string): { key?: KeyObject; problem?: string } {
  // A PEM put in one line of an environment variable keeps its line breaks as `\n`.
  const source = text.trim().replace(/\\n/g, '\n');
  let key: KeyObject;
  try {
    key = source.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(source), format: 'jwk' })
      : createPrivateKey({ key: source, format: 'pem' });
  } catch {
    return { problem: 'must be an RSA private key as PEM or as a JWK' };
  }
  if (key.asymmetricKeyType !== 'rsa') return { problem: 'must be an RSA private key (RS256)' };
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_SIGNING_KEY_BITS) {
    return { problem: `must be an RSA key of at least ${MIN_SIGNING_KEY_BITS} bits` };
  }
  return { key };
}
