// The authorization code flow with PKCE, driven over HTTP as a browser would: the sign-in page,
// the form post, the redirect, the code exchange; then refresh token rotation and revocation.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN, useEmulator } from '../helpers/emulator.ts';
import {
  ALL_SCOPES,
  APP_CALLBACK,
  authorize,
  exchangeCode,
  DEV_PASSWORD,
  PUBLIC_CLIENT,
  postForm,
  postSignIn,
  redirectQuery,
  signIn,
} from '../helpers/oauth.ts';

const emu = useEmulator({ oauthClients: [PUBLIC_CLIENT] });
const base = () => emu().url;

describe('signing in', () => {
  it('gives carol a code, exchanged with the PKCE verifier for access, ID and refresh tokens', async () => {
    const { code, verifier, state } = await signIn(base(), 'carol@example.com', { nonce: 'n-1' });
    expect(state).toBe('state-1');
    const res = await exchangeCode(base(), code, verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: PUBLIC_CLIENT.scope });
    expect(decodeJwt(res.body.access_token)).toMatchObject({
      iss: base(),
      aud: base(),
      sub: 'carol@example.com',
      uid: '00u3carol',
      cid: 'spa',
      scp: ALL_SCOPES.split(' '),
    });
    expect(decodeJwt(res.body.id_token)).toMatchObject({
      iss: base(),
      aud: 'spa',
      sub: '00u3carol',
      nonce: 'n-1',
      preferred_username: 'carol@example.com',
    });
    expect(res.body.refresh_token).toEqual(expect.any(String));
    const auth = await emu().authenticate(`Bearer ${res.body.access_token}`);
    expect(auth).toMatchObject({
      ok: true,
      principal: { kind: 'accessToken', userId: '00u3carol', clientId: 'spa', role: 'SUPER_ADMIN' },
    });
    expect(auth.ok && auth.principal.scopes).toEqual(
      new Set((PUBLIC_CLIENT.scope ?? '').split(' ').filter((scope) => scope.startsWith('okta.'))),
    );
  });

  it('shows a plain form that posts back to the emulator, escaping what it echoes', async () => {
    const page = await authorize(base());
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('name="login"');
    expect(html).toContain('name="password"');
    const again = await postSignIn(base(), html, '"><script>alert(1)</script>', 'wrong');
    const text = await again.text();
    expect(text).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).not.toContain('<script>alert(1)');
  });

  it('shows the form again with an error for a wrong password, and issues nothing', async () => {
    const html = await (await authorize(base())).text();
    const wrong = await postSignIn(base(), html, 'carol@example.com', 'not-the-password');
    expect(wrong.status).toBe(200);
    expect(wrong.headers.get('location')).toBeNull();
    const page = await wrong.text();
    expect(page).toContain('Sign-in failed: the username or the password is wrong.');
    expect(page).toContain('value="carol@example.com"');
    // The same sign-in goes on with the right password.
    const right = redirectQuery(await postSignIn(base(), page, 'carol@example.com', DEV_PASSWORD));
    expect(right.get('code')).toEqual(expect.any(String));
  });

  it('refuses okta.* scopes to a person without an admin role (access_denied), grants OIDC scopes', async () => {
    const page = await (await authorize(base())).text();
    const denied = redirectQuery(await postSignIn(base(), page, 'bob@example.com', DEV_PASSWORD));
    expect(denied.get('error')).toBe('access_denied');
    expect(denied.get('state')).toBe('state-1');
    expect(denied.get('code')).toBeNull();
    const { code, verifier } = await signIn(base(), 'bob@example.com', { scope: 'openid profile' });
    const tokens = (await exchangeCode(base(), code, verifier)).body;
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: 'bob@example.com', scp: ['openid', 'profile'] });
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('gives a read-only admin the scopes asked: the role limits what they allow', async () => {
    const { code, verifier } = await signIn(base(), 'alice@example.com', { scope: 'okta.policies.manage' });
    const { access_token } = (await exchangeCode(base(), code, verifier)).body;
    expect(await emu().authenticate(`Bearer ${access_token}`)).toMatchObject({
      ok: true,
      principal: { userId: '00u1alice', role: 'READ_ONLY_ADMIN' },
    });
  });
});

