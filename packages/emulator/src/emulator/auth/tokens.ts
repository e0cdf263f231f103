// Access tokens (RS256 JWTs), ID tokens and refresh tokens, and their revocation. An access token is
// verified in full (signature, `kid`, issuer, audience, lifetime with the allowed clock skew, every
// claim's type) before any claim is read, then checked against the revocations and the org (its
// client still registered, its person still there). Refresh tokens, revocations and grants live in
// this process's memory: a restart forgets them (a configured signing key keeps access tokens valid).
import { errors, jwtVerify, SignJWT } from 'jose';
import type { OAuthClient } from './clients.ts';
import type { Person } from './identities.ts';
import { SIGNING_ALGORITHM, type SigningKeys } from './keys.ts';
import { type ApiScope, type Authentication, isApiScope } from './principal.ts';
import { digest, randomSecret } from './secrets.ts';

/** A refresh token lives this long without use; each use gives a new one (rotation). */
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 3600;
/** Memory bound: expired entries are swept once a map holds this many. */
const SWEEP_AT = 1000;

export const WHY = {
  expired: 'The token has expired.',
  invalid: 'The token is not valid.',
  revoked: 'The token has been revoked.',
} as const;

/** What a client was granted: for a person (authorization code) or for the client itself. */
export interface Grant {
  id: string;
  clientId: string;
  /** The person; null for client credentials. */
  userId: string | null;
  scopes: string[];
  /** When the person signed in (seconds), for the ID token. */
  authTime?: number;
}

export interface TokenResponse {
  token_type: 'Bearer';
  expires_in: number;
  access_token: string;
  scope: string;
  refresh_token?: string;
  id_token?: string;
}

/** The verified claims of an access token. */
export interface AccessClaims {
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  jti: string;
  sub: string;
  uid?: string;
  cid: string;
  scp: string[];
}

export interface TokenContext {
  keys: SigningKeys;
  accessTokenSeconds: number;
  clockSkewSeconds: number;
  /** The issuer and audience: the emulator's base URL. */
  base(): string;
  /** Milliseconds since the epoch. */
  now(): number;
  client(id: string): OAuthClient | undefined;
  person(id: string): Person | undefined;
}

interface RefreshRecord {
  grant: Grant;
  expiresAt: number;
}

type Verified = { ok: true; claims: AccessClaims; grantId?: string } | { ok: false; why: string };

export class Tokens {
  /** Refresh token digest -> its grant. */
  private readonly refresh = new Map<string, RefreshRecord>();
  /** Access token jti -> its grant and expiry (to revoke a grant's access tokens). */
  private readonly issued = new Map<string, { grantId: string; exp: number }>();
  /** Revoked access token jti -> its expiry. */
  private readonly revoked = new Map<string, number>();
  /** Revoked grants -> when their last access token expires. */
  private readonly revokedGrants = new Map<string, number>();

  constructor(private readonly ctx: TokenContext) {}

  private seconds(): number {
    return Math.floor(this.ctx.now() / 1000);
  }

