// Every error a client sees carries `extensions.code`: variable coercion errors are BAD_USER_INPUT
// with the variable path, as Apollo Server gives them; what graphql-js raises itself gets a code too;
// a classic org's simulation is UNSUPPORTED_ENGINE, not an input error.
import { makeExecutableSchema } from '@graphql-tools/schema';
import { describe, expect, it } from 'vitest';
import { TOKEN } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';

describe('variable coercion errors', () => {
  const stack = useStack();

  it.each([
    ['a missing required variable', 'query($id: ID!) { policy(id: $id) { id } }', {}, ['$id']],
    ['a value of the wrong type', 'query($id: ID!) { policy(id: $id) { id } }', { id: 5.5 }, ['$id']],
    [
      'a missing required member',
      'query($i: AccessSimulationInput!) { simulateAccess(input: $i) { __typename } }',
      { i: { policyContext: {} } },
      ['$i', 'appInstance'],
    ],
    [
      'a nested member of the wrong type',
      'mutation($i: PolicyInput!) { createPolicy(input: $i) { userErrors { code } } }',
      { i: { type: 'PASSWORD', name: 'x', priority: 'first' } },
      ['$i', 'priority'],
    ],
    [
      'an unknown enum value in a list',
      'query($e: [AccessSimulationExpand!]) { simulateAccess(input: { appInstance: "0oa1portal", policyContext: { subject: { user: { id: "00u1alice" } } } }, expand: $e) { __typename } }',
      { e: ['EVALUATED', 'NOPE'] },
      ['$e', '1'],
    ],
  ])('%s is BAD_USER_INPUT naming the variable path, with HTTP 400', async (_, query, variables, field) => {
    const { status, body } = await postGraphql(`${stack().url}/graphql`, query, {
      variables: variables,
      auth: `SSWS ${TOKEN}`,
    });
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors.length).toBeGreaterThan(0);
    for (const error of body.errors) expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.fieldErrors).toEqual([{ field, message: body.errors[0].message }]);
  });

  it('a @oneOf input sent as a variable with two members is BAD_USER_INPUT', async () => {
    const query = `mutation($p: ID!, $i: PolicyRuleInput!) { createPolicyRule(policyId: $p, input: $i) { userErrors { code } } }`;
    const entry = { app: '0oa1portal', appType: 'web' };
    const { status, body } = await postGraphql(`${stack().url}/graphql`, query, {
      variables: {
        p: '00pnope',
        i: { type: 'ACCESS_POLICY', name: 'x', conditions: { app: { include: [entry], exclude: [] } } },
      },
      auth: `SSWS ${TOKEN}`,
    });
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].extensions.fieldErrors[0].field).toEqual(['$i', 'conditions', 'app', 'include', '0']);
  });
});

describe('operation-level and field errors graphql-js raises itself', () => {
  const schema = makeExecutableSchema({
    typeDefs: 'type Query { color: Color, ok: Boolean } enum Color { RED }',
    resolvers: { Query: { color: () => 'BLUE', ok: () => true } },
  });
  const stack = useStack({ schema });

  it('a subscription (the schema has none) is BAD_REQUEST', async () => {
    const { body } = await postGraphql(`${stack().url}/graphql`, 'subscription { ok }', {
      variables: {},
      auth: `SSWS ${TOKEN}`,
    });
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('a value the schema cannot represent is INTERNAL_SERVER_ERROR on its path; the rest resolves', async () => {
    const { body } = await postGraphql(`${stack().url}/graphql`, '{ color ok }', {
      variables: {},
      auth: `SSWS ${TOKEN}`,
    });
    expect(body.data).toEqual({ color: null, ok: true });
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].path).toEqual(['color']);
    expect(body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });
});

describe('the access simulation on a classic engine org', () => {
  const stack = useStack({ emulator: { engine: 'CLASSIC' } });

  it('is UNSUPPORTED_ENGINE, not an input error', async () => {
    const res = await stack().gql(
      `{ simulateAccess(input: { appInstance: "0oa1portal", policyContext: { subject: { user: { id: "00u1alice" } } } }) { evaluation { policyType } } }`,
    );
    expect(res.data).toEqual({ simulateAccess: null });
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0].message).toBe(
      'The access simulation needs an identity engine org; this org runs the classic engine.',
    );
    expect(res.errors![0].extensions.code).toBe('UNSUPPORTED_ENGINE');
    expect(res.errors![0].extensions.fieldErrors).toBeUndefined();
  });
});
