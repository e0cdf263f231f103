// Access tokens from the emulator's authorization server, as a client gets them: a service client
// registered with the admin's API token (private_key_jwt, a key pair made here) by client
// credentials, and a person's token by the authorization code flow with PKCE through the sign-in form.
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { expect } from 'vitest';
import type { TestEmulator } from './emulator.ts';

const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const ALL_SCOPES = 'okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage';

async function register(emu: TestEmulator, metadata: Record<string, unknown>): Promise<string> {
  const res = await emu.call('POST', '/oauth2/v1/clients', metadata);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client_id;
}

async function tokenRequest(emu: TestEmulator, form: Record<string, string>): Promise<string> {
  const res = await fetch(`${emu.url}/oauth2/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.access_token;
}

export interface ServiceClient {
  clientId: string;
  /** An access token by client credentials with these scopes (space-separated). */
  token(scope: string): Promise<string>;
}

/**
 * Registers a service client that may ask for every API scope. `now` is the authorization server's
 * clock in milliseconds (the assertion's lifetime is read against it).
 */
export async function serviceClient(emu: TestEmulator, now: () => number = Date.now): Promise<ServiceClient> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const clientId = await register(emu, {
    client_name: 'Test service',
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [jwk] },
    scope: ALL_SCOPES,
  });
  return {
    clientId,
    token: async (scope) => {
      const seconds = Math.floor(now() / 1000);
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(`${emu.url}/oauth2/v1/token`)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 300)
        .setJti(randomBytes(12).toString('hex'))
        .sign(privateKey);
      return tokenRequest(emu, {
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: JWT_BEARER,
        client_assertion: assertion,
      });
    },
  };
}

/** A person's access token with `scope`, by the authorization code flow (a public client, PKCE, the sign-in form). */
export async function personToken(emu: TestEmulator, login: string, scope: string): Promise<string> {
  const redirectUri = 'http://127.0.0.1/callback';
  const clientId = await register(emu, {
    client_name: 'Test console',
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'none',
    redirect_uris: [redirectUri],
    scope: `openid ${ALL_SCOPES}`,
  });
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${emu.url}/oauth2/v1/authorize`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state: 'test-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const page = await (await fetch(authorize)).text();
  const transaction = /name="transaction" value="([^"]+)"/.exec(page)?.[1];
  expect(transaction, page).toBeDefined();
  const signedIn = await fetch(`${emu.url}/oauth2/v1/authorize/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ transaction: transaction as string, login, password: 'dev-password' }),
    redirect: 'manual',
  });
  const location = new URL(signedIn.headers.get('location') ?? '', emu.url);
  const code = location.searchParams.get('code');
  expect(code, location.toString()).not.toBeNull();
  return tokenRequest(emu, {
    grant_type: 'authorization_code',
    code: code as string,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
  });
}
