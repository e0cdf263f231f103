// simulateAccess over real HTTP against the emulator: the README walk-through (a global session
// policy for one group with a network rule, simulated for a user inside and outside the office and
// for a user outside the group), joins of the full policy and rule objects with their cost, and
// bad input.
import { beforeEach, describe, expect, it } from 'vitest';
import { countCalls, FIXTURE, mutate, ok, useStack } from './schema-helpers.ts';

const stack = useStack();

const CREATE_POLICY = /* GraphQL */ `
  mutation CreateEngineeringSignOn {
    createPolicy(input: {
      type: PLATFORM_SIGN_ON
      name: "Engineering sign-on"
      priority: 1
      conditions: { people: { groups: { include: ["00g1engineering"], exclude: [] } } }
    }) {
      policy { id name priority }
      userErrors { message field code }
    }
  }`;

const CREATE_RULE = /* GraphQL */ `
  mutation CreateRule($policyId: ID!, $input: PolicyRuleInput!) {
    createPolicyRule(policyId: $policyId, input: $input) {
      rule { id name priority }
      userErrors { message field code }
    }
  }`;

const SIMULATE = /* GraphQL */ `
  query WhatHappens($ip: String, $user: ID!) {
    simulateAccess(
      input: { appInstance: "0oa1portal", policyTypes: [PLATFORM_SIGN_ON], policyContext: { user: { id: $user }, ip: $ip } }
      expand: [EVALUATED, RULE]
    ) {
      evaluation {
        policyType
        result {
          id name status
          conditions { type status }
          rules {
            id name status
            conditions { type status }
            rule { ... on GlobalSessionRule { priority actions { signon { access requireFactor factorPromptMode } } } }
          }
          policy { ... on GlobalSessionPolicy { priority conditions { people { groups { include } } } } }
        }
        evaluated { name status conditions { type status } }
        undefined { name }
      }
    }
  }`;

let policyId: string;
let officeRuleId: string;
let elsewhereRuleId: string;

beforeEach(async () => {
  const policy = (await mutate(stack(), 'createPolicy', CREATE_POLICY)).policy;
  policyId = policy.id;
  officeRuleId = (
    await mutate(stack(), 'createPolicyRule', CREATE_RULE, {
      policyId,
      input: {
        type: 'SIGN_ON',
        name: 'In the office: password only',
        conditions: { network: { connection: 'ZONE', include: [FIXTURE.office] } },
        actions: { signon: { access: 'ALLOW', requireFactor: false, primaryFactor: 'PASSWORD_IDP' } },
      },
    })
  ).rule.id;
  elsewhereRuleId = (
    await mutate(stack(), 'createPolicyRule', CREATE_RULE, {
      policyId,
      input: {
        type: 'SIGN_ON',
        name: 'Elsewhere: MFA every time',
        conditions: { network: { connection: 'ANYWHERE' } },
        actions: {
          signon: {
            access: 'ALLOW',
            requireFactor: true,
            primaryFactor: 'PASSWORD_IDP',
            factorPromptMode: 'ALWAYS',
            factorLifetime: 15,
          },
        },
      },
    })
  ).rule.id;
});

describe('the README walk-through', () => {
  it('inside the office the office rule wins, with the full rule joined; one simulate call plus one call per distinct policy', async () => {
    const { result, byRoute } = await countCalls(stack(), () =>
      ok(stack(), SIMULATE, { user: FIXTURE.alice, ip: '10.1.2.3' }),
    );
    const [evaluation] = result.simulateAccess.evaluation;
    expect(evaluation.policyType).toBe('PLATFORM_SIGN_ON');
    expect(evaluation.result).toHaveLength(1);
    const [matched] = evaluation.result;
    expect(matched).toMatchObject({
      id: policyId,
      name: 'Engineering sign-on',
      status: 'MATCH',
      policy: { priority: 1, conditions: { people: { groups: { include: [FIXTURE.engineering] } } } },
    });
    expect(matched.conditions).toEqual([{ type: 'people.groups.include', status: 'MATCH' }]);
    const winner = matched.rules.find((r: any) => r.status === 'MATCH');
    expect(winner).toEqual({
      id: officeRuleId,
      name: 'In the office: password only',
      status: 'MATCH',
      conditions: [{ type: 'network.include', status: 'MATCH' }],
      rule: { priority: 1, actions: { signon: { access: 'ALLOW', requireFactor: false, factorPromptMode: null } } },
    });
    expect(byRoute).toEqual({
      'POST /api/v1/policies/simulate': 1,
      'GET /api/v1/policies/{policyId}': 1,
      'GET /api/v1/policies/{policyId}/rules': 1,
    });
  });

  it('outside the office the office rule does not match (and says why) and the MFA rule wins', async () => {
    const data = await ok(stack(), SIMULATE, { user: FIXTURE.alice, ip: '8.8.8.8' });
    const [matched] = data.simulateAccess.evaluation[0].result;
    expect(matched.id).toBe(policyId);
    const office = matched.rules.find((r: any) => r.id === officeRuleId);
    expect(office).toMatchObject({
      status: 'NOT_MATCH',
      conditions: [{ type: 'network.include', status: 'NOT_MATCH' }],
    });
    const winner = matched.rules.find((r: any) => r.status === 'MATCH');
    expect(winner.id).toBe(elsewhereRuleId);
    expect(winner.rule.actions.signon).toEqual({ access: 'ALLOW', requireFactor: true, factorPromptMode: 'ALWAYS' });
  });

  it('a user outside the group falls through to the default policy; the group policy is listed as evaluated', async () => {
    const data = await ok(stack(), SIMULATE, { user: FIXTURE.bob, ip: '10.1.2.3' });
    const [evaluation] = data.simulateAccess.evaluation;
    expect(evaluation.result.map((p: any) => p.name)).toEqual(['Default Policy']);
    expect(evaluation.result[0].policy.priority).toBe(2);
    expect(evaluation.evaluated).toEqual([
      {
        name: 'Engineering sign-on',
        status: 'NOT_MATCH',
        conditions: [{ type: 'people.groups.include', status: 'NOT_MATCH' }],
      },
    ]);
  });
});

