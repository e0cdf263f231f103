// Registration as the platform's guides do it, one application type at a time (service, web,
// native, browser), client secrets (client_secret_basic / client_secret_post, returned once), and
// the apps' scope grants (`/api/v1/apps/{appId}/grants`), which the token endpoint checks.
import { describe, expect, it } from 'vitest';
import { startTestEmulator, TOKEN, useEmulator } from '../helpers/emulator.ts';
import {
  assertion,
  DEV_PASSWORD,
  fixtureWithReadOnlyToken,
  JWT_BEARER,
  pkce,
  postForm,
  postSignIn,
  redirectQuery,
  serviceKey,
} from '../helpers/oauth.ts';

const emu = useEmulator({ fixture: fixtureWithReadOnlyToken() });
const WEB_CALLBACK = 'https://web.example.test/callback';

async function register(body: unknown) {
  return emu().call('POST', '/oauth2/v1/clients', body);
}

/** The service app of the platform's guide (OAuth for the platform's API, private_key_jwt). */
async function serviceApp() {
  const key = await serviceKey();
  const res = await register({
    client_name: 'My Service App',
    response_types: ['token'],
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'private_key_jwt',
    application_type: 'service',
    jwks: { keys: [key.jwk] },
  });
  expect(res.status).toBe(201);
  return { key, clientId: res.body.client_id as string, body: res.body };
}

async function serviceToken(key: Awaited<ReturnType<typeof serviceKey>>, clientId: string, scope: string) {
  const url = `${emu().url}/oauth2/v1/token`;
  return postForm(url, {
    grant_type: 'client_credentials',
    scope,
    client_assertion_type: JWT_BEARER,
    client_assertion: await assertion(key, clientId, url),
  });
}

const grant = (appId: string, scopeId: string, token = TOKEN, issuer = emu().url) =>
  emu().call('POST', `/api/v1/apps/${appId}/grants`, { issuer, scopeId }, { authorization: `SSWS ${token}` });

