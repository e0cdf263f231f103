// Policy as code over two emulated orgs with the same fixture of groups, zones and apps: a varied
// configuration built in org A is exported, planned against org B, applied, and exported again from
// B, which must give back the document exactly; then a one-member change, a stale plan, faults during
// an apply, and a document naming a group B lacks.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { POLICY_TYPES, RULE_TYPE_OF } from 'policy-service-emulator/contract';
import { documentProblems } from '../../src/policyDocument/schema.ts';
import { userTypeHasUsers, usersOfTypeSearch } from '../../src/upstream/users.ts';
import { countFromNow, defaultPolicyOf, TOKEN as TOKEN_OF_EMULATOR, type TestEmulator } from '../helpers/emulator.ts';
import { type TestStack, useStack } from '../helpers/gateway.ts';
import { ALL_API_SCOPES, registerServiceClient, serviceToken } from '../helpers/oauth.ts';
import { POLICY_BODIES, RULE_BODIES } from '../helpers/policyBodies.ts';

const EXPORT = /* GraphQL */ `
  query Export($types: [PolicyType!]) { exportPolicies(types: $types) { document } }
`;
const PLAN = /* GraphQL */ `
  mutation Plan($document: JSON!, $prune: Boolean) {
    planPolicies(document: $document, prune: $prune) {
      plan { id summary { create update delete move unchanged } changes { action kind key path before after } upstreamCalls }
      userErrors { message code key path }
    }
  }
`;
const PLAN_FORESEEN = /* GraphQL */ `
  mutation Plan($document: JSON!, $prune: Boolean) {
    planPolicies(document: $document, prune: $prune) {
      plan {
        id summary { delete refused } upstreamCalls
        changes { action kind key path refusal { code message } }
        warnings { code key message }
      }
      userErrors { message code key path }
    }
  }
`;
const APPLY = /* GraphQL */ `
  mutation Apply($planId: ID!) {
    applyPolicies(planId: $planId) {
      applied { action kind key path }
      notApplied { action kind key path }
      userErrors { message code key path }
    }
  }
`;

