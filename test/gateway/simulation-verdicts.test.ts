// The simulation verdict a console shows ("this policy, this rule, because…") from one query: the
// matched policy and rule as full objects and what they cost, the undecided policies, what the
// selection asks the service for, and two simulations in a row through Apollo Client's normalising
// cache keeping their own verdicts.
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/gateway/schema.ts';
import { countRequests, createPolicy, createRule, TOKEN } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { FIXTURE, mutate, ok } from './schema-helpers.ts';

const stack = useStack();

let policyId: string;
let officeRuleId: string;
let elsewhereRuleId: string;

beforeEach(async () => {
  policyId = (
    await createPolicy(stack().emulator, {
      type: 'PLATFORM_SIGN_ON',
      name: 'Engineering sign-on',
      priority: 1,
      conditions: { people: { groups: { include: [FIXTURE.engineering], exclude: [] } } },
    })
  ).id;
  officeRuleId = (
    await createRule(stack().emulator, policyId, {
      type: 'SIGN_ON',
      name: 'Office',
      conditions: { network: { connection: 'ZONE', include: [FIXTURE.office] } },
      actions: { signon: { access: 'ALLOW', requireFactor: false, primaryFactor: 'PASSWORD_IDP' } },
    })
  ).id;
  elsewhereRuleId = (
    await createRule(stack().emulator, policyId, {
      type: 'SIGN_ON',
      name: 'Elsewhere',
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
    })
  ).id;
});

const context = (user: string, ip: string) =>
  `{ appInstance: "${FIXTURE.portal}", policyTypes: [PLATFORM_SIGN_ON], policyContext: { subject: { user: { id: "${user}" } }, network: { ip: "${ip}" } } }`;

describe('the verdict', () => {
  it('matchedPolicy and matchedRule are the full objects of the winners', async () => {
    const inside = await ok(
      stack(),
      `{ simulateAccess(input: ${context(FIXTURE.alice, '10.1.2.3')}) { evaluation {
          matchedPolicy { __typename id name }
          matchedRule { __typename id name policyId ... on GlobalSessionRule { actions { signon { requireFactor } } } } } } }`,
    );
    expect(inside.simulateAccess.evaluation[0]).toEqual({
      matchedPolicy: { __typename: 'GlobalSessionPolicy', id: policyId, name: 'Engineering sign-on' },
      matchedRule: {
        __typename: 'GlobalSessionRule',
        id: officeRuleId,
        name: 'Office',
        policyId,
        actions: { signon: { requireFactor: false } },
      },
    });
    const outside = await ok(
      stack(),
      `{ simulateAccess(input: ${context(FIXTURE.alice, '8.8.8.8')}) { evaluation { matchedRule { id } } } }`,
    );
    expect(outside.simulateAccess.evaluation[0].matchedRule.id).toBe(elsewhereRuleId);
  });

  it('matchedRule is the object policy { rule(id:) } returns, and costs no extra call when that is loaded', async () => {
    const query = `query($p: ID!, $r: ID!) {
      simulateAccess(input: ${context(FIXTURE.alice, '10.1.2.3')}) { evaluation { matchedRule { id name priority created } } }
      policy(id: $p) { rule(id: $r) { id name priority created } }
    }`;
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(stack(), query, { p: policyId, r: officeRuleId }),
    );
    expect(result.simulateAccess.evaluation[0].matchedRule).toEqual(result.policy.rule);
    expect(byRoute).toEqual({
      'POST /api/v1/policies/simulate': 1,
      'GET /api/v1/policies/{policyId}': 1,
      'GET /api/v1/policies/{policyId}/rules/{ruleId}': 1,
    });
    const alone = await countRequests(stack().emulator, () =>
      ok(stack(), `{ simulateAccess(input: ${context(FIXTURE.alice, '10.1.2.3')}) { evaluation { policyType } } }`),
    );
    expect(alone.total).toBe(1);
  });

  it('a policy that needs more context is in undecidedPolicies, and evaluation goes on', async () => {
    // Without Elsewhere, the policy depends on the office rule, which needs a network the context lacks.
    await stack().emulator.call('POST', `/api/v1/policies/${policyId}/rules/${elsewhereRuleId}/lifecycle/deactivate`);
    const data = await ok(
      stack(),
      `{ simulateAccess(input: { appInstance: "${FIXTURE.portal}", policyTypes: [PLATFORM_SIGN_ON], policyContext: { subject: { groups: { ids: ["${FIXTURE.engineering}"] } } } }) {
          evaluation { matchedPolicy { id } matchedRule { id } undecidedPolicies { id name } } } }`,
    );
    const [evaluation] = data.simulateAccess.evaluation;
    expect(evaluation.undecidedPolicies).toEqual([{ id: policyId, name: 'Engineering sign-on' }]);
    expect(evaluation.matchedPolicy.id).not.toBe(policyId);
    expect(evaluation.matchedRule.id).toBeTruthy();
  });
});

