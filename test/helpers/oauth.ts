// Driving the emulator's authorization server as its clients do: a service's key pair and signed
// client assertions (private_key_jwt), form posts to the token endpoints, and the authorization
// code flow with PKCE through the sign-in page, over HTTP, without a browser. Below, whole tokens
// for tests of what is built on them (the gateway): a person's (personToken, refreshToken) and a
// service client's, registered with its own key and signed as the policies CLI signs
// (src/tools/clientCredentials.ts).
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import type { OAuthClientInput } from '../../packages/emulator/src/emulator/access/clients.ts';
import { BUILTIN_FIXTURE_PATH, type FixtureInput } from '../../packages/emulator/src/emulator/org/fixture.ts';
import {
  ClientCredentialsToken,
  type ClientKey,
  requestToken,
  type TokenAnswer,
  tokenEndpointOf,
} from '../../src/tools/clientCredentials.ts';

export const DEV_PASSWORD = 'dev-password';
export const ALL_SCOPES =
  'okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage ' +
  'okta.users.read okta.users.manage okta.groups.read okta.groups.manage ' +
  'okta.networkZones.read okta.networkZones.manage okta.apps.read okta.apps.manage openid profile offline_access';
export const APP_CALLBACK = 'http://app.example.test/callback';

/** A public client (PKCE) with every scope, as the gateway registers GraphiQL. */
export const PUBLIC_CLIENT: OAuthClientInput = {
  client_id: 'spa',
  client_name: 'Test SPA',
  redirect_uris: [APP_CALLBACK],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
  scope: ALL_SCOPES,
};

/** The built-in fixture with an API token for alice (READ_ONLY_ADMIN) besides the configured one. */
export function fixtureWithReadOnlyToken(): FixtureInput {
  const fixture = JSON.parse(readFileSync(BUILTIN_FIXTURE_PATH, 'utf8')) as FixtureInput;
  return { ...fixture, apiTokens: [{ token: 'alice-token', userId: '00u1alice' }] };
}

export interface FormResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** POSTs a form and parses the JSON answer (undefined for an empty body). */
export async function postForm(url: string, form: Record<string, string>): Promise<FormResponse> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

export interface ServiceKey {
  privateKey: CryptoKey;
  /** The public JWK to register (with a kid). */
  jwk: JWK;
}

export async function serviceKey(kid = 'test-key'): Promise<ServiceKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** A private_key_jwt assertion; `claims` override the defaults (iss = sub = client id, issued now, 5 minutes, a new jti). */
export function assertion(
  key: ServiceKey,
  clientId: string,
  audience: string,
  claims: { jti?: string; iat?: number; exp?: number; aud?: string } = {},
): Promise<string> {
  const now = claims.iat ?? Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(claims.aud ?? audience)
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 300)
    .setJti(claims.jti ?? randomBytes(12).toString('hex'))
    .sign(key.privateKey);
}

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeRequest {
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  nonce?: string;
  challenge?: string | null;
}

/** GET /oauth2/v1/authorize without following redirects. */
export function authorize(base: string, r: AuthorizeRequest = {}): Promise<Response> {
  const query = new URLSearchParams({
    client_id: r.clientId ?? PUBLIC_CLIENT.client_id,
    redirect_uri: r.redirectUri ?? APP_CALLBACK,
    response_type: 'code',
    scope: r.scope ?? ALL_SCOPES,
    state: r.state ?? 'state-1',
  });
  if (r.nonce) query.set('nonce', r.nonce);
  if (r.challenge !== null) {
    query.set('code_challenge', r.challenge ?? pkce().challenge);
    query.set('code_challenge_method', 'S256');
  }
  return fetch(`${base}/oauth2/v1/authorize?${query}`, { redirect: 'manual' });
}

/** The sign-in form of a page: where it posts and its transaction id. */
export function signInForm(html: string): { action: string; transaction: string } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const transaction = /name="transaction" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !transaction) throw new Error(`no sign-in form in the page:\n${html}`);
  return { action, transaction };
}

/** Posts the sign-in form as a browser does, without following the redirect. */
export function postSignIn(base: string, html: string, login: string, password: string): Promise<Response> {
  const { action, transaction } = signInForm(html);
  return fetch(new URL(action, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ transaction, login, password }),
    redirect: 'manual',
  });
}

/** The query of the redirect a response makes (303 to the client's redirect_uri). */
export function redirectQuery(res: Response): URLSearchParams {
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`expected a redirect, got ${res.status}`);
  return new URL(location).searchParams;
}

