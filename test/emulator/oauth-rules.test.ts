// The authorization server's rules as the platform's guides and the RFCs state them: refresh-token
// reuse detection after the leeway, prompt=none without a session, the kid/jti rules and the
// cause named for each refused client assertion, the audience of an introspection assertion,
// revocation of another client's token, the size limits of an authorization request, and the
// throttling of password guesses (per login and address, never locking out another address).
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator, useEmulator } from '../helpers/emulator.ts';
import { requestFrom } from '../helpers/fromAddress.ts';
import {
  APP_CALLBACK,
  assertion,
  authorize,
  DEV_PASSWORD,
  exchangeCode,
  JWT_BEARER,
  PUBLIC_CLIENT,
  postForm,
  postSignIn,
  redirectQuery,
  type ServiceKey,
  serviceKey,
  signIn,
  signInForm,
} from '../helpers/oauth.ts';

let nowMs = Date.now();
/** The authorization server's clock, moved by the tests. */
const emu = useEmulator({ clock: () => nowMs, oauthClients: [PUBLIC_CLIENT] });
const base = () => emu().url;

const refresh = (target: TestEmulator, token: string) =>
  postForm(`${target.url}/oauth2/v1/token`, { grant_type: 'refresh_token', client_id: 'spa', refresh_token: token });

describe('refresh-token reuse detection (the platform guide: reuse revokes the sign-in)', () => {
  it('keeps the previous token valid for the leeway, and ends the sign-in on a reuse after it', async () => {
    const { code, verifier } = await signIn(base(), 'carol@example.com');
    const first = (await exchangeCode(base(), code, verifier)).body;
    const second = (await refresh(emu(), first.refresh_token)).body;
    expect(second.refresh_token).toEqual(expect.any(String));
    nowMs += 10_000;
    // Within the 30 s leeway: the client lost the answer and sends the previous token again.
    const retried = await refresh(emu(), first.refresh_token);
    expect(retried.status).toBe(200);
    nowMs += 31_000;
    const reuse = await refresh(emu(), first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid or expired.',
    });
    // The newest refresh token and every access token issued since the sign-in are revoked.
    expect((await refresh(emu(), retried.body.refresh_token)).status).toBe(400);
    for (const access of [first.access_token, second.access_token, retried.body.access_token]) {
      expect(await emu().authenticate(`Bearer ${access}`)).toMatchObject({
        ok: false,
        description: 'The token has been revoked.',
      });
    }
  });

  it('with EMULATOR_REFRESH_TOKEN_LEEWAY_SECONDS=0, revokes at the first reuse', async () => {
    const strict = await startTestEmulator({ oauthClients: [PUBLIC_CLIENT], oauth: { refreshTokenLeewaySeconds: 0 } });
    try {
      const { code, verifier } = await signIn(strict.url, 'carol@example.com');
      const first = (await exchangeCode(strict.url, code, verifier)).body;
      const second = (await refresh(strict, first.refresh_token)).body;
      expect((await refresh(strict, first.refresh_token)).body.error).toBe('invalid_grant');
      expect((await refresh(strict, second.refresh_token)).body.error).toBe('invalid_grant');
      expect((await strict.authenticate(`Bearer ${second.access_token}`)).ok).toBe(false);
    } finally {
      await strict.close();
    }
  });

  it('refuses a leeway outside 0–60 at start', async () => {
    await expect(startTestEmulator({ oauth: { refreshTokenLeewaySeconds: 61 } })).rejects.toThrow(
      'refreshTokenLeewaySeconds',
    );
  });
});

