// Secrets at rest: passwords as scrypt hashes, API tokens as SHA-256 digests, so that no readable
// copy of either is kept by the org (nor reaches a log, an error or a snapshot).
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const SCRYPT = { N: 16384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

/**
 * Hashes computed in this process, by the password's digest: a fixture is parsed again on every
 * start and reset of every emulator a test suite makes, and scrypt is slow on purpose.
 */
const hashed = new Map<string, string>();

/** `scrypt$<salt>$<hash>` (base64url). */
export function hashPassword(password: string): string {
  const key = digest(password);
  let hash = hashed.get(key);
  if (!hash) {
    const salt = randomBytes(16);
    hash = `scrypt$${salt.toString('base64url')}$${scryptSync(password, salt, KEY_BYTES, SCRYPT).toString('base64url')}`;
    hashed.set(key, hash);
  }
  return hash;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, Buffer.from(salt, 'base64url'), expected.length, SCRYPT, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );
  return timingSafeEqual(actual, expected);
}

/** SHA-256 of a high-entropy secret (an API token, a refresh token), base64url. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A new random secret (refresh tokens, codes, transaction ids), base64url. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
