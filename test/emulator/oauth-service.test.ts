// A service's tokens: client credentials with private_key_jwt, verified by a resource server from
// the published keys; refused assertions; introspection and revocation; and what `authenticate`
// refuses (revoked, expired, signed by another key, an API token as a Bearer credential).
import { generateKeyPairSync } from 'node:crypto';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, TOKEN, type TestEmulator, useEmulator } from '../helpers/emulator.ts';
import { assertion, JWT_BEARER, postForm, type ServiceKey, serviceKey } from '../helpers/oauth.ts';

const emu = useEmulator();
let key: ServiceKey;
let clientId: string;

async function registerService(target: TestEmulator, jwks = { keys: [key.jwk] }): Promise<string> {
  const res = await target.call('POST', '/oauth2/v1/clients', {
    client_name: 'Policy sync',
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'private_key_jwt',
    jwks,
    scope: 'okta.policies.read okta.userTypes.read',
  });
  expect(res.status).toBe(201);
  return res.body.client_id;
}

/** A client-credentials request of the service, with a fresh assertion unless one is given. */
async function serviceToken(target: TestEmulator, o: { scope?: string; assertion?: string } = {}) {
  const url = `${target.url}/oauth2/v1/token`;
  return postForm(url, {
    grant_type: 'client_credentials',
    scope: o.scope ?? 'okta.policies.read',
    client_assertion_type: JWT_BEARER,
    client_assertion: o.assertion ?? (await assertion(key, clientId, url)),
  });
}

beforeEach(async () => {
  key ??= await serviceKey();
  clientId = await registerService(emu());
});

