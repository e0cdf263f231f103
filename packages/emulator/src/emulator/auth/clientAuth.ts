// Client authentication at the token, introspection and revocation endpoints (RFC 6749 §2.3, the
// platform's client authentication methods): a public client names itself (`client_id`, method
// `none`); a confidential one sends its secret in `Authorization: Basic` (client_secret_basic) or
// in the form (client_secret_post), or a JWT signed by one of its registered keys (private_key_jwt,
// RFC 7523): the header's `kid` names the key (needed when the client has several), iss = sub =
// client_id, aud = the endpoint invoked, a near expiry, and a `jti`, when sent, never accepted
// twice. Each failure says what was wrong; a failure after `Authorization: Basic` carries the
// `WWW-Authenticate` challenge (RFC 6749 §5.2). Only the method the client registered is accepted.
import { timingSafeEqual } from 'node:crypto';
import {
  compactVerify,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  importJWK,
  type JWK,
  type JWTPayload,
  type ProtectedHeaderParameters,
} from 'jose';
import { ASSERTION_ALGORITHMS, type AuthMethod, type OAuthClient } from '../access/clients.ts';
import { ExpiringMap } from './expiringMap.ts';
import { invalidRequest, OAuthError, param } from './oauthHttp.ts';
import { digest } from '../access/secrets.ts';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** An assertion must expire within this many seconds (a replayable assertion is kept short). */
const MAX_ASSERTION_SECONDS = 3600;
/** Assertion ids remembered until their assertion expires (the oldest are forgotten beyond this). */
const SEEN_BOUNDS = { count: 50_000, bytes: 16 * 1024 * 1024 };

export const ASSERTION_ERRORS = {
  notJwt: 'The client_assertion is not a JWT.',
  unknownClient: 'The client_assertion names no client that uses private_key_jwt.',
  kid: 'The client_assertion JWT kid is invalid.',
  algorithm: `The client_assertion JWT alg is not supported: use one of ${ASSERTION_ALGORITHMS.join(', ')} that fits the key.`,
  signature: 'The client_assertion signature is invalid.',
  subject: 'The client_assertion iss and sub claims must both be the client_id.',
  audience: 'The audience claim for client_assertion must be the endpoint invoked for the request.',
  noExpiry: 'The client_assertion has no exp claim.',
  expired: 'The client_assertion token is expired.',
  tooLong: `The client_assertion must expire within ${MAX_ASSERTION_SECONDS} seconds.`,
  notYet: 'The client_assertion is not yet valid (iat or nbf is in the future).',
  replayed: 'The client_assertion jti was already used.',
  badJti: 'The client_assertion jti claim must be a non-empty text.',
} as const;

export interface ClientAuthContext {
  client(id: string): OAuthClient | undefined;
  /** Milliseconds since the epoch. */
  now(): number;
  clockSkewSeconds: number;
  /** The realm of the Basic challenge (the issuer). */
  realm(): string;
}

interface Presented {
  method: AuthMethod;
  clientId?: string;
  secret?: string;
  assertion?: string;
}

export class ClientAuthenticator {
  /** `<client_id> <jti>` of assertions seen, until the assertion expires. */
  private readonly seen = new ExpiringMap<string, true>(SEEN_BOUNDS, (key) => 2 * key.length + 100);

  constructor(private readonly ctx: ClientAuthContext) {}

  /** The client making the request to `audience`, the endpoint invoked. */
  async authenticate(form: URLSearchParams, authorization: string | undefined, audience: string): Promise<OAuthClient> {
    const basic = authorization !== undefined;
    const fail = (description: string) => this.invalidClient(description, basic);
    const presented = this.presented(form, authorization, fail);
    if (presented.method === 'private_key_jwt') {
      return this.verifyAssertion(presented.assertion as string, presented.clientId, audience);
    }
    const client = presented.clientId === undefined ? undefined : this.ctx.client(presented.clientId);
    if (!client) throw fail('The client_id is not a registered client.');
    if (client.token_endpoint_auth_method !== presented.method) {
      throw fail(`The client must authenticate with ${client.token_endpoint_auth_method}.`);
    }
    if (presented.method !== 'none' && !secretMatches(client, presented.secret ?? '')) {
      throw fail('The client secret supplied for a confidential client is invalid.');
    }
    return client;
  }

  /** What the request presents; more than one method is refused (RFC 6749 §2.3). */
  private presented(
    form: URLSearchParams,
    authorization: string | undefined,
    fail: (description: string) => OAuthError,
  ): Presented {
    const assertion = param(form, 'client_assertion');
    const assertionType = param(form, 'client_assertion_type');
    const secret = param(form, 'client_secret');
    const named = param(form, 'client_id');
    const methods = [
      authorization !== undefined,
      assertion !== undefined || assertionType !== undefined,
      secret !== undefined,
    ];
    if (methods.filter(Boolean).length > 1) {
      throw invalidRequest('The client authenticated in more than one way: use exactly one method.');
    }
    if (authorization !== undefined) {
      const basic = parseBasic(authorization);
      if (!basic) throw fail('The Authorization header must be Basic base64(client_id:client_secret).');
      if (named !== undefined && named !== basic.clientId) {
        throw invalidRequest('The client_id parameter differs from the client of the Authorization header.');
      }
      return { method: 'client_secret_basic', ...basic };
    }
    if (assertion !== undefined || assertionType !== undefined) {
      if (assertionType !== JWT_BEARER || assertion === undefined) {
        throw invalidRequest(`client_assertion_type must be ${JWT_BEARER}, with a client_assertion.`);
      }
      return { method: 'private_key_jwt', clientId: named, assertion };
    }
    if (named === undefined) throw fail('The client is not identified: send client_id or a client assertion.');
    return secret === undefined
      ? { method: 'none', clientId: named }
      : { method: 'client_secret_post', clientId: named, secret };
  }

