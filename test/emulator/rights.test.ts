// The emulator checks every API operation against the caller's rights, over real HTTP: an API token
// acts with its admin's role (a READ_ONLY_ADMIN reads, an admin without a role does nothing), a
// refused request changes nothing, `Bearer <API token>` is 401 with the RFC 6750 challenge, and the
// `_links` hints name only what the caller may do.
import { describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationName } from '../../packages/emulator/src/rest/contract/operations.ts';
import { causesOf, createPolicy, createRule, defaultPolicyAndRule, TOKEN, useEmulator } from '../helpers/emulator.ts';
import { API_SCOPES, type Principal } from '../../packages/emulator/src/emulator/access/principal.ts';
import { roleRefusalCause } from '../../packages/emulator/src/emulator/auth/replies.ts';
import { refusalOf } from '../../packages/emulator/src/emulator/access/rights.ts';
import { ALICE, BOB, builtInOrgWithTokens, CAROL } from '../helpers/orgTokens.ts';

const READ_ONLY_TOKEN = 'alice-read-only-token';
const ORG_ADMIN_TOKEN = 'olga-org-admin-token';
const SECOND_SUPER_ADMIN_TOKEN = 'carol-second-token';

const fixture = builtInOrgWithTokens([
  { token: READ_ONLY_TOKEN, userId: ALICE },
  { token: ORG_ADMIN_TOKEN, userId: '00u5olga' },
  { token: SECOND_SUPER_ADMIN_TOKEN, userId: CAROL },
]);
fixture.users = [...(fixture.users ?? []), { id: '00u5olga', login: 'olga@example.com', adminRole: 'ORG_ADMIN' }];

const emu = useEmulator({ fixture });
const ssws = (token: string) => ({ authorization: `SSWS ${token}` });

/** The whole org as stored: a refused request must leave it exactly as it was. */
const orgState = () => JSON.stringify(emu().store().data);

/** What the contract says a read-only admin may do: the GETs and the access simulation (a POST that reads). */
const isRead = (name: OperationName) => OPERATIONS[name].method === 'GET' || name === 'simulate';

const SIMULATION = {
  appInstance: '0oa1portal',
  policyTypes: ['PLATFORM_SIGN_ON'],
  policyContext: { user: { id: '00u4dave' } },
};

/** One request per operation, over real objects: the default authentication policy, its rule, the default user type. */
async function requestsOfEveryOperation() {
  const { policy, rule } = await defaultPolicyAndRule(emu(), 'ACCESS_POLICY');
  const params: Record<string, string> = {
    policyId: policy.id,
    ruleId: rule.id,
    typeId: 'default',
    appId: '0oa1portal',
    userId: '00u4dave',
    groupId: '00g2sales',
    zoneId: 'nzo2vpn',
  };
  return (Object.entries(OPERATIONS) as [OperationName, (typeof OPERATIONS)[OperationName]][]).map(([name, op]) => ({
    name,
    method: op.method,
    path:
      op.path.replace(/\{(\w+)\}/g, (_, p: string) => params[p]) + (name === 'listPolicies' ? '?type=PASSWORD' : ''),
    body: name === 'simulate' ? SIMULATION : op.method === 'POST' || op.method === 'PUT' ? {} : undefined,
  }));
}