describe('client credentials with private_key_jwt', () => {
  it('issues an RS256 access token that verifies against the keys named by discovery', async () => {
    const res = await serviceToken(emu());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      token_type: 'Bearer',
      expires_in: 3600,
      access_token: expect.any(String),
      scope: 'okta.policies.read',
    });
    const discovery = await (await fetch(`${emu().url}/.well-known/openid-configuration`)).json();
    const keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload, protectedHeader } = await jwtVerify(res.body.access_token, keys, {
      issuer: emu().url,
      audience: emu().url,
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(payload).toEqual({
      iss: emu().url,
      aud: emu().url,
      iat: expect.any(Number),
      exp: (payload.iat as number) + 3600,
      jti: expect.any(String),
      sub: clientId,
      cid: clientId,
      scp: ['okta.policies.read'],
    });
    expect(await emu().authenticate(`Bearer ${res.body.access_token}`)).toEqual({
      ok: true,
      principal: {
        kind: 'accessToken',
        userId: null,
        clientId,
        role: null,
        scopes: new Set(['okta.policies.read']),
      },
    });
  });

  it.each([
    ['a scope the client did not register', 'okta.policies.manage'],
    ['an OpenID Connect scope', 'openid'],
  ])('refuses %s with invalid_scope', async (_, scope) => {
    const res = await serviceToken(emu(), { scope });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_scope');
  });

  it('refuses an assertion signed by a key the client did not register (401 invalid_client)', async () => {
    const other = await serviceKey('test-key');
    const res = await serviceToken(emu(), {
      assertion: await assertion(other, clientId, `${emu().url}/oauth2/v1/token`),
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect(res.body.access_token).toBeUndefined();
  });

  it('refuses a reused jti, an expired assertion and one for another audience', async () => {
    const url = `${emu().url}/oauth2/v1/token`;
    const once = await assertion(key, clientId, url, { jti: 'only-once' });
    expect((await serviceToken(emu(), { assertion: once })).status).toBe(200);
    const again = await serviceToken(emu(), { assertion: await assertion(key, clientId, url, { jti: 'only-once' }) });
    expect(again.status).toBe(401);
    expect(again.body.error_description).toContain('already used');
    const past = Math.floor(Date.now() / 1000) - 120;
    expect((await serviceToken(emu(), { assertion: await assertion(key, clientId, url, { exp: past }) })).status).toBe(
      401,
    );
    const elsewhere = await assertion(key, clientId, url, { aud: 'https://elsewhere.example.test/token' });
    expect((await serviceToken(emu(), { assertion: elsewhere })).status).toBe(401);
  });

  it('refuses a private_key_jwt client that only names itself', async () => {
    const res = await postForm(`${emu().url}/oauth2/v1/token`, {
      grant_type: 'client_credentials',
      client_id: clientId,
      scope: 'okta.policies.read',
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('refuses a body that is not a form, and an unknown grant type', async () => {
    const json = await fetch(`${emu().url}/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe('invalid_request');
    const url = `${emu().url}/oauth2/v1/token`;
    const password = await postForm(url, {
      grant_type: 'password',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(key, clientId, url),
    });
    expect(password.body.error).toBe('unsupported_grant_type');
  });
});

describe('introspection and revocation', () => {
  const form = async (path: string, token: string) => {
    const url = `${emu().url}${path}`;
    return postForm(url, {
      token,
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(key, clientId, url),
    });
  };

  it('introspects a live token, then revokes it: authenticate refuses it afterwards', async () => {
    const { access_token } = (await serviceToken(emu())).body;
    const live = await form('/oauth2/v1/introspect', access_token);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ active: true, scope: 'okta.policies.read', client_id: clientId, sub: clientId });
    const revoked = await form('/oauth2/v1/revoke', access_token);
    expect(revoked.status).toBe(200);
    expect(await emu().authenticate(`Bearer ${access_token}`)).toEqual({
      ok: false,
      error: 'invalid_token',
      description: 'The token has been revoked.',
    });
    expect((await form('/oauth2/v1/introspect', access_token)).body).toEqual({ active: false });
  });

  it('answers 200 for a token it does not know (RFC 7009) and inactive for garbage', async () => {
    expect((await form('/oauth2/v1/revoke', 'not-a-token')).status).toBe(200);
    expect((await form('/oauth2/v1/introspect', 'not-a-token')).body).toEqual({ active: false });
  });

  it('refuses the tokens of a client that was deleted', async () => {
    const { access_token } = (await serviceToken(emu())).body;
    expect((await emu().call('DELETE', `/oauth2/v1/clients/${clientId}`)).status).toBe(204);
    expect(await emu().authenticate(`Bearer ${access_token}`)).toMatchObject({ ok: false, error: 'invalid_token' });
  });
});

describe('what authenticate refuses', () => {
  it('a token with the same claims and kid signed by another key', async () => {
    const { access_token } = (await serviceToken(emu())).body;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(access_token))
      .setProtectedHeader(decodeProtectedHeader(access_token) as { alg: string; kid: string })
      .sign(privateKey);
    expect(await emu().authenticate(`Bearer ${forged}`)).toEqual({
      ok: false,
      error: 'invalid_token',
      description: 'The token is not valid.',
    });
  });

  it('an API token as a Bearer credential, and a malformed header', async () => {
    expect(await emu().authenticate(`Bearer ${TOKEN}`)).toMatchObject({ ok: false, error: 'invalid_token' });
    expect(await emu().authenticate('Basic abc')).toMatchObject({ ok: false, error: 'invalid_token' });
    expect(await emu().authenticate('Bearer')).toMatchObject({ ok: false, error: 'invalid_token' });
  });

  it('an expired token, past the lifetime and the clock skew allowed', async () => {
    let now = Date.now();
    const clocked = await startTestEmulator({
      oauth: { accessTokenSeconds: 60, clockSkewSeconds: 5 },
      clock: () => now,
    });
    try {
      clientId = await registerService(clocked);
      const res = await serviceToken(clocked);
      expect(res.body.expires_in).toBe(60);
      const bearer = `Bearer ${res.body.access_token}`;
      now += 64_000;
      expect((await clocked.authenticate(bearer)).ok).toBe(true);
      now += 2_000;
      expect(await clocked.authenticate(bearer)).toEqual({
        ok: false,
        error: 'invalid_token',
        description: 'The token has expired.',
      });
    } finally {
      await clocked.close();
    }
  });

  it('a token of another emulator; with a shared signing key, one of the same address is accepted', async () => {
    const { access_token } = (await serviceToken(emu())).body;
    const service = {
      client_id: 'sync',
      client_name: 'Policy sync',
      grant_types: ['client_credentials' as const],
      token_endpoint_auth_method: 'private_key_jwt' as const,
      jwks: { keys: [key.jwk] },
      scope: 'okta.policies.read',
    };
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signingKey = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const first = await startTestEmulator({ oauthClients: [service], oauth: { signingKey } });
    expect((await first.authenticate(`Bearer ${access_token}`)).ok).toBe(false);
    clientId = 'sync';
    const issued = (await serviceToken(first)).body.access_token;
    await first.close();
    // A restart at the same address with the same key (and so the same kid): its tokens still verify.
    const port = Number(new URL(first.url).port);
    const second = await startTestEmulator({ port, oauthClients: [service], oauth: { signingKey } });
    try {
      expect(await second.authenticate(`Bearer ${issued}`)).toMatchObject({
        ok: true,
        principal: { clientId: 'sync' },
      });
    } finally {
      await second.close();
    }
  });
});
