// Access tokens from a test emulator's authorization server, for tests that hold a TestEmulator: a
// service client registered with the admin's API token (private_key_jwt) and its client-credentials
// tokens, and a person's token by the authorization code flow with PKCE through the sign-in form.
// Built on the flow helpers of oauth.ts.
import { expect } from 'vitest';
import { requestToken } from '../../src/tools/clientCredentials.ts';
import type { TestEmulator } from './emulator.ts';
import { ALL_API_SCOPES, assertion, JWT_BEARER, personToken as personTokens, serviceKey } from './oauth.ts';

const ALL_SCOPES = ALL_API_SCOPES.join(' ');

async function register(emu: TestEmulator, metadata: Record<string, unknown>): Promise<string> {
  const res = await emu.call('POST', '/oauth2/v1/clients', metadata);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client_id;
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
  const key = await serviceKey();
  const clientId = await register(emu, {
    client_name: 'Test service',
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [key.jwk] },
    scope: ALL_SCOPES,
  });
  const endpoint = `${emu.url}/oauth2/v1/token`;
  return {
    clientId,
    token: async (scope) => {
      const iat = Math.floor(now() / 1000);
      const signed = await assertion(key, clientId, endpoint, { iat, exp: iat + 300 });
      const answer = await requestToken(endpoint, {
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: JWT_BEARER,
        client_assertion: signed,
      });
      return answer.access_token;
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
  const answer = await personTokens({ issuer: emu.url, login, scopes: scope.split(' '), clientId, redirectUri });
  return answer.access_token;
}