describe('the selection decides what the service is asked for', () => {
  it('without rules or conditions selected, only the winner; with them, the losers and the reasons', async () => {
    const bare = await ok(
      stack(),
      `{ simulateAccess(input: ${context(FIXTURE.alice, '8.8.8.8')}) { evaluation { result { policyId } } } }`,
    );
    expect(bare.simulateAccess.evaluation[0].result).toEqual([{ policyId }]);

    const detailed = await ok(
      stack(),
      `{ simulateAccess(input: ${context(FIXTURE.alice, '8.8.8.8')}) { evaluation {
          result { ...Verdict } } } }
        fragment Verdict on SimulatedPolicy { rules { ruleId status conditions { type path status } } }`,
    );
    expect(detailed.simulateAccess.evaluation[0].result[0].rules).toEqual([
      {
        ruleId: officeRuleId,
        status: 'NOT_MATCH',
        conditions: [{ type: 'NETWORK_INCLUDE', path: 'network.include', status: 'NOT_MATCH' }],
      },
      {
        ruleId: elsewhereRuleId,
        status: 'MATCH',
        conditions: [{ type: 'NETWORK_CONNECTION', path: 'network.connection', status: 'MATCH' }],
      },
    ]);
  });

  it('selecting evaluated lists the policies that did not match', async () => {
    const data = await ok(
      stack(),
      `{ simulateAccess(input: ${context(FIXTURE.bob, '10.1.2.3')}) { evaluation { evaluated { policyId name } } } }`,
    );
    expect(data.simulateAccess.evaluation[0].evaluated).toEqual([{ policyId, name: 'Engineering sign-on' }]);
  });
});

describe('a normalising client cache', () => {
  it('keeps each of two simulations in a row with its own verdict (Apollo Client InMemoryCache)', async () => {
    const schema = buildSchema();
    const possibleTypes = Object.fromEntries(
      ['Policy', 'PolicyRule'].map((name) => [
        name,
        schema.getPossibleTypes(schema.getType(name) as never).map((t) => t.name),
      ]),
    );
    const client = new ApolloClient({
      cache: new InMemoryCache({ possibleTypes }),
      link: new HttpLink({ uri: `${stack().url}/graphql`, headers: { authorization: `SSWS ${TOKEN}` } }),
    });
    const SIMULATE = gql`
      query Simulate($ip: String!) {
        simulateAccess(input: { appInstance: "0oa1portal", policyTypes: [PLATFORM_SIGN_ON], policyContext: { subject: { user: { id: "00u1alice" } }, network: { ip: $ip } } }) {
          evaluation {
            policyType
            matchedRule { id name }
            result { policyId name status rules { ruleId name status rule { id name } } }
          }
        }
      }
    `;
    const winnerOf = (data: any) => ({
      matched: data.simulateAccess.evaluation[0].matchedRule.name,
      statuses: data.simulateAccess.evaluation[0].result[0].rules.map((r: any) => `${r.name}:${r.status}`),
    });
    const inside = await client.query({ query: SIMULATE, variables: { ip: '10.1.2.3' } });
    const outside = await client.query({ query: SIMULATE, variables: { ip: '8.8.8.8' } });
    expect(winnerOf(inside.data)).toEqual({ matched: 'Office', statuses: ['Office:MATCH'] });
    expect(winnerOf(outside.data)).toEqual({ matched: 'Elsewhere', statuses: ['Office:NOT_MATCH', 'Elsewhere:MATCH'] });

    // Read back from the cache alone: the first simulation still has its own verdict.
    const cachedInside = client.readQuery({ query: SIMULATE, variables: { ip: '10.1.2.3' } });
    expect(winnerOf(cachedInside)).toEqual(winnerOf(inside.data));
    const cache = client.cache.extract() as Record<string, unknown>;
    // The entities are normalised once; the per-simulation values are not entities.
    expect(Object.keys(cache)).toEqual(
      expect.arrayContaining([`GlobalSessionRule:${officeRuleId}`, `GlobalSessionRule:${elsewhereRuleId}`]),
    );
    expect(Object.keys(cache).filter((key) => key.startsWith('Simulated'))).toEqual([]);
    client.stop();
  });
});

describe('cache-friendly mutation examples', () => {
  it('a rule created at priority 1 shows in the parent the payload returns', async () => {
    const created = await mutate(
      stack(),
      'createPolicyRule',
      `mutation($p: ID!) { createPolicyRule(policyId: $p, input: { type: SIGN_ON, name: "First", priority: 1,
          actions: { signon: { access: DENY } } }) { rule { id } policy { id rules { name priority } } userErrors { message } } }`,
      { p: policyId },
    );
    expect(created.policy.rules.map((r: any) => r.name)).toEqual(['First', 'Office', 'Elsewhere']);
  });
});
