// The console flow through Apollo Client's InMemoryCache with the cache helpers of
// examples/client/src/cache.ts: a dashboard of policy lists, then create at priority 1, delete,
// clone, move (policies and rules), activate and deactivate, each followed by a comparison of the
// cached lists with what the REST service lists, and without any refetch (one request per mutation).
import { type ApolloCache, ApolloClient, type DocumentNode, gql, HttpLink } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPolicyCache,
  updateAfterDeletePolicy,
  updateAfterDeletePolicyRule,
  updatePoliciesOfType,
} from '../../examples/client/src/cache.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestStack, type TestStack } from '../helpers/gateway.ts';

const POLICY = 'id name type priority status';
const DASHBOARD = gql`
  query Dashboard {
    password: policies(type: PASSWORD) { nodes { ${POLICY} } pageInfo { hasNextPage startCursor endCursor } }
    activePassword: policies(type: PASSWORD, status: ACTIVE) { nodes { ${POLICY} } }
    access: policies(type: ACCESS_POLICY) { edges { cursor node { ${POLICY} } } }
  }
`;
const RULES = gql`
  query Rules($id: ID!) { policy(id: $id) { id rules { id name priority } } }
`;
const PAYLOAD = `policy { ${POLICY} } policiesOfType { ${POLICY} } userErrors { code message }`;
const CREATE = gql`mutation Create($input: PolicyInput!) { createPolicy(input: $input) { ${PAYLOAD} } }`;
const CLONE = gql`mutation Clone($id: ID!) { clonePolicy(id: $id) { ${PAYLOAD} } }`;
const UPDATE = gql`mutation Update($id: ID!, $input: UpdatePolicyInput!) { updatePolicy(id: $id, input: $input) { ${PAYLOAD} } }`;
const DEACTIVATE = gql`mutation Deactivate($id: ID!) { deactivatePolicy(id: $id) { ${PAYLOAD} } }`;
const DELETE = gql`mutation Delete($id: ID!) { deletePolicy(id: $id) { deletedId policiesOfType { ${POLICY} } userErrors { code message } } }`;
const RULE_PAYLOAD = 'rule { id name priority } policy { id rules { id name priority } } userErrors { code message }';
const CREATE_RULE = gql`mutation CreateRule($p: ID!, $input: PolicyRuleInput!) { createPolicyRule(policyId: $p, input: $input) { ${RULE_PAYLOAD} } }`;
const MOVE_RULE = gql`mutation MoveRule($p: ID!, $r: ID!, $priority: Int!) { updatePolicyRule(policyId: $p, ruleId: $r, input: { priority: $priority }) { ${RULE_PAYLOAD} } }`;
const DELETE_RULE = gql`mutation DeleteRule($p: ID!, $r: ID!) { deletePolicyRule(policyId: $p, ruleId: $r) { deletedId policy { id rules { id name priority } } userErrors { code message } } }`;

let stack: TestStack;
let client: ApolloClient;
let requests = 0;

beforeAll(async () => {
  stack = await startTestStack();
  client = new ApolloClient({
    cache: createPolicyCache(),
    link: new HttpLink({
      uri: `${stack.url}/graphql`,
      headers: { authorization: `SSWS ${TOKEN}` },
      fetch: (input, init) => {
        requests++;
        return fetch(input, init);
      },
    }),
  });
});
afterAll(async () => {
  client?.stop();
  await stack?.close();
});

/** What REST lists for a type (`status` optional), as `[id, name, priority, status]`. */
async function restList(type: string, status?: string) {
  const query = status ? `type=${type}&status=${status}` : `type=${type}`;
  const body = (await stack.emulator.call('GET', `/api/v1/policies?${query}`)).body as any[];
  return body.map((p) => [p.id, p.name, p.priority, p.status]);
}

const rows = (nodes: any[]) => nodes.map((p) => [p.id, p.name, p.priority, p.status]);

/** The dashboard as the cache has it, without a request, against REST. */
async function expectCacheTrue(): Promise<void> {
  const cached = client.readQuery<any>({ query: DASHBOARD });
  expect(cached).not.toBeNull();
  expect(rows(cached.password.nodes)).toEqual(await restList('PASSWORD'));
  expect(rows(cached.activePassword.nodes)).toEqual(await restList('PASSWORD', 'ACTIVE'));
  expect(rows(cached.access.edges.map((e: any) => e.node))).toEqual(await restList('ACCESS_POLICY'));
  for (const edge of cached.access.edges) expect(edge.cursor).toBe(edge.node.id);
  const first = cached.password.nodes[0]?.id ?? null;
  expect(cached.password.pageInfo).toMatchObject({ hasNextPage: false, startCursor: first });
  // Two policies never share a priority in a cached list.
  const priorities = cached.password.nodes.map((p: any) => p.priority);
  expect(new Set(priorities).size).toBe(priorities.length);
}

