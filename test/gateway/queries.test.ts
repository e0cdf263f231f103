// Queries over real HTTP against the emulator: every policy type as its own implementation with
// typed settings and actions, list arguments and pagination, nested rules, joins, and the upstream
// calls each shape of query costs.
import { getNamedType, type GraphQLNamedType, isNonNullType, isObjectType } from 'graphql';
import { POLICY_TYPES, RULE_TYPE_OF } from 'policy-service-emulator/contract';
import { describe, expect, it } from 'vitest';
import { POLICY_TYPENAME, RULE_TYPENAME } from '../../src/gateway/resolvers/typenames.ts';
import { buildSchema } from '../../src/gateway/schema.ts';
import { freezeDate, midMinute } from '../helpers/clock.ts';
import { countRequests, createPolicy, createRule } from '../helpers/emulator.ts';
import { startTestStack, useStack } from '../helpers/gateway.ts';
import { defaultPolicyId, FIXTURE, ok } from './schema-helpers.ts';

const stack = useStack();

/** Every leaf of a type's fields (no field that takes a required argument), as a selection set. */
function leaves(type: GraphQLNamedType): string {
  if (!isObjectType(type)) return '';
  const fields = Object.values(type.getFields()).filter((f) => !f.args.some((a) => isNonNullType(a.type)));
  return `{ ${fields.map((f) => `${f.name} ${leaves(getNamedType(f.type))}`).join(' ')} }`;
}

/** Each rule implementation's actions with every member, read from the schema (one fragment per type). */
const RULE_ACTIONS = (() => {
  const schema = buildSchema();
  return POLICY_TYPES.map((type) => {
    const rule = schema.getType(RULE_TYPENAME[RULE_TYPE_OF[type]]);
    const actions = isObjectType(rule) ? rule.getFields().actions : undefined;
    return actions ? `... on ${rule?.name} { actions ${leaves(getNamedType(actions.type))} }` : '';
  }).join('\n');
})();

