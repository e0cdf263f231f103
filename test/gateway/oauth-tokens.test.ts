// The gateway acting as the person (or service) behind a scoped OAuth access token: tokens got over
// HTTP from the emulator's org authorization server, sent through a real gateway. The service's
// scope and role checks reach the client as FORBIDDEN (naming the scope, or the role) or, in a
// mutation's payload, the user error ACCESS_DENIED, with nothing written; an expired token as
// UNAUTHENTICATED with a hint to refresh it; viewerCan* follow the caller's rights with no extra
// call; and a proven token is its person or client, so a refreshed token or a second grant finds
// the first one's idempotency records, plans and share of the upstream budget.
import { describe, expect, it } from 'vitest';
import { advanceDate, freezeDate, midMinute } from '../helpers/clock.ts';
import { createPolicy, TOKEN } from '../helpers/emulator.ts';
import { type TestStack, useStack } from '../helpers/gateway.ts';
import {
  ALL_API_SCOPES,
  claimsOf,
  forgedToken,
  PEOPLE,
  personToken,
  refreshToken,
  registerServiceClient,
  serviceToken,
} from '../helpers/oauth.ts';
import { ALICE, builtInOrgWithTokens } from '../helpers/orgTokens.ts';
import { recordCalls } from '../helpers/upstreamCalls.ts';

const REDIRECT = 'http://127.0.0.1:9/callback';
const GRAPHIQL = {
  client_id: 'graphiql',
  client_name: 'GraphiQL',
  redirect_uris: [REDIRECT],
  grant_types: ['authorization_code' as const, 'refresh_token' as const],
  token_endpoint_auth_method: 'none' as const,
  scope: ['openid', 'profile', 'offline_access', ...ALL_API_SCOPES].join(' '),
};

// No clock skew allowed: a token is expired one second after its `exp`.
// The org's clock is the (fakeable) Date, read at each call.
const stack = useStack({
  emulator: { oauthClients: [GRAPHIQL], oauth: { clockSkewSeconds: 0 }, clock: () => Date.now() },
});

/** `Bearer <access token>` of a person signed in through the authorization code flow. */
async function bearerOf(login: string, scopes: readonly string[] = ALL_API_SCOPES): Promise<string> {
  const tokens = await personToken({ issuer: stack().emulator.url, login, scopes, redirectUri: REDIRECT });
  return `Bearer ${tokens.access_token}`;
}

const CAN = 'viewerCanUpdate viewerCanDelete viewerCanActivate viewerCanDeactivate';
const RENAME = `mutation($id: ID!, $name: String!) {
  updatePolicy(id: $id, input: { name: $name }) { policy { name } userErrors { code message field upstreamCode requiredScope } }
}`;

async function policyName(s: TestStack, id: string): Promise<string> {
  return (await s.emulator.call('GET', `/api/v1/policies/${id}`)).body.name;
}

