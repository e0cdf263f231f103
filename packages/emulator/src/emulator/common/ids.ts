// Opaque, unique identifiers with the service's customary prefixes (00p policy, 0pr rule, oty user type).
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function newId(prefix: string, length = 17): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** ISO 8601 UTC with milliseconds, as the spec's timestamps. */
export function now(): string {
  return new Date().toISOString();
}
