// Client authentication at the token, introspection and revocation endpoints: a public client
// names itself (`client_id`, method `none`); a service proves itself with a JWT signed by one of
// its registered keys (`private_key_jwt`, RFC 7523): iss = sub = client_id, aud = the endpoint,
// a near expiry and a `jti` that is never accepted twice. Client secrets are not supported.
import { createLocalJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify } from 'jose';
import { ASSERTION_ALGORITHMS, type OAuthClient } from './clients.ts';
import { invalidClient, invalidRequest, param } from './oauthHttp.ts';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** An assertion must expire within this many seconds (a replayable assertion is kept short). */
const MAX_ASSERTION_SECONDS = 3600;

export interface ClientAuthContext {
  client(id: string): OAuthClient | undefined;
  /** Milliseconds since the epoch. */
  now(): number;
  clockSkewSeconds: number;
}

export class ClientAuthenticator {
  /** `<client_id> <jti>` of assertions seen -> their expiry (seconds); forgotten once expired. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly ctx: ClientAuthContext) {}

  /** The client making the request to `audiences[0]` (an assertion may name any of `audiences`). */
  async authenticate(
    form: URLSearchParams,
    authorization: string | undefined,
    audiences: string[],
  ): Promise<OAuthClient> {
    if (authorization !== undefined) {
      throw invalidClient('Client authentication by the Authorization header is not supported: use private_key_jwt.');
    }
    const assertion = param(form, 'client_assertion');
    const assertionType = param(form, 'client_assertion_type');
    const named = param(form, 'client_id');
    if (assertion === undefined && assertionType === undefined) {
      if (named === undefined)
        throw invalidClient('The client is not identified: send client_id or a client assertion.');
      const client = this.ctx.client(named);
      if (!client) throw invalidClient('The client is unknown.');
      if (client.token_endpoint_auth_method !== 'none') {
        throw invalidClient('The client must authenticate with private_key_jwt.');
      }
      return client;
    }
    if (assertionType !== JWT_BEARER || assertion === undefined) {
      throw invalidRequest(`client_assertion_type must be ${JWT_BEARER}, with a client_assertion.`);
    }
    return this.verifyAssertion(assertion, named, audiences);
  }

  private async verifyAssertion(
    assertion: string,
    named: string | undefined,
    audiences: string[],
  ): Promise<OAuthClient> {
    // The unverified issuer only picks the keys to verify with; nothing else is read before that.
    let issuer: unknown;
    try {
      issuer = decodeJwt(assertion).iss;
    } catch {
      throw invalidClient('The client assertion is not a JWT.');
    }
    const clientId = named ?? issuer;
    const client = typeof clientId === 'string' ? this.ctx.client(clientId) : undefined;
    if (client?.token_endpoint_auth_method !== 'private_key_jwt' || !client.jwks) {
      throw invalidClient('The client is unknown or does not use private_key_jwt.');
    }
    const nowSeconds = Math.floor(this.ctx.now() / 1000);
    let exp: number;
    let jti: string;
    try {
      const { payload } = await jwtVerify(assertion, createLocalJWKSet(client.jwks as JSONWebKeySet), {
        issuer: client.client_id,
        subject: client.client_id,
        audience: audiences,
        algorithms: ASSERTION_ALGORITHMS,
        currentDate: new Date(this.ctx.now()),
        clockTolerance: this.ctx.clockSkewSeconds,
        requiredClaims: ['exp', 'jti'],
      });
      if (typeof payload.jti !== 'string' || payload.jti === '') throw new Error('jti');
      exp = payload.exp as number;
      jti = payload.jti;
    } catch {
      throw invalidClient('The client assertion is not valid (signature, iss, sub, aud, exp or jti).');
    }
    if (exp > nowSeconds + MAX_ASSERTION_SECONDS + this.ctx.clockSkewSeconds) {
      throw invalidClient(`The client assertion must expire within ${MAX_ASSERTION_SECONDS} seconds.`);
    }
    this.forgetExpired(nowSeconds);
    const key = `${client.client_id} ${jti}`;
    if (this.seen.has(key)) throw invalidClient('The client assertion was already used (jti).');
    this.seen.set(key, exp);
    return client;
  }

  private forgetExpired(nowSeconds: number): void {
    for (const [key, exp] of this.seen) if (exp + this.ctx.clockSkewSeconds < nowSeconds) this.seen.delete(key);
  }
}
