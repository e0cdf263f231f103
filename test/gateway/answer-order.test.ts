// The answer lists each object's members in the order of the selection set (GraphQL spec,
// "Serialized Map Ordering"), whatever resolves first: a field loaded upstream (`rules`) selected
// before fields at hand (`name`), aliases, fragments and @include/@skip. Checked on the raw JSON
// text (JSON.parse keeps the text's order of members), since comparing parsed objects ignores it.
import { describe, expect, it } from 'vitest';
import { createPolicy, createRule, TOKEN } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';

const stack = useStack();

/** POSTs the document and returns the body text as received. */
async function answerText(query: string, variables: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${stack().url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

const RULE =
  'rules { id ... on PasswordRule { actions { selfServicePasswordReset { access type requirement { primary { methods } } } } } name }';

describe('member order of the answer', () => {
  it('follows the selection set when an upstream-loaded field comes before fields at hand', async () => {
    const text = await answerText(
      `query($withRules: Boolean!) {
        policies(type: PASSWORD) {
          nodes {
            ${RULE}
            named: name
            ... on PasswordPolicy { settings { recovery { factors { platform_email { status } } } } }
            status @skip(if: false)
            id @include(if: $withRules)
            type
          }
        }
      }`,
      { withRules: true },
    );
    const answer = JSON.parse(text);
    expect(answer.errors).toBeUndefined();
    const policies = answer.data.policies.nodes;
    expect(policies.length).toBeGreaterThan(0);
    expect(Object.keys(answer)).toEqual(['data', 'extensions']);
    for (const policy of policies) {
      expect(Object.keys(policy)).toEqual(['rules', 'named', 'settings', 'status', 'id', 'type']);
      expect(policy.rules.length).toBeGreaterThan(0);
      for (const rule of policy.rules) {
        expect(Object.keys(rule)).toEqual(['id', 'actions', 'name']);
        expect(Object.keys(rule.actions.selfServicePasswordReset)).toEqual(['access', 'type', 'requirement']);
      }
    }
  });

  it('follows the selection set in an answer long enough for the answer meter to give the event loop turns', async () => {
    // About 8,000 fields: the meter awaits a turn before every 2,048th, wherever it falls.
    for (let i = 0; i < 30; i++) {
      const policy = await createPolicy(stack().emulator);
      await createRule(stack().emulator, policy.id);
    }
    const POLICY = `nodes {
      id name status priority system created lastUpdated
      rules { id name status priority system created lastUpdated viewerCanUpdate
        ... on PasswordRule { actions { passwordChange { access } selfServicePasswordReset { access type requirement { primary { methods } } } selfServiceUnlock { access } } }
        policyId }
      type description }`;
    const text = await answerText(`{
      a: policies(type: PASSWORD, first: 50) { ${POLICY} }
      b: policies(type: PASSWORD, first: 50) { ${POLICY} }
      c: policies(type: PASSWORD, first: 50) { ${POLICY} }
      d: policies(type: PASSWORD, first: 50) { ${POLICY} }
    }`);
    const answer = JSON.parse(text);
    expect(answer.errors).toBeUndefined();
    // Every object out of order, by its path: a diff that names them all.
    const misordered: string[] = [];
    const expectOrder = (where: string, value: object, keys: string[]) => {
      if (Object.keys(value).join() !== keys.join()) misordered.push(`${where}: ${Object.keys(value).join()}`);
    };
    expectOrder('data', answer.data, ['a', 'b', 'c', 'd']);
    let rules = 0;
    for (const [alias, list] of Object.entries<any>(answer.data)) {
      expect(list.nodes.length).toBeGreaterThan(30);
      for (const [p, policy] of list.nodes.entries()) {
        const where = `${alias}.nodes.${p}`;
        expectOrder(where, policy, POLICY_KEYS);
        for (const [r, rule] of policy.rules.entries()) {
          rules++;
          expectOrder(`${where}.rules.${r}`, rule, RULE_KEYS);
          expectOrder(`${where}.rules.${r}.actions`, rule.actions, ACTION_KEYS);
          expectOrder(`${where}.rules.${r}.actions.selfServicePasswordReset`, rule.actions.selfServicePasswordReset, [
            'access',
            'type',
            'requirement',
          ]);
        }
      }
    }
    expect(misordered).toEqual([]);
    expect(rules).toBeGreaterThan(4 * 30);
  });
});

const POLICY_KEYS = [
  'id',
  'name',
  'status',
  'priority',
  'system',
  'created',
  'lastUpdated',
  'rules',
  'type',
  'description',
];
const RULE_KEYS = [
  'id',
  'name',
  'status',
  'priority',
  'system',
  'created',
  'lastUpdated',
  'viewerCanUpdate',
  'actions',
  'policyId',
];
const ACTION_KEYS = ['passwordChange', 'selfServicePasswordReset', 'selfServiceUnlock'];