describe('API tokens act with their admin role', () => {
  it('a READ_ONLY_ADMIN may call exactly the reads; every write is 403 naming the role and changes nothing', async () => {
    const before = orgState();
    for (const { name, method, path, body } of await requestsOfEveryOperation()) {
      const res = await emu().call(method, path, body, ssws(READ_ONLY_TOKEN));
      if (isRead(name)) {
        expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      } else {
        expect([name, res.status, res.body.errorCode]).toEqual([name, 403, 'E0000006']);
        expect(causesOf(res)).toEqual(['The admin role READ_ONLY_ADMIN does not allow this operation']);
        expect(res.headers.get('www-authenticate'), name).toBeNull();
      }
    }
    expect(orgState()).toBe(before);
  });

  it('a person without a role may call nothing, whatever the token says (no such API token can be declared)', () => {
    const person: Principal = {
      kind: 'accessToken',
      userId: BOB,
      clientId: 'c',
      role: null,
      scopes: new Set(API_SCOPES),
    };
    for (const name of Object.keys(OPERATIONS) as OperationName[]) {
      expect(refusalOf(person, name), name).toEqual({ kind: 'role', role: null });
    }
    expect(roleRefusalCause(null)).toBe('The admin role NONE does not allow this operation');
  });

  it('refuses a read-only write before reading its body: a malformed body is still 403, not 400', async () => {
    const res = await emu().call('POST', '/api/v1/policies', '{', ssws(READ_ONLY_TOKEN));
    expect([res.status, res.body.errorCode]).toEqual([403, 'E0000006']);
  });

  it('a READ_ONLY_ADMIN cannot change a policy, its rules or a user type: reading back shows them unchanged', async () => {
    const policy = await createPolicy(emu(), { status: 'ACTIVE' });
    const rule = await createRule(emu(), policy.id);
    const type = await emu().call('POST', '/api/v1/meta/types/user', { name: 'vendor', displayName: 'Vendor' });
    const readBack = async () =>
      Promise.all(
        [
          `/api/v1/policies/${policy.id}`,
          `/api/v1/policies/${policy.id}/rules`,
          '/api/v1/policies?type=PASSWORD',
          `/api/v1/meta/types/user/${type.body.id}`,
        ].map(async (path) => (await emu().call('GET', path)).body),
      );
    const before = await readBack();
    const as = (method: string, path: string, body?: unknown) => emu().call(method, path, body, ssws(READ_ONLY_TOKEN));
    const refused = [
      await as('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'Sneaky', description: 'x' }),
      await as('PUT', `/api/v1/policies/${policy.id}`, { ...policy, name: 'Renamed' }),
      await as('POST', `/api/v1/policies/${policy.id}/lifecycle/deactivate`),
      await as('POST', `/api/v1/policies/${policy.id}/rules`, { type: 'PASSWORD', name: 'Sneaky rule' }),
      await as('PUT', `/api/v1/policies/${policy.id}/rules/${rule.id}`, { ...rule, name: 'Renamed rule' }),
      await as('POST', `/api/v1/policies/${policy.id}/rules/${rule.id}/lifecycle/deactivate`),
      await as('DELETE', `/api/v1/policies/${policy.id}/rules/${rule.id}`),
      await as('DELETE', `/api/v1/policies/${policy.id}`),
      await as('POST', `/api/v1/meta/types/user/${type.body.id}`, { displayName: 'Renamed' }),
      await as('DELETE', `/api/v1/meta/types/user/${type.body.id}`),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
    const after = await readBack();
    expect(after).toEqual(before);
    expect(after[0]).toMatchObject({ name: policy.name, status: 'ACTIVE' });
    expect(after[1].map((r: { name: string }) => r.name)).toContain(rule.name);
    expect(after[3].displayName).toBe('Vendor');
  });

  it('an ORG_ADMIN and the SUPER_ADMIN (the configured token and another of her tokens) may write', async () => {
    for (const token of [TOKEN, SECOND_SUPER_ADMIN_TOKEN, ORG_ADMIN_TOKEN]) {
      const res = await emu().call(
        'POST',
        '/api/v1/policies',
        { type: 'PASSWORD', name: `By ${token}`, description: 'x' },
        ssws(token),
      );
      expect(res.status, token).toBe(200);
      expect((await emu().call('DELETE', `/api/v1/policies/${res.body.id}`, undefined, ssws(token))).status).toBe(204);
    }
  });
});

describe('the admin endpoints keep their rule: the configured token only', () => {
  it('a fixture API token, even a SUPER_ADMIN one, does not open them', async () => {
    for (const token of [SECOND_SUPER_ADMIN_TOKEN, READ_ONLY_TOKEN]) {
      const res = await emu().call('GET', '/__emulator/requests', undefined, ssws(token));
      expect([res.status, res.body.errorCode]).toEqual([401, 'E0000011']);
    }
    expect((await emu().call('GET', '/__emulator/requests')).status).toBe(200);
  });
});

describe('401 for a token that is not one', () => {
  const PATH = '/api/v1/policies';

  it('the API token sent as Bearer is 401 invalid_token with the challenge naming the scope, realm and resource', async () => {
    const res = await emu().call('GET', `${PATH}?type=PASSWORD`, undefined, { authorization: `Bearer ${TOKEN}` });
    expect([res.status, res.body.errorCode, res.body.errorSummary]).toEqual([
      401,
      'E0000011',
      'Invalid token provided',
    ]);
    expect(res.body.errorCauses).toEqual([]);
    const base = emu().url;
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer authorization_uri="${base}/oauth2/v1/authorize", realm="${base}", scope="okta.policies.read", ` +
        `error="invalid_token", error_description="The token is not valid.", resource="${PATH}"`,
    );
  });

  it('a write with a Bearer API token is 401 naming the manage scope, and changes nothing', async () => {
    const before = orgState();
    const res = await emu().call(
      'POST',
      '/api/v1/meta/types/user',
      { name: 'sneaky', displayName: 'Sneaky' },
      { authorization: `Bearer ${TOKEN}` },
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('scope="okta.userTypes.manage"');
    expect(orgState()).toBe(before);
  });

  it('an unknown path names no scope; an SSWS or missing token gets no challenge', async () => {
    const unknown = await emu().call('GET', '/api/v1/nothing/here', undefined, { authorization: 'Bearer x.y.z' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).not.toContain('scope=');
    expect(unknown.headers.get('www-authenticate')).toContain('resource="/api/v1/nothing/here"');
    for (const authorization of ['SSWS not-a-token', '']) {
      const res = await emu().call('GET', `${PATH}?type=PASSWORD`, undefined, { authorization });
      expect([res.status, res.body.errorCode]).toEqual([401, 'E0000011']);
      expect(res.headers.get('www-authenticate'), authorization).toBeNull();
    }
  });
});

describe('`_links` hint only what the caller may do', () => {
  it('a read-only caller sees GET only on self and rules, and no lifecycle link; the SUPER_ADMIN every hint', async () => {
    const policy = await createPolicy(emu(), { status: 'ACTIVE' });
    const rule = await createRule(emu(), policy.id);
    const asAlice = (path: string) => emu().call('GET', path, undefined, ssws(READ_ONLY_TOKEN));
    const policyPath = `/api/v1/policies/${policy.id}`;
    const readOnlyPolicies = [
      (await asAlice(policyPath)).body,
      (await asAlice('/api/v1/policies?type=PASSWORD')).body.find((p: { id: string }) => p.id === policy.id),
    ];
    for (const seen of readOnlyPolicies) {
      expect(Object.keys(seen._links).sort()).toEqual(['mappings', 'rules', 'self']);
      expect(seen._links.self.hints.allow).toEqual(['GET']);
      expect(seen._links.rules.hints.allow).toEqual(['GET']);
      expect(seen._links.mappings.hints.allow).toEqual(['GET']);
    }
    const readOnlyRules = [
      (await asAlice(`${policyPath}/rules/${rule.id}`)).body,
      (await asAlice(`${policyPath}/rules`)).body.find((r: { id: string }) => r.id === rule.id),
    ];
    for (const seen of readOnlyRules) {
      expect(Object.keys(seen._links)).toEqual(['self']);
      expect(seen._links.self.hints.allow).toEqual(['GET']);
    }
    const full = (await emu().call('GET', policyPath)).body;
    expect(full._links.self.hints.allow).toEqual(['GET', 'PUT', 'DELETE']);
    expect(full._links.rules.hints.allow).toEqual(['GET', 'POST']);
    expect(full._links.deactivate.hints.allow).toEqual(['POST']);
    const fullRule = (await emu().call('GET', `${policyPath}/rules/${rule.id}`)).body;
    expect(fullRule._links.self.hints.allow).toEqual(['GET', 'PUT', 'DELETE']);
    expect(fullRule._links.deactivate.hints.allow).toEqual(['POST']);
  });
});
