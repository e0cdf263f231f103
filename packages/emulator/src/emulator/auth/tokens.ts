// Access tokens (RS256 JWTs), ID tokens and refresh tokens, and their revocation. An access token is
// verified in full (signature, `kid`, issuer, audience, lifetime with the allowed clock skew, every
// claim's type) before any claim is read, then checked against the revocations and the org (its
// client still registered, its person still there). An access token's `jti` names its grant
// (`AT.<grant id>.<random>`), so that ending a grant ends its access tokens without a record of
// each. Refresh tokens and revocations live in this process's memory, bounded (ExpiringMap): a
// restart forgets them (a configured signing key keeps access tokens valid).
import { errors, jwtVerify, SignJWT } from 'jose';
import type { OAuthClient } from '../access/clients.ts';
import { ExpiringMap } from './expiringMap.ts';
import type { Person } from './identities.ts';
import { SIGNING_ALGORITHM, type SigningKeys } from './keys.ts';
import { type ApiScope, type Authentication, isApiScope } from '../access/principal.ts';
import { RefreshTokens } from './refreshTokens.ts';
import { randomSecret } from '../access/secrets.ts';

export { REFRESH_TOKEN_SECONDS } from './refreshTokens.ts';
/** Revoked access tokens and ended grants, kept until their last access token expires. */
export const REVOCATION_BOUNDS = { count: 100_000, bytes: 16 * 1024 * 1024 };

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
  /** Seconds the previous refresh token stays valid after a rotation. */
  refreshTokenLeewaySeconds: number;
}

type Verified = { ok: true; claims: AccessClaims; grantId?: string } | { ok: false; why: string };

/** The grant an access token's jti names (`AT.<grant id>.<random>`). */
const grantOfJti = (jti: string) => jti.split('.')[1] ?? '';

/** Who may revoke a token (RFC 7009 §2.1: only the client it was issued to). */
export class NotYourToken extends Error {}

export class Tokens {
  readonly refresh: RefreshTokens;
  /** Revoked access token jti -> until its expiry. */
  private readonly revoked = new ExpiringMap<string, true>(REVOCATION_BOUNDS, (key) => 2 * key.length + 100);
  /** Ended grants, until their last access token has expired. */
  private readonly revokedGrants = new ExpiringMap<string, true>(REVOCATION_BOUNDS, (key) => 2 * key.length + 100);

  constructor(private readonly ctx: TokenContext) {
    this.refresh = new RefreshTokens({
      leewaySeconds: ctx.refreshTokenLeewaySeconds,
      seconds: () => this.seconds(),
      onReuse: (grantId) => this.revokeGrant(grantId),
    });
  }

  private seconds(): number {
    return Math.floor(this.ctx.now() / 1000);
  }

  /**
   * Signs an access token for `scopes` (default: the grant's), an ID token with `openid`, and with
   * `offline_access` a refresh token for the whole grant when the client may refresh.
   */
  async issue(grant: Grant, o: { nonce?: string; refresh?: boolean; scopes?: string[] } = {}): Promise<TokenResponse> {
    const scopes = o.scopes ?? grant.scopes;
    const key = await this.ctx.keys.current();
    const iat = this.seconds();
    const exp = iat + this.ctx.accessTokenSeconds;
    const jti = `AT.${grant.id}.${randomSecret(12)}`;
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
    const response: TokenResponse = {
      token_type: 'Bearer',
      expires_in: this.ctx.accessTokenSeconds,
      access_token: access,
      scope: scopes.join(' '),
    };
    // A grant ended meanwhile (a reuse seen by a request that ran between) gets no new refresh token.
    const ended = this.revokedGrants.get(grant.id, iat) !== undefined;
    if (person && o.refresh && grant.scopes.includes('offline_access') && !ended) {
      response.refresh_token = this.refresh.issue(grant);
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

  /** Takes a refresh token of `clientId` (rotation and reuse detection: RefreshTokens); undefined when not valid. */
  redeemRefreshToken(token: string, clientId: string): Grant | undefined {
    const redeemed = this.refresh.redeem(token, clientId);
    if (!redeemed.ok || this.revokedGrants.get(redeemed.grant.id, this.seconds())) return undefined;
    return redeemed.grant;
  }

  /** Ends a grant: its refresh tokens and every access token issued under it. */
  revokeGrant(grantId: string): void {
    const now = this.seconds();
    this.refresh.end(grantId);
    // Every access token of the grant was issued before now: it expires within one lifetime.
    this.revokedGrants.set(grantId, true, now + this.ctx.accessTokenSeconds + this.ctx.clockSkewSeconds + 1, now);
  }

  /**
   * RFC 7009: revokes an access or refresh token of `clientId` (a refresh token takes its grant's
   * access tokens with it). Unknown and invalid tokens are ignored; another client's token is
   * refused (NotYourToken).
   */
  async revoke(token: string, clientId: string): Promise<void> {
    const record = this.refresh.lookup(token);
    if (record) {
      if (record.grant.clientId !== clientId) throw new NotYourToken();
      this.revokeGrant(record.grant.id);
      return;
    }
    const verified = await this.verifyJwt(token);
    if (!verified.ok) return;
    if (verified.claims.cid !== clientId) throw new NotYourToken();
    const now = this.seconds();
    this.revoked.set(verified.claims.jti, true, verified.claims.exp + this.ctx.clockSkewSeconds + 1, now);
  }

  /** RFC 7662: what a token of `clientId` is; `{active: false}` for anything else. */
  async introspect(token: string, clientId: string): Promise<Record<string, unknown>> {
    const record = this.refresh.lookup(token);
    if (record) {
      const { grant } = record;
      const live = record.live && !this.revokedGrants.get(grant.id, this.seconds());
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
    const now = this.seconds();
    if (this.revoked.get(claims.jti, now) || this.revokedGrants.get(grantOfJti(claims.jti), now)) {
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
}
