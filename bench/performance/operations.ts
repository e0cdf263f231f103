// The operations a policy console issues, each three ways: through the gateway (GraphQL), as a
// hand-written client would send the same REST calls in the fewest waves, and (the same calls) as
// a sequential script. Each names its lower bound of upstream calls, with the derivation.
import { POLICY_TYPES } from '../../src/rest/types.ts';
import type { Gql } from './graphql.ts';
import type { Rest } from './rest.ts';

/** What the operations read: built once by `setUpConsoleOrg`. */
export interface ConsoleOrg {
  /** An authentication policy whose two added rules name user types (plus its default rule). */
  typedPolicyId: string;
  passwordPolicyId: string;
  userTypeIds: string[];
  appId: string;
  userId: string;
}

export interface ConsoleOperation {
  name: string;
  /** Upstream calls a client of the REST API cannot go below. */
  bound: number;
  /** Why: the calls and the waves they need. */
  derivation: string;
  graphql(gql: Gql, org: ConsoleOrg): Promise<void>;
  /** The same calls by hand, in the fewest waves (sequentially with a sequential Rest). */
  rest(rest: Rest, org: ConsoleOrg): Promise<void>;
  /** Removes what a run created (not measured). */
  cleanUp?(rest: Rest): Promise<void>;
}

const DENY = { appSignOn: { access: 'DENY', verificationMethod: { type: 'ASSURANCE' } } };
/** Extra password policies: with the eight default policies the dashboard shows 20. */
const EXTRA_PASSWORD_POLICIES = 11;

/**
 * The console's org: the start org plus 11 password policies with a rule each, and one
 * authentication policy with two rules naming user types: 20 policies over the 8 types.
 */
export async function setUpConsoleOrg(rest: Rest): Promise<ConsoleOrg> {
  const userTypes = await rest.call<{ id: string; default: boolean }[]>({
    method: 'GET',
    path: '/api/v1/meta/types/user',
  });
  const partner = await rest.call<{ id: string }>({
    method: 'POST',
    path: '/api/v1/meta/types/user',
    body: { name: 'Partner', displayName: 'Partner', description: 'Partner staff' },
  });
  const userTypeIds = [...userTypes.map((t) => t.id), partner.id];
  const passwordIds: string[] = [];
  for (let n = 1; n <= EXTRA_PASSWORD_POLICIES; n++) {
    const policy = await rest.call<{ id: string }>({
      method: 'POST',
      path: '/api/v1/policies',
      body: { type: 'PASSWORD', name: `Passwords ${n}`, description: `Password policy ${n}` },
    });
    await rest.call({ method: 'POST', path: `/api/v1/policies/${policy.id}/rules`, body: passwordRule(`Reset ${n}`) });
    passwordIds.push(policy.id);
  }
  const typed = await rest.call<{ id: string }>({
    method: 'POST',
    path: '/api/v1/policies',
    body: { type: 'ACCESS_POLICY', name: 'By user type', description: 'Rules by user type' },
  });
  for (const [name, include] of [
    ['Employees and partners', [userTypeIds[0], partner.id]],
    ['Contractors', [userTypeIds[1] ?? partner.id]],
  ] as const) {
    await rest.call({
      method: 'POST',
      path: `/api/v1/policies/${typed.id}/rules`,
      body: { type: 'ACCESS_POLICY', name, conditions: { userType: { include, exclude: [] } }, actions: DENY },
    });
  }
  return {
    typedPolicyId: typed.id,
    passwordPolicyId: passwordIds[0],
    userTypeIds,
    appId: '0oa1portal',
    userId: '00u1alice',
  };
}

export function passwordRule(name: string) {
  return { type: 'PASSWORD', name, actions: { passwordChange: { access: 'ALLOW' } } };
}

const RULE_FIELDS = 'id name status priority';

const DASHBOARD = `query Dashboard {
  ${POLICY_TYPES.map((type) => `${type}: policies(type: ${type}) { nodes { id name status priority rules { ${RULE_FIELDS} } } }`).join('\n  ')}
}`;

const POLICY_WITH_RULES = `query PolicyWithRules($id: ID!) {
  policy(id: $id) {
    id name status priority
    rules { ${RULE_FIELDS} conditions { userType { include includedUserTypes { id name displayName } } } }
  }
}`;