/** Runs a mutation and checks it cost exactly one request (no refetch). */
async function mutateOnce(options: {
  mutation: DocumentNode;
  variables: Record<string, unknown>;
  update?: (cache: ApolloCache, result: { data?: any }) => void;
}): Promise<any> {
  const before = requests;
  const result = await client.mutate(options);
  expect(requests - before).toBe(1);
  return result.data;
}

describe('cache helpers (examples/client/src/cache.ts) through InMemoryCache', () => {
  it('keep the console lists true after every mutation, without a refetch', async () => {
    await client.query({ query: DASHBOARD });
    await expectCacheTrue();

    const created = await mutateOnce({
      mutation: CREATE,
      variables: { input: { type: 'PASSWORD', name: 'Strict', priority: 1 } },
      update: (cache, { data }) => updatePoliciesOfType(cache, data?.createPolicy),
    });
    expect(created.createPolicy.policy.priority).toBe(1);
    await expectCacheTrue();

    const second = await mutateOnce({
      mutation: CREATE,
      variables: { input: { type: 'PASSWORD', name: 'Temporary', priority: 1 } },
      update: (cache, { data }) => updatePoliciesOfType(cache, data?.createPolicy),
    });
    await expectCacheTrue();

    const deleted = second.createPolicy.policy;
    await mutateOnce({
      mutation: DELETE,
      variables: { id: deleted.id },
      update: (cache, { data }) => updateAfterDeletePolicy(cache, deleted, data?.deletePolicy),
    });
    await expectCacheTrue();
    expect(client.cache.identify(deleted)).toBeDefined();
    expect((client.cache.extract() as Record<string, unknown>)[client.cache.identify(deleted)!]).toBeUndefined();

    const access = client.readQuery<any>({ query: DASHBOARD })!.access.edges[0].node;
    const cloned = await mutateOnce({
      mutation: CLONE,
      variables: { id: access.id },
      update: (cache, { data }) => updatePoliciesOfType(cache, data?.clonePolicy),
    });
    expect(cloned.clonePolicy.policy.name).toBe(`Copy of ${access.name}`);
    await expectCacheTrue();

    // Move the default-most custom policy to the top, then deactivate it: the status-filtered list changes too.
    const strict = created.createPolicy.policy;
    await mutateOnce({
      mutation: UPDATE,
      variables: { id: strict.id, input: { priority: 2 } },
      update: (cache, { data }) => updatePoliciesOfType(cache, data?.updatePolicy),
    });
    await expectCacheTrue();
    await mutateOnce({
      mutation: DEACTIVATE,
      variables: { id: strict.id },
      update: (cache, { data }) => updatePoliciesOfType(cache, data?.deactivatePolicy),
    });
    await expectCacheTrue();
    expect(client.readQuery<any>({ query: DASHBOARD })!.activePassword.nodes.map((p: any) => p.id)).not.toContain(
      strict.id,
    );
  });

  it('keep a policy rules list true after create, move and delete of a rule', async () => {
    const policyId = (await stack.emulator.call('POST', '/api/v1/policies', { type: 'PASSWORD', name: 'With rules' }))
      .body.id;
    await client.query({ query: RULES, variables: { id: policyId } });
    const restRules = async () =>
      ((await stack.emulator.call('GET', `/api/v1/policies/${policyId}/rules`)).body as any[]).map((r) => [
        r.id,
        r.priority,
      ]);
    const cachedRules = () =>
      client
        .readQuery<any>({ query: RULES, variables: { id: policyId } })!
        .policy.rules.map((r: any) => [r.id, r.priority]);
    const ids: string[] = [];
    for (const name of ['First', 'Second']) {
      const data = await mutateOnce({
        mutation: CREATE_RULE,
        variables: { p: policyId, input: { type: 'PASSWORD', name } },
      });
      ids.push(data.createPolicyRule.rule.id);
      expect(cachedRules()).toEqual(await restRules());
    }
    await mutateOnce({ mutation: MOVE_RULE, variables: { p: policyId, r: ids[1], priority: 1 } });
    expect(cachedRules()).toEqual(await restRules());
    const rule = { __typename: 'PasswordRule', id: ids[0] };
    await mutateOnce({
      mutation: DELETE_RULE,
      variables: { p: policyId, r: ids[0] },
      update: (cache, { data }) => updateAfterDeletePolicyRule(cache, rule, data?.deletePolicyRule),
    });
    expect(cachedRules()).toEqual(await restRules());
    expect((client.cache.extract() as Record<string, unknown>)[client.cache.identify(rule)!]).toBeUndefined();
  });
});
