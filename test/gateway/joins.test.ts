// Joins that never dangle: an application's authentication policy from its accessPolicy link, user
// type conditions with one entry per id (null where the type is gone), and the rules that name a
// user type when it is deleted, with what each costs upstream.
import { describe, expect, it } from 'vitest';
import { countRequests, createPolicy, createRule } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { defaultPolicyId, FIXTURE, mutate, ok } from './schema-helpers.ts';

const stack = useStack();

describe('Application.accessPolicy', () => {
  it('joins each app to its policy through the policy loader: no call beyond the apps list when the policy is loaded', async () => {
    const policy = await createPolicy(stack().emulator, {
      type: 'ACCESS_POLICY',
      name: 'Portal and CRM',
      description: 'x',
    });
    for (const app of [FIXTURE.portal, FIXTURE.crm]) {
      expect((await stack().emulator.call('PUT', `/api/v1/apps/${app}/policies/${policy.id}`)).status).toBe(204);
    }
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(stack(), `query($id: ID!) { policy(id: $id) { applications { id accessPolicy { __typename id name } } } }`, {
        id: policy.id,
      }),
    );
    expect(result.policy.applications).toEqual([
      { id: FIXTURE.portal, accessPolicy: { __typename: 'AccessPolicy', id: policy.id, name: 'Portal and CRM' } },
      { id: FIXTURE.crm, accessPolicy: { __typename: 'AccessPolicy', id: policy.id, name: 'Portal and CRM' } },
    ]);
    expect(byRoute).toEqual({ 'GET /api/v1/policies/{policyId}': 1, 'GET /api/v1/policies/{policyId}/app': 1 });
  });

  it('apps of the default policy join it too', async () => {
    const id = await defaultPolicyId(stack(), 'ACCESS_POLICY');
    const data = await ok(
      stack(),
      `query($id: ID!) { policy(id: $id) { applications { accessPolicy { id system } } } }`,
      {
        id,
      },
    );
    expect(data.policy.applications.length).toBeGreaterThan(0);
    for (const app of data.policy.applications) expect(app.accessPolicy).toEqual({ id, system: true });
  });
});

describe('user type conditions and deleted user types', () => {
  async function ruleNaming(typeIds: { include: string[]; exclude: string[] }) {
    const policy = await createPolicy(stack().emulator, { type: 'ACCESS_POLICY', name: 'Typed', description: 'x' });
    const rule = await createRule(stack().emulator, policy.id, {
      type: 'ACCESS_POLICY',
      name: 'By user type',
      conditions: { userType: typeIds },
      actions: { appSignOn: { access: 'DENY', verificationMethod: { type: 'ASSURANCE' } } },
    });
    return { policy, rule };
  }

  async function createUserType(name: string): Promise<string> {
    const res = await stack().emulator.call('POST', '/api/v1/meta/types/user/', { name, displayName: name });
    expect(res.status).toBe(200);
    return res.body.id;
  }

  it('deleteUserType names the rules that still name the type, and the rule then shows null for it', async () => {
    const partner = await createUserType('Partner');
    const { policy, rule } = await ruleNaming({ include: [partner, FIXTURE.contractorType], exclude: [] });
    const deleted = await mutate(
      stack(),
      'deleteUserType',
      `mutation($id: ID!) { deleteUserType(id: $id) { deletedId referencingRules { __typename id name policyId } userErrors { message } } }`,
      { id: partner },
    );
    expect(deleted).toEqual({
      deletedId: partner,
      referencingRules: [{ __typename: 'AccessPolicyRule', id: rule.id, name: 'By user type', policyId: policy.id }],
      userErrors: [],
    });
    const read = await ok(
      stack(),
      `query($p: ID!, $r: ID!) { policy(id: $p) { rule(id: $r) { conditions { userType { include includedUserTypes { id name } excludedUserTypes { id } } } } } }`,
      { p: policy.id, r: rule.id },
    );
    expect(read.policy.rule.conditions.userType).toEqual({
      include: [partner, FIXTURE.contractorType],
      includedUserTypes: [null, { id: FIXTURE.contractorType, name: 'Contractor' }],
      excludedUserTypes: [],
    });
  });

  it('a refused delete still names the referencing rules; without the field the delete is one call', async () => {
    const defaultType = (await stack().emulator.call('GET', '/api/v1/meta/types/user/default')).body;
    const { rule } = await ruleNaming({ include: [], exclude: [defaultType.id] });
    const refused = await ok(
      stack(),
      `mutation { deleteUserType(id: "default") { deletedId referencingRules { id } userErrors { code reason } } }`,
    );
    expect(refused.deleteUserType).toEqual({
      deletedId: null,
      referencingRules: [{ id: rule.id }],
      userErrors: [{ code: 'FORBIDDEN', reason: 'PROHIBITED' }],
    });

    const partner = await createUserType('Partner');
    const { byRoute } = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'deleteUserType',
        `mutation($id: ID!) { deleteUserType(id: $id) { deletedId userErrors { message } } }`,
        {
          id: partner,
        },
      ),
    );
    expect(byRoute).toEqual({ 'DELETE /api/v1/meta/types/user/{typeId}': 1 });
  });
});
