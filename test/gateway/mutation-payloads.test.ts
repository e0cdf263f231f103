// Mutation payloads that keep a client cache true in one round trip: the siblings of a changed
// policy in their new order, the parent of a changed or deleted rule with its renumbered rules,
// and what each costs upstream (nothing unless selected, then one list call).
import { describe, expect, it } from 'vitest';
import { countRequests, createPolicy, createRule } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { mutate, ok } from './schema-helpers.ts';

const stack = useStack();

const LIST = 'GET /api/v1/policies';

async function twoPasswordPolicies(): Promise<[any, any]> {
  const a = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'A' });
  const b = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'B' });
  return [a, b];
}

describe('policy payloads: policiesOfType', () => {
  it('a create at priority 1 returns every policy of the type renumbered, for one list call', async () => {
    await twoPasswordPolicies();
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'createPolicy',
        `mutation { createPolicy(input: { type: PASSWORD, name: "Top", priority: 1 }) {
          policy { id priority } policiesOfType { __typename id name priority } userErrors { message } } }`,
      ).then((p) => p),
    );
    expect(result.policiesOfType.map((p: any) => [p.name, p.priority])).toEqual([
      ['Top', 1],
      ['A', 2],
      ['B', 3],
      ['Default Policy', 4],
    ]);
    expect(result.policiesOfType[0]).toMatchObject({ __typename: 'PasswordPolicy', id: result.policy.id });
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 1, [LIST]: 1 });
  });

  it('costs nothing when not selected', async () => {
    const { byRoute } = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'createPolicy',
        `mutation { createPolicy(input: { type: PASSWORD, name: "Top", priority: 1 }) { policy { id } userErrors { message } } }`,
      ),
    );
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 1 });
  });

  it('a move by updatePolicy, and an activation, return the new order', async () => {
    const [a, b] = await twoPasswordPolicies();
    const moved = await mutate(
      stack(),
      'updatePolicy',
      `mutation($id: ID!) { updatePolicy(id: $id, input: { priority: 1 }) { policiesOfType { name priority } userErrors { message } } }`,
      { id: b.id },
    );
    expect(moved.policiesOfType.map((p: any) => p.name)).toEqual(['B', 'A', 'Default Policy']);
    const deactivated = await mutate(
      stack(),
      'deactivatePolicy',
      `mutation($id: ID!) { deactivatePolicy(id: $id) { policy { status } policiesOfType { id status } userErrors { message } } }`,
      { id: a.id },
    );
    expect(deactivated.policiesOfType.find((p: any) => p.id === a.id).status).toBe('INACTIVE');
  });

  it('deletePolicy: the remaining policies in their new order; the policy is read first only when selected', async () => {
    const [a] = await twoPasswordPolicies();
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'deletePolicy',
        `mutation($id: ID!) { deletePolicy(id: $id) { deletedId policiesOfType { name priority } userErrors { message } } }`,
        { id: a.id },
      ),
    );
    expect(result.deletedId).toBe(a.id);
    expect(result.policiesOfType).toEqual([
      { name: 'B', priority: 1 },
      { name: 'Default Policy', priority: 2 },
    ]);
    expect(byRoute).toEqual({
      'GET /api/v1/policies/{policyId}': 1,
      'DELETE /api/v1/policies/{policyId}': 1,
      [LIST]: 1,
    });

    const b = (await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'C' })).id;
    const plain = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'deletePolicy',
        `mutation($id: ID!) { deletePolicy(id: $id) { deletedId userErrors { message } } }`,
        {
          id: b,
        },
      ),
    );
    expect(plain.byRoute).toEqual({ 'DELETE /api/v1/policies/{policyId}': 1 });
  });

  it('a refused mutation has no policiesOfType', async () => {
    const res = await ok(
      stack(),
      `mutation { deletePolicy(id: "00pnothere") { deletedId policiesOfType { id } userErrors { code } }
        createPolicy(input: { type: PASSWORD, name: "" }) { policy { id } policiesOfType { id } userErrors { code } } }`,
    );
    expect(res.deletePolicy).toEqual({ deletedId: null, policiesOfType: null, userErrors: [{ code: 'NOT_FOUND' }] });
    expect(res.createPolicy).toEqual({ policy: null, policiesOfType: null, userErrors: [{ code: 'INVALID' }] });
  });
});

describe('rule payloads: the parent policy', () => {
  async function policyWithRules() {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'P' });
    const body = { type: 'PASSWORD', actions: { passwordChange: { access: 'ALLOW' } } };
    const r1 = await createRule(stack().emulator, policy.id, { ...body, name: 'R1' });
    const r2 = await createRule(stack().emulator, policy.id, { ...body, name: 'R2' });
    return { policy, r1, r2 };
  }

  it('a create at priority 1 returns the parent with its rules renumbered, and the rule names its policy id', async () => {
    const { policy } = await policyWithRules();
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'createPolicyRule',
        `mutation($p: ID!) { createPolicyRule(policyId: $p, input: { type: PASSWORD, name: "First", priority: 1 }) {
          rule { id policyId } policy { id rules { name priority } } userErrors { message } } }`,
        { p: policy.id },
      ),
    );
    expect(result.rule.policyId).toBe(policy.id);
    expect(result.policy.id).toBe(policy.id);
    expect(result.policy.rules).toEqual([
      { name: 'First', priority: 1 },
      { name: 'R1', priority: 2 },
      { name: 'R2', priority: 3 },
    ]);
    expect(byRoute).toEqual({
      'POST /api/v1/policies/{policyId}/rules': 1,
      'GET /api/v1/policies/{policyId}': 1,
      'GET /api/v1/policies/{policyId}/rules': 1,
    });
  });

  it('deletePolicyRule returns the parent with the remaining rules renumbered', async () => {
    const { policy, r1 } = await policyWithRules();
    const res = await mutate(
      stack(),
      'deletePolicyRule',
      `mutation($p: ID!, $r: ID!) { deletePolicyRule(policyId: $p, ruleId: $r) { deletedId policy { rules { id name priority } } userErrors { message } } }`,
      { p: policy.id, r: r1.id },
    );
    expect(res.deletedId).toBe(r1.id);
    expect(res.policy.rules.map((r: any) => [r.name, r.priority])).toEqual([['R2', 1]]);
  });

  it('costs nothing when not selected; a refusal has no parent', async () => {
    const { policy, r1 } = await policyWithRules();
    const { byRoute } = await countRequests(stack().emulator, () =>
      mutate(
        stack(),
        'deactivatePolicyRule',
        `mutation($p: ID!, $r: ID!) { deactivatePolicyRule(policyId: $p, ruleId: $r) { rule { status } userErrors { message } } }`,
        { p: policy.id, r: r1.id },
      ),
    );
    expect(byRoute).toEqual({
      'POST /api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/deactivate': 1,
      'GET /api/v1/policies/{policyId}/rules/{ruleId}': 1,
    });
    const refused = await ok(
      stack(),
      `mutation($p: ID!) { deletePolicyRule(policyId: $p, ruleId: "0prnothere") { deletedId policy { id } userErrors { code } } }`,
      { p: policy.id },
    );
    expect(refused.deletePolicyRule).toEqual({ deletedId: null, policy: null, userErrors: [{ code: 'NOT_FOUND' }] });
  });
});
