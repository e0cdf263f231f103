// The caller's digest (credentialDigest, a SHA-256 of the credential) for each request, worked out
// once per Authorization header value: the same few callers send the same header on every request,
// and hashing it again cost more than the rest of the context. Bounded: the most recent callers,
// headers of a usual length only.
import { credentialDigest } from '../upstream/credential.ts';

/** Distinct header values remembered; the least recently used goes first. */
export const REMEMBERED_CALLERS = 512;
/** Longer headers are digested every time (a key holds the header: this bounds the memory too). */
const MAX_REMEMBERED_HEADER = 2_048;

const digests = new Map<string, string>();

/** credentialDigest(authorization), remembered for the most recent callers. */
export function callerDigest(authorization: string): string {
  const known = digests.get(authorization);
  if (known !== undefined) {
    // Moved to the end: the Map's order is least recently used first.
    digests.delete(authorization);
    digests.set(authorization, known);
    return known;
  }
  const digest = credentialDigest(authorization);
  if (authorization.length > MAX_REMEMBERED_HEADER) return digest;
  if (digests.size >= REMEMBERED_CALLERS) digests.delete(digests.keys().next().value!);
  digests.set(authorization, digest);
  return digest;
}

/** How many header values are remembered now. */
export function rememberedCallerCount(): number {
  return digests.size;
}