const DEDUPE = `query SamePolicyTwice($a: ID!, $b: ID!) {
  first: policy(id: $a) { id name rules { id name } }
  again: policy(id: $a) { id name rules { id name } }
  other: policy(id: $b) { id name }
}`;

const SIMULATE = `query Simulate($input: AccessSimulationInput!) {
  simulateAccess(input: $input) {
    evaluation { policyType matchedPolicy { id name priority } matchedRule { id name priority } }
  }
}`;

const USER_TYPES = `query UserTypes($a: ID!, $b: ID!) {
  userTypes { id name displayName default }
  a: userType(id: $a) { id name }
  b: userType(id: $b) { id name }
  default: userType(id: "default") { id name }
}`;

const CREATE_POLICY = `mutation CreatePolicy($input: PolicyInput!) {
  createPolicy(input: $input) { policy { id status } userErrors { message } }
}`;
const CREATE_TWO_RULES = `mutation CreateTwoRules($policyId: ID!, $first: PolicyRuleInput!, $second: PolicyRuleInput!) {
  first: createPolicyRule(policyId: $policyId, input: $first) { rule { id priority } userErrors { message } }
  second: createPolicyRule(policyId: $policyId, input: $second) { rule { id priority } userErrors { message } }
}`;
const ACTIVATE = `mutation Activate($id: ID!) { activatePolicy(id: $id) { userErrors { message } } }`;
const READ_BACK = `query ReadBack($id: ID!) { policy(id: $id) { id name status rules { ${RULE_FIELDS} } } }`;

const SIMULATED_TYPES = ['PLATFORM_SIGN_ON', 'ACCESS_POLICY'];

function simulationInput(org: ConsoleOrg) {
  return {
    appInstance: org.appId,
    policyTypes: SIMULATED_TYPES,
    policyContext: { subject: { user: { id: org.userId } }, network: { ip: '10.1.2.3' } },
  };
}

/** The same request as the REST body. */
function simulationBody(org: ConsoleOrg) {
  return {
    appInstance: org.appId,
    policyTypes: SIMULATED_TYPES,
    policyContext: { user: { id: org.userId }, ip: '10.1.2.3' },
  };
}

function noUserErrors(payloads: Record<string, { userErrors: unknown[] }>): void {
  for (const [name, payload] of Object.entries(payloads)) {
    if (payload.userErrors.length) throw new Error(`${name}: ${JSON.stringify(payload.userErrors)}`);
  }
}

interface RuleNamingUserTypes {
  conditions?: { userType?: { include?: string[] } } | null;
}

/** The members of a REST simulation answer the hand-written client reads. */
interface SimulationAnswer {
  evaluation: { result: { policies: { id: string; rules: { id: string }[] }[] } }[];
}

/** Policies the mutation sequence created, removed after its timed runs. */
const created: string[] = [];