  /**
   * Signs an access token for `scopes` (default: the grant's), an ID token with `openid`, and with
   * `offline_access` a refresh token for the whole grant when the client may refresh.
   */
  async issue(grant: Grant, o: { nonce?: string; refresh?: boolean; scopes?: string[] } = {}): Promise<TokenResponse> {
    const scopes = o.scopes ?? grant.scopes;
    this.sweep();
    const key = await this.ctx.keys.current();
    const iat = this.seconds();
    const exp = iat + this.ctx.accessTokenSeconds;
    const jti = `AT.${randomSecret(16)}`;
    const person = grant.userId === null ? undefined : this.ctx.person(grant.userId);
    const base = this.ctx.base();
    const access = await new SignJWT({
      sub: person?.login ?? grant.clientId,
      ...(person ? { uid: person.id } : {}),
      cid: grant.clientId,
      scp: scopes,
    })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid })
      .setIssuer(base)
      .setAudience(base)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(jti)
      .sign(key.privateKey);
    this.issued.set(jti, { grantId: grant.id, exp });
    const response: TokenResponse = {
      token_type: 'Bearer',
      expires_in: this.ctx.accessTokenSeconds,
      access_token: access,
      scope: scopes.join(' '),
    };
    if (person && o.refresh && grant.scopes.includes('offline_access')) {
      const token = randomSecret();
      this.refresh.set(digest(token), { grant, expiresAt: iat + REFRESH_TOKEN_SECONDS });
      response.refresh_token = token;
    }
    if (person && scopes.includes('openid')) {
      const profile = scopes.includes('profile') ? { preferred_username: person.login, name: person.login } : {};
      response.id_token = await new SignJWT({
        ...profile,
        ...(grant.authTime !== undefined ? { auth_time: grant.authTime } : {}),
        ...(o.nonce ? { nonce: o.nonce } : {}),
      })
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid })
        .setIssuer(base)
        .setSubject(person.id)
        .setAudience(grant.clientId)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key.privateKey);
    }
    return response;
  }

  /** Takes a refresh token of `clientId` for a new one (the old one is spent); undefined when not valid. */
  redeemRefreshToken(token: string, clientId: string): Grant | undefined {
    const key = digest(token);
    const record = this.refresh.get(key);
    if (!record || record.grant.clientId !== clientId) return undefined;
    this.refresh.delete(key);
    if (record.expiresAt <= this.seconds() || this.revokedGrants.has(record.grant.id)) return undefined;
    return record.grant;
  }

  /** Ends a grant: its refresh token and every access token issued under it. */
  revokeGrant(grantId: string): void {
    for (const [key, record] of this.refresh) if (record.grant.id === grantId) this.refresh.delete(key);
    let last = this.seconds();
    for (const { grantId: id, exp } of this.issued.values()) if (id === grantId) last = Math.max(last, exp);
    this.revokedGrants.set(grantId, last);
  }

  /**
   * RFC 7009: revokes an access or refresh token of `clientId` (a refresh token takes its grant's
   * access tokens with it). Unknown tokens and other clients' tokens are ignored.
   */
  async revoke(token: string, clientId: string): Promise<void> {
    const record = this.refresh.get(digest(token));
    if (record) {
      if (record.grant.clientId === clientId) this.revokeGrant(record.grant.id);
      return;
    }
    const verified = await this.verifyJwt(token);
    if (verified.ok && verified.claims.cid === clientId) this.revoked.set(verified.claims.jti, verified.claims.exp);
  }

  /** RFC 7662: what a token of `clientId` is; `{active: false}` for anything else. */
  async introspect(token: string, clientId: string): Promise<Record<string, unknown>> {
    const record = this.refresh.get(digest(token));
    if (record) {
      const { grant } = record;
      const live = record.expiresAt > this.seconds() && !this.revokedGrants.has(grant.id);
      if (!live || grant.clientId !== clientId) return { active: false };
      const person = grant.userId === null ? undefined : this.ctx.person(grant.userId);
      return {
        active: true,
        token_type: 'refresh_token',
        scope: grant.scopes.join(' '),
        client_id: grant.clientId,
        ...(person ? { username: person.login, sub: person.login, uid: person.id } : {}),
        exp: record.expiresAt,
        iss: this.ctx.base(),
      };
    }
    const verified = await this.verify(token);
    if (!verified.ok || verified.claims.cid !== clientId) return { active: false };
    const { claims } = verified;
    return {
      active: true,
      token_type: 'Bearer',
      scope: claims.scp.join(' '),
      client_id: claims.cid,
      ...(claims.uid ? { username: claims.sub, uid: claims.uid } : {}),
      sub: claims.sub,
      exp: claims.exp,
      iat: claims.iat,
      iss: claims.iss,
      aud: claims.aud,
      jti: claims.jti,
    };
  }

  /**
   * OpenID Connect UserInfo: the person of an access token granted `openid` (and their name and
   * login with `profile`); otherwise why not (RFC 6750 error codes).
   */
  async userinfo(jwt: string): Promise<{ claims: Record<string, string> } | { error: string; why: string }> {
    const verified = await this.verify(jwt);
    if (!verified.ok) return { error: 'invalid_token', why: verified.why };
    const { claims } = verified;
    const person = claims.uid === undefined ? undefined : this.ctx.person(claims.uid);
    if (!person || !claims.scp.includes('openid')) {
      return { error: 'insufficient_scope', why: "The access token must be a person's, granted openid." };
    }
    const profile: Record<string, string> = claims.scp.includes('profile')
      ? { name: person.login, preferred_username: person.login }
      : {};
    return { claims: { sub: person.id, ...profile } };
  }

  /** An access token as `authenticate` sees it. */
  async authenticate(jwt: string): Promise<Authentication> {
    const verified = await this.verify(jwt);
    if (!verified.ok) return { ok: false, error: 'invalid_token', description: verified.why };
    const { claims } = verified;
    const person = claims.uid === undefined ? undefined : this.ctx.person(claims.uid);
    return {
      ok: true,
      principal: {
        kind: 'accessToken',
        userId: person?.id ?? null,
        clientId: claims.cid,
        role: person?.role ?? null,
        scopes: new Set(claims.scp.filter(isApiScope) as ApiScope[]),
      },
    };
  }

  /** Signature and claims, then revocation and the org: the client still registered, the person still there. */
  private async verify(jwt: string): Promise<Verified> {
    const verified = await this.verifyJwt(jwt);
    if (!verified.ok) return verified;
    const { claims } = verified;
    const grant = this.issued.get(claims.jti);
    if (this.revoked.has(claims.jti) || (grant && this.revokedGrants.has(grant.grantId))) {
      return { ok: false, why: WHY.revoked };
    }
    if (!this.ctx.client(claims.cid)) return { ok: false, why: WHY.invalid };
    if (claims.uid !== undefined) {
      const person = this.ctx.person(claims.uid);
      if (!person || person.login !== claims.sub) return { ok: false, why: WHY.invalid };
    } else if (claims.sub !== claims.cid) return { ok: false, why: WHY.invalid };
    return verified;
  }

  private async verifyJwt(jwt: string): Promise<Verified> {
    // Before the first token there is no key to verify with, and none is made for a token to refuse.
    if (!this.ctx.keys.exists()) return { ok: false, why: WHY.invalid };
    const key = await this.ctx.keys.current();
    const base = this.ctx.base();
    try {
      const { payload, protectedHeader } = await jwtVerify(jwt, key.publicKey, {
        issuer: base,
        audience: base,
        algorithms: [SIGNING_ALGORITHM],
        clockTolerance: this.ctx.clockSkewSeconds,
        currentDate: new Date(this.ctx.now()),
        requiredClaims: ['iat', 'exp', 'jti', 'sub', 'cid', 'scp'],
      });
      if (protectedHeader.kid !== key.kid) return { ok: false, why: WHY.invalid };
      const claims = payload as unknown as AccessClaims;
      const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
      if (
        typeof claims.sub !== 'string' ||
        typeof claims.cid !== 'string' ||
        typeof claims.jti !== 'string' ||
        !strings(claims.scp) ||
        (claims.uid !== undefined && typeof claims.uid !== 'string')
      ) {
        return { ok: false, why: WHY.invalid };
      }
      return { ok: true, claims: { ...claims, aud: base } };
    } catch (e) {
      return { ok: false, why: e instanceof errors.JWTExpired ? WHY.expired : WHY.invalid };
    }
  }

  /** Forgets what can no longer matter: spent refresh tokens, and revocations of expired tokens. */
  private sweep(): void {
    const now = this.seconds() - this.ctx.clockSkewSeconds;
    if (this.refresh.size >= SWEEP_AT)
      for (const [k, r] of this.refresh) if (r.expiresAt <= now) this.refresh.delete(k);
    for (const map of [this.revoked, this.revokedGrants]) {
      if (map.size >= SWEEP_AT) for (const [k, exp] of map) if (exp < now) map.delete(k);
    }
    if (this.issued.size >= SWEEP_AT) for (const [k, { exp }] of this.issued) if (exp < now) this.issued.delete(k);
  }
}
