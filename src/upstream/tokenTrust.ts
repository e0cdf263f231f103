// Which Authorization headers the upstream accepted recently. An operation whose token is not known
// to be good sends one probe call before its fan-out, so a junk token costs one call, not one per
// field. Only SHA-256 digests are kept, in memory, for a short while; a token the upstream rejects
// is forgotten at once.
import { hash } from 'node:crypto';

/** What one operation needs to know about its caller's token. */
export interface TokenTrust {
  isTrusted(): boolean;
  /** The upstream answered a call made with this token (not 401/403/429/5xx). */
  trust(): void;
  /** The upstream rejected the token. */
  distrust(): void;
}

export class TrustedTokens {
  /** Digest of the header -> time (epoch ms) until which it counts as accepted. */
  private readonly acceptedUntil = new Map<string, number>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  for(authorization: string): TokenTrust {
    const key = hash('sha256', authorization, 'base64');
    return {
      isTrusted: () => {
        const until = this.acceptedUntil.get(key);
        if (until === undefined) return false;
        if (until > this.now()) return true;
        this.acceptedUntil.delete(key);
        return false;
      },
      trust: () => {
        // Re-inserted so that the Map's order stays oldest-first for eviction.
        this.acceptedUntil.delete(key);
        this.acceptedUntil.set(key, this.now() + this.ttlMs);
        if (this.acceptedUntil.size > this.maxEntries) {
          const oldest = this.acceptedUntil.keys().next().value;
          if (oldest !== undefined) this.acceptedUntil.delete(oldest);
        }
      },
      distrust: () => {
        this.acceptedUntil.delete(key);
      },
    };
  }
}
