// Idempotent creates on one gateway (in-process store): the first outcome answers every retry
// without a second upstream create, a key reused with another input is refused and changes nothing,
// callers do not share keys, and a create that surely did nothing can be retried.
import { describe, expect, it } from 'vitest';
import { countRequests, defaultPolicyOf, TOKEN } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';

/** What a replayed answer repeats: data and errors (its extensions.cost counts the calls it made, none). */
function sameAnswer(answer: { data?: unknown; errors?: unknown }) {
  return { data: answer.data, errors: answer.errors };
}

const stack = useStack();

const CREATE_POLICY = `mutation($input: PolicyInput!, $key: String) {
  createPolicy(input: $input, idempotencyKey: $key) { policy { id name } userErrors { message field code } }
}`;
const CREATE_USER_TYPE = `mutation($input: CreateUserTypeInput!, $key: String) {
  createUserType(input: $input, idempotencyKey: $key) { userType { id name } userErrors { message field code } }
}`;
const CREATE_RULE = `mutation($policyId: ID!, $input: PolicyRuleInput!, $key: String) {
  createPolicyRule(policyId: $policyId, input: $input, idempotencyKey: $key) {
    rule { id name } policy { id } userErrors { message code }
  }
}`;
const CLONE = `mutation($id: ID!, $key: String) { clonePolicy(id: $id, idempotencyKey: $key) { policy { id name } userErrors { code } } }`;

const strict = { type: 'PASSWORD', name: 'Strict' };