describe('joins and their cost', () => {
  it('joins each distinct policy once and each distinct policy rules list once, across every policy type', async () => {
    const query = /* GraphQL */ `
      query {
        simulateAccess(input: { appInstance: "0oa1portal", policyContext: { user: { id: "00u1alice" }, ip: "10.1.2.3" } }) {
          evaluation {
            policyType
            result {
              policy { __typename id name }
              again: policy { id }
              rules { id rule { __typename id name policy { id } } }
            }
          }
        }
      }`;
    const { result, byRoute } = await countCalls(stack(), () => ok(stack(), query));
    const evaluation = result.simulateAccess.evaluation;
    expect(evaluation.map((e: any) => e.policyType)).toEqual([
      'PLATFORM_SIGN_ON',
      'MFA_ENROLL',
      'PROFILE_ENROLLMENT',
      'ACCESS_POLICY',
    ]);
    const typenames = evaluation.map((e: any) => e.result[0].policy.__typename);
    expect(typenames).toEqual(['GlobalSessionPolicy', 'MfaEnrollPolicy', 'ProfileEnrollmentPolicy', 'AccessPolicy']);
    for (const e of evaluation) {
      for (const p of e.result) {
        for (const r of p.rules) expect(r.rule).toMatchObject({ id: r.id, policy: { id: p.policy.id } });
      }
    }
    const distinctPolicies = new Set(evaluation.flatMap((e: any) => e.result.map((p: any) => p.policy.id))).size;
    expect(distinctPolicies).toBe(4);
    expect(byRoute).toEqual({
      'POST /api/v1/policies/simulate': 1,
      'GET /api/v1/policies/{policyId}': distinctPolicies,
      'GET /api/v1/policies/{policyId}/rules': distinctPolicies,
    });
  });

  it('without joins costs the simulate call alone', async () => {
    const { result, total } = await countCalls(stack(), () =>
      ok(
        stack(),
        `{ simulateAccess(input: { appInstance: "0oa1portal", policyContext: { groups: { ids: ["00g1engineering"] } } }) { evaluation { policyType status result { id name status } undefined { id } evaluated { id } } } }`,
      ),
    );
    expect(total).toBe(1);
    expect(result.simulateAccess.evaluation[0]).toMatchObject({
      policyType: 'PLATFORM_SIGN_ON',
      status: null,
      evaluated: [],
    });
  });
});

describe('bad input', () => {
  it('answers an invalid context with BAD_USER_INPUT carrying the upstream causes', async () => {
    const result = await stack().gql(
      `{ simulateAccess(input: { appInstance: "0oa1portal", policyContext: { user: { id: "00u1alice" }, groups: { ids: ["00g1engineering"] }, ip: "10.0.0.1", zones: { ids: ["nzo1office"] } } }) { evaluation { policyType } } }`,
    );
    expect(result.data).toBeNull();
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors!;
    expect(error.path).toEqual(['simulateAccess']);
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.extensions.upstream).toMatchObject({ status: 400, errorCode: 'E0000001' });
    expect(error.extensions.upstream.errorCauses.length).toBeGreaterThanOrEqual(2);
    expect(error.message).toContain('policyContext');
  });

  it('answers an unknown app or user with BAD_USER_INPUT', async () => {
    for (const input of [
      `{ appInstance: "0oanope", policyContext: { user: { id: "00u1alice" } } }`,
      `{ appInstance: "0oa1portal", policyContext: { user: { id: "00unope" } } }`,
    ]) {
      const result = await stack().gql(`{ simulateAccess(input: ${input}) { evaluation { policyType } } }`);
      expect(result.errors![0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        upstream: { status: 404, errorCode: 'E0000007' },
      });
    }
  });

  it('rejects a policy type the simulation does not evaluate before any upstream call', async () => {
    const { result, total } = await countCalls(stack(), () =>
      stack().gql(
        `{ simulateAccess(input: { appInstance: "0oa1portal", policyTypes: [PASSWORD], policyContext: { user: { id: "00u1alice" } } }) { evaluation { policyType } } }`,
      ),
    );
    expect(total).toBe(0);
    expect(result.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers UNAUTHENTICATED without a header, with no upstream call', async () => {
    const { result, total } = await countCalls(stack(), () =>
      stack().gql(SIMULATE, { user: FIXTURE.alice, ip: '10.1.2.3' }, { auth: null }),
    );
    expect(total).toBe(0);
    expect(result.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