describe('registration by application type', () => {
  it("registers the guide's service app and echoes what it stored, application_type too", async () => {
    const { body, key } = await serviceApp();
    expect(body).toEqual({
      client_id: expect.stringMatching(/^0oa/),
      client_id_issued_at: expect.any(Number),
      client_name: 'My Service App',
      application_type: 'service',
      redirect_uris: [],
      response_types: ['token'],
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [key.jwk] },
    });
    const read = await emu().call('GET', `/oauth2/v1/clients/${body.client_id}`);
    expect(read.body).toEqual(body);
  });

  it('gives a web app a client secret once, as client_secret_basic by default', async () => {
    const res = await register({ client_name: 'Portal', redirect_uris: [WEB_CALLBACK] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      application_type: 'web',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{40}$/),
      client_secret_expires_at: 0,
    });
    const read = await emu().call('GET', `/oauth2/v1/clients/${res.body.client_id}`);
    expect(read.body.client_secret).toBeUndefined();
    expect(JSON.stringify(emu().store().data.oauthClients)).not.toContain(res.body.client_secret);
    const list = await emu().call('GET', '/oauth2/v1/clients');
    expect(JSON.stringify(list.body)).not.toContain('client_secret_digest');
  });

  it('registers a native app with a private-use redirect URI (RFC 8252) and redirects there', async () => {
    const res = await register({
      client_name: 'Mobile',
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: ['com.example.app:/callback'],
    });
    expect(res.status).toBe(201);
    const { challenge } = pkce();
    const query = new URLSearchParams({
      client_id: res.body.client_id,
      redirect_uri: 'com.example.app:/callback',
      response_type: 'code',
      scope: 'openid',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const page = await fetch(`${emu().url}/oauth2/v1/authorize?${query}`);
    expect(page.status).toBe(200);
    const back = await postSignIn(emu().url, await page.text(), 'carol@example.com', DEV_PASSWORD);
    expect(back.headers.get('location')).toMatch(/^com\.example\.app:\/callback\?code=/);
  });

  it.each([
    [
      'a web app without the code grant',
      { client_name: 'x', grant_types: ['client_credentials'], application_type: 'web', redirect_uris: [WEB_CALLBACK] },
      "'grant_types' must contain 'authorization_code' when 'application_type' is 'web'",
    ],
    [
      'a browser app with client credentials',
      {
        client_name: 'x',
        application_type: 'browser',
        grant_types: ['authorization_code', 'client_credentials'],
        redirect_uris: [WEB_CALLBACK],
      },
      "'grant_types' may hold only authorization_code, refresh_token when 'application_type' is 'browser'",
    ],
    [
      'a service app with the code grant',
      { client_name: 'x', application_type: 'service', grant_types: ['authorization_code'] },
      "'grant_types' may hold only client_credentials when 'application_type' is 'service'",
    ],
    [
      'a service app answering code',
      { client_name: 'x', application_type: 'service', response_types: ['code'] },
      '\'response_types\' must be ["token"]',
    ],
    [
      'a public web app',
      { client_name: 'x', application_type: 'web', token_endpoint_auth_method: 'none', redirect_uris: [WEB_CALLBACK] },
      "'token_endpoint_auth_method' must be one of client_secret_basic, client_secret_post, private_key_jwt",
    ],
    [
      'a web app with a private-use redirect URI',
      { client_name: 'x', application_type: 'web', redirect_uris: ['com.example.app:/callback'] },
      'redirect_uris[0] must be an absolute http or https URL',
    ],
    ['a web app without redirect URIs', { client_name: 'x', application_type: 'web' }, 'redirect_uris must be'],
    ['an unknown application type', { client_name: 'x', application_type: 'desktop' }, "'application_type' must be"],
  ])('refuses %s, storing nothing', async (_, body, named) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^invalid_(client_metadata|redirect_uri)$/);
    expect(res.body.error_description).toContain(named);
    expect(Object.keys(emu().store().data.oauthClients)).toEqual([]);
  });

  it('refuses a registration body over 64 KiB with invalid_client_metadata', async () => {
    const res = await register({ client_name: 'big', redirect_uris: [WEB_CALLBACK], padding: 'x'.repeat(70_000) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'The client metadata is larger than 65536 bytes.',
    });
  });
});

describe('client secrets at the token endpoint', () => {
  /** A web app's code, signed in as carol. */
  async function webCode(clientId: string) {
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: WEB_CALLBACK,
      response_type: 'code',
      scope: 'openid',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const page = await fetch(`${emu().url}/oauth2/v1/authorize?${query}`);
    const back = redirectQuery(await postSignIn(emu().url, await page.text(), 'carol@example.com', DEV_PASSWORD));
    return { code: back.get('code') as string, verifier };
  }
  const exchange = (form: Record<string, string>, authorization?: string) =>
    fetch(`${emu().url}/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
      body: new URLSearchParams(form),
    });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it('accepts client_secret_basic, and answers a wrong secret 401 with the Basic challenge', async () => {
    const app = (await register({ client_name: 'Portal', redirect_uris: [WEB_CALLBACK] })).body;
    const { code, verifier } = await webCode(app.client_id);
    const form = { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: WEB_CALLBACK };
    const wrong = await exchange(form, basic(app.client_id, 'not-the-secret'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe(`Basic realm="${emu().url}"`);
    expect(await wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: 'The client secret supplied for a confidential client is invalid.',
    });
    const right = await exchange(form, basic(app.client_id, app.client_secret));
    expect(right.status).toBe(200);
    expect((await right.json()).id_token).toEqual(expect.any(String));
  });

  it('accepts client_secret_post for a client registered with it, and only the registered method', async () => {
    const app = (
      await register({
        client_name: 'Portal',
        redirect_uris: [WEB_CALLBACK],
        token_endpoint_auth_method: 'client_secret_post',
      })
    ).body;
    const first = await webCode(app.client_id);
    const viaBasic = await exchange(
      { grant_type: 'authorization_code', code: first.code, code_verifier: first.verifier, redirect_uri: WEB_CALLBACK },
      basic(app.client_id, app.client_secret),
    );
    expect(viaBasic.status).toBe(401);
    expect((await viaBasic.json()).error_description).toBe('The client must authenticate with client_secret_post.');
    const second = await webCode(app.client_id);
    const viaPost = await exchange({
      grant_type: 'authorization_code',
      code: second.code,
      code_verifier: second.verifier,
      redirect_uri: WEB_CALLBACK,
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(viaPost.status).toBe(200);
    const noBasic = await exchange({ grant_type: 'client_credentials', client_id: app.client_id, client_secret: 'x' });
    expect(noBasic.status).toBe(401);
    expect(noBasic.headers.get('www-authenticate')).toBeNull();
  });
});

describe("a fixture's client secret", () => {
  it('is kept as its digest and accepted at the token endpoint; a secret method without one is refused', async () => {
    const secret = 'fixture-secret-0123456789';
    const target = await startTestEmulator({
      oauthClients: [
        {
          client_id: 'intake',
          client_name: 'Intake',
          application_type: 'service',
          client_secret: secret,
          scope: 'okta.policies.read',
        },
      ],
    });
    try {
      expect(JSON.stringify(target.store().data)).not.toContain(secret);
      const res = await fetch(`${target.url}/oauth2/v1/introspect`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`intake:${secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ token: 'nothing' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ active: false });
    } finally {
      await target.close();
    }
    await expect(
      startTestEmulator({ oauthClients: [{ client_id: 'x', client_name: 'x', application_type: 'service' }] }),
    ).rejects.toThrow('client_secret');
  });
});

