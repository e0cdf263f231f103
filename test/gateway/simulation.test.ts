// simulateAccess over real HTTP against the emulator: the walkthrough of docs/api.md (a global session
// policy for one group with a network rule, simulated for a user inside and outside the office and
// for a user outside the group), the verdict (matched policy and rule), what the selection asks the
// service for, joins of the full policy and rule objects with their cost, and bad input.
import { beforeEach, describe, expect, it } from 'vitest';
import { countRequests } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { FIXTURE, mutate, ok } from './schema-helpers.ts';

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
  query WhatHappens($ip: String!, $user: ID!) {
    simulateAccess(
      input: { appInstance: "0oa1portal", policyTypes: [PLATFORM_SIGN_ON], policyContext: { subject: { user: { id: $user } }, network: { ip: $ip } } }
    ) {
      evaluation {
        policyType
        result {
          policyId name status
          conditions { type status }
          rules {
            ruleId name status
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

describe('the walkthrough of docs/api.md', () => {
  it('inside the office the office rule wins, with the full rule joined; one simulate call plus one call per distinct policy', async () => {
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(stack(), SIMULATE, { user: FIXTURE.alice, ip: '10.1.2.3' }),
    );
    const [evaluation] = result.simulateAccess.evaluation;
    expect(evaluation.policyType).toBe('PLATFORM_SIGN_ON');
    expect(evaluation.result).toHaveLength(1);
    const [matched] = evaluation.result;
    expect(matched).toMatchObject({
      policyId,
      name: 'Engineering sign-on',
      status: 'MATCH',
      policy: { priority: 1, conditions: { people: { groups: { include: [FIXTURE.engineering] } } } },
    });
    expect(matched.conditions).toEqual([{ type: 'PEOPLE_GROUPS_INCLUDE', status: 'MATCH' }]);
    const winner = matched.rules.find((r: any) => r.status === 'MATCH');
    expect(winner).toEqual({
      ruleId: officeRuleId,
      name: 'In the office: password only',
      status: 'MATCH',
      conditions: [{ type: 'NETWORK_INCLUDE', status: 'MATCH' }],
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
    expect(matched.policyId).toBe(policyId);
    const office = matched.rules.find((r: any) => r.ruleId === officeRuleId);
    expect(office).toMatchObject({
      status: 'NOT_MATCH',
      conditions: [{ type: 'NETWORK_INCLUDE', status: 'NOT_MATCH' }],
    });
    const winner = matched.rules.find((r: any) => r.status === 'MATCH');
    expect(winner.ruleId).toBe(elsewhereRuleId);
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
        conditions: [{ type: 'PEOPLE_GROUPS_INCLUDE', status: 'NOT_MATCH' }],
      },
    ]);
  });
});

describe('joins and their cost', () => {
  it('joins each distinct policy once and each distinct policy rules list once, across every policy type', async () => {
    const query = /* GraphQL */ `
      query {
        simulateAccess(input: { appInstance: "0oa1portal", policyContext: { subject: { user: { id: "00u1alice" } }, network: { ip: "10.1.2.3" } } }) {
          evaluation {
            policyType
            result {
              policy { __typename id name }
              again: policy { id }
              rules { ruleId rule { __typename id name policy { id } } }
            }
          }
        }
      }`;
    const { result, byRoute } = await countRequests(stack().emulator, () => ok(stack(), query));
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
        for (const r of p.rules) expect(r.rule).toMatchObject({ id: r.ruleId, policy: { id: p.policy.id } });
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
    const { result, total } = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `{ simulateAccess(input: { appInstance: "0oa1portal", policyContext: { subject: { groups: { ids: ["00g1engineering"] } } } }) { evaluation { policyType result { policyId name status } undefined { policyId } evaluated { policyId } } } }`,
      ),
    );
    expect(total).toBe(1);
    expect(result.simulateAccess.evaluation[0]).toMatchObject({ policyType: 'PLATFORM_SIGN_ON', evaluated: [] });
  });
});

describe('bad input', () => {
  it('answers an invalid context with BAD_USER_INPUT and one field error per cause, at the input path', async () => {
    const result = await stack().gql(
      `{ simulateAccess(input: { appInstance: "0oa1portal", policyContext: { subject: { groups: { ids: ["00gnope"] } }, network: { zones: { ids: ["nzonope"] } } } }) { evaluation { policyType } } }`,
    );
    expect(result.data).toEqual({ simulateAccess: null });
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors!;
    expect(error.path).toEqual(['simulateAccess']);
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.extensions.upstream).toMatchObject({ status: 400, errorCode: 'E0000001' });
    const fields = error.extensions.fieldErrors.map((e: any) => e.field.join('.'));
    expect(fields).toEqual([
      expect.stringMatching(/^input\.policyContext\.subject\.groups\.ids/),
      expect.stringMatching(/^input\.policyContext\.network\.zones\.ids/),
    ]);
    for (const e of error.extensions.fieldErrors) expect(e.message).toMatch(/nope/);
  });

  it('answers an unknown app or user with BAD_USER_INPUT naming the input field', async () => {
    for (const [input, field] of [
      [
        `{ appInstance: "0oanope", policyContext: { subject: { user: { id: "00u1alice" } } } }`,
        ['input', 'appInstance'],
      ],
      [
        `{ appInstance: "0oa1portal", policyContext: { subject: { user: { id: "00unope" } } } }`,
        ['input', 'policyContext', 'subject', 'user', 'id'],
      ],
    ] as const) {
      const result = await stack().gql(`{ simulateAccess(input: ${input}) { evaluation { policyType } } }`);
      expect(result.errors![0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fieldErrors: [{ field }],
        upstream: { status: 404, errorCode: 'E0000007' },
      });
    }
  });

  it('the schema enforces the one-of members and the context before any upstream call', async () => {
    for (const input of [
      `{ appInstance: "0oa1portal", policyContext: { subject: { user: { id: "00u1alice" }, groups: { ids: ["00g1engineering"] } } } }`,
      `{ appInstance: "0oa1portal", policyContext: { subject: { user: { id: "00u1alice" } }, network: { ip: "10.0.0.1", zones: { ids: ["nzo1office"] } } } }`,
      `{ appInstance: "0oa1portal" }`,
    ]) {
      const { result, total } = await countRequests(stack().emulator, () =>
        stack().gql(`{ simulateAccess(input: ${input}) { evaluation { policyType } } }`),
      );
      expect(total).toBe(0);
      expect(result.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
  });

  it('rejects a policy type the simulation does not evaluate before any upstream call', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(
        `{ simulateAccess(input: { appInstance: "0oa1portal", policyTypes: [PASSWORD], policyContext: { subject: { user: { id: "00u1alice" } } } }) { evaluation { policyType } } }`,
      ),
    );
    expect(total).toBe(0);
    expect(result.errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers UNAUTHENTICATED without a header, with no upstream call', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(SIMULATE, { user: FIXTURE.alice, ip: '10.1.2.3' }, { auth: null }),
    );
    expect(total).toBe(0);
    expect(result.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
