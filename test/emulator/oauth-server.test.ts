// The emulator's authorization server: its metadata and keys, RFC 7591 registration by an admin's
// API token, OAuth clients as org state (snapshots, reset, the state file), and the org's
// identities (secrets kept only as hashes or digests).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEmulatorConfig } from '../../packages/emulator/src/config/emulator.ts';
import { ConfigError } from '../../packages/emulator/src/config/env.ts';
import { startEmulator } from '../../packages/emulator/src/emulator/index.ts';
import { FixtureError } from '../../packages/emulator/src/emulator/org/fixture.ts';
import { readState } from '../../packages/emulator/src/emulator/org/persistence.ts';
import { startTestEmulator, TOKEN, useEmulator } from '../helpers/emulator.ts';
import { ALL_SCOPES, APP_CALLBACK, fixtureWithReadOnlyToken, DEV_PASSWORD, serviceKey } from '../helpers/oauth.ts';

const emu = useEmulator({ fixture: fixtureWithReadOnlyToken() });

const register = (body: unknown, authorization: string | null = `SSWS ${TOKEN}`) =>
  fetch(`${emu().url}/oauth2/v1/clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const clientIds = () => Object.keys(emu().store().data.oauthClients);

const SPA = {
  client_name: 'Console',
  redirect_uris: [APP_CALLBACK],
  grant_types: ['authorization_code', 'refresh_token'],
  token_endpoint_auth_method: 'none',
  scope: 'openid okta.policies.read',
};

describe('metadata and keys', () => {
  it('serves one discovery document at both well-known paths, every endpoint under the issuer', async () => {
    const base = emu().url;
    const oidc = await (await fetch(`${base}/.well-known/openid-configuration`)).json();
    const oauth = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(oauth).toEqual(oidc);
    expect(oidc).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth2/v1/authorize`,
      token_endpoint: `${base}/oauth2/v1/token`,
      jwks_uri: `${base}/oauth2/v1/keys`,
      introspection_endpoint: `${base}/oauth2/v1/introspect`,
      revocation_endpoint: `${base}/oauth2/v1/revoke`,
      registration_endpoint: `${base}/oauth2/v1/clients`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(oidc.scopes_supported.join(' ')).toBe(ALL_SCOPES);
  });

  it('publishes its RS256 public key with a kid, and nothing private', async () => {
    const jwks = await (await fetch(`${emu().url}/oauth2/v1/keys`)).json();
    expect(jwks.keys).toHaveLength(1);
    const [key] = jwks.keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it('answers an unknown path under /oauth2 with 404 and a wrong method with 405', async () => {
    expect((await fetch(`${emu().url}/oauth2/v1/nothing`)).status).toBe(404);
    const res = await fetch(`${emu().url}/oauth2/v1/token`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('client registration (RFC 7591)', () => {
  it('registers a client for an admin API token: 201 with a client_id, the metadata and its defaults', async () => {
    const res = await register(SPA);
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const client = await res.json();
    expect(client).toEqual({
      ...SPA,
      application_type: 'browser',
      client_id: expect.stringMatching(/^0oa/),
      client_id_issued_at: expect.any(Number),
      response_types: ['code'],
    });
    expect(emu().store().data.oauthClients[client.client_id]).toEqual(client);
    const read = await fetch(`${emu().url}/oauth2/v1/clients/${client.client_id}`, {
      headers: { authorization: `SSWS ${TOKEN}` },
    });
    expect(await read.json()).toEqual(client);
  });

  it('registers a service with its public keys for private_key_jwt', async () => {
    const key = await serviceKey();
    const res = await register({
      client_name: 'Policy sync',
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [key.jwk] },
      scope: 'okta.policies.read',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      application_type: 'service',
      redirect_uris: [],
      response_types: ['token'],
      jwks: { keys: [key.jwk] },
    });
  });

  it('refuses a read-only admin (403) and a request without a token (401), storing nothing', async () => {
    const readOnly = await register(SPA, 'SSWS alice-token');
    expect(readOnly.status).toBe(403);
    expect((await readOnly.json()).errorCauses).toEqual([
      { errorSummary: 'The admin role READ_ONLY_ADMIN does not allow this operation' },
    ]);
    expect((await register(SPA, null)).status).toBe(401);
    expect((await register(SPA, 'SSWS not-a-token')).status).toBe(401);
    expect((await register(SPA, `Bearer ${TOKEN}`)).status).toBe(401);
    expect(clientIds()).toEqual([]);
    // A read-only admin may still read the clients.
    const list = await fetch(`${emu().url}/oauth2/v1/clients`, { headers: { authorization: 'SSWS alice-token' } });
    expect(list.status).toBe(200);
  });

  it.each([
    ['no client_name', { ...SPA, client_name: undefined }, 'invalid_client_metadata', 'client_name'],
    ['an unknown scope', { ...SPA, scope: 'openid okta.logs.read' }, 'invalid_client_metadata', 'scope'],
    [
      'a browser app with a client secret method',
      { ...SPA, application_type: 'browser', token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
      "'token_endpoint_auth_method' must be one of none when 'application_type' is 'browser'",
    ],
    ['an unknown grant type', { ...SPA, grant_types: ['password'] }, 'invalid_client_metadata', 'grant_types'],
    [
      'a public client with client_credentials',
      { ...SPA, grant_types: ['client_credentials'] },
      'invalid_client_metadata',
      "when 'application_type' is 'service'",
    ],
    [
      'private_key_jwt without keys',
      { ...SPA, token_endpoint_auth_method: 'private_key_jwt' },
      'invalid_client_metadata',
      'jwks',
    ],
    [
      'a private key in jwks',
      {
        ...SPA,
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [{ kty: 'RSA', n: 'x', e: 'AQAB', d: 'secret' }] },
      },
      'invalid_client_metadata',
      'private key',
    ],
    [
      'a redirect URI with a fragment',
      { ...SPA, redirect_uris: ['https://app.example.test/cb#x'] },
      'invalid_redirect_uri',
      'redirect_uris[0]',
    ],
    ['a relative redirect URI', { ...SPA, redirect_uris: ['/callback'] }, 'invalid_redirect_uri', 'redirect_uris[0]'],
    ['no redirect URI for the code grant', { ...SPA, redirect_uris: [] }, 'invalid_redirect_uri', 'redirect_uris'],
    ['a body that is not an object', [SPA], 'invalid_client_metadata', 'object'],
  ])('refuses %s with 400 %s and stores nothing', async (_, body, error, named) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    const reply = await res.json();
    expect(reply.error).toBe(error);
    expect(reply.error_description).toContain(named);
    expect(clientIds()).toEqual([]);
  });

  it('refuses a body that is not JSON with invalid_client_metadata', async () => {
    const res = await register('{"client_name":');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('invalid_client_metadata');
    expect(clientIds()).toEqual([]);
  });

  it('deletes a client for a managing admin only', async () => {
    const { client_id } = await (await register(SPA)).json();
    const del = (authorization: string) =>
      fetch(`${emu().url}/oauth2/v1/clients/${client_id}`, { method: 'DELETE', headers: { authorization } });
    expect((await del('SSWS alice-token')).status).toBe(403);
    expect((await del(`SSWS ${TOKEN}`)).status).toBe(204);
    expect(clientIds()).toEqual([]);
    expect((await del(`SSWS ${TOKEN}`)).status).toBe(404);
  });
});

describe('clients are org state', () => {
  it('go back to the fixture on reset and come back with a snapshot', async () => {
    const snapshot = emu().snapshot();
    const { client_id } = await (await register(SPA)).json();
    const withClient = emu().snapshot();
    await emu().reset();
    expect(clientIds()).toEqual([]);
    await emu().restore(withClient);
    expect(clientIds()).toEqual([client_id]);
    await emu().restore(snapshot);
    expect(clientIds()).toEqual([]);
  });

  it('survive a restart with the state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-oauth-'));
    const statePath = join(dir, 'org.json');
    try {
      const first = await startTestEmulator({ statePath });
      const res = await fetch(`${first.url}/oauth2/v1/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
        body: JSON.stringify(SPA),
      });
      const { client_id } = await res.json();
      await first.close();
      expect(readState(statePath)?.oauthClients[client_id].client_name).toBe('Console');
      const second = await startTestEmulator({ statePath });
      expect(Object.keys(second.store().data.oauthClients)).toEqual([client_id]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('identities', () => {
  it('resolves the configured token to carol (SUPER_ADMIN) and a fixture token to its admin', async () => {
    expect(await emu().authenticate(`SSWS ${TOKEN}`)).toEqual({
      ok: true,
      principal: { kind: 'apiToken', userId: '00u3carol', clientId: null, role: 'SUPER_ADMIN', scopes: 'all' },
    });
    expect(await emu().authenticate('ssws   alice-token')).toMatchObject({
      ok: true,
      principal: { userId: '00u1alice', role: 'READ_ONLY_ADMIN' },
    });
    expect(await emu().authenticate('SSWS unknown')).toMatchObject({ ok: false, error: 'invalid_token' });
    expect(await emu().authenticate(undefined)).toMatchObject({ ok: false, error: 'invalid_request' });
  });

  it('never takes an API token as a Bearer credential', async () => {
    expect(await emu().authenticate(`Bearer ${TOKEN}`)).toEqual({
      ok: false,
      error: 'invalid_token',
      description: 'The token is not valid.',
    });
  });

  it('keeps no readable password or token in the org', () => {
    const kept = JSON.stringify(emu().store().fixture) + JSON.stringify(emu().store().data);
    expect(kept).not.toContain(DEV_PASSWORD);
    expect(kept).not.toContain('alice-token');
    expect(kept).toContain('scrypt$');
  });

  it('gives the configured token of a fixture without a SUPER_ADMIN to the org owner', async () => {
    const bare = await startEmulator({
      port: 0,
      token: 'owner-token',
      fixture: { users: [{ id: 'u1', login: 'u1@x' }] },
    });
    try {
      expect(await bare.authenticate('SSWS owner-token')).toMatchObject({
        ok: true,
        principal: { kind: 'apiToken', role: 'SUPER_ADMIN', userId: '00uemulatoradmin' },
      });
    } finally {
      await bare.close();
    }
  });

  it('refuses a fixture whose API token belongs to a user without an admin role, without echoing the token', async () => {
    const start = startEmulator({
      port: 0,
      token: 't',
      fixture: { users: [{ id: 'u1', login: 'u1@x' }], apiTokens: [{ token: 'secret-value', userId: 'u1' }] },
    });
    await expect(start).rejects.toThrow(FixtureError);
    await expect(start).rejects.toThrow(/apiTokens\[0\]\.userId: must name a user with an adminRole/);
    await expect(start).rejects.not.toThrow(/secret-value/);
  });

  it('refuses a signing key that is not an RSA private key, without echoing it', () => {
    const read = () => readEmulatorConfig({ EMULATOR_SIGNING_KEY: 'not-a-key-but-a-secret' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow('EMULATOR_SIGNING_KEY: must be an RSA private key as PEM or as a JWK');
    expect(read).not.toThrow(/not-a-key-but-a-secret/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    expect(() => readEmulatorConfig({ EMULATOR_SIGNING_KEY: JSON.stringify(ec) })).toThrow('RS256');
  });

  it('refuses OAuth clients of the options with bad metadata', async () => {
    await expect(
      startEmulator({
        port: 0,
        token: 't',
        oauthClients: [{ client_id: 'bad', client_name: 'x', token_endpoint_auth_method: 'none', scope: 'openid' }],
      }),
    ).rejects.toThrow(/oauthClients\[0\]: redirect_uris/);
  });
});