/** User types, a policy of every type with a rule (a rule naming a new user type), edited default policy settings. */
async function buildVariedOrg(emu: TestEmulator): Promise<void> {
  const partner = await emu.call('POST', '/api/v1/meta/types/user/', {
    name: 'Partner',
    displayName: 'Partner staff',
    description: 'People of partner firms',
  });
  expect(partner.status).toBe(200);
  for (const type of POLICY_TYPES) {
    const policy =
      type === 'IDP_DISCOVERY'
        ? await defaultPolicyOf(emu, type)
        : (await emu.call('POST', '/api/v1/policies', { type, name: `${type} corp`, ...POLICY_BODIES[type] })).body;
    expect(policy.id).toBeTruthy();
    if (type === 'PROFILE_ENROLLMENT') continue; // one rule only: its default rule
    const rule = await emu.call('POST', `/api/v1/policies/${policy.id}/rules`, {
      type: RULE_TYPE_OF[type],
      name: `${type} rule`,
      ...RULE_BODIES[type],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  }
  const signOn = (await emu.call('GET', '/api/v1/policies?type=PLATFORM_SIGN_ON')).body[0];
  const partners = await emu.call('POST', `/api/v1/policies/${signOn.id}/rules`, {
    type: 'SIGN_ON',
    name: 'Partners',
    priority: 1,
    status: 'INACTIVE',
    conditions: { userType: { include: [partner.body.id], exclude: [] } },
    actions: { signon: { access: 'DENY' } },
  });
  expect(partners.status, JSON.stringify(partners.body)).toBe(200);
  const password = await defaultPolicyOf(emu, 'PASSWORD');
  const edited = structuredClone(password);
  edited.settings.password.complexity.minLength = 10;
  expect((await emu.call('PUT', `/api/v1/policies/${password.id}`, edited)).status).toBe(200);
}

async function exportOf(stack: TestStack, types?: string[]): Promise<any> {
  const res = await stack.gql(EXPORT, { types });
  expect(res.errors).toBeUndefined();
  return res.data.exportPolicies.document;
}

async function plan(stack: TestStack, document: unknown, prune = false): Promise<any> {
  const res = await stack.gql(PLAN, { document, prune });
  expect(res.errors).toBeUndefined();
  return res.data.planPolicies;
}

async function apply(stack: TestStack, planId: string, auth?: string): Promise<any> {
  const res = await stack.gql(APPLY, { planId }, auth ? { auth } : undefined);
  expect(res.errors).toBeUndefined();
  return res.data.applyPolicies;
}

const WRITES = /^(POST|PUT|DELETE) (?!\/api\/v1\/policies\/simulate)/;
const writesOf = (counts: { byRoute: Record<string, number> }) =>
  Object.entries(counts.byRoute).filter(([route]) => WRITES.test(route));

describe('policy as code', () => {
  const a = useStack();
  const b = useStack();

  it('export A, plan and apply to B, export B gives back the document; a second plan is empty', async () => {
    await buildVariedOrg(a().emulator);
    const readA = countFromNow(a().emulator);
    const document = await exportOf(a());
    const policiesOfA = Object.values(document.policies).flat().length;
    // The lower bound: the user types, one list per type, one rules list per policy.
    expect(readA().total).toBe(1 + POLICY_TYPES.length + policiesOfA);
    expect(documentProblems(document)).toEqual([]);
    expect(document.references).toEqual({
      apps: ['0oa1portal'],
      groups: ['00g1engineering', '00g2sales', '00g3admins'],
      users: ['00u1alice'],
      zones: ['nzo1office'],
    });
    const signOnRules = document.policies.PLATFORM_SIGN_ON[0].rules;
    expect(signOnRules[0]).toMatchObject({
      name: 'Partners',
      status: 'INACTIVE',
      conditions: { userType: { include: ['Partner'] } },
    });

    const planned = await plan(b(), document);
    expect(planned.userErrors).toEqual([]);
    const { changes, summary } = planned.plan;
    const keys = changes.map((c: any) => `${c.action} ${c.kind} ${c.key}${c.path ? ` ${c.path.join('.')}` : ''}`);
    expect(keys).toContain('CREATE USER_TYPE Partner');
    expect(keys).toContain('UPDATE POLICY PASSWORD/Default Policy settings.password.complexity.minLength');
    expect(keys).toContain('CREATE RULE PLATFORM_SIGN_ON/PLATFORM_SIGN_ON corp/Partners');
    for (const type of POLICY_TYPES.filter((t) => t !== 'IDP_DISCOVERY')) {
      expect(keys).toContain(`CREATE POLICY ${type}/${type} corp`);
    }
    // A new profile enrollment policy's default rule is made by the service and set whole.
    expect(keys).toContain('UPDATE RULE PROFILE_ENROLLMENT/PROFILE_ENROLLMENT corp/Catch-all Rule');
    expect(summary.delete).toBe(0);
    expect(summary.create + summary.update + summary.move).toBe(changes.length);

    const writesOfB = countFromNow(b().emulator);
    const applied = await apply(b(), planned.plan.id);
    expect(applied.userErrors).toEqual([]);
    expect(applied.notApplied).toEqual([]);
    expect(applied.applied).toHaveLength(changes.length);
    // The plan's call count is what the apply made.
    expect(writesOfB().total).toBe(planned.plan.upstreamCalls);

    expect(await exportOf(b())).toEqual(document);
    const again = await plan(b(), document);
    expect(again.plan.changes).toEqual([]);
    expect(again.plan.summary).toMatchObject({ create: 0, update: 0, delete: 0, move: 0 });
  });

  it('a change of one member plans exactly that member, and the apply writes it', async () => {
    const document = await exportOf(a(), ['PASSWORD']);
    const corp = { name: 'Corp password', ...(POLICY_BODIES.PASSWORD as object) } as any;
    document.policies.PASSWORD.unshift(corp);
    const first = await plan(b(), document);
    expect((await apply(b(), first.plan.id)).userErrors).toEqual([]);

    // As B now holds it (the service filled in what the hand-written policy left out).
    const changed = await exportOf(b(), ['PASSWORD']);
    changed.policies.PASSWORD[0].settings.password.complexity.minLength = 14;
    const planned = await plan(b(), changed);
    expect(planned.plan.changes).toEqual([
      {
        action: 'UPDATE',
        kind: 'POLICY',
        key: 'PASSWORD/Corp password',
        path: ['settings', 'password', 'complexity', 'minLength'],
        before: 12,
        after: 14,
      },
    ]);
    const applied = await apply(b(), planned.plan.id);
    expect(applied).toMatchObject({ userErrors: [], applied: [{ action: 'UPDATE', key: 'PASSWORD/Corp password' }] });
    const rest = (await b().emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body;
    expect(rest.find((p: any) => p.name === 'Corp password').settings.password.complexity.minLength).toBe(14);
  });

  it('a new order of policies and rules moves the fewest objects', async () => {
    const document = await exportOf(b(), ['PASSWORD']);
    const [defaultPolicy] = document.policies.PASSWORD;
    const rule = (name: string) => ({ name, actions: { passwordChange: { access: 'ALLOW' } } });
    defaultPolicy.rules.unshift(rule('R1'), rule('R2'), rule('R3'));
    document.policies.PASSWORD = [{ name: 'P1' }, { name: 'P2' }, { name: 'P3' }, defaultPolicy];
    expect((await apply(b(), (await plan(b(), document)).plan.id)).userErrors).toEqual([]);
    const created = await exportOf(b(), ['PASSWORD']);

    const reordered = structuredClone(created);
    const [p1, p2, p3, last] = reordered.policies.PASSWORD;
    reordered.policies.PASSWORD = [p3, p1, p2, last];
    const [r1, r2, r3, defaultRule] = last.rules;
    last.rules = [r2, r3, r1, defaultRule];
    const planned = await plan(b(), reordered);
    expect(planned.plan.changes.map((c: any) => [c.action, c.key, c.before, c.after])).toEqual([
      ['MOVE', 'PASSWORD/Default Policy/R1', 1, 3],
      ['MOVE', 'PASSWORD/P3', 3, 1],
    ]);
    const since = countFromNow(b().emulator);
    expect((await apply(b(), planned.plan.id)).userErrors).toEqual([]);
    expect(writesOf(since())).toEqual([
      ['PUT /api/v1/policies/{policyId}', 1],
      ['PUT /api/v1/policies/{policyId}/rules/{ruleId}', 1],
    ]);
    expect(await exportOf(b(), ['PASSWORD'])).toEqual(reordered);
  });

  it('a plan made stale by a change in B is refused, and nothing is written', async () => {
    const document = await exportOf(a(), ['PASSWORD']);
    document.policies.PASSWORD[0].description = 'Managed in git';
    const planned = await plan(b(), document);
    expect(planned.plan.changes).toHaveLength(1);
    const policy = await defaultPolicyOf(b().emulator, 'PASSWORD');
    policy.settings.password.complexity.minLength = 11;
    expect((await b().emulator.call('PUT', `/api/v1/policies/${policy.id}`, policy)).status).toBe(200);

    const since = countFromNow(b().emulator);
    const applied = await apply(b(), planned.plan.id);
    expect(applied.applied).toEqual([]);
    expect(applied.userErrors[0]).toMatchObject({ code: 'STALE_PLAN', key: 'PASSWORD/Default Policy' });
    expect(writesOf(since())).toEqual([]);
  });

  it('faults during an apply: it stops and reports, applying again completes with no duplicate', async () => {
    await buildVariedOrg(a().emulator);
    const document = await exportOf(a());
    const planned = await plan(b(), document);
    const emu = b().emulator;
    emu.addFaultRule({ match: { method: 'POST', path: '/api/v1/policies' }, reset: true, times: 1 });
    emu.addFaultRule({ match: { method: 'POST', path: '/api/v1/policies/{policyId}/rules' }, status: 503, times: 1 });

    const first = await apply(b(), planned.plan.id);
    expect(first.userErrors).toMatchObject([
      { code: 'UPSTREAM_OUTCOME_UNKNOWN', key: 'PLATFORM_SIGN_ON/PLATFORM_SIGN_ON corp' },
    ]);
    expect(first.applied).toEqual([{ action: 'CREATE', kind: 'USER_TYPE', key: 'Partner', path: null }]);
    expect(first.notApplied.length).toBe(planned.plan.changes.length - 1);

    const second = await apply(b(), planned.plan.id);
    expect(second.userErrors).toMatchObject([{ code: 'UPSTREAM_UNAVAILABLE' }]);
    expect(second.applied.length).toBeGreaterThan(0);

    const third = await apply(b(), planned.plan.id);
    expect(third.userErrors).toEqual([]);
    expect(third.notApplied).toEqual([]);
    // Every create made once over the three runs (a policy created inactive before the fault is
    // activated by a later run, an UPDATE of its status); B holds exactly the document, no duplicate.
    const creates = (changes: any[]) =>
      changes
        .filter((c) => c.action === 'CREATE')
        .map((c) => c.key)
        .sort();
    expect(creates([...first.applied, ...second.applied, ...third.applied])).toEqual(creates(planned.plan.changes));
    expect(await exportOf(b())).toEqual(document);
  });

  it('a hand-written document converges: after its apply, planning it again shows no changes', async () => {
    // Members it leaves out (settings, the people condition's users, the actions the service fills in) are not managed.
    const document = {
      version: 1,
      policies: {
        PASSWORD: [
          {
            name: 'Corp',
            conditions: { people: { groups: { include: ['00g1engineering'], exclude: [] } } },
            rules: [{ name: 'Allow change', actions: { passwordChange: { access: 'ALLOW' } } }],
          },
          {
            name: 'Default Policy',
            system: true,
            settings: { password: { complexity: { minLength: 12 } } },
            rules: [{ name: 'Default Rule', system: true }],
          },
        ],
      },
    };
    const first = await plan(b(), document);
    expect((await apply(b(), first.plan.id)).userErrors).toEqual([]);
    const again = await plan(b(), document);
    expect(again.plan.changes).toEqual([]);
    expect(again.plan.summary).toMatchObject({ create: 0, update: 0, delete: 0, move: 0, unchanged: 4 });
    // A member left out that has a contract default still means that default.
    const rest = (await b().emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body;
    const corp = rest.find((p: any) => p.name === 'Corp');
    expect((await b().emulator.call('POST', `/api/v1/policies/${corp.id}/lifecycle/deactivate`)).status).toBe(204);
    const reactivate = await plan(b(), document);
    expect(reactivate.plan.changes).toMatchObject([
      { action: 'UPDATE', key: 'PASSWORD/Corp', path: ['status'], before: 'INACTIVE', after: null },
    ]);
  });

  it("the guide's sample document plans no change to a member it leaves out (the built-in user type's description)", async () => {
    const guide = await readFile(new URL('../../docs/policy-as-code.md', import.meta.url), 'utf8');
    const sample = parseYaml(
      /<!-- recipe: policy-as-code file=org.yaml -->\n```yaml\n([\s\S]*?)```/.exec(guide)?.[1] ?? '',
    );
    const userTypes = (await b().emulator.call('GET', '/api/v1/meta/types/user')).body;
    const builtIn = userTypes.find((t: any) => t.default);
    expect(builtIn.description).not.toBe('');
    expect(sample.userTypes.find((t: any) => t.default)).not.toHaveProperty('description');
    const planned = await plan(b(), sample);
    expect(planned.userErrors).toEqual([]);
    expect(planned.plan.changes.filter((c: any) => c.kind === 'USER_TYPE' && c.key === builtIn.name)).toEqual([]);
    // Written, a description is managed: the plan changes it, and an empty one blanks it.
    const blank = structuredClone(sample);
    blank.userTypes.find((t: any) => t.default).description = '';
    expect((await plan(b(), blank)).plan.changes).toContainEqual(
      expect.objectContaining({ kind: 'USER_TYPE', key: builtIn.name, path: ['description'], after: '' }),
    );
  });

  it('a plan whose apply stopped part-way, applied again, goes on from there (its own writes are no STALE_PLAN)', async () => {
    // The default policy and its default rule set INACTIVE: the service refuses both (FORBIDDEN).
    const document = {
      version: 1,
      policies: {
        PASSWORD: [
          { name: 'Corp', rules: [{ name: 'R', actions: { passwordChange: { access: 'ALLOW' } } }] },
          {
            name: 'Default Policy',
            system: true,
            status: 'INACTIVE',
            rules: [
              {
                name: 'Default Rule',
                system: true,
                status: 'INACTIVE',
                actions: { passwordChange: { access: 'DENY' } },
              },
            ],
          },
        ],
      },
    };
    const planned = await plan(b(), document);
    expect(planned.userErrors).toEqual([]);
    const first = await apply(b(), planned.plan.id);
    expect(first.applied.length).toBeGreaterThan(0);
    expect(first.userErrors).toMatchObject([{ code: 'FORBIDDEN', key: 'PASSWORD/Default Policy/Default Rule' }]);

    // Applied again: the plan's own writes are not drift; it goes on to the change the service refuses.
    const second = await apply(b(), planned.plan.id);
    expect(second.userErrors).toMatchObject([{ code: 'FORBIDDEN', key: 'PASSWORD/Default Policy/Default Rule' }]);
    expect(second.notApplied).toContainEqual({
      action: 'UPDATE',
      kind: 'RULE',
      key: 'PASSWORD/Default Policy/Default Rule',
      path: ['status'],
    });
    // Nothing but the statuses is left to do.
    const left = await plan(b(), document);
    expect(new Set(left.plan.changes.map((c: any) => c.path.join('.')))).toEqual(new Set(['status']));
  });

  it("a plan's cost estimate counts the reads its planning makes", async () => {
    const document = await exportOf(b(), ['PASSWORD', 'MFA_ENROLL']);
    document.policies.PASSWORD.unshift({ name: 'One' }, { name: 'Two' });
    const named = document.policies.PASSWORD.length + document.policies.MFA_ENROLL.length;
    const res = await b().gql(PLAN, { document });
    expect(res.data.planPolicies.userErrors).toEqual([]);
    // The user types, a list per type, a rules list per policy named (the two new ones are not read).
    expect(res.extensions.cost.estimate.calls).toBe(1 + 2 + named);
    expect(res.extensions.cost.calls).toBe(1 + 2 + named - 2);
  });

  it('an apply stopped by a fault after a whole member was written finishes when applied again', async () => {
    // The default policy has no conditions: the plan sets them whole; the service stores them with
    // the members the plan left to it (`users`, `exclude`).
    const document = {
      version: 1,
      policies: {
        PASSWORD: [
          { name: 'Corp' },
          {
            name: 'Default Policy',
            system: true,
            conditions: { people: { groups: { include: ['00g1engineering'] } } },
            rules: [{ name: 'Default Rule', system: true }],
          },
        ],
      },
    };
    const planned = await plan(b(), document);
    expect(planned.plan.changes).toMatchObject([
      { action: 'CREATE', key: 'PASSWORD/Corp' },
      { action: 'UPDATE', key: 'PASSWORD/Default Policy', path: ['conditions'] },
    ]);
    b().emulator.addFaultRule({ match: { method: 'POST', path: '/api/v1/policies' }, status: 503, times: 1 });
    const first = await apply(b(), planned.plan.id);
    expect(first.applied).toEqual([
      { action: 'UPDATE', kind: 'POLICY', key: 'PASSWORD/Default Policy', path: ['conditions'] },
    ]);
    expect(first.userErrors).toMatchObject([{ code: 'UPSTREAM_UNAVAILABLE', key: 'PASSWORD/Corp' }]);

    const second = await apply(b(), planned.plan.id);
    expect(second).toEqual({
      applied: [{ action: 'CREATE', kind: 'POLICY', key: 'PASSWORD/Corp', path: null }],
      notApplied: [],
      userErrors: [],
    });
    expect((await plan(b(), document)).plan.changes).toEqual([]);
  });

  it('a document naming a group B lacks fails in the plan, before anything is written', async () => {
    const document = {
      version: 1,
      policies: {
        PASSWORD: [
          { name: 'Sales password', conditions: { people: { groups: { include: ['00g9missing'], exclude: [] } } } },
          { name: 'Default Policy', system: true, rules: [{ name: 'Default Rule', system: true }] },
        ],
      },
    };
    const since = countFromNow(b().emulator);
    const planned = await plan(b(), document);
    expect(planned.plan).toBeNull();
    expect(planned.userErrors).toMatchObject([{ code: 'REFERENCE_NOT_FOUND', key: 'references/groups/00g9missing' }]);
    expect(writesOf(since())).toEqual([]);
  });

  it('names only the groups B lacks, by the path of each refusal, not by its words', async () => {
    const document = {
      version: 1,
      policies: {
        PASSWORD: [
          {
            name: 'Sales password',
            // The missing id contains the existing one: both are in the refusal's text.
            conditions: { people: { groups: { include: ['00g1engineering', '00g1engineering2'], exclude: [] } } },
          },
          { name: 'Default Policy', system: true, rules: [{ name: 'Default Rule', system: true }] },
        ],
      },
    };
    const planned = await plan(b(), document);
    expect(planned.plan).toBeNull();
    expect(planned.userErrors.map((e: any) => e.key)).toEqual(['references/groups/00g1engineering2']);
  });

  it('refuses an invalid document (no upstream call), a system policy to delete, an unknown plan and another caller', async () => {
    const since = countFromNow(b().emulator);
    const invalid = await plan(b(), { version: 2, policies: { PASSWORD: [{ name: 'x', colour: 'blue' }] } });
    expect(since().total).toBe(0);
    expect(invalid.plan).toBeNull();
    expect(invalid.userErrors.map((e: any) => [e.code, e.path])).toEqual([
      ['INVALID', ['version']],
      ['INVALID', ['policies', 'PASSWORD', '0', 'colour']],
    ]);
    const pruned = await plan(b(), { version: 1, policies: { PASSWORD: [] } }, true);
    expect(pruned.userErrors).toMatchObject([{ code: 'FORBIDDEN', key: 'PASSWORD/Default Policy' }]);
    const unknown = await apply(b(), 'no-such-plan');
    expect(unknown.userErrors).toMatchObject([{ code: 'PLAN_NOT_FOUND' }]);
    // A plan is applied only with the credential that made it.
    const planned = await plan(b(), { version: 1, policies: { PASSWORD: [{ name: 'Mine' }] } });
    const other = await b().gql(APPLY, { planId: planned.plan.id }, { auth: 'SSWS another-token' });
    expect(other.data.applyPolicies).toMatchObject({ applied: [], userErrors: [{ code: 'PLAN_NOT_FOUND' }] });
  });

  it('serves the document JSON Schema', async () => {
    const res = await fetch(`${b().url}/policy-document.schema.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/schema+json');
    const schema = await res.json();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(schema.properties.policies.properties)).toEqual([...POLICY_TYPES]);
    // Its limits: the spec's where it states them, the gateway's elsewhere (docs/limits.md).
    const access = schema.properties.policies.properties.ACCESS_POLICY;
    expect(access.maxItems).toBe(5000);
    expect(access.items.properties.rules.maxItems).toBe(100);
    expect(access.items.properties.name.maxLength).toBe(255);
    expect(access.items.properties.description.maxLength).toBe(1024);
    expect(schema.properties.policies.properties.PASSWORD.items.properties.rules.maxItems).toBe(1000);
    expect(schema.properties.userTypes.maxItems).toBe(10);
    expect(schema.properties.references.properties.groups.items.maxLength).toBe(4096);
    expect(schema.description).toBe('At most 1048576 bytes as JSON.');
  });
});

describe('a plan foresees the refusals the service states in advance', () => {
  const stack = useStack();

  /** The org's user types and password policies as a document, without the user types named. */
  async function documentWithout(...names: string[]): Promise<any> {
    const document = await exportOf(stack(), ['PASSWORD']);
    document.userTypes = document.userTypes.filter((t: any) => !names.includes(t.name));
    document.policies.PASSWORD[0].description = 'Managed in git';
    return document;
  }

  async function planForeseen(document: unknown, auth?: string): Promise<any> {
    const res = await stack().gql(PLAN_FORESEEN, { document, prune: true }, auth ? { auth } : undefined);
    expect(res.errors).toBeUndefined();
    expect(res.data.planPolicies.userErrors).toEqual([]);
    return res.data.planPolicies.plan;
  }

  /** The `listUsers` queries the gateway sends from now on, until the returned function is called. */
  function usersQueries(): { queries: unknown[]; stop: () => void } {
    const upstream = stack().upstream;
    const forCaller = upstream.forCaller;
    const queries: unknown[] = [];
    upstream.forCaller = (authorization, options) => {
      const api = forCaller.call(upstream, authorization, options);
      const listUsers = api.listUsers;
      api.listUsers = (query) => {
        queries.push(query);
        return listUsers(query);
      };
      return api;
    };
    return { queries, stop: () => (upstream.forCaller = forCaller) };
  }

  it('a user type that has a user: the plan marks its delete refused, and the apply writes nothing', async () => {
    // The fixture's Contractor type has a user (Bob).
    const document = await documentWithout('Contractor');
    const users = usersQueries();
    const since = countFromNow(stack().emulator);
    const planned = await planForeseen(document).finally(users.stop);
    // One users read, for one user at most.
    expect(users.queries).toEqual([{ search: 'type.id eq "oty1contractor"', limit: 1 }]);
    expect(since().byRoute['GET /api/v1/users']).toBe(1);
    expect(planned.changes).toContainEqual({
      action: 'DELETE',
      kind: 'USER_TYPE',
      key: 'Contractor',
      path: null,
      refusal: { code: 'CONFLICT', message: '1 or more users have this type' },
    });
    expect(planned.changes.filter((c: any) => c.refusal)).toHaveLength(1);
    expect(planned.summary).toEqual({ delete: 1, refused: 1 });
    expect(planned.warnings).toEqual([]);
    expect(planned.upstreamCalls).toBe(0);

    const applying = countFromNow(stack().emulator);
    const applied = await apply(stack(), planned.id);
    expect(applied.applied).toEqual([]);
    expect(applied.notApplied).toHaveLength(planned.changes.length);
    expect(applied.userErrors).toEqual([
      {
        code: 'CONFLICT',
        key: 'Contractor',
        path: null,
        message: expect.stringMatching(
          /^DELETE USER_TYPE Contractor: refused by the service, 1 or more users have this type\. Nothing was written/,
        ),
      },
    ]);
    // Refused before anything: no write, not even a read.
    expect(applying().total).toBe(0);
    const policy = await defaultPolicyOf(stack().emulator, 'PASSWORD');
    expect(policy.description ?? null).not.toBe('Managed in git');
  });

  it('a user type without users is deleted; one given a user after the plan stops the apply before any write', async () => {
    const made = await stack().emulator.call('POST', '/api/v1/meta/types/user/', { name: 'Temp', displayName: 'Temp' });
    expect(made.status).toBe(200);
    const document = await documentWithout('Temp');
    const planned = await planForeseen(document);
    expect(planned.changes).toContainEqual({
      action: 'DELETE',
      kind: 'USER_TYPE',
      key: 'Temp',
      path: null,
      refusal: null,
    });
    expect(planned.summary.refused).toBe(0);

    // A user of the type since the plan: the apply's fresh check refuses, and writes nothing.
    const user = await stack().emulator.call('POST', '/api/v1/users?activate=false', {
      profile: { firstName: 'Tim', lastName: 'Temp', email: 'tim@example.com', login: 'tim@example.com' },
      type: { id: made.body.id },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    const refused = countFromNow(stack().emulator);
    const stopped = await apply(stack(), planned.id);
    expect(stopped).toMatchObject({ applied: [], userErrors: [{ code: 'CONFLICT', key: 'Temp' }] });
    expect(writesOf(refused())).toEqual([]);

    // Its user gone, the same plan applies: every change, the delete last, at the calls it said.
    expect((await stack().emulator.call('DELETE', `/api/v1/users/${user.body.id}`)).status).toBe(204);
    expect((await stack().emulator.call('DELETE', `/api/v1/users/${user.body.id}`)).status).toBe(204);
    const applying = countFromNow(stack().emulator);
    const applied = await apply(stack(), planned.id);
    expect(applied.userErrors).toEqual([]);
    expect(applied.applied.at(-1)).toEqual({ action: 'DELETE', kind: 'USER_TYPE', key: 'Temp', path: null });
    expect(applying().total).toBe(planned.upstreamCalls);
    const types = (await stack().emulator.call('GET', '/api/v1/meta/types/user')).body;
    expect(types.map((t: any) => t.name)).not.toContain('Temp');
  });

  it('a credential that may not read users: the plan warns that it did not check, and stays valid', async () => {
    const { url } = stack().emulator;
    const client = await registerServiceClient(url, TOKEN_OF_EMULATOR, ALL_API_SCOPES);
    const auth = await serviceToken(url, client, ALL_API_SCOPES);
    const planned = await planForeseen(await documentWithout('Contractor'), auth);
    expect(planned.changes).toContainEqual({
      action: 'DELETE',
      kind: 'USER_TYPE',
      key: 'Contractor',
      path: null,
      refusal: null,
    });
    expect(planned.warnings).toEqual([
      {
        code: 'USERS_NOT_READ',
        key: 'Contractor',
        message: expect.stringContaining('the credential may not read users (okta.users.read'),
      },
    ]);
    expect(planned.summary.refused).toBe(0);
    // The refused read proved nothing against the token: its next operation is answered.
    const exported = await stack().gql(EXPORT, { types: ['PASSWORD'] }, { auth });
    expect(exported.errors).toBeUndefined();
    // Applied, it stops at the delete the service refuses: the rest was written (what the warning said).
    const applied = await apply(stack(), planned.id, auth);
    expect(applied.userErrors).toMatchObject([{ code: 'CONFLICT', key: 'Contractor' }]);
  });

  it("asks the Users API for the type's id as one quoted value, whatever it holds", async () => {
    expect(usersOfTypeSearch('oty"x\\y')).toBe('type.id eq "oty\\"x\\\\y"');
    const api = stack().upstream.forCaller(`SSWS ${TOKEN_OF_EMULATOR}`);
    expect(await userTypeHasUsers(api, 'oty1contractor')).toBe(true);
    // A quote in an id ends no string: the search is read (no 400) and finds nobody.
    expect(await userTypeHasUsers(api, 'oty1contractor" or id pr "')).toBe(false);
    api.finish();
  });

  it('a policy whose links offer no delete (assigned to an app) is marked refused', async () => {
    const emu = stack().emulator;
    const made = await emu.call('POST', '/api/v1/policies', {
      type: 'ACCESS_POLICY',
      name: 'Portal access',
      ...POLICY_BODIES.ACCESS_POLICY,
    });
    expect(made.status).toBe(200);
    expect((await emu.call('PUT', `/api/v1/apps/0oa1portal/policies/${made.body.id}`)).status).toBe(204);
    const document = await exportOf(stack(), ['ACCESS_POLICY']);
    document.policies.ACCESS_POLICY = document.policies.ACCESS_POLICY.filter((p: any) => p.name !== 'Portal access');
    const planned = await planForeseen(document);
    expect(planned.changes.filter((c: any) => c.refusal)).toEqual([
      {
        action: 'DELETE',
        kind: 'POLICY',
        key: 'ACCESS_POLICY/Portal access',
        path: null,
        refusal: { code: 'FORBIDDEN', message: expect.stringContaining('its links offer no delete') },
      },
    ]);
    const since = countFromNow(emu);
    const applied = await apply(stack(), planned.id);
    expect(applied.userErrors).toMatchObject([{ code: 'FORBIDDEN', key: 'ACCESS_POLICY/Portal access' }]);
    expect(since().total).toBe(0);
  });
});