/** Signs in through the page and returns the code and the PKCE verifier that goes with it. */
export async function signIn(
  base: string,
  login: string,
  r: AuthorizeRequest = {},
): Promise<{ code: string; verifier: string; state: string | null }> {
  const { verifier, challenge } = pkce();
  const page = await authorize(base, { ...r, challenge });
  if (page.status !== 200) throw new Error(`the authorize request was refused: ${page.status}`);
  const redirected = redirectQuery(await postSignIn(base, await page.text(), login, DEV_PASSWORD));
  const code = redirected.get('code');
  if (!code) throw new Error(`no code: ${redirected}`);
  return { code, verifier, state: redirected.get('state') };
}

/** Exchanges a code of the public test client. */
export function exchangeCode(base: string, code: string, verifier?: string): Promise<FormResponse> {
  return postForm(`${base}/oauth2/v1/token`, {
    grant_type: 'authorization_code',
    client_id: PUBLIC_CLIENT.client_id,
    redirect_uri: APP_CALLBACK,
    code,
    ...(verifier === undefined ? {} : { code_verifier: verifier }),
  });
}

/** The built-in org's people and their password (see the emulator's fixture). */
export const PEOPLE = {
  /** SUPER_ADMIN. */
  carol: 'carol@example.com',
  /** READ_ONLY_ADMIN. */
  alice: 'alice@example.com',
  /** No admin role. */
  bob: 'bob@example.com',
} as const;
export const ALL_API_SCOPES = [
  'okta.policies.read',
  'okta.policies.manage',
  'okta.userTypes.read',
  'okta.userTypes.manage',
] as const;

export interface PersonTokenOptions {
  /** The emulator's base URL (the issuer). */
  issuer: string;
  /** A login of the org, e.g. PEOPLE.carol. */
  login: string;
  password?: string;
  scopes: readonly string[];
  /** A public client with the authorization code grant; default `graphiql`. */
  clientId?: string;
  /** One of the client's redirect URIs; nothing needs to listen there (the redirect is read, not followed). */
  redirectUri: string;
}

/** A person's tokens: GET authorize, post the sign-in form, read the code off the redirect, exchange it. */
export async function personToken(options: PersonTokenOptions): Promise<TokenAnswer> {
  const { issuer, login, scopes, redirectUri } = options;
  const clientId = options.clientId ?? 'graphiql';
  const { verifier, challenge } = pkce();
  const state = randomUUID();
  const page = await authorize(issuer, { clientId, redirectUri, scope: scopes.join(' '), state, challenge });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}: ${html.slice(0, 300)}`);
  const back = redirectQuery(await postSignIn(issuer, html, login, options.password ?? DEV_PASSWORD));
  if (back.get('state') !== state) throw new Error(`the redirect lost the state: ${back}`);
  const code = back.get('code');
  if (!code) throw new Error(`the redirect carries no code: ${back}`);
  return requestToken(await tokenEndpointOf(issuer), {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
  });
}

/** A refresh token exchanged for a new access token (same person, same client). */
export async function refreshToken(issuer: string, refresh: string, clientId = 'graphiql'): Promise<TokenAnswer> {
  return requestToken(await tokenEndpointOf(issuer), {
    grant_type: 'refresh_token',
    refresh_token: refresh,
    client_id: clientId,
  });
}

export interface ServiceClient {
  clientId: string;
  /** The client's private key, for ClientCredentialsToken or the policies CLI. */
  key: ClientKey;
  /** The private key as a JWK (JSON), as a CI secret would hold it. */
  privateJwk: string;
}

/** Registers a service client (RFC 7591, with the org's API token) with a new RSA key of its own. */
export async function registerServiceClient(
  issuer: string,
  apiToken: string,
  scopes: readonly string[],
): Promise<ServiceClient> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const res = await fetch(new URL('/oauth2/v1/clients', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `SSWS ${apiToken}` },
    body: JSON.stringify({
      client_name: `service ${kid.slice(0, 8)}`,
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] },
      scope: scopes.join(' '),
    }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`client registration answered ${res.status}: ${JSON.stringify(body)}`);
  return {
    clientId: body.client_id,
    key: { key: privateKey, kid },
    privateJwk: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid }),
  };
}

/** `Bearer <token>` of a new client-credentials grant of `client` (each call a new grant: no cache). */
export async function serviceToken(issuer: string, client: ServiceClient, scopes: readonly string[]): Promise<string> {
  return new ClientCredentialsToken({ issuer, clientId: client.clientId, key: client.key, scopes }).authorization();
}

/** The payload of a JWT, decoded without checking it (what a test asserts on). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** A JWT with the claims given, signed by nobody the org trusts: what a forger would send. */
export function forgedToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT', kid: 'forged' })}.${part(claims)}.${randomBytes(64).toString('base64url')}`;
}
