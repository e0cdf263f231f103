// A service's access token by the OAuth 2.0 client credentials grant, the client authenticating with
// a signed JWT (private_key_jwt, RFC 7523): the org's token endpoint is found through its discovery
// document (`/.well-known/openid-configuration`), the assertion is signed with the client's private
// key (RS256 for an RSA key, ES256/384/512 for an EC key, EdDSA for Ed25519), and the token is kept
// until shortly before it expires. The private key never leaves this process: no message names it.
import { createPrivateKey, type JsonWebKey, type KeyObject, randomUUID, sign } from 'node:crypto';

export interface ClientCredentialsOptions {
  /** The org's base URL (the issuer of its org authorization server), e.g. `https://org.example.com`. */
  issuer: string;
  clientId: string;
  /** The client's private key, as loaded by privateKeyOf. */
  key: ClientKey;
  /** The scopes to ask for. */
  scopes: readonly string[];
  /**
   * Scopes asked for too, but done without when the endpoint refuses them (`invalid_scope`: the client
   * was not granted them): the calls that need them are then refused, and the caller says so.
   */
  optionalScopes?: readonly string[];
  /** A token is fetched again this long before it expires; default one minute. */
  renewBeforeMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface ClientKey {
  key: KeyObject;
  /** The `kid` of the client's registered public key, when it has one (a JWK's). */
  kid?: string;
}

/**
 * A private key from its text: PEM (PKCS#8, PKCS#1 or SEC1) or a JWK as JSON. The error says what
 * was wrong, never the key.
 */
export function privateKeyOf(text: string): ClientKey {
  const trimmed = text.trim();
  try {
    if (trimmed.startsWith('{')) {
      const jwk = JSON.parse(trimmed) as JsonWebKey & { kid?: unknown };
      const key = createPrivateKey({ key: jwk, format: 'jwk' });
      return typeof jwk.kid === 'string' ? { key, kid: jwk.kid } : { key };
    }
    return { key: createPrivateKey(trimmed) };
  } catch {
    throw new Error('The private key is neither a PEM private key nor a private JWK (JSON).');
  }
}

/** The JWS algorithm of a key: what the token endpoint checks the assertion with. */
function algorithmOf(key: KeyObject): { alg: string; digest: string | null; ec: boolean } {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return { alg: 'RS256', digest: 'sha256', ec: false };
    case 'ec': {
      const curve = key.asymmetricKeyDetails?.namedCurve;
      if (curve === 'prime256v1') return { alg: 'ES256', digest: 'sha256', ec: true };
      if (curve === 'secp384r1') return { alg: 'ES384', digest: 'sha384', ec: true };
      if (curve === 'secp521r1') return { alg: 'ES512', digest: 'sha512', ec: true };
      break;
    }
    case 'ed25519':
      return { alg: 'EdDSA', digest: null, ec: false };
  }
  throw new Error(
    `A ${key.asymmetricKeyType ?? 'non-asymmetric'} key cannot sign a client assertion: use RSA, EC or Ed25519.`,
  );
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The client's assertion for `audience` (the token endpoint): valid five minutes, used once (`jti`). */
export function clientAssertion(clientId: string, key: ClientKey, audience: string, now = Date.now()): string {
  const { alg, digest, ec } = algorithmOf(key.key);
  const header = { alg, typ: 'JWT', ...(key.kid ? { kid: key.kid } : {}) };
  const iat = Math.floor(now / 1000);
  const claims = { iss: clientId, sub: clientId, aud: audience, iat, exp: iat + 300, jti: randomUUID() };
  const input = `${base64url(header)}.${base64url(claims)}`;
  const signature = sign(digest, Buffer.from(input), ec ? { key: key.key, dsaEncoding: 'ieee-p1363' } : key.key);
  return `${input}.${signature.toString('base64url')}`;
}

export interface TokenAnswer {
  access_token: string;
  token_type: string;
  /** Seconds. */
  expires_in: number;
  scope?: string;
  refresh_token?: string;
}

/** The token endpoint of the org's authorization server, from its discovery document. */
export async function tokenEndpointOf(issuer: string, send: typeof fetch = fetch): Promise<string> {
  const url = new URL('/.well-known/openid-configuration', issuer);
  const body = await jsonOf(await reach(send, url), `the discovery document ${url}`);
  const endpoint = (body as { token_endpoint?: unknown }).token_endpoint;
  if (typeof endpoint !== 'string') throw new Error(`The discovery document ${url} names no token_endpoint.`);
  return endpoint;
}

/** POSTs a form to the token endpoint; the token, or an error with the endpoint's `error` and description. */
export async function requestToken(
  endpoint: string,
  form: Record<string, string>,
  send: typeof fetch = fetch,
): Promise<TokenAnswer> {
  const res = await reach(send, endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
  });
  const body = (await jsonOf(res, `the token endpoint ${endpoint}`)) as Partial<TokenAnswer> & {
    error?: string;
    error_description?: string;
  };
  if (!res.ok || typeof body.access_token !== 'string') {
    const why = [body.error, body.error_description].filter(Boolean).join(': ') || `HTTP ${res.status}`;
    throw new TokenRefusedError(`The token endpoint ${endpoint} refused the request (${why}).`, body.error);
  }
  return body as TokenAnswer;
}

/** The token endpoint's refusal, with its OAuth `error` (`invalid_scope`, `invalid_client` …). */
export class TokenRefusedError extends Error {
  constructor(
    message: string,
    readonly error: string | undefined,
  ) {
    super(message);
  }
}

/** One client's access token, fetched when first needed and again shortly before it expires. */
export class ClientCredentialsToken {
  private cached: { authorization: string; renewAt: number } | undefined;
  private endpoint: string | undefined;
  /** The optional scopes, until the endpoint refused them once. */
  private optional: readonly string[];
  private readonly send: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: ClientCredentialsOptions) {
    this.send = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.optional = options.optionalScopes ?? [];
  }

  /** `Bearer <access token>`, from the cache while it is fresh. */
  async authorization(): Promise<string> {
    if (this.cached && this.now() < this.cached.renewAt) return this.cached.authorization;
    this.endpoint ??= await tokenEndpointOf(this.options.issuer, this.send);
    let answer: TokenAnswer;
    try {
      answer = await this.request(this.endpoint, [...this.options.scopes, ...this.optional]);
    } catch (error) {
      if (!(error instanceof TokenRefusedError && error.error === 'invalid_scope' && this.optional.length > 0)) {
        throw error;
      }
      this.optional = [];
      answer = await this.request(this.endpoint, this.options.scopes);
    }
    const lifetimeMs = answer.expires_in * 1000;
    const renewBeforeMs = Math.min(this.options.renewBeforeMs ?? 60_000, lifetimeMs / 2);
    this.cached = { authorization: `Bearer ${answer.access_token}`, renewAt: this.now() + lifetimeMs - renewBeforeMs };
    return this.cached.authorization;
  }

  private request(endpoint: string, scopes: readonly string[]): Promise<TokenAnswer> {
    const { clientId, key } = this.options;
    return requestToken(
      endpoint,
      {
        grant_type: 'client_credentials',
        scope: scopes.join(' '),
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: clientAssertion(clientId, key, endpoint, this.now()),
      },
      this.send,
    );
  }
}

async function reach(send: typeof fetch, url: string | URL, init?: RequestInit): Promise<Response> {
  try {
    return await send(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`Could not reach ${url} (${cause?.code ?? cause?.message ?? (error as Error).message}).`);
  }
}

async function jsonOf(res: Response, what: string): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    throw new Error(`${what} answered HTTP ${res.status} without JSON.`);
  }
}