describe('scope grants (/api/v1/apps/{appId}/grants)', () => {
  it("grant the guide's service app its API scopes: the token endpoint grants those and no others", async () => {
    const { key, clientId } = await serviceApp();
    const before = await serviceToken(key, clientId, 'okta.policies.read');
    expect(before.status).toBe(400);
    expect(before.body.error).toBe('invalid_scope');
    expect(before.body.error_description).toContain('okta.policies.read');
    const made = await grant(clientId, 'okta.policies.read');
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.stringMatching(/^oag/),
      status: 'ACTIVE',
      created: expect.any(String),
      lastUpdated: expect.any(String),
      issuer: emu().url,
      clientId,
      scopeId: 'okta.policies.read',
      source: 'ADMIN',
      _links: {
        app: { href: `${emu().url}/api/v1/apps/${clientId}` },
        client: { href: `${emu().url}/oauth2/v1/clients/${clientId}` },
        self: { href: `${emu().url}/api/v1/apps/${clientId}/grants/${made.body.id}` },
      },
    });
    const token = await serviceToken(key, clientId, 'okta.policies.read');
    expect(token.status).toBe(200);
    expect(token.body.scope).toBe('okta.policies.read');
    const policies = await fetch(`${emu().url}/api/v1/policies?type=PASSWORD`, {
      headers: { authorization: `Bearer ${token.body.access_token}` },
    });
    expect(policies.status).toBe(200);
    const other = await serviceToken(key, clientId, 'okta.policies.read okta.policies.manage');
    expect(other.body).toMatchObject({ error: 'invalid_scope' });
    expect(other.body.error_description).toContain('okta.policies.manage');
    const list = await emu().call('GET', `/api/v1/apps/${clientId}/grants`);
    expect(list.body).toEqual([made.body]);
    expect((await emu().call('GET', `/api/v1/apps/${clientId}/grants/${made.body.id}`)).body).toEqual(made.body);
    expect((await emu().call('DELETE', `/api/v1/apps/${clientId}/grants/${made.body.id}`)).status).toBe(204);
    expect((await serviceToken(key, clientId, 'okta.policies.read')).body.error).toBe('invalid_scope');
    expect((await emu().call('GET', `/api/v1/apps/${clientId}/grants`)).body).toEqual([]);
  });

  it("also decide a person's token through a web app, and a revoked grant is not renewed by a refresh token", async () => {
    const app = (
      await register({
        client_name: 'Portal',
        redirect_uris: [WEB_CALLBACK],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_post',
      })
    ).body;
    const made = await grant(app.client_id, 'okta.policies.read');
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: WEB_CALLBACK,
      response_type: 'code',
      scope: 'openid offline_access okta.policies.read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const page = await fetch(`${emu().url}/oauth2/v1/authorize?${query}`);
    const back = redirectQuery(await postSignIn(emu().url, await page.text(), 'carol@example.com', DEV_PASSWORD));
    const secret = { client_id: app.client_id, client_secret: app.client_secret };
    const tokens = await postForm(`${emu().url}/oauth2/v1/token`, {
      grant_type: 'authorization_code',
      code: back.get('code') as string,
      code_verifier: verifier,
      redirect_uri: WEB_CALLBACK,
      ...secret,
    });
    expect(tokens.body.scope).toBe('openid offline_access okta.policies.read');
    const refresh = () =>
      postForm(`${emu().url}/oauth2/v1/token`, {
        grant_type: 'refresh_token',
        refresh_token: tokens.body.refresh_token,
        ...secret,
      });
    expect((await refresh()).status).toBe(200);
    await emu().call('DELETE', `/api/v1/apps/${app.client_id}/grants/${made.body.id}`);
    const after = await refresh();
    expect(after.body.error).toBe('invalid_scope');
    expect(after.body.error_description).toContain('okta.policies.read');
  });

  it('are guarded like registration and check issuer, scope and duplicates, changing nothing on a refusal', async () => {
    const { clientId } = await serviceApp();
    expect((await grant(clientId, 'okta.policies.read', 'alice-token')).status).toBe(403);
    const anonymous = await fetch(`${emu().url}/api/v1/apps/${clientId}/grants`);
    expect(anonymous.status).toBe(401);
    expect(
      (await emu().call('GET', `/api/v1/apps/${clientId}/grants`, undefined, { authorization: 'SSWS alice-token' }))
        .status,
    ).toBe(200);
    expect((await grant('0oanothere', 'okta.policies.read')).status).toBe(404);
    const issuer = await grant(clientId, 'okta.policies.read', TOKEN, 'https://elsewhere.example.test');
    expect(issuer.status).toBe(400);
    expect(issuer.body.errorCode).toBe('E0000001');
    expect(issuer.body.errorCauses[0].errorSummary).toContain('issuer');
    const scope = await grant(clientId, 'okta.everything.manage');
    expect(scope.status).toBe(400);
    expect(scope.body.errorCauses[0].errorSummary).toContain('scopeId');
    expect((await grant(clientId, 'okta.userTypes.read')).status).toBe(201);
    const twice = await grant(clientId, 'okta.userTypes.read');
    expect(twice.status).toBe(400);
    expect(twice.body.errorCauses[0].errorSummary).toContain('already granted');
    expect((await emu().call('GET', `/api/v1/apps/${clientId}/grants`)).body).toHaveLength(1);
    expect((await emu().call('PUT', `/api/v1/apps/${clientId}/grants`, {})).status).toBe(405);
  });

  it('grant API scopes to client credentials only with private_key_jwt', async () => {
    const app = await register({ client_name: 'Secret service', application_type: 'service' });
    expect(app.body.token_endpoint_auth_method).toBe('client_secret_basic');
    expect((await grant(app.body.client_id, 'okta.policies.read')).status).toBe(201);
    const res = await fetch(`${emu().url}/oauth2/v1/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${app.body.client_id}:${app.body.client_secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'okta.policies.read' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'invalid_scope',
      error_description: expect.stringContaining('private_key_jwt'),
    });
  });

  it('are org state: a snapshot keeps them, a reset drops them with their app', async () => {
    const { clientId } = await serviceApp();
    await grant(clientId, 'okta.policies.read');
    const snap = emu().snapshot();
    await emu().reset();
    expect((await emu().call('GET', `/api/v1/apps/${clientId}/grants`)).status).toBe(404);
    await emu().restore(snap);
    expect((await emu().call('GET', `/api/v1/apps/${clientId}/grants`)).body).toHaveLength(1);
  });
});