  private invalidClient(description: string, basic: boolean): OAuthError {
    const realm = this.ctx.realm().replace(/["\\]/g, '\\$&');
    return new OAuthError(
      401,
      'invalid_client',
      description,
      basic ? { 'www-authenticate': `Basic realm="${realm}"` } : {},
    );
  }

  private async verifyAssertion(assertion: string, named: string | undefined, audience: string): Promise<OAuthClient> {
    const fail = (description: string) => this.invalidClient(description, false);
    // The unverified issuer and kid only pick the keys to verify with; no claim is trusted before that.
    let header: ProtectedHeaderParameters;
    let issuer: unknown;
    try {
      header = decodeProtectedHeader(assertion);
      issuer = decodeJwt(assertion).iss;
    } catch {
      throw fail(ASSERTION_ERRORS.notJwt);
    }
    const clientId = named ?? issuer;
    const client = typeof clientId === 'string' ? this.ctx.client(clientId) : undefined;
    if (client?.token_endpoint_auth_method !== 'private_key_jwt' || !client.jwks) {
      throw fail(ASSERTION_ERRORS.unknownClient);
    }
    const payload = await this.verifiedPayload(assertion, header, client, fail);
    if (payload.iss !== client.client_id || payload.sub !== client.client_id) throw fail(ASSERTION_ERRORS.subject);
    const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    if (!Array.isArray(audiences) || !audiences.includes(audience)) throw fail(ASSERTION_ERRORS.audience);
    const now = Math.floor(this.ctx.now() / 1000);
    const skew = this.ctx.clockSkewSeconds;
    if (typeof payload.exp !== 'number') throw fail(ASSERTION_ERRORS.noExpiry);
    if (payload.exp + skew <= now) throw fail(ASSERTION_ERRORS.expired);
    if (payload.exp > now + MAX_ASSERTION_SECONDS + skew) throw fail(ASSERTION_ERRORS.tooLong);
    const notBefore = Math.max(
      typeof payload.iat === 'number' ? payload.iat : 0,
      typeof payload.nbf === 'number' ? payload.nbf : 0,
    );
    if (notBefore > now + skew) throw fail(ASSERTION_ERRORS.notYet);
    if (payload.jti !== undefined) {
      if (typeof payload.jti !== 'string' || payload.jti === '' || payload.jti.length > 200)
        throw fail(ASSERTION_ERRORS.badJti);
      const key = `${client.client_id} ${payload.jti}`;
      if (this.seen.get(key, now)) throw fail(ASSERTION_ERRORS.replayed);
      this.seen.set(key, true, payload.exp + skew + 1, now);
    }
    return client;
  }

  /** The payload once the signature verifies with the key the header's kid names. */
  private async verifiedPayload(
    assertion: string,
    header: ProtectedHeaderParameters,
    client: OAuthClient,
    fail: (description: string) => OAuthError,
  ): Promise<JWTPayload> {
    const keys = (client.jwks?.keys ?? []) as JWK[];
    // The platform's rule: the kid names the key; it may be left out when the client has one key only.
    const jwk =
      header.kid === undefined ? (keys.length === 1 ? keys[0] : undefined) : keys.find((k) => k.kid === header.kid);
    if (!jwk) throw fail(ASSERTION_ERRORS.kid);
    const alg = header.alg ?? '';
    if (!ASSERTION_ALGORITHMS.includes(alg) || (jwk.alg !== undefined && jwk.alg !== alg))
      throw fail(ASSERTION_ERRORS.algorithm);
    let key: Awaited<ReturnType<typeof importJWK>>;
    try {
      key = await importJWK(jwk, alg);
    } catch {
      throw fail(ASSERTION_ERRORS.algorithm);
    }
    try {
      const { payload } = await compactVerify(assertion, key, { algorithms: [alg] });
      const claims = JSON.parse(new TextDecoder().decode(payload)) as unknown;
      if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw fail(ASSERTION_ERRORS.notJwt);
      return claims as JWTPayload;
    } catch (e) {
      if (e instanceof OAuthError) throw e;
      if (e instanceof errors.JOSEAlgNotAllowed || e instanceof errors.JOSENotSupported)
        throw fail(ASSERTION_ERRORS.algorithm);
      if (e instanceof errors.JWSSignatureVerificationFailed) throw fail(ASSERTION_ERRORS.signature);
      throw fail(ASSERTION_ERRORS.notJwt);
    }
  }
}

/** `Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1); undefined when it is not one. */
function parseBasic(authorization: string): { clientId: string; secret: string } | undefined {
  const encoded = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization)?.[1];
  if (!encoded) return undefined;
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 1) return undefined;
  try {
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return { clientId: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

function secretMatches(client: OAuthClient, secret: string): boolean {
  if (!client.client_secret_digest) return false;
  return timingSafeEqual(Buffer.from(digest(secret)), Buffer.from(client.client_secret_digest));
}
