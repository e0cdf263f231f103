// Driving the emulator's authorization server as its clients do: a service's key pair and signed
// client assertions (private_key_jwt), form posts to the token endpoints, and the authorization
// code flow with PKCE through the sign-in page, over HTTP, without a browser.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import type { OAuthClientInput } from '../../packages/emulator/src/emulator/auth/clients.ts';
import { BUILTIN_FIXTURE_PATH, type FixtureInput } from '../../packages/emulator/src/emulator/org/fixture.ts';

export const PASSWORD = 'dev-password';
export const ALL_SCOPES =
  'okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage openid profile offline_access';
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

/** A private_key_jwt assertion; `claims` override the defaults (iss = sub = client id, 5 minutes, a new jti). */
export function assertion(
  key: ServiceKey,
  clientId: string,
  audience: string,
  claims: { jti?: string; exp?: number; aud?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
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
  const redirected = redirectQuery(await postSignIn(base, await page.text(), login, PASSWORD));
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