describe('authorization requests that are refused', () => {
  it('a public client without a code_challenge: an error redirect with invalid_request', async () => {
    const query = redirectQuery(await authorize(base(), { challenge: null }));
    expect(query.get('error')).toBe('invalid_request');
    expect(query.get('error_description')).toContain('code_challenge');
    expect(query.get('state')).toBe('state-1');
  });

  it('a scope the client did not register: invalid_scope', async () => {
    const client = { ...PUBLIC_CLIENT, client_id: undefined, scope: 'openid' };
    const { client_id } = (await emu().call('POST', '/oauth2/v1/clients', client)).body;
    const query = redirectQuery(await authorize(base(), { clientId: client_id, scope: 'openid okta.policies.read' }));
    expect(query.get('error')).toBe('invalid_scope');
  });

  it.each([
    ['an unregistered redirect_uri', { redirectUri: 'http://evil.example.test/callback' }],
    ['a redirect_uri that only starts like a registered one', { redirectUri: `${APP_CALLBACK}/more` }],
    ['an unknown client', { clientId: 'nobody' }],
  ])('%s: an error page, never a redirect', async (_, request) => {
    const res = await authorize(base(), request);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Sign-in error');
  });

  it('a sign-in form with a made-up transaction: an error page', async () => {
    const res = await fetch(`${base()}/oauth2/v1/authorize/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ transaction: 'made-up', login: 'carol@example.com', password: DEV_PASSWORD }),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('exchanging the code', () => {
  it.each([
    ['without a code_verifier', undefined],
    ['with a wrong code_verifier', 'x'.repeat(43)],
  ])('refuses a code %s (invalid_grant)', async (_, verifier) => {
    const { code } = await signIn(base(), 'carol@example.com');
    const res = await exchangeCode(base(), code, verifier);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
    expect(res.body.access_token).toBeUndefined();
  });

  it('refuses a code used twice, and ends the tokens issued with it', async () => {
    const { code, verifier } = await signIn(base(), 'carol@example.com');
    const first = await exchangeCode(base(), code, verifier);
    expect(first.status).toBe(200);
    const second = await exchangeCode(base(), code, verifier);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect(await emu().authenticate(`Bearer ${first.body.access_token}`)).toMatchObject({
      ok: false,
      description: 'The token has been revoked.',
    });
  });

  it('refuses a code sent with another redirect_uri', async () => {
    const { code, verifier } = await signIn(base(), 'carol@example.com');
    const res = await postForm(`${base()}/oauth2/v1/token`, {
      grant_type: 'authorization_code',
      client_id: 'spa',
      redirect_uri: `${APP_CALLBACK}?other`,
      code,
      code_verifier: verifier,
    });
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string, scope?: string) =>
    postForm(`${base()}/oauth2/v1/token`, {
      grant_type: 'refresh_token',
      client_id: 'spa',
      refresh_token: token,
      ...(scope ? { scope } : {}),
    });

  it('rotate on use: the new one works, and the old one within the leeway (30 s)', async () => {
    const { code, verifier } = await signIn(base(), 'carol@example.com');
    const first = (await exchangeCode(base(), code, verifier)).body;
    const renewed = await refresh(first.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(renewed.body.access_token)).toMatchObject({ sub: 'carol@example.com', cid: 'spa' });
    // Within the leeway, a client that lost the answer may send the previous token again.
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(200);
    expect((await refresh(renewed.body.refresh_token, 'okta.policies.read')).body.scope).toBe('okta.policies.read');
  });

  it('revoked, take the access tokens of their grant with them', async () => {
    const { code, verifier } = await signIn(base(), 'carol@example.com');
    const tokens = (await exchangeCode(base(), code, verifier)).body;
    const revoke = await postForm(`${base()}/oauth2/v1/revoke`, { client_id: 'spa', token: tokens.refresh_token });
    expect(revoke.status).toBe(200);
    expect((await refresh(tokens.refresh_token)).body.error).toBe('invalid_grant');
    expect((await emu().authenticate(`Bearer ${tokens.access_token}`)).ok).toBe(false);
  });

  it('are introspected for their own client', async () => {
    const { code, verifier } = await signIn(base(), 'carol@example.com');
    const tokens = (await exchangeCode(base(), code, verifier)).body;
    const res = await postForm(`${base()}/oauth2/v1/introspect`, { client_id: 'spa', token: tokens.refresh_token });
    expect(res.body).toMatchObject({ active: true, token_type: 'refresh_token', username: 'carol@example.com' });
  });
});

describe('userinfo', () => {
  const userinfo = (authorization?: string) =>
    fetch(`${base()}/oauth2/v1/userinfo`, { headers: authorization ? { authorization } : {} });

  it('answers the person of a token granted openid, and refuses others', async () => {
    const { code, verifier } = await signIn(base(), 'carol@example.com');
    const { access_token } = (await exchangeCode(base(), code, verifier)).body;
    const res = await userinfo(`Bearer ${access_token}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sub: '00u3carol',
      name: 'carol@example.com',
      preferred_username: 'carol@example.com',
    });
    const narrow = await signIn(base(), 'carol@example.com', { scope: 'okta.policies.read' });
    const apiOnly = (await exchangeCode(base(), narrow.code, narrow.verifier)).body.access_token;
    const refused = await userinfo(`Bearer ${apiOnly}`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    const noToken = await userinfo();
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toBe('Bearer');
    expect((await userinfo(`Bearer ${TOKEN}`)).status).toBe(401);
  });
});

describe('browsers (CORS)', () => {
  const preflight = (path: string, origin: string) =>
    fetch(`${base()}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('answers the token endpoint only from the origin of a registered redirect URI', async () => {
    const app = await preflight('/oauth2/v1/token', 'http://app.example.test');
    expect(app.status).toBe(204);
    expect(app.headers.get('access-control-allow-origin')).toBe('http://app.example.test');
    expect(app.headers.get('access-control-allow-methods')).toContain('POST');
    const other = await preflight('/oauth2/v1/token', 'http://evil.example.test');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves discovery and keys to any origin', async () => {
    for (const path of ['/.well-known/openid-configuration', '/oauth2/v1/keys']) {
      const res = await fetch(`${base()}${path}`, { headers: { origin: 'http://anywhere.example.test' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });
});

describe('API tokens stay API tokens', () => {
  it('are never accepted at the token endpoint as a client', async () => {
    const res = await fetch(`${base()}/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `SSWS ${TOKEN}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'okta.policies.read' }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('invalid_client');
  });
});