describe('policies of every type', () => {
  it.each([...POLICY_TYPES])(
    'lists the default %s policy as its implementation with its typed default rule',
    async (type) => {
      const names = { policy: POLICY_TYPENAME[type], rule: RULE_TYPENAME[RULE_TYPE_OF[type]] };
      const data = await ok(
        stack(),
        `query($type: PolicyType!) { policies(type: $type) { nodes { __typename id type name system status priority created lastUpdated
        links { self { href hints { allow } } rules { href } }
        rules { __typename type system status priority policy { __typename id } ${RULE_ACTIONS} } } } }`,
        { type },
      );
      const [policy] = data.policies.nodes;
      expect(data.policies.nodes).toHaveLength(1);
      expect(policy).toMatchObject({ __typename: names.policy, type, system: true, status: 'ACTIVE', priority: 1 });
      expect(policy.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(policy.links.self.href).toMatch(new RegExp(`/api/v1/policies/${policy.id}$`));
      expect(policy.links.self.hints.allow).toContain('GET');
      const defaultRule = policy.rules.at(-1);
      expect(defaultRule).toMatchObject({
        __typename: names.rule,
        system: true,
        status: 'ACTIVE',
        policy: { __typename: names.policy, id: policy.id },
      });
      expect(defaultRule.actions).toBeTypeOf('object');
    },
  );

  it('reads the typed settings of password and MFA enrollment policies', async () => {
    const data = await ok(
      stack(),
      `{ password: policies(type: PASSWORD) { nodes { ... on PasswordPolicy { settings {
          password { complexity { minLength minLowerCase minUpperCase minNumber minSymbol excludeUsername excludeAttributes dictionary { common { exclude } } }
                     age { maxAgeDays expireWarnDays minAgeMinutes historyCount }
                     lockout { maxAttempts autoUnlockMinutes showLockoutFailures } }
          recovery { factors { recovery_question { status properties { complexity { minLength } } }
                               platform_email { status properties { recoveryToken { tokenLifetimeMinutes } } } } }
          delegation { options { skipUnlock } } } } } }
        mfa: policies(type: MFA_ENROLL) { nodes { ... on MfaEnrollPolicy { settings { type authenticators { key } factors { platform_otp { enroll { self } } } } } } } }`,
    );
    const settings = data.password.nodes[0].settings;
    expect(settings.password.complexity).toEqual({
      minLength: 8,
      minLowerCase: 1,
      minUpperCase: 1,
      minNumber: 1,
      minSymbol: 1,
      excludeUsername: true,
      excludeAttributes: [],
      dictionary: { common: { exclude: false } },
    });
    expect(settings.password.age).toEqual({ maxAgeDays: 0, expireWarnDays: 0, minAgeMinutes: 0, historyCount: 0 });
    expect(settings.password.lockout).toEqual({ maxAttempts: 0, autoUnlockMinutes: 0, showLockoutFailures: false });
    expect(settings.recovery.factors.recovery_question).toEqual({
      status: 'ACTIVE',
      properties: { complexity: { minLength: 4 } },
    });
    expect(settings.recovery.factors.platform_email.status).toBe('ACTIVE');
    expect(settings.delegation.options.skipUnlock).toBe(false);
    expect(data.mfa.nodes[0].settings.type).toBe('FACTORS');
  });

  it('reads typed sign-on actions of the default global session rule', async () => {
    const data = await ok(
      stack(),
      `{ policies(type: PLATFORM_SIGN_ON) { nodes { rules { ... on GlobalSessionRule { actions { signon { access requireFactor primaryFactor rememberDeviceByDefault session { maxSessionIdleMinutes maxSessionLifetimeMinutes usePersistentCookie } } } } } } } }`,
    );
    expect(data.policies.nodes[0].rules[0].actions.signon).toEqual({
      access: 'ALLOW',
      requireFactor: false,
      primaryFactor: 'PASSWORD_IDP_ANY_FACTOR',
      rememberDeviceByDefault: false,
      session: { maxSessionIdleMinutes: 120, maxSessionLifetimeMinutes: 0, usePersistentCookie: false },
    });
  });
});

describe('policy list arguments and pagination', () => {
  async function seedPasswordPolicies(names: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const name of names) ids.push((await createPolicy(stack().emulator, { type: 'PASSWORD', name })).id);
    return ids;
  }

  it('filters by status and name prefix, and sorts by name', async () => {
    const [, betaId] = await seedPasswordPolicies(['Charlie', 'Beta', 'Alpha one', 'Alpha two']);
    await stack().emulator.call('POST', `/api/v1/policies/${betaId}/lifecycle/deactivate`);
    const data = await ok(
      stack(),
      `{ inactive: policies(type: PASSWORD, status: INACTIVE) { nodes { name status } }
         alpha: policies(type: PASSWORD, q: "Alpha") { nodes { name } }
         sorted: policies(type: PASSWORD, sortBy: NAME) { nodes { name } }
         byPriority: policies(type: PASSWORD) { nodes { name priority } } }`,
    );
    expect(data.inactive.nodes).toEqual([{ name: 'Beta', status: 'INACTIVE' }]);
    expect(data.alpha.nodes.map((n: any) => n.name).sort()).toEqual(['Alpha one', 'Alpha two']);
    expect(data.sorted.nodes.map((n: any) => n.name)).toEqual([
      'Alpha one',
      'Alpha two',
      'Beta',
      'Charlie',
      'Default Policy',
    ]);
    expect(data.byPriority.nodes.map((n: any) => n.priority)).toEqual([1, 2, 3, 4, 5]);
    expect(data.byPriority.nodes.at(-1).name).toBe('Default Policy');
  });

  it('walks several pages with endCursor, one upstream call per page', async () => {
    await seedPasswordPolicies(['P1', 'P2', 'P3', 'P4']);
    const query = `query($after: String) { policies(type: PASSWORD, first: 2, after: $after) {
      nodes { id name } edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const { result, byRoute } = await countRequests(stack().emulator, () => ok(stack(), query, { after }));
      expect(byRoute).toEqual({ 'GET /api/v1/policies': 1 });
      const page = result.policies;
      pages += 1;
      expect(page.edges.map((e: any) => e.node.id)).toEqual(page.nodes.map((n: any) => n.id));
      expect(page.edges.map((e: any) => e.cursor)).toEqual(page.nodes.map((n: any) => n.id));
      seen.push(...page.nodes.map((n: any) => n.name));
      if (!page.pageInfo.hasNextPage) {
        expect(page.pageInfo.endCursor).toBe(page.nodes.at(-1).id);
        break;
      }
      expect(page.nodes).toHaveLength(2);
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['P1', 'P2', 'P3', 'P4', 'Default Policy']);
  });

  it('accepts any edge cursor as `after`', async () => {
    await seedPasswordPolicies(['P1', 'P2', 'P3']);
    const first = await ok(stack(), `{ policies(type: PASSWORD) { edges { cursor node { name } } } }`);
    const afterP1 = first.policies.edges[0].cursor;
    const rest = await ok(stack(), `query($a: String) { policies(type: PASSWORD, after: $a) { nodes { name } } }`, {
      a: afterP1,
    });
    expect(rest.policies.nodes.map((n: any) => n.name)).toEqual(['P2', 'P3', 'Default Policy']);
  });

  it('reports an empty last page without a next page', async () => {
    const data = await ok(
      stack(),
      `{ policies(type: PASSWORD, q: "nothing starts like this") { nodes { id } edges { cursor } pageInfo { hasNextPage endCursor } } }`,
    );
    expect(data.policies).toEqual({ nodes: [], edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });
});

describe('single lookups', () => {
  it('reads a policy by id, and null for an id that does not exist', async () => {
    const id = await defaultPolicyId(stack(), 'PASSWORD');
    const { result, total } = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `query($id: ID!) { policy(id: $id) { __typename id name } missing: policy(id: "00pdoesnotexist") { id } }`,
        { id },
      ),
    );
    expect(result.policy).toEqual({ __typename: 'PasswordPolicy', id, name: 'Default Policy' });
    expect(result.missing).toBeNull();
    expect(total).toBe(2);
  });

  it('never makes the same call twice in one operation', async () => {
    const id = await defaultPolicyId(stack(), 'ACCESS_POLICY');
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `query($id: ID!) { a: policy(id: $id) { name } b: policy(id: $id) { id rules { id } again: rules { name } } }`,
        { id },
      ),
    );
    expect(result.a.name).toBe('Default Policy');
    expect(byRoute).toEqual({ 'GET /api/v1/policies/{policyId}': 1, 'GET /api/v1/policies/{policyId}/rules': 1 });
  });

  it('reads one rule of a policy, answered from the rules list when that is asked for too, and null when unknown', async () => {
    const policy = await createPolicy(stack().emulator, { type: 'PASSWORD', name: 'Rules here' });
    const rule = await createRule(stack().emulator, policy.id, {
      type: 'PASSWORD',
      name: 'Mine',
      actions: { passwordChange: { access: 'ALLOW' } },
    });
    const alone = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `query($p: ID!, $r: ID!) { policy(id: $p) { rule(id: $r) { __typename id name policy { id } } nope: rule(id: "0prnope") { id } } }`,
        {
          p: policy.id,
          r: rule.id,
        },
      ),
    );
    expect(alone.result.policy.rule).toEqual({
      __typename: 'PasswordRule',
      id: rule.id,
      name: 'Mine',
      policy: { id: policy.id },
    });
    expect(alone.result.policy.nope).toBeNull();
    expect(alone.byRoute).toEqual({
      'GET /api/v1/policies/{policyId}': 1,
      'GET /api/v1/policies/{policyId}/rules/{ruleId}': 2,
    });

    const withList = await countRequests(stack().emulator, () =>
      ok(stack(), `query($p: ID!, $r: ID!) { policy(id: $p) { rules { id } rule(id: $r) { name } } }`, {
        p: policy.id,
        r: rule.id,
      }),
    );
    expect(withList.result.policy.rule.name).toBe('Mine');
    expect(withList.byRoute).toEqual({
      'GET /api/v1/policies/{policyId}': 1,
      'GET /api/v1/policies/{policyId}/rules': 1,
    });
  });

  it('lists the applications mapped to a policy, with the members the spec does not show', async () => {
    const id = await defaultPolicyId(stack(), 'ACCESS_POLICY');
    const data = await ok(
      stack(),
      `query($id: ID!) { policy(id: $id) { applications { id name label status additionalProperties } } }`,
      { id },
    );
    const apps = data.policy.applications;
    expect(apps.map((a: any) => a.id).sort()).toEqual(['0oa1portal', '0oa2crm', '0oa3console']);
    const portal = apps.find((a: any) => a.id === FIXTURE.portal);
    expect(portal).toMatchObject({ name: 'portal', label: 'Employee Portal', status: 'ACTIVE' });
    for (const shown of ['id', 'name', 'label', 'status'])
      expect(portal.additionalProperties).not.toHaveProperty(shown);
    expect(portal.additionalProperties._links.accessPolicy.href).toMatch(new RegExp(`/policies/${id}$`));
  });
});

describe('joins and their cost', () => {
  it('policies { nodes { rules { policy { name } } } } costs 1 + N calls', async () => {
    for (const name of ['A', 'B', 'C']) {
      const p = await createPolicy(stack().emulator, { type: 'PASSWORD', name });
      await createRule(stack().emulator, p.id, {
        type: 'PASSWORD',
        name: `${name} rule`,
        actions: { passwordChange: { access: 'ALLOW' } },
      });
    }
    const { result, total, byRoute } = await countRequests(stack().emulator, () =>
      ok(stack(), `{ policies(type: PASSWORD) { nodes { name rules { name policy { name } } } } }`),
    );
    const nodes = result.policies.nodes;
    expect(nodes).toHaveLength(4);
    for (const node of nodes) for (const rule of node.rules) expect(rule.policy.name).toBe(node.name);
    expect(nodes[0].rules.map((r: any) => r.name)).toEqual(['A rule']);
    expect(byRoute).toEqual({ 'GET /api/v1/policies': 1, 'GET /api/v1/policies/{policyId}/rules': 4 });
    expect(total).toBe(1 + 4);
  });

  it('resolves the user types of a userType condition, one list call for several ids', async () => {
    const defaultType = (await stack().emulator.call('GET', '/api/v1/meta/types/user/default')).body;
    await createPolicy(stack().emulator, {
      type: 'PASSWORD',
      name: 'Typed',
      conditions: { userType: { include: [FIXTURE.contractorType, defaultType.id], exclude: [] } },
    });
    const { result, byRoute } = await countRequests(stack().emulator, () =>
      ok(
        stack(),
        `{ policies(type: PASSWORD, q: "Typed") { nodes { conditions { userType {
            include exclude includedUserTypes { id name default } excludedUserTypes { id } } } } } }`,
      ),
    );
    const condition = result.policies.nodes[0].conditions.userType;
    expect(condition.include).toEqual([FIXTURE.contractorType, defaultType.id]);
    expect(condition.includedUserTypes).toEqual([
      { id: FIXTURE.contractorType, name: 'Contractor', default: false },
      { id: defaultType.id, name: 'user', default: true },
    ]);
    expect(condition.excludedUserTypes).toEqual([]);
    expect(byRoute).toEqual({ 'GET /api/v1/policies': 1, 'GET /api/v1/meta/types/user': 1 });
  });

  it('reads every condition key as a typed object', async () => {
    const policyId = await defaultPolicyId(stack(), 'PLATFORM_SIGN_ON');
    const conditions = {
      people: {
        groups: { include: [FIXTURE.engineering], exclude: [FIXTURE.sales] },
        users: { include: [], exclude: [FIXTURE.dave] },
      },
      authContext: { authType: 'ANY' },
      network: { connection: 'ZONE', include: [FIXTURE.office] },
      authProvider: { provider: 'PLATFORM' },
      userIdentifier: { type: 'IDENTIFIER', patterns: [{ matchType: 'SUFFIX', value: '@example.com' }] },
      app: {
        include: [
          { type: 'APP', id: FIXTURE.portal },
          { type: 'APP_TYPE', name: 'saml' },
        ],
        exclude: [],
      },
      platform: { include: [{ type: 'DESKTOP', os: { type: 'OSX' } }] },
      device: { registered: true, managed: true },
      riskScore: { level: 'HIGH' },
      elCondition: { condition: "user.profile.department == 'R&D'" },
      entityRisk: { level: 'LOW' },
      riskDetectionTypes: { include: ['BRUTE_FORCE_ATTACK'] },
    };
    const rule = await createRule(stack().emulator, policyId, {
      type: 'SIGN_ON',
      name: 'Everything',
      conditions,
      actions: { signon: { access: 'DENY' } },
    });
    const data = await ok(
      stack(),
      `query($p: ID!, $r: ID!) { policy(id: $p) { rule(id: $r) { conditions {
          people { groups { include exclude } users { include exclude } }
          authContext { authType }
          network { connection include exclude }
          authProvider { provider include }
          userIdentifier { type patterns { matchType value } attribute }
          app { include { type id name } exclude { type } }
          platform { include { type os { type } } }
          device { registered managed }
          riskScore { level }
          elCondition { condition }
          entityRisk { level }
          riskDetectionTypes { include exclude } } } } }`,
      { p: policyId, r: rule.id },
    );
    const read = data.policy.rule.conditions;
    expect(read.people).toEqual(conditions.people);
    expect(read.network).toEqual({ connection: 'ZONE', include: [FIXTURE.office], exclude: null });
    expect(read.authProvider.provider).toBe('PLATFORM');
    expect(read.userIdentifier).toEqual({ ...conditions.userIdentifier, attribute: null });
    expect(read.app.include).toEqual([
      { type: 'APP', id: FIXTURE.portal, name: null },
      { type: 'APP_TYPE', id: null, name: 'saml' },
    ]);
    expect(read.platform).toEqual(conditions.platform);
    expect(read.device).toEqual(conditions.device);
    expect(read.riskScore).toEqual(conditions.riskScore);
    expect(read.elCondition).toEqual(conditions.elCondition);
    expect(read.entityRisk).toEqual(conditions.entityRisk);
    expect(read.riskDetectionTypes).toEqual({ include: ['BRUTE_FORCE_ATTACK'], exclude: null });
  });
});

describe('query errors', () => {
  it('answers a field that needs upstream data without a header with UNAUTHENTICATED and no upstream call', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(`{ __typename policy(id: "00p1") { id } userType(id: "default") { id } }`, undefined, { auth: null }),
    );
    expect(total).toBe(0);
    expect(result.data).toEqual({ __typename: 'Query', policy: null, userType: null });
    expect(result.errors!.map((e: any) => [e.path, e.extensions.code])).toEqual([
      [['policy'], 'UNAUTHENTICATED'],
      [['userType'], 'UNAUTHENTICATED'],
    ]);
    const lists = await countRequests(stack().emulator, () =>
      stack().gql(`{ policies(type: PASSWORD) { nodes { id } } }`, undefined, { auth: null }),
    );
    expect(lists.total).toBe(0);
    expect(lists.result.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('serves __typename and introspection without a header', async () => {
    const { result, total } = await countRequests(stack().emulator, () =>
      stack().gql(`{ __typename __type(name: "PasswordPolicy") { interfaces { name } } }`, undefined, { auth: null }),
    );
    expect(total).toBe(0);
    expect(result).toEqual({
      data: { __typename: 'Query', __type: { interfaces: [{ name: 'Policy' }, { name: 'Node' }] } },
      extensions: { cost: expect.any(Object) },
    });
  });

  it('maps a refused token to UNAUTHENTICATED with the upstream error', async () => {
    const result = await stack().gql(`{ policy(id: "00px") { id } }`, undefined, { auth: 'SSWS wrong-token' });
    expect(result.data).toEqual({ policy: null });
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].path).toEqual(['policy']);
    expect(result.errors![0].extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      upstream: { status: 401, errorCode: 'E0000011' },
    });
    expect(result.errors![0].extensions.upstream.errorId).toBeTypeOf('string');
  });

  it('maps an upstream 400 on a query to BAD_USER_INPUT with the causes', async () => {
    const bad = await stack().gql(`{ page: policies(type: PASSWORD, first: 0) { nodes { id } } }`);
    // The failing field is null; the rest of the answer would still resolve.
    expect(bad.data).toEqual({ page: null });
    expect(bad.errors).toHaveLength(1);
    expect(bad.errors![0].path).toEqual(['page']);
    expect(bad.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      upstream: { status: 400, errorCode: 'E0000001', errorCauses: ['limit: must be a positive integer'] },
    });
    // The message and fieldErrors speak of the GraphQL argument (`first`), once.
    expect(bad.errors![0].message).toBe('first: must be a positive integer');
    expect(bad.errors![0].extensions.fieldErrors).toEqual([
      { field: ['first'], message: 'first: must be a positive integer' },
    ]);
  });

  it('maps a 429 to RATE_LIMITED on the nested field that hit it; the rest still resolves', async () => {
    freezeDate(midMinute()); // one rate-limit window for the whole test
    const stackOfTwo = await startTestStack({ emulator: { rateLimitPerMinute: 2 }, client: { retries: 0 } });
    try {
      const policyId = (await stackOfTwo.gql(`{ policies(type: PASSWORD) { nodes { id } } }`)).data!.policies.nodes[0]
        .id;
      // One call left: the policy read succeeds, the nested rule read is refused by the budget before it is sent.
      const result = await stackOfTwo.gql(`query($id: ID!) { policy(id: $id) { name rule(id: "0prx") { id } } }`, {
        id: policyId,
      });
      expect(result.data).toEqual({ policy: { name: 'Default Policy', rule: null } });
      expect(result.errors).toHaveLength(1);
      expect(result.errors![0].path).toEqual(['policy', 'rule']);
      expect(result.errors![0].extensions).toEqual({
        code: 'RATE_LIMITED',
        resetAt: new Date((Math.floor(Date.now() / 60_000) + 1) * 60_000).toISOString(),
      });
    } finally {
      await stackOfTwo.close();
    }
  });

  it('maps an unreachable upstream to UPSTREAM_UNAVAILABLE', async () => {
    const broken = await startTestStack();
    await broken.emulator.close();
    try {
      const result = await broken.gql(`{ policy(id: "00p1") { id } }`);
      expect(result.data).toEqual({ policy: null });
      expect(result.errors![0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(result.errors![0].extensions.upstream.code).toBe('ECONNREFUSED');
      expect(result.errors![0].message).not.toContain('ECONNREFUSED');
      expect(JSON.stringify(result.errors)).not.toMatch(/127\.0\.0\.1|at .*\.ts/);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