describe('idempotent creates, one gateway', () => {
  it('a retry with the same key gets the first outcome, with one upstream create', async () => {
    const { result, byRoute } = await countRequests(stack().emulator, async () => [
      await stack().gql(CREATE_POLICY, { input: strict, key: 'k-1' }),
      await stack().gql(CREATE_POLICY, { input: strict, key: 'k-1' }),
    ]);
    const [first, retry] = result;
    expect(first.data.createPolicy.policy.name).toBe('Strict');
    expect(sameAnswer(retry)).toEqual(sameAnswer(first));
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 1 });
  });

  it('concurrent requests with one key: one create, both get the same object', async () => {
    await stack().emulator.setFaults({ latencyMs: 100 });
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      Promise.all(
        [1, 2, 3].map(() =>
          stack().gql(CREATE_USER_TYPE, { input: { name: 'vendor', displayName: 'Vendor' }, key: 'ut' }),
        ),
      ),
    );
    const ids = result.map((r) => r.data.createUserType.userType.id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^oty/);
    expect(byRoute).toEqual({ 'POST /api/v1/meta/types/user': 1 });
  });

  it('the Idempotency-Key header works like the argument, for rules and clones too', async () => {
    const policy = await defaultPolicyOf(stack().emulator, 'ACCESS_POLICY');
    const rule = {
      type: 'ACCESS_POLICY',
      name: 'Deny',
      actions: { appSignOn: { access: 'DENY', verificationMethod: { type: 'ASSURANCE' } } },
    };
    const headers = { 'idempotency-key': 'header-key' };
    const { result, byRoute } = await countRequests(stack().emulator, async () => [
      await stack().gql(CREATE_RULE, { policyId: policy.id, input: rule }, { headers }),
      await stack().gql(CREATE_RULE, { policyId: policy.id, input: rule }, { headers }),
      await stack().gql(CLONE, { id: policy.id, key: 'clone-1' }),
      await stack().gql(CLONE, { id: policy.id, key: 'clone-1' }),
    ]);
    expect(sameAnswer(result[1])).toEqual(sameAnswer(result[0]));
    expect(result[0].data.createPolicyRule.policy.id).toBe(policy.id);
    expect(sameAnswer(result[3])).toEqual(sameAnswer(result[2]));
    expect(result[2].data.clonePolicy.policy.id).not.toBe(policy.id);
    expect(byRoute['POST /api/v1/policies/{policyId}/rules']).toBe(1);
    expect(byRoute['POST /api/v1/policies/{policyId}/clone']).toBe(1);
  });

  it('a key reused with a different input is IDEMPOTENCY_KEY_REUSED and changes nothing', async () => {
    await stack().gql(CREATE_POLICY, { input: strict, key: 'k-2' });
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(CREATE_POLICY, { input: { ...strict, name: 'Other' }, key: 'k-2' }),
    );
    expect(result.data.createPolicy).toEqual({
      policy: null,
      userErrors: [
        {
          message: expect.stringContaining('different createPolicy input'),
          field: ['idempotencyKey'],
          code: 'IDEMPOTENCY_KEY_REUSED',
        },
      ],
    });
    expect(total).toBe(0);
  });

  it('a refusal is remembered like a success', async () => {
    const bad = { type: 'PASSWORD', name: 'Bad', settings: { password: { complexity: { minLength: -1 } } } };
    const { result, byRoute } = await countRequests(stack().emulator, async () => [
      await stack().gql(CREATE_POLICY, { input: bad, key: 'k-3' }),
      await stack().gql(CREATE_POLICY, { input: bad, key: 'k-3' }),
    ]);
    expect(result[0].data.createPolicy.userErrors[0].code).toBe('E0000001');
    expect(sameAnswer(result[1])).toEqual(sameAnswer(result[0]));
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 1 });
  });

  it('keys belong to a caller: another Authorization header with the same key creates its own object', async () => {
    const first = await stack().gql(CREATE_POLICY, { input: strict, key: 'shared' });
    const other = await stack().gql(
      CREATE_POLICY,
      { input: { ...strict, name: 'Strict 2' }, key: 'shared' },
      { auth: `Bearer ${TOKEN}` },
    );
    expect(other.data.createPolicy.policy.id).not.toBe(first.data.createPolicy.policy.id);
  });

  it('a create refused before the service acted (rate limited) is not remembered: the retry runs', async () => {
    await stack().emulator.setFaults({ errorRate: 1, status: 429 });
    const refused = await stack().gql(CREATE_POLICY, { input: strict, key: 'k-4' });
    expect(refused.errors?.[0].extensions.code).toBe('RATE_LIMITED');
    await stack().emulator.setFaults({ errorRate: 0 });
    const retry = await stack().gql(CREATE_POLICY, { input: strict, key: 'k-4' });
    expect(retry.data.createPolicy.policy.name).toBe('Strict');
  });

  it('an unknown outcome is remembered: the retry never creates a second object', async () => {
    await stack().emulator.setFaults({ resetRate: 1 });
    const { result, byRoute } = await countRequests(stack().emulator, async () => {
      const first = await stack().gql(CREATE_POLICY, { input: strict, key: 'k-5' });
      await stack().emulator.setFaults({ resetRate: 0 });
      return [first, await stack().gql(CREATE_POLICY, { input: strict, key: 'k-5' })];
    });
    expect(result[0].errors?.[0].extensions.code).toBe('UPSTREAM_OUTCOME_UNKNOWN');
    expect(result[1].errors?.[0]).toMatchObject({
      message: result[0].errors?.[0].message,
      extensions: { code: 'UPSTREAM_OUTCOME_UNKNOWN' },
    });
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 1 });
  });

  it('a key that is not 1 to 255 printable characters is a user error, with no upstream call', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(CREATE_POLICY, { input: strict, key: 'x'.repeat(256) }),
    );
    expect(result.data.createPolicy.userErrors[0]).toMatchObject({
      field: ['idempotencyKey'],
      code: 'IDEMPOTENCY_KEY_INVALID',
    });
    expect(total).toBe(0);
  });

  it('without a key nothing is remembered', async () => {
    const { byRoute } = await countRequests(stack().emulator, async () => {
      await stack().gql(CREATE_POLICY, { input: strict });
      await stack().gql(CREATE_POLICY, { input: { ...strict, name: 'Strict B' } });
    });
    expect(byRoute).toEqual({ 'POST /api/v1/policies': 2 });
  });
});