describe('a person’s token through the gateway', () => {
  it('viewerCan* follow the token’s rights: carol may change a policy, alice (read-only) may not; no extra call', async () => {
    const policy = await createPolicy(stack().emulator, { name: 'Rights' });
    const query = `query($id: ID!) { policy(id: $id) { name ${CAN} } }`;
    const calls = recordCalls(stack().upstream);
    const carol = await stack().gql(query, { id: policy.id }, { auth: await bearerOf(PEOPLE.carol) });
    expect(carol.errors).toBeUndefined();
    expect(carol.data.policy).toEqual({
      name: 'Rights',
      viewerCanUpdate: true,
      viewerCanDelete: true,
      viewerCanActivate: false,
      viewerCanDeactivate: true,
    });
    expect(calls.methods()).toEqual(['getPolicy']);
    const alice = await stack().gql(query, { id: policy.id }, { auth: await bearerOf(PEOPLE.alice) });
    expect(alice.errors).toBeUndefined();
    expect(alice.data.policy).toEqual({
      name: 'Rights',
      viewerCanUpdate: false,
      viewerCanDelete: false,
      viewerCanActivate: false,
      viewerCanDeactivate: false,
    });
    expect(calls.methods()).toEqual(['getPolicy', 'getPolicy']);
  });

  it('carol renames a policy with her token', async () => {
    const policy = await createPolicy(stack().emulator, { name: 'Before' });
    const answer = await stack().gql(RENAME, { id: policy.id, name: 'After' }, { auth: await bearerOf(PEOPLE.carol) });
    expect(answer.data.updatePolicy).toEqual({ policy: { name: 'After' }, userErrors: [] });
    expect(await policyName(stack(), policy.id)).toBe('After');
  });

  it('alice’s same rename is ACCESS_DENIED naming her role and the scope, and nothing is written', async () => {
    const policy = await createPolicy(stack().emulator, { name: 'Kept' });
    const answer = await stack().gql(
      RENAME,
      { id: policy.id, name: 'Changed' },
      { auth: await bearerOf(PEOPLE.alice) },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.updatePolicy.policy).toBeNull();
    const [error] = answer.data.updatePolicy.userErrors;
    expect(error).toMatchObject({
      code: 'ACCESS_DENIED',
      field: null,
      upstreamCode: 'E0000006',
      requiredScope: 'okta.policies.manage',
    });
    expect(error.message).toContain('READ_ONLY_ADMIN');
    expect(error.message).toContain('okta.policies.manage');
    expect(await policyName(stack(), policy.id)).toBe('Kept');
  });

  it('a refusal the service gives anyone stays FORBIDDEN, apart from ACCESS_DENIED', async () => {
    const defaultPolicy = (await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body.find(
      (p: { system: boolean }) => p.system,
    );
    const answer = await stack().gql(
      'mutation($id: ID!) { deletePolicy(id: $id) { deletedId userErrors { code requiredScope } } }',
      { id: defaultPolicy.id },
      { auth: await bearerOf(PEOPLE.carol) },
    );
    expect(answer.data.deletePolicy.userErrors).toEqual([{ code: 'FORBIDDEN', requiredScope: null }]);
  });
});

describe('a token with okta.policies.read only', () => {
  it('reads policies; a mutation is ACCESS_DENIED naming okta.policies.manage; user types are FORBIDDEN naming their scope', async () => {
    const auth = await bearerOf(PEOPLE.carol, ['okta.policies.read']);
    const policy = await createPolicy(stack().emulator, { name: 'Read only' });
    const both = await stack().gql('{ policies(type: PASSWORD) { nodes { name } } userTypes { name } }', {}, { auth });
    expect(both.data.policies.nodes.map((p: { name: string }) => p.name)).toContain('Read only');
    expect(both.data.userTypes).toBeNull();
    expect(both.errors).toHaveLength(1);
    expect(both.errors?.[0]).toMatchObject({
      path: ['userTypes'],
      extensions: { code: 'FORBIDDEN', requiredScope: 'okta.userTypes.read' },
    });
    expect(both.errors?.[0].message).toContain('okta.userTypes.read');

    const renamed = await stack().gql(RENAME, { id: policy.id, name: 'Renamed' }, { auth });
    expect(renamed.data.updatePolicy.userErrors).toEqual([
      expect.objectContaining({ code: 'ACCESS_DENIED', requiredScope: 'okta.policies.manage' }),
    ]);
    expect(renamed.data.updatePolicy.userErrors[0].message).toContain('okta.policies.manage');
    expect(await policyName(stack(), policy.id)).toBe('Read only');

    // The missing scope did not make the credential refused: it still reads policies, with a call.
    const calls = recordCalls(stack().upstream);
    const again = await stack().gql('{ policies(type: PASSWORD) { nodes { name } } }', {}, { auth });
    expect(again.errors).toBeUndefined();
    expect(calls.methods()).toEqual(['listPolicies']);
  });
});

describe('an expired token', () => {
  it('is UNAUTHENTICATED with a hint to refresh it', async () => {
    freezeDate();
    const auth = await bearerOf(PEOPLE.carol);
    const first = await stack().gql('{ userTypes { name } }', {}, { auth });
    expect(first.errors).toBeUndefined();
    advanceDate(((claimsOf(auth.slice(7)).exp as number) - Math.floor(Date.now() / 1000) + 1) * 1000);
    const expired = await stack().gql('{ userTypes { name } }', {}, { auth });
    expect(expired.data.userTypes).toBeNull();
    expect(expired.errors?.[0].extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      hint: expect.stringMatching(/refresh/i),
    });
    expect(expired.errors?.[0].message).toMatch(/expired/i);
  });
});