describe('the authorization request', () => {
  it('answers prompt=none with a login_required redirect, never a page', async () => {
    const { challenge } = { challenge: 'a'.repeat(43) };
    const query = new URLSearchParams({
      client_id: 'spa',
      redirect_uri: APP_CALLBACK,
      response_type: 'code',
      scope: 'openid',
      state: 'st',
      prompt: 'none',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const res = await fetch(`${base()}/oauth2/v1/authorize?${query}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const back = redirectQuery(res);
    expect(back.get('error')).toBe('login_required');
    expect(back.get('state')).toBe('st');
    expect(await res.text()).toBe('');
  });

  it('refuses prompt=none with another prompt value, and shows the page for prompt=login', async () => {
    const query = (prompt: string) =>
      new URLSearchParams({
        client_id: 'spa',
        redirect_uri: APP_CALLBACK,
        response_type: 'code',
        scope: 'openid',
        prompt,
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      });
    const both = await fetch(`${base()}/oauth2/v1/authorize?${query('none login')}`, { redirect: 'manual' });
    expect(redirectQuery(both).get('error')).toBe('invalid_request');
    const login = await fetch(`${base()}/oauth2/v1/authorize?${query('login')}`, { redirect: 'manual' });
    expect(login.status).toBe(200);
  });

  it('limits state, nonce and login_hint, and fills the login in from login_hint', async () => {
    const longState = await authorize(base(), { state: 's'.repeat(2049) });
    expect(longState.status).toBe(400);
    expect(await longState.text()).toContain('state must be at most 2048 characters');
    const longNonce = redirectQuery(await authorize(base(), { nonce: 'n'.repeat(2049) }));
    expect(longNonce.get('error')).toBe('invalid_request');
    expect(longNonce.get('error_description')).toBe('nonce must be at most 2048 characters.');
    const hinted = await fetch(
      `${base()}/oauth2/v1/authorize?${new URLSearchParams({
        client_id: 'spa',
        redirect_uri: APP_CALLBACK,
        response_type: 'code',
        scope: 'openid',
        login_hint: 'carol@example.com',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
    );
    expect(await hinted.text()).toContain('value="carol@example.com"');
    const longHint = await fetch(
      `${base()}/oauth2/v1/authorize?${new URLSearchParams({
        client_id: 'spa',
        redirect_uri: APP_CALLBACK,
        response_type: 'code',
        scope: 'openid',
        login_hint: 'h'.repeat(257),
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    );
    expect(redirectQuery(longHint).get('error_description')).toBe('login_hint must be at most 256 characters.');
  });
});

describe('client assertions (private_key_jwt)', () => {
  let key: ServiceKey;
  let second: ServiceKey;
  async function service(keys: ServiceKey[]) {
    const res = await emu().call('POST', '/oauth2/v1/clients', {
      client_name: 'sync',
      application_type: 'service',
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: keys.map((k) => k.jwk) },
      scope: 'okta.policies.read',
    });
    expect(res.status).toBe(201);
    return res.body.client_id as string;
  }
  /** An assertion with or without kid and jti. */
  async function signed(k: ServiceKey, clientId: string, aud: string, o: { kid?: boolean; jti?: boolean } = {}) {
    const now = Math.floor(nowMs / 1000);
    const jwt = new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', ...(o.kid === false ? {} : { kid: k.jwk.kid }) })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(aud)
      .setIssuedAt(now)
      .setExpirationTime(now + 300);
    if (o.jti !== false) jwt.setJti(`j${Math.random()}`);
    return jwt.sign(k.privateKey);
  }
  const token = (clientAssertion: string) =>
    postForm(`${base()}/oauth2/v1/token`, {
      grant_type: 'client_credentials',
      scope: 'okta.policies.read',
      client_assertion_type: JWT_BEARER,
      client_assertion: clientAssertion,
    });

  it('take the key the kid names; without kid, only when the client has one key; jti is optional', async () => {
    key ??= await serviceKey('k1');
    second ??= await serviceKey('k2');
    const one = await service([key]);
    const tokenUrl = `${base()}/oauth2/v1/token`;
    expect((await token(await signed(key, one, tokenUrl, { kid: false }))).status).toBe(200);
    const noJti = await signed(key, one, tokenUrl, { jti: false });
    expect((await token(noJti)).status).toBe(200);
    const two = await service([key, second]);
    const noKid = await token(await signed(second, two, tokenUrl, { kid: false }));
    expect(noKid.status).toBe(401);
    expect(noKid.body.error_description).toBe('The client_assertion JWT kid is invalid.');
    expect((await token(await signed(second, two, tokenUrl))).status).toBe(200);
  });

  it('name the cause of each refusal', async () => {
    key ??= await serviceKey('k1');
    second ??= await serviceKey('k2');
    const clientId = await service([key]);
    const tokenUrl = `${base()}/oauth2/v1/token`;
    const why = async (jwt: string) => {
      const res = await token(jwt);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_client');
      return res.body.error_description;
    };
    // Signed by another key under the registered kid.
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(tokenUrl)
      .setExpirationTime(Math.floor(nowMs / 1000) + 60)
      .sign(second.privateKey);
    expect(await why(forged)).toBe('The client_assertion signature is invalid.');
    expect(await why(await assertion({ ...second, jwk: { ...second.jwk, kid: 'k9' } }, clientId, tokenUrl))).toBe(
      'The client_assertion JWT kid is invalid.',
    );
    expect(await why(await signed(key, clientId, 'https://elsewhere.example.test/token'))).toBe(
      'The audience claim for client_assertion must be the endpoint invoked for the request.',
    );
    const past = Math.floor(nowMs / 1000) - 600;
    expect(await why(await assertion(key, clientId, tokenUrl, { iat: past - 60, exp: past }))).toBe(
      'The client_assertion token is expired.',
    );
    const once = await assertion(key, clientId, tokenUrl, { jti: 'only-once' });
    expect((await token(once)).status).toBe(200);
    expect(await why(await assertion(key, clientId, tokenUrl, { jti: 'only-once' }))).toBe(
      'The client_assertion jti was already used.',
    );
    expect(await why('not.a.jwt')).toBe('The client_assertion is not a JWT.');
  });

  it('at introspection must name the introspection endpoint, not the token endpoint', async () => {
    key ??= await serviceKey('k1');
    const clientId = await service([key]);
    const issued = await token(await signed(key, clientId, `${base()}/oauth2/v1/token`));
    const introspect = (aud: string) =>
      signed(key, clientId, aud).then((a) =>
        postForm(`${base()}/oauth2/v1/introspect`, {
          token: issued.body.access_token,
          client_assertion_type: JWT_BEARER,
          client_assertion: a,
        }),
      );
    const wrong = await introspect(`${base()}/oauth2/v1/token`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error_description).toContain('the endpoint invoked');
    const right = await introspect(`${base()}/oauth2/v1/introspect`);
    expect(right.body).toMatchObject({ active: true, client_id: clientId });
  });
});

describe('revocation (RFC 7009)', () => {
  it("refuses to revoke another client's token, which stays valid", async () => {
    const { code, verifier } = await signIn(base(), 'carol@example.com');
    const tokens = (await exchangeCode(base(), code, verifier)).body;
    const other = await emu().call('POST', '/oauth2/v1/clients', {
      client_name: 'other',
      application_type: 'browser',
      redirect_uris: ['http://other.example.test/cb'],
    });
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      const res = await postForm(`${base()}/oauth2/v1/revoke`, { client_id: other.body.client_id, token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('unauthorized_client');
    }
    expect((await emu().authenticate(`Bearer ${tokens.access_token}`)).ok).toBe(true);
    expect((await refresh(emu(), tokens.refresh_token)).status).toBe(200);
  });
});

describe('password guesses', () => {
  it('lock one address out of one login after 10 failures, while the person signs in from another address', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      // A new sign-in each time (a sign-in page ends itself after five failures).
      last = await postSignIn(base(), await (await authorize(base())).text(), 'carol@example.com', `wrong-${i}`);
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password is refused from this address now, without being checked.
    const locked = await postSignIn(base(), await (await authorize(base())).text(), 'carol@example.com', DEV_PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('Too many failed sign-ins');
    // Another person from the same address is not locked out.
    const bob = await postSignIn(
      base(),
      await (await authorize(base(), { scope: 'openid' })).text(),
      'bob@example.com',
      DEV_PASSWORD,
    );
    expect(bob.status).toBe(303);
    // carol, from her own address.
    const own = await requestFrom(
      '127.0.0.2',
      `${base()}/oauth2/v1/authorize?${new URLSearchParams({
        client_id: 'spa',
        redirect_uri: APP_CALLBACK,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
    );
    const { action, transaction } = signInForm(own.text);
    const signedIn = await requestFrom('127.0.0.2', new URL(action, base()).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ transaction, login: 'carol@example.com', password: DEV_PASSWORD }).toString(),
    });
    expect(signedIn.status).toBe(303);
    expect(new URL(signedIn.headers.location as string).searchParams.get('code')).toEqual(expect.any(String));
  });
});
