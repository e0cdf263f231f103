// The gateway as a federation subgraph (FEDERATION=1), called as a router calls it: `_service { sdl }`
// and `_entities` over HTTP, against the real emulator. Without FEDERATION the schema has none of it.
import { type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { estimateCost } from '../../src/gateway/costEstimate.ts';
import { buildSchema } from '../../src/gateway/schema.ts';
import { countRequests } from '../helpers/emulator.ts';
import { POLICY_BODIES, RULE_BODIES } from '../helpers/policyBodies.ts';
import { gatewaySchema, useStack } from '../helpers/gateway.ts';

const stack = useStack({ schema: buildSchema({ federation: true }) });

const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) {
  __typename
  ... on Policy { id name }
  ... on PolicyRule { id name }
  ... on UserType { id name }
  ... on Application { id label }
} }`;

async function idOf(path: string, pick: (items: any[]) => any): Promise<any> {
  return pick((await stack().emulator.call('GET', path)).body);
}

describe('FEDERATION=1: the gateway as a subgraph', () => {
  it('_service { sdl }: the subgraph with its @key and the federation link, without _service and _entities', async () => {
    const { data } = await stack().gql('{ _service { sdl } }');
    const sdl: string = data._service.sdl;
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])');
    expect(sdl).toMatch(/interface Policy implements Node @key\(fields: "id"\)/);
    expect(sdl).toMatch(
      /type PasswordPolicy implements Policy & Node @restType\(policy: PASSWORD\) @key\(fields: "id"\)/,
    );
    expect(sdl).toMatch(/interface PolicyRule implements Node @key\(fields: "id"\)/);
    expect(sdl).toMatch(/type UserType implements Node @key\(fields: "id"\)/);
    expect(sdl).toMatch(/type Group @key\(fields: "id", resolvable: false\)/);
    expect(sdl).toMatch(/type AppConditionEntry \{[^}]*application: Application\n/);
    expect(sdl).not.toMatch(/_entities|_service|scalar _Any|union _Entity|directive @key/);
  });

  it('_entities answers each representation as nodes(ids:) does, in order, null where nothing has the id', async () => {
    const policy = await idOf('/api/v1/policies?type=PASSWORD', (items) => items[0]);
    const rule = await idOf(`/api/v1/policies/${policy.id}/rules`, (items) => items[0]);
    const userType = await idOf('/api/v1/meta/types/user', (items) => items[0]);
    const representations = [
      { __typename: 'Policy', id: policy.id },
      { __typename: 'PasswordPolicy', id: policy.id },
      { __typename: 'AccessPolicy', id: policy.id },
      { __typename: 'PasswordRule', id: rule.id },
      { __typename: 'UserType', id: userType.id },
      { __typename: 'Policy', id: '00pnothere' },
    ];
    const { data, errors } = await stack().gql(ENTITIES, { r: representations });
    expect(errors).toBeUndefined();
    expect(data._entities).toEqual([
      { __typename: 'PasswordPolicy', id: policy.id, name: policy.name },
      { __typename: 'PasswordPolicy', id: policy.id, name: policy.name },
      null,
      { __typename: 'PasswordRule', id: rule.id, name: rule.name },
      { __typename: 'UserType', id: userType.id, name: userType.name },
      null,
    ]);
  });

  it('a repeated id is loaded once: 150 representations of 3 policies cost 3 reads', async () => {
    const ids = await idOf('/api/v1/policies?type=PASSWORD', (items) => items.map((p: any) => p.id));
    const three = [...ids, ...ids, ...ids].slice(0, 3);
    const representations = Array.from({ length: 150 }, (_, i) => ({ __typename: 'Policy', id: three[i % 3] }));
    const counted = await countRequests(stack().emulator, () => stack().gql(ENTITIES, { r: representations }));
    expect(counted.result.errors).toBeUndefined();
    expect(counted.byRoute).toEqual({ 'GET /api/v1/policies/{policyId}': new Set(three).size });
  });

  it('a representation of no entity of the subgraph, or without its key: BAD_USER_INPUT on that entry alone', async () => {
    const policy = await idOf('/api/v1/policies?type=PASSWORD', (items) => items[0]);
    const { data, errors } = await stack().gql(ENTITIES, {
      r: [
        { __typename: 'Group', id: '00g1engineering' },
        { __typename: 'Policy' },
        { __typename: 'Policy', id: policy.id },
      ],
    });
    expect(data._entities).toEqual([null, null, { __typename: 'PasswordPolicy', id: policy.id, name: policy.name }]);
    expect(errors?.map((e: any) => [e.path, e.extensions.code])).toEqual([
      [['_entities', 0], 'BAD_USER_INPUT'],
      [['_entities', 1], 'BAD_USER_INPUT'],
    ]);
  });

  it('conditions reference the groups and users they name as entities of other subgraphs', async () => {
    const emu = stack().emulator;
    const policy = await emu.call('POST', '/api/v1/policies', {
      type: 'PASSWORD',
      name: 'Sales',
      ...POLICY_BODIES.PASSWORD,
    });
    const signOn = await emu.call('POST', '/api/v1/policies', { type: 'PLATFORM_SIGN_ON', name: 'Alice' });
    await emu.call('POST', `/api/v1/policies/${signOn.body.id}/rules`, {
      type: 'SIGN_ON',
      name: 'Alice only',
      ...RULE_BODIES.PLATFORM_SIGN_ON,
    });
    const { data, errors } = await stack().gql(
      `query($p: ID!, $s: ID!) {
        p: policy(id: $p) { conditions { people { groups { includedGroups { __typename id } excludedGroups { id } } } } }
        s: policy(id: $s) { rules { conditions { people { users { includedUsers { __typename id } excludedUsers { id } } } } } }
      }`,
      { p: policy.body.id, s: signOn.body.id },
    );
    expect(errors).toBeUndefined();
    expect(data.p.conditions.people.groups).toEqual({
      includedGroups: [{ __typename: 'Group', id: '00g2sales' }],
      excludedGroups: [{ id: '00g3admins' }],
    });
    expect(data.s.rules[0].conditions.people.users).toEqual({
      includedUsers: [{ __typename: 'User', id: '00u1alice' }],
      excludedUsers: [],
    });
  });
});

describe('apps named by authentication rules and single logout, as Application entities', () => {
  const APP_RULE = {
    type: 'ACCESS_POLICY',
    name: 'CRM, not the portal',
    ...RULE_BODIES.ACCESS_POLICY,
    conditions: {
      app: {
        include: [
          { type: 'APP', id: '0oa2crm' },
          { type: 'APP_TYPE', name: 'oidc_client' },
        ],
        exclude: [{ type: 'APP', id: '0oa1portal' }],
      },
    },
  };
  const appsOf = (selection: string) => `query($p: ID!, $c: ID!) {
    p: policy(id: $p) { ... on AccessPolicy { rules { conditions { app {
      include { type application { ${selection} } } exclude { application { ${selection} } } } } } } }
    c: policy(id: $c) { ... on ContinuousAccessPolicy { rules { actions { continuousAccess { failureActions {
      slo { applications { ${selection} } } } } } } } }
  }`;

  async function rulesNamingApps() {
    const emu = stack().emulator;
    const policy = await emu.call('POST', '/api/v1/policies', {
      type: 'ACCESS_POLICY',
      name: 'Finance apps',
      ...POLICY_BODIES.ACCESS_POLICY,
    });
    const rule = await emu.call('POST', `/api/v1/policies/${policy.body.id}/rules`, APP_RULE);
    expect(rule.status).toBe(200);
    const continuous = await idOf('/api/v1/policies?type=CONTINUOUS_ACCESS', (items) => items[0]);
    const slo = await emu.call('POST', `/api/v1/policies/${continuous.id}/rules`, {
      type: 'CONTINUOUS_ACCESS',
      name: 'Log out of the portal',
      ...RULE_BODIES.CONTINUOUS_ACCESS,
    });
    expect(slo.status).toBe(200);
    return { p: policy.body.id, c: continuous.id };
  }

  it('with only the key selected they are references: no call beyond the rules', async () => {
    const ids = await rulesNamingApps();
    const counted = await countRequests(stack().emulator, () => stack().gql(appsOf('__typename id'), ids));
    const { data, errors } = counted.result;
    expect(errors).toBeUndefined();
    const app = data.p.rules.find((r: any) => r.conditions?.app).conditions.app;
    expect(app).toEqual({
      include: [
        { type: 'APP', application: { __typename: 'Application', id: '0oa2crm' } },
        { type: 'APP_TYPE', application: null },
      ],
      exclude: [{ application: { __typename: 'Application', id: '0oa1portal' } }],
    });
    const slo = data.c.rules.flatMap((r: any) => r.actions?.continuousAccess?.failureActions ?? [])[0].slo;
    expect(slo.applications).toEqual([{ __typename: 'Application', id: '0oa1portal' }]);
    expect(counted.byRoute).toEqual({
      'GET /api/v1/policies/{policyId}': 2,
      'GET /api/v1/policies/{policyId}/rules': 2,
    });
  });

  it('any other field looks the apps up among the authentication policies’ apps, once per request', async () => {
    const ids = await rulesNamingApps();
    const { body: accessPolicies } = await stack().emulator.call('GET', '/api/v1/policies?type=ACCESS_POLICY');
    const counted = await countRequests(stack().emulator, () => stack().gql(appsOf('id label'), ids));
    const { data, errors } = counted.result;
    expect(errors).toBeUndefined();
    const app = data.p.rules.find((r: any) => r.conditions?.app).conditions.app;
    expect(app.include[0].application).toEqual({ id: '0oa2crm', label: 'CRM' });
    expect(app.exclude[0].application).toEqual({ id: '0oa1portal', label: 'Employee Portal' });
    const slo = data.c.rules.flatMap((r: any) => r.actions?.continuousAccess?.failureActions ?? [])[0].slo;
    expect(slo.applications).toEqual([{ id: '0oa1portal', label: 'Employee Portal' }]);
    expect(counted.byRoute).toEqual({
      'GET /api/v1/policies/{policyId}': 2,
      'GET /api/v1/policies/{policyId}/rules': 2,
      'GET /api/v1/policies': 1,
      'GET /api/v1/policies/{policyId}/app': accessPolicies.length,
    });
  });

  it('the estimate counts the lookup only when more than the key is selected', () => {
    const schema = stack().yoga.getEnveloped().schema;
    const estimate = (selection: string) =>
      estimateCost(schema, parse(appsOf(selection)).definitions[0] as OperationDefinitionNode, {}, {}).calls;
    expect(estimate('__typename id')).toBe(4);
    // One lookup per reference field (three here), at least a call each.
    expect(estimate('id label')).toBe(7);
    expect(estimate('... on Application { id }')).toBe(4);
  });
});

describe('the cost estimate of _entities', () => {
  it('counts each representation as an id of nodes(ids:) and an item of the answer', () => {
    const document = parse(ENTITIES);
    const operation = document.definitions[0] as OperationDefinitionNode;
    const r = Array.from({ length: 7 }, (_, i) => ({ __typename: 'Policy', id: `00p${i}` }));
    const estimate = estimateCost(stack().yoga.getEnveloped().schema, operation, {}, { r });
    expect(estimate).toMatchObject({ calls: 1, nodeIds: 7, representations: 7 });
    expect(estimate.parts[0]).toMatchObject({ field: '_entities', items: 7 });
    const plain = estimateCost(
      gatewaySchema(),
      parse('{ nodes(ids: ["00p1"]) { id } }').definitions[0] as OperationDefinitionNode,
      {},
      {},
    );
    expect(plain).not.toHaveProperty('representations');
  });
});

describe('without FEDERATION', () => {
  it('the schema has no federation field or type', () => {
    const schema = gatewaySchema();
    expect(Object.keys(schema.getQueryType()!.getFields())).not.toContain('_entities');
    for (const name of ['_Any', '_Entity', '_Service', 'Group', 'User']) expect(schema.getType(name)).toBeUndefined();
    expect(schema.getDirective('key')).toBeUndefined();
  });
});