describe('the caller behind a token', () => {
  it('two grants of one service client share idempotency records; a forged token with its claims does not', async () => {
    const { url } = stack().emulator;
    const client = await registerServiceClient(url, TOKEN, ALL_API_SCOPES);
    const first = await serviceToken(url, client, ALL_API_SCOPES);
    const second = await serviceToken(url, client, ALL_API_SCOPES);
    expect(second).not.toBe(first);
    const create = `mutation($name: String!) {
      createPolicy(input: { type: PASSWORD, name: $name }, idempotencyKey: "k-1") { policy { id } userErrors { code } }
    }`;
    const made = await stack().gql(create, { name: 'Once' }, { auth: first });
    expect(made.errors).toBeUndefined();
    const id = made.data.createPolicy.policy.id;
    // The second token is proven by one read before its records are looked up: the retry finds the first's.
    const retried = await stack().gql(create, { name: 'Once' }, { auth: second });
    expect(retried.data.createPolicy).toEqual({ policy: { id }, userErrors: [] });
    const named = (await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD&q=Once')).body;
    expect(named).toHaveLength(1);

    const forged = `Bearer ${forgedToken(claimsOf(first.slice(7)))}`;
    const forgedRetry = await stack().gql(create, { name: 'Once' }, { auth: forged });
    expect(forgedRetry.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(stack().upstream.callerOf(forged).key).not.toBe(stack().upstream.callerOf(first).key);
    expect(stack().upstream.callerOf(second).key).toBe(stack().upstream.callerOf(first).key);
  });

  it('a refreshed token applies the plan made with the token it replaced; a forged one finds no plan', async () => {
    const { url } = stack().emulator;
    const tokens = await personToken({
      issuer: url,
      login: PEOPLE.carol,
      scopes: [...ALL_API_SCOPES, 'offline_access'],
      redirectUri: REDIRECT,
    });
    const first = `Bearer ${tokens.access_token}`;
    const exported = await stack().gql('{ exportPolicies(types: [PASSWORD]) { document } }', {}, { auth: first });
    const document = exported.data.exportPolicies.document;
    document.policies.PASSWORD[0].description = 'Planned with the first token';
    const plan = await stack().gql(
      'mutation($d: JSON!) { planPolicies(document: $d) { plan { id } userErrors { code message } } }',
      { d: document },
      { auth: first },
    );
    const planId = plan.data.planPolicies.plan.id;
    const apply = 'mutation($id: ID!) { applyPolicies(planId: $id) { applied { key } userErrors { code } } }';

    const forged = `Bearer ${forgedToken(claimsOf(first.slice(7)))}`;
    const byForger = await stack().gql(apply, { id: planId }, { auth: forged });
    expect(byForger.data.applyPolicies.userErrors).toEqual([{ code: 'PLAN_NOT_FOUND' }]);

    const refreshed = await refreshToken(url, tokens.refresh_token as string);
    const second = `Bearer ${refreshed.access_token}`;
    expect(second).not.toBe(first);
    const applied = await stack().gql(apply, { id: planId }, { auth: second });
    expect(applied.data.applyPolicies).toMatchObject({ applied: [expect.anything()], userErrors: [] });
  });

  it('two tokens of one person take one share of the upstream budget; a forged one counts apart', async () => {
    freezeDate(midMinute());
    await stack().emulator.setFaults({ rateLimitPerMinute: 600 });
    const query = '{ userTypes { name } }';
    const remaining = (answer: { extensions?: any }) => answer.extensions.cost.throttleStatus.remaining as number;
    const first = await bearerOf(PEOPLE.carol);
    const second = await bearerOf(PEOPLE.carol);
    expect(second).not.toBe(first);
    // Each token's first call is a probe, from the pool of credentials not yet proven.
    await stack().gql(query, {}, { auth: first });
    await stack().gql(query, {}, { auth: second });
    const before = remaining(await stack().gql(query, {}, { auth: first }));
    const afterSecond = remaining(await stack().gql(query, {}, { auth: second }));
    // The second token's call came out of the first's share.
    expect(afterSecond).toBe(before - 1);
    const forged = `Bearer ${forgedToken(claimsOf(first.slice(7)))}`;
    await stack().gql(query, {}, { auth: forged });
    // Had the forged token spent from carol's share, her next call would see two fewer. It spent from
    // the unproven pool, which the window holds back apart (limits.md), so she sees at most her own call.
    expect(remaining(await stack().gql(query, {}, { auth: first }))).toBeGreaterThanOrEqual(afterSecond - 1);
  });
});

describe('an API token of a read-only admin', () => {
  const readOnly = useStack({ emulator: { fixture: builtInOrgWithTokens([{ token: 'alice-token', userId: ALICE }]) } });

  it('reads, and its write is ACCESS_DENIED naming the role, as with her access token', async () => {
    const policy = await createPolicy(readOnly().emulator, { name: 'Kept too' });
    const auth = 'SSWS alice-token';
    const read = await readOnly().gql(
      `query($id: ID!) { policy(id: $id) { name viewerCanUpdate } }`,
      { id: policy.id },
      { auth },
    );
    expect(read).toMatchObject({ data: { policy: { name: 'Kept too', viewerCanUpdate: false } } });
    const answer = await readOnly().gql(RENAME, { id: policy.id, name: 'Changed' }, { auth });
    expect(answer.data.updatePolicy.userErrors).toEqual([
      expect.objectContaining({ code: 'ACCESS_DENIED', requiredScope: 'okta.policies.manage' }),
    ]);
    expect(answer.data.updatePolicy.userErrors[0].message).toContain('READ_ONLY_ADMIN');
    expect(await policyName(readOnly(), policy.id)).toBe('Kept too');
  });
});