export const CONSOLE_OPERATIONS: ConsoleOperation[] = [
  {
    name: 'dashboard: 8 types with their rules',
    bound: 28,
    derivation:
      'one list per type (the REST list takes one type): 8; one rules list per policy shown: 20. Two waves: the rules need the ids the lists return',
    graphql: async (gql) => void (await gql(DASHBOARD)),
    rest: async (rest) => {
      const lists = await rest.all<{ id: string }[]>(
        POLICY_TYPES.map((type) => ({ method: 'GET', path: `/api/v1/policies?type=${type}` })),
      );
      await rest.all(lists.flat().map((p) => ({ method: 'GET' as const, path: `/api/v1/policies/${p.id}/rules` })));
    },
  },
  {
    name: 'one policy, its rules and their user types',
    bound: 3,
    derivation:
      'the policy: 1; its rules: 1 (both need only the id: one wave); the user types the rules name (two or more ids: the one list): 1, a second wave',
    graphql: async (gql, org) => void (await gql(POLICY_WITH_RULES, { id: org.typedPolicyId })),
    rest: async (rest, org) => {
      const [, rules] = await rest.all<RuleNamingUserTypes[]>([
        { method: 'GET', path: `/api/v1/policies/${org.typedPolicyId}` },
        { method: 'GET', path: `/api/v1/policies/${org.typedPolicyId}/rules` },
      ]);
      const ids = new Set(rules.flatMap((r) => r.conditions?.userType?.include ?? []));
      if (ids.size > 1) await rest.all([{ method: 'GET', path: '/api/v1/meta/types/user' }]);
      else if (ids.size === 1) await rest.all([{ method: 'GET', path: `/api/v1/meta/types/user/${[...ids][0]}` }]);
    },
  },
  {
    name: 'the same policy twice under aliases, and another',
    bound: 3,
    derivation: 'policy A: 1, its rules: 1 (asked twice, sent once), policy B: 1; one wave',
    graphql: async (gql, org) => void (await gql(DEDUPE, { a: org.typedPolicyId, b: org.passwordPolicyId })),
    rest: async (rest, org) =>
      void (await rest.all([
        { method: 'GET', path: `/api/v1/policies/${org.typedPolicyId}` },
        { method: 'GET', path: `/api/v1/policies/${org.typedPolicyId}/rules` },
        { method: 'GET', path: `/api/v1/policies/${org.passwordPolicyId}` },
      ])),
  },
  {
    name: 'simulateAccess with matchedPolicy and matchedRule',
    bound: 5,
    derivation:
      'the simulation: 1; then, for each of the 2 policy types, the matched policy: 1 and the matched rule: 1 (ids known only from the answer): 4 in a second wave',
    graphql: async (gql, org) => void (await gql(SIMULATE, { input: simulationInput(org) })),
    rest: async (rest, org) => {
      const answer = await rest.call<SimulationAnswer>({
        method: 'POST',
        path: '/api/v1/policies/simulate',
        body: simulationBody(org),
      });
      const matched = answer.evaluation.map((e) => e.result.policies[0]);
      await rest.all(
        matched.flatMap((p) => [
          { method: 'GET' as const, path: `/api/v1/policies/${p.id}` },
          { method: 'GET' as const, path: `/api/v1/policies/${p.id}/rules/${p.rules[0].id}` },
        ]),
      );
    },
  },
  {
    name: 'user types and three userType(id:)',
    bound: 1,
    derivation: 'the list of user types answers the three lookups (default included): 1',
    graphql: async (gql, org) => void (await gql(USER_TYPES, { a: org.userTypeIds[0], b: org.userTypeIds[1] })),
    rest: async (rest) => void (await rest.all([{ method: 'GET', path: '/api/v1/meta/types/user' }])),
  },
  {
    name: 'create a policy, two rules, activate, read back',
    bound: 6,
    derivation:
      'create: 1; two rules, one after the other (their priorities follow their order): 2; activate (after the rules, so the policy goes live complete): 1; read back the policy and its rules: 2 in one wave. Five waves',
    graphql: async (gql) => {
      const { createPolicy } = await gql(CREATE_POLICY, {
        input: { type: 'PASSWORD', name: `Console ${created.length + 1}`, description: 'Made by the console' },
      });
      noUserErrors({ createPolicy });
      const id = createPolicy.policy.id as string;
      created.push(id);
      const rules = await gql(CREATE_TWO_RULES, {
        policyId: id,
        first: passwordRule('First'),
        second: passwordRule('Second'),
      });
      noUserErrors(rules);
      noUserErrors(await gql(ACTIVATE, { id }));
      await gql(READ_BACK, { id });
    },
    rest: async (rest) => {
      const [policy] = await rest.all<{ id: string }>([
        {
          method: 'POST',
          path: '/api/v1/policies',
          body: { type: 'PASSWORD', name: `Script ${created.length + 1}`, description: 'Made by a script' },
        },
      ]);
      created.push(policy.id);
      await rest.all([{ method: 'POST', path: `/api/v1/policies/${policy.id}/rules`, body: passwordRule('First') }]);
      await rest.all([{ method: 'POST', path: `/api/v1/policies/${policy.id}/rules`, body: passwordRule('Second') }]);
      await rest.all([{ method: 'POST', path: `/api/v1/policies/${policy.id}/lifecycle/activate` }]);
      await rest.all([
        { method: 'GET', path: `/api/v1/policies/${policy.id}` },
        { method: 'GET', path: `/api/v1/policies/${policy.id}/rules` },
      ]);
    },
    cleanUp: async (rest) => {
      for (const id of created.splice(0)) await rest.call({ method: 'DELETE', path: `/api/v1/policies/${id}` });
    },
  },
];
