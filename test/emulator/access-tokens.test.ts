// Access tokens of the emulator's authorization server on the API, over real HTTP: a token acts with
// its scopes (a service client) and, for a person, only within the person's admin role; a missing
// scope is 403 with the RFC 6750 `insufficient_scope` challenge naming it, an expired or forged token
// 401 `invalid_token`; nothing refused changes the org.
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { causesOf, createPolicy, useEmulator } from '../helpers/emulator.ts';
import { personToken, serviceClient } from '../helpers/oauthTokens.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const NEW_POLICY = { type: 'PASSWORD', name: 'By a token', description: 'x' };

/** The authorization server's clock, moved by the tests (no test waits on real time). */
let nowMs = Date.UTC(2026, 0, 1);
const emu = useEmulator({ clock: () => nowMs, oauth: { accessTokenSeconds: 60, clockSkewSeconds: 0 } });
const orgState = () => JSON.stringify(emu().store().data);

function challengeOf(res: { headers: Headers }): Record<string, string> {
  const header = res.headers.get('www-authenticate') ?? '';
  expect(header.startsWith('Bearer ')).toBe(true);
  return Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
}

describe('a service token acts with its scopes', () => {
  it('okta.policies.read: reads policies; a write is 403 insufficient_scope naming okta.policies.manage', async () => {
    const token = await (await serviceClient(emu(), () => nowMs)).token('okta.policies.read');
    const read = await emu().call('GET', '/api/v1/policies?type=PASSWORD', undefined, bearer(token));
    expect(read.status).toBe(200);
    const simulated = await emu().call(
      'POST',
      '/api/v1/policies/simulate',
      { appInstance: '0oa1portal', policyTypes: ['PLATFORM_SIGN_ON'], policyContext: { user: { id: '00u4dave' } } },
      bearer(token),
    );
    expect(simulated.status).toBe(200);

    const before = orgState();
    const write = await emu().call('POST', '/api/v1/policies', NEW_POLICY, bearer(token));
    expect([write.status, write.body.errorCode, write.body.errorCauses]).toEqual([403, 'E0000006', []]);
    expect(challengeOf(write)).toEqual({
      authorization_uri: `${emu().url}/oauth2/v1/authorize`,
      realm: emu().url,
      scope: 'okta.policies.manage',
      error: 'insufficient_scope',
      error_description: 'The access token provided does not contain the required scopes.',
      resource: '/api/v1/policies',
    });
    expect(orgState()).toBe(before);
    // Its links hint only reads.
    expect(read.body[0]._links.self.hints.allow).toEqual(['GET']);
  });

  it('user types need okta.userTypes.*: a policies token reads none; a userTypes.read token reads but cannot write', async () => {
    const client = await serviceClient(emu(), () => nowMs);
    const policiesOnly = await client.token('okta.policies.read okta.policies.manage');
    const refused = await emu().call('GET', '/api/v1/meta/types/user', undefined, bearer(policiesOnly));
    expect(refused.status).toBe(403);
    expect(challengeOf(refused).scope).toBe('okta.userTypes.read');

    const typesRead = await client.token('okta.userTypes.read');
    expect((await emu().call('GET', '/api/v1/meta/types/user', undefined, bearer(typesRead))).status).toBe(200);
    const write = await emu().call(
      'POST',
      '/api/v1/meta/types/user',
      { name: 'vendor', displayName: 'Vendor' },
      bearer(typesRead),
    );
    expect(write.status).toBe(403);
    expect(challengeOf(write).scope).toBe('okta.userTypes.manage');
    expect((await emu().call('GET', '/api/v1/policies?type=PASSWORD', undefined, bearer(typesRead))).status).toBe(403);
  });

  it('okta.policies.manage includes reading, and writes', async () => {
    const token = await (await serviceClient(emu(), () => nowMs)).token('okta.policies.manage');
    expect((await emu().call('GET', '/api/v1/policies?type=PASSWORD', undefined, bearer(token))).status).toBe(200);
    const created = await emu().call('POST', '/api/v1/policies', NEW_POLICY, bearer(token));
    expect(created.status).toBe(200);
    expect(created.body._links.self.hints.allow).toEqual(['GET', 'PUT', 'DELETE']);
  });
});

describe("a person's token acts with its scopes and within the person's role", () => {
  it('a READ_ONLY_ADMIN with okta.policies.manage reads, and a write is 403 naming the role, without a challenge', async () => {
    const policy = await createPolicy(emu());
    const token = await personToken(emu(), 'alice@example.com', 'openid okta.policies.manage');
    const read = await emu().call('GET', `/api/v1/policies/${policy.id}`, undefined, bearer(token));
    expect(read.status).toBe(200);
    expect(read.body._links.self.hints.allow).toEqual(['GET']);
    const before = orgState();
    const write = await emu().call('DELETE', `/api/v1/policies/${policy.id}`, undefined, bearer(token));
    expect([write.status, write.body.errorCode]).toEqual([403, 'E0000006']);
    expect(causesOf(write)).toEqual(['The admin role READ_ONLY_ADMIN does not allow this operation']);
    expect(write.headers.get('www-authenticate')).toBeNull();
    expect(orgState()).toBe(before);
  });

  it('a SUPER_ADMIN with okta.policies.read only cannot write: the scope limits her', async () => {
    const token = await personToken(emu(), 'carol@example.com', 'openid okta.policies.read');
    const write = await emu().call('POST', '/api/v1/policies', NEW_POLICY, bearer(token));
    expect(write.status).toBe(403);
    expect(challengeOf(write)).toMatchObject({ error: 'insufficient_scope', scope: 'okta.policies.manage' });
    const withManage = await personToken(emu(), 'carol@example.com', 'openid okta.policies.manage');
    expect((await emu().call('POST', '/api/v1/policies', NEW_POLICY, bearer(withManage))).status).toBe(200);
  });
});

describe('401 invalid_token', () => {
  it('an expired token: the challenge says so and names the scope needed', async () => {
    const token = await (await serviceClient(emu(), () => nowMs)).token('okta.policies.read');
    const { exp } = decodeJwt(token);
    expect((await emu().call('GET', '/api/v1/policies?type=PASSWORD', undefined, bearer(token))).status).toBe(200);
    nowMs = ((exp as number) + 1) * 1000;
    const res = await emu().call('GET', '/api/v1/policies?type=PASSWORD', undefined, bearer(token));
    expect([res.status, res.body.errorCode]).toEqual([401, 'E0000011']);
    expect(challengeOf(res)).toMatchObject({
      error: 'invalid_token',
      error_description: 'The token has expired.',
      scope: 'okta.policies.read',
      resource: '/api/v1/policies',
    });
  });

  it('a token re-signed with another key, and the API token as Bearer, are not valid', async () => {
    const token = await (await serviceClient(emu(), () => nowMs)).token('okta.policies.manage');
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader(decodeProtectedHeader(token) as { alg: string; kid?: string })
      .sign(privateKey);
    const before = orgState();
    for (const credential of [forged, emu().token]) {
      const res = await emu().call('POST', '/api/v1/policies', NEW_POLICY, bearer(credential));
      expect([res.status, res.body.errorCode]).toEqual([401, 'E0000011']);
      expect(challengeOf(res)).toMatchObject({ error: 'invalid_token', scope: 'okta.policies.manage' });
    }
    expect(orgState()).toBe(before);
  });
});
