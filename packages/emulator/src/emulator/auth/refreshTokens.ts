// Refresh tokens with rotation and reuse detection, as the platform's guide describes them: each
// use gives a new refresh token, and the one used stays valid for a leeway (a client that lost the
// answer may send it again); a refresh token used again after its leeway, or after a newer one was
// rotated out, is a reuse: the family (the grant of one sign-in) ends, with its newest refresh
// token and every access token issued under it (`onReuse`). Tokens are kept as digests only.
import type { Grant } from './tokens.ts';
import { ENTRY_OVERHEAD_BYTES, ExpiringMap, textBytes } from './expiringMap.ts';
import { digest, randomSecret } from '../access/secrets.ts';

/** A refresh token lives this long without use; each use gives a new one (rotation). */
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 3600;
/** Tokens rotated out and still in their leeway, per family (the oldest leave first). */
const MAX_IN_LEEWAY = 10;

export const FAMILY_BOUNDS = { count: 20_000, bytes: 32 * 1024 * 1024 };
/** Every refresh token of a live family, spent ones too (to see them reused). */
export const REFRESH_TOKEN_BOUNDS = { count: 100_000, bytes: 32 * 1024 * 1024 };

interface Family {
  grant: Grant;
  /** The digest of the newest refresh token. */
  newest: string;
  /** Tokens rotated out: valid until `until` (seconds). */
  leeway: { digest: string; until: number }[];
  /** Seconds since the epoch: the family ends unless used before. */
  expiresAt: number;
}

export interface RefreshTokenContext {
  /** Seconds the previous token stays valid after a rotation (0: none). */
  leewaySeconds: number;
  /** Seconds since the epoch. */
  seconds(): number;
  /** A reuse was seen: end the grant with every token issued under it. */
  onReuse(grantId: string): void;
}

export type Redemption = { ok: true; grant: Grant } | { ok: false; reuse: boolean };

const grantBytes = (grant: Grant) =>
  textBytes(grant.id) +
  textBytes(grant.clientId) +
  textBytes(grant.userId ?? '') +
  grant.scopes.reduce((n, s) => n + textBytes(s) + 16, 0);

export class RefreshTokens {
  /** By grant id. */
  private readonly families = new ExpiringMap<string, Family>(
    FAMILY_BOUNDS,
    (key, f) => ENTRY_OVERHEAD_BYTES + textBytes(key) + grantBytes(f.grant) + (1 + f.leeway.length) * 120,
  );
  /** Token digest -> its grant id. */
  private readonly tokens = new ExpiringMap<string, string>(
    REFRESH_TOKEN_BOUNDS,
    (key, grantId) => ENTRY_OVERHEAD_BYTES + textBytes(key) + textBytes(grantId),
  );

  constructor(private readonly ctx: RefreshTokenContext) {}

  /** A new refresh token of the grant, its newest (the previous newest enters its leeway if it was just used). */
  issue(grant: Grant): string {
    const now = this.ctx.seconds();
    const token = randomSecret();
    const key = digest(token);
    const expiresAt = now + REFRESH_TOKEN_SECONDS;
    const family = this.families.get(grant.id, now) ?? { grant, newest: key, leeway: [], expiresAt };
    family.newest = key;
    family.expiresAt = expiresAt;
    // Re-inserted: a used family moves to the newest end, with its expiry.
    this.families.set(grant.id, family, expiresAt, now);
    this.tokens.set(key, grant.id, expiresAt, now);
    return token;
  }

  /**
   * Takes a refresh token of `clientId` for its grant, to be followed by `issue`: the newest token
   * or one in its leeway is valid; any other token of the family is a reuse, which ends the family.
   */
  redeem(token: string, clientId: string): Redemption {
    const now = this.ctx.seconds();
    const key = digest(token);
    const grantId = this.tokens.get(key, now);
    const family = grantId === undefined ? undefined : this.families.get(grantId, now);
    if (!family || family.grant.clientId !== clientId) return { ok: false, reuse: false };
    family.leeway = family.leeway.filter((t) => t.until > now);
    if (key === family.newest) {
      if (this.ctx.leewaySeconds > 0) {
        family.leeway.push({ digest: key, until: now + this.ctx.leewaySeconds });
        if (family.leeway.length > MAX_IN_LEEWAY) family.leeway.shift();
      }
      return { ok: true, grant: family.grant };
    }
    if (family.leeway.some((t) => t.digest === key)) {
      // The newest token it was rotated into was not received: it is spent now (in its own leeway).
      if (this.ctx.leewaySeconds > 0)
        family.leeway.push({ digest: family.newest, until: now + this.ctx.leewaySeconds });
      if (family.leeway.length > MAX_IN_LEEWAY) family.leeway.shift();
      return { ok: true, grant: family.grant };
    }
    this.end(family.grant.id);
    this.ctx.onReuse(family.grant.id);
    return { ok: false, reuse: true };
  }

  /** The live grant of a refresh token (the newest or one in its leeway), for introspection and revocation. */
  lookup(token: string): { grant: Grant; expiresAt: number; live: boolean } | undefined {
    const now = this.ctx.seconds();
    const key = digest(token);
    const grantId = this.tokens.get(key, now);
    const family = grantId === undefined ? undefined : this.families.get(grantId, now);
    if (!family) return undefined;
    const live = key === family.newest || family.leeway.some((t) => t.digest === key && t.until > now);
    return { grant: family.grant, expiresAt: family.expiresAt, live };
  }

  /** Ends a family: none of its refresh tokens is valid from now on. */
  end(grantId: string): void {
    this.families.delete(grantId);
  }
}
