// Refetch by id alone (`node`, `nodes`) for policies, rules and user types, and what each costs;
// forward page info; the simulation's verdict with its policy's rules at three calls.
import { describe, expect, it } from 'vitest';
import { countRequests, createPolicy, createRule } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { defaultPolicyId, FIXTURE, ok } from './schema-helpers.ts';

const stack = useStack();

const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on Policy { name type } ... on PolicyRule { name policyId } ... on UserType { name } } }`;

describe('node and nodes', () => {
  it('a policy and a user type cost one GET each; the answer is the object policy(id:) gives', async () => {
    const policyId = await defaultPolicyId(stack(), 'PASSWORD');
    const policy = await countRequests(stack().emulator, () => ok(stack(), NODE, { id: policyId }));
    expect(policy.result.node).toEqual({
      __typename: 'PasswordPolicy',
      id: policyId,
      name: expect.any(String),
      type: 'PASSWORD',
    });
    expect(policy.byRoute).toEqual({ 'GET /api/v1/policies/{policyId}': 1 });
    const userType = await countRequests(stack().emulator, () => ok(stack(), NODE, { id: FIXTURE.contractorType }));
    expect(userType.result.node).toEqual({ __typename: 'UserType', id: FIXTURE.contractorType, name: 'Contractor' });
    expect(userType.byRoute).toEqual({ 'GET /api/v1/meta/types/user/{typeId}': 1 });
  });

  it('a rule is found among the org rules; its calls are shared with the rest of the operation', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Node lookup' });
    const rule = await createRule(stack().emulator, policy.id, { type: 'PASSWORD', name: 'Found by id' });
    const alone = await countRequests(stack().emulator, () => ok(stack(), NODE, { id: rule.id }));
    expect(alone.result.node).toEqual({
      __typename: 'PasswordRule',
      id: rule.id,
      name: 'Found by id',
      policyId: policy.id,
    });
    // One list per policy type and one rules list per policy.
    const policyCount = alone.byRoute['GET /api/v1/policies/{policyId}/rules'];
    expect(policyCount).toBeGreaterThan(1);
    expect(Object.keys(alone.byRoute).sort()).toEqual([
      'GET /api/v1/policies',
      'GET /api/v1/policies/{policyId}/rules',
    ]);
    const shared = await countRequests(stack().emulator, () =>
      ok(stack(), `query($id: ID!, $p: ID!) { node(id: $id) { id } policy(id: $p) { rules { id } } }`, {
        id: rule.id,
        p: policy.id,
      }),
    );
    // The policy's rules list is read once for both fields: only the policy GET is added.
    expect(shared.result.policy.rules).toContainEqual({ id: rule.id });
    expect(shared.total).toBe(alone.total + 1);
  });

  it('nodes answers in the order of ids, null where nothing has the id, and an unknown kind costs nothing', async () => {
    const policyId = await defaultPolicyId(stack(), 'PASSWORD');
    const { result, total } = await countRequests(stack().emulator, () =>
      ok(stack(), `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, {
        ids: [FIXTURE.contractorType, 'zzzunknown', policyId, '00pnothere', policyId],
      }),
    );
    expect(result.nodes).toEqual([
      { __typename: 'UserType', id: FIXTURE.contractorType },
      null,
      { __typename: 'PasswordPolicy', id: policyId },
      null,
      { __typename: 'PasswordPolicy', id: policyId },
    ]);
    // The user type, the policy (asked twice), the missing policy.
    expect(total).toBe(3);
    const none = await countRequests(stack().emulator, () => ok(stack(), NODE, { id: '0prnothere' }));
    expect(none.result.node).toBeNull();
  });
});

describe('page info', () => {
  it('has startCursor and endCursor for forward paging', async () => {
    await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Second', priority: 1 });
    const first = await ok(
      stack(),
      `{ policies(type: PASSWORD, first: 1) { edges { cursor } pageInfo { hasNextPage startCursor endCursor } } }`,
    );
    const { edges, pageInfo } = first.policies;
    expect(pageInfo.startCursor).toBe(edges[0].cursor);
    expect(pageInfo.hasNextPage).toBe(true);
    const empty = await ok(
      stack(),
      `{ policies(type: PASSWORD, q: "no such name") { pageInfo { hasNextPage startCursor endCursor } } }`,
    );
    expect(empty.policies.pageInfo).toEqual({ hasNextPage: false, startCursor: null, endCursor: null });
  });
});

describe('the simulation verdict at the bound', () => {
  it('matchedPolicy { rules } and matchedRule cost 3 calls: the rule comes from the list', async () => {
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `{ simulateAccess(input: { appInstance: "${FIXTURE.portal}", policyTypes: [PLATFORM_SIGN_ON], policyContext: { subject: { user: { id: "${FIXTURE.alice}" } } } }) {
            evaluation { matchedPolicy { id rules { id name } } matchedRule { id name } } } }`,
      ),
    );
    const [evaluation] = result.simulateAccess.evaluation;
    expect(evaluation.matchedPolicy.rules).toContainEqual(evaluation.matchedRule);
    expect(byRoute).toEqual({
      'POST /api/v1/policies/simulate': 1,
      'GET /api/v1/policies/{policyId}': 1,
      'GET /api/v1/policies/{policyId}/rules': 1,
    });
  });
});
