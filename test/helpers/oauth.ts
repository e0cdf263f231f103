// Access tokens from a real emulator's org authorization server, over HTTP as a client gets them:
// a person's by the authorization code flow with PKCE (GET /oauth2/v1/authorize, the sign-in form
// posted, its redirect followed, the code exchanged at the token endpoint), a service's by client
// credentials with private_key_jwt (a client registered with the API token, its key made here; the
// assertion is signed as the policies CLI signs it, src/tools/clientCredentials.ts).
import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import {
  ClientCredentialsToken,
  type ClientKey,
  requestToken,
  type TokenAnswer,
  tokenEndpointOf,
} from '../../src/tools/clientCredentials.ts';

/** The built-in org's people and their password (see the emulator's fixture). */
export const PEOPLE = {
  /** SUPER_ADMIN. */
  carol: 'carol@example.com',
  /** READ_ONLY_ADMIN. */
  alice: 'alice@example.com',
  /** No admin role. */
  bob: 'bob@example.com',
} as const;
export const PASSWORD = 'dev-password';

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

/** PKCE's verifier and its S256 challenge (RFC 7636). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A person's tokens: GET authorize, post the sign-in form, read the code off the redirect, exchange it. */
export async function personToken(options: PersonTokenOptions): Promise<TokenAnswer> {
  const { issuer, login, scopes, redirectUri } = options;
  const clientId = options.clientId ?? 'graphiql';
  const discovery = await (await fetch(new URL('/.well-known/openid-configuration', issuer))).json();
  const { verifier, challenge } = pkcePair();
  const state = randomUUID();
  const authorize = new URL(discovery.authorization_endpoint);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })) {
    authorize.searchParams.set(name, value);
  }
  const page = await fetch(authorize, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}: ${html.slice(0, 300)}`);
  const form = signInForm(html, authorize);
  form.fields.set(form.loginField, login);
  form.fields.set(form.passwordField, options.password ?? PASSWORD);
  const signedIn = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([...form.fields]),
    redirect: 'manual',
  });
  const location = signedIn.headers.get('location');
  if (signedIn.status < 300 || signedIn.status >= 400 || !location) {
    throw new Error(`the sign-in form answered ${signedIn.status}: ${(await signedIn.text()).slice(0, 300)}`);
  }
  const back = new URL(location, form.action);
  if (back.searchParams.get('state') !== state) throw new Error(`the redirect lost the state: ${back}`);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`the redirect carries no code: ${back.search}`);
  return requestToken(discovery.token_endpoint, {
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

/** The sign-in form of the authorize page: where it posts, its fields, and which of them take the login and password. */
function signInForm(html: string, page: URL) {
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('the authorize page has no form');
  const action = /\baction="([^"]*)"/i.exec(form[0])?.[1] ?? page.href;
  const fields = new Map<string, string>();
  let loginField: string | undefined;
  let passwordField: string | undefined;
  for (const [input] of form[1].matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/i.exec(input)?.[1];
    if (!name) continue;
    const type = /\btype="([^"]*)"/i.exec(input)?.[1]?.toLowerCase() ?? 'text';
    fields.set(name, decodeEntities(/\bvalue="([^"]*)"/i.exec(input)?.[1] ?? ''));
    if (type === 'password') passwordField = name;
    else if (type === 'text' || type === 'email') loginField ??= name;
  }
  if (!loginField || !passwordField) throw new Error('the sign-in form has no login or password field');
  return { action: new URL(decodeEntities(action), page).href, fields, loginField, passwordField };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
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
