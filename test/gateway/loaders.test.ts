// The per-request loaders, measured by the emulator's request counter: no REST call twice in one
// operation, and no call for data an earlier call already returned.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createLoaders,
  forgetPolicy,
  forgetRule,
  forgetUserType,
  primePolicy,
  primeRule,
  primeUserType,
  type Loaders,
} from '../../src/gateway/loaders.ts';
import type { Policy } from '../../src/rest/types.ts';
import type { RestApi } from '../../src/upstream/client.ts';
import { UpstreamError } from '../../src/upstream/errors.ts';
import { countFromNow, type RequestCounts } from '../helpers/emulator.ts';
import { useUpstream } from '../helpers/gateway.ts';

const LIST_POLICIES = 'GET /api/v1/policies';
const GET_POLICY = 'GET /api/v1/policies/{policyId}';
const LIST_RULES = 'GET /api/v1/policies/{policyId}/rules';
const GET_RULE = 'GET /api/v1/policies/{policyId}/rules/{ruleId}';
const LIST_APPS = 'GET /api/v1/policies/{policyId}/app';
const LIST_USER_TYPES = 'GET /api/v1/meta/types/user';
const GET_USER_TYPE = 'GET /api/v1/meta/types/user/{typeId}';

const upstream = useUpstream();
let api: RestApi;
let loaders: Loaders;
let counted: () => RequestCounts;

/** REST calls since the last `startCounting()`, by route (routes without calls left out). */
function calls(): Record<string, number> {
  return counted().byRoute;
}
function startCounting(): void {
  counted = countFromNow(upstream().emulator);
}

beforeEach(() => {
  api = upstream().api;
});
beforeEach(() => {
  loaders = createLoaders(api);
});

async function signOnPolicyWithRules(name: string, ruleNames: string[]): Promise<Policy> {
  const policy = await api.createPolicy({ type: 'PLATFORM_SIGN_ON', name });
  for (const ruleName of ruleNames) {
    await api.createRule(policy.id, { type: 'SIGN_ON', name: ruleName, actions: { signon: { access: 'DENY' } } });
  }
  return policy;
}

describe('policy', () => {
  it('fetches the same policy once, in one batch and later', async () => {
    const [p] = (await api.listPolicies({ type: 'PASSWORD' })).items;
    startCounting();
    const [a, b] = await Promise.all([loaders.policy.load(p.id), loaders.policy.load(p.id)]);
    const c = await loaders.policy.load(p.id);
    expect(a).toEqual(p);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(calls()).toEqual({ [GET_POLICY]: 1 });
  });

  it('fetches a batch of different policies in parallel, one GET each', async () => {
    const items = (await api.listPolicies({ type: 'PLATFORM_SIGN_ON' })).items;
    const created = await signOnPolicyWithRules('Second', []);
    startCounting();
    const loaded = await loaders.policy.loadMany([items[0].id, created.id]);
    expect(loaded.map((p) => (p as Policy).id)).toEqual([items[0].id, created.id]);
    expect(calls()).toEqual({ [GET_POLICY]: 2 });
  });

  it('answers a missing policy with null, once', async () => {
    startCounting();
    expect(await loaders.policy.load('00pmissing')).toBeNull();
    expect(await loaders.policy.load('00pmissing')).toBeNull();
    expect(calls()).toEqual({ [GET_POLICY]: 1 });
  });

  it('rejects other failures per key, without calling again', async () => {
    const wrong = createLoaders(upstream().client.forCaller('SSWS wrong-token'));
    startCounting();
    await expect(wrong.policy.load('00p1')).rejects.toMatchObject({ status: 401 });
    await expect(wrong.policy.load('00p1')).rejects.toBeInstanceOf(UpstreamError);
    expect(calls()).toEqual({ [GET_POLICY]: 1 });
  });
});

describe('policyPage', () => {
  it('primes the policies of a page, so reading them costs nothing', async () => {
    startCounting();
    const page = await loaders.policyPage.load({ type: 'PASSWORD', limit: 20 });
    for (const p of page.items) expect(await loaders.policy.load(p.id)).toEqual(p);
    expect(calls()).toEqual({ [LIST_POLICIES]: 1 });
  });

  it('shares one call between equal arguments, whatever their order or undefined members', async () => {
    startCounting();
    await Promise.all([
      loaders.policyPage.load({ type: 'PASSWORD', status: 'ACTIVE' }),
      loaders.policyPage.load({ status: 'ACTIVE', type: 'PASSWORD', q: undefined }),
    ]);
    await loaders.policyPage.load({ type: 'PASSWORD', status: 'INACTIVE' });
    expect(calls()).toEqual({ [LIST_POLICIES]: 2 });
  });

  it('carries the next cursor', async () => {
    for (const name of ['A', 'B']) await api.createPolicy({ type: 'PASSWORD', name });
    const first = await loaders.policyPage.load({ type: 'PASSWORD', limit: 2 });
    expect(first.nextCursor).toBe(first.items[1].id);
    const second = await loaders.policyPage.load({ type: 'PASSWORD', limit: 2, after: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
  });

  it('costs 1 + N calls for policies { nodes { rules { policy { name } } } }', async () => {
    await signOnPolicyWithRules('One', ['r1', 'r2']);
    await signOnPolicyWithRules('Two', ['r3']);
    startCounting();
    const page = await loaders.policyPage.load({ type: 'PLATFORM_SIGN_ON' });
    const names = await Promise.all(
      page.items.map(async (p) => {
        const rules = await loaders.rules.load(p.id);
        return Promise.all(rules.map(async () => (await loaders.policy.load(p.id))!.name));
      }),
    );
    expect(names.flat()).toEqual(expect.arrayContaining(['One', 'One', 'Two']));
    expect(calls()).toEqual({ [LIST_POLICIES]: 1, [LIST_RULES]: page.items.length });
  });
});

describe('rules and rule', () => {
  it('answers every rule of a loaded list from it, and a rule missing from it with null, without a call', async () => {
    const policy = await signOnPolicyWithRules('P', ['a', 'b']);
    startCounting();
    const rules = await loaders.rules.load(policy.id);
    expect(rules.map((r) => r.name)).toEqual(['a', 'b']);
    for (const r of rules) expect(await loaders.rule.load({ policyId: policy.id, ruleId: r.id })).toEqual(r);
    expect(await loaders.rule.load({ policyId: policy.id, ruleId: '0prmissing' })).toBeNull();
    expect(calls()).toEqual({ [LIST_RULES]: 1 });
  });

  it('answers a rule asked for while its list is in flight from that list', async () => {
    const policy = await signOnPolicyWithRules('P', ['a']);
    const [rule] = await api.listRules(policy.id);
    startCounting();
    const [list, one] = await Promise.all([
      loaders.rules.load(policy.id),
      loaders.rule.load({ policyId: policy.id, ruleId: rule.id }),
    ]);
    expect(one).toEqual(list[0]);
    expect(calls()).toEqual({ [LIST_RULES]: 1 });
  });

  it('fetches a single rule once and answers a missing one with null', async () => {
    const policy = await signOnPolicyWithRules('P', ['a']);
    const [rule] = await api.listRules(policy.id);
    startCounting();
    const key = { policyId: policy.id, ruleId: rule.id };
    const [a, b] = await Promise.all([loaders.rule.load(key), loaders.rule.load({ ...key })]);
    expect(a).toEqual(rule);
    expect(b).toBe(a);
    expect(await loaders.rule.load({ policyId: policy.id, ruleId: '0prmissing' })).toBeNull();
    expect(calls()).toEqual({ [GET_RULE]: 2 });
  });

  it('keeps rule keys apart even when ids contain a slash', async () => {
    const policy = await signOnPolicyWithRules('P', []);
    loaders.rule.prime({ policyId: policy.id, ruleId: 'x/y' }, null);
    startCounting();
    expect(await loaders.rule.load({ policyId: `${policy.id}/x`, ruleId: 'y' })).toBeNull();
    expect(calls()).toEqual({ [GET_RULE]: 1 });
  });
});

describe('userType', () => {
  it('fetches one id with one GET', async () => {
    startCounting();
    const t = await loaders.userType.load('oty1contractor');
    expect(t).toMatchObject({ id: 'oty1contractor', name: 'Contractor' });
    expect(calls()).toEqual({ [GET_USER_TYPE]: 1 });
  });

  it('answers two ids in one batch with one list call, and primes every type of the list', async () => {
    startCounting();
    const [contractor, missing, byAlias] = await loaders.userType.loadMany(['oty1contractor', 'otymissing', 'default']);
    expect(contractor).toMatchObject({ id: 'oty1contractor' });
    expect(missing).toBeNull();
    expect(byAlias).toMatchObject({ default: true });
    expect(await loaders.userType.load((byAlias as { id: string }).id)).toEqual(byAlias);
    expect(await loaders.userType.load('otyunknown')).toBeNull();
    expect(calls()).toEqual({ [LIST_USER_TYPES]: 1 });
  });

  it('fetches "default" with one GET and also knows it by its id', async () => {
    startCounting();
    const t = await loaders.userType.load('default');
    expect(t).toMatchObject({ default: true });
    expect(await loaders.userType.load(t!.id)).toBe(t);
    expect(calls()).toEqual({ [GET_USER_TYPE]: 1 });
  });

  it('shares the list with userTypeList', async () => {
    startCounting();
    const [list, a, b] = await Promise.all([
      loaders.userTypeList.load('all'),
      loaders.userType.load('oty1contractor'),
      loaders.userType.load('default'),
    ]);
    expect(a).toEqual(list.find((t) => t.id === 'oty1contractor'));
    expect(b).toEqual(list.find((t) => t.default));
    expect(calls()).toEqual({ [LIST_USER_TYPES]: 1 });
  });

  it('answers a missing single id with null', async () => {
    startCounting();
    expect(await loaders.userType.load('otymissing')).toBeNull();
    expect(calls()).toEqual({ [GET_USER_TYPE]: 1 });
  });
});

describe('policyApplications', () => {
  it('lists the applications of a policy once', async () => {
    const [access] = (await api.listPolicies({ type: 'ACCESS_POLICY' })).items;
    startCounting();
    const [a, b] = await Promise.all([
      loaders.policyApplications.load(access.id),
      loaders.policyApplications.load(access.id),
    ]);
    expect(a.map((app) => app.id)).toContain('0oa1portal');
    expect(b).toBe(a);
    expect(calls()).toEqual({ [LIST_APPS]: 1 });
  });
});

describe('after mutations', () => {
  it('primePolicy answers from the primed policy and drops cached pages', async () => {
    await loaders.policyPage.load({ type: 'PASSWORD' });
    const created = await api.createPolicy({ type: 'PASSWORD', name: 'New' });
    startCounting();
    primePolicy(loaders, created);
    expect(await loaders.policy.load(created.id)).toBe(created);
    const page = await loaders.policyPage.load({ type: 'PASSWORD' });
    expect(page.items.map((p) => p.id)).toContain(created.id);
    expect(calls()).toEqual({ [LIST_POLICIES]: 1 });
  });

  it('forgetPolicy makes the policy, its rules and its rule lookups load again', async () => {
    const policy = await signOnPolicyWithRules('P', ['a']);
    const [rule] = await loaders.rules.load(policy.id);
    await loaders.policy.load(policy.id);
    await api.deactivatePolicy(policy.id);
    startCounting();
    forgetPolicy(loaders, policy.id);
    expect((await loaders.policy.load(policy.id))!.status).toBe('INACTIVE');
    await loaders.rule.load({ policyId: policy.id, ruleId: rule.id });
    await loaders.rules.load(policy.id);
    expect(calls()).toEqual({ [GET_POLICY]: 1, [GET_RULE]: 1, [LIST_RULES]: 1 });
  });

  it('primeRule and forgetRule drop the policy rules list', async () => {
    const policy = await signOnPolicyWithRules('P', []);
    await loaders.rules.load(policy.id);
    const rule = await api.createRule(policy.id, {
      type: 'SIGN_ON',
      name: 'new',
      actions: { signon: { access: 'DENY' } },
    });
    startCounting();
    primeRule(loaders, policy.id, rule);
    expect(await loaders.rule.load({ policyId: policy.id, ruleId: rule.id })).toBe(rule);
    expect((await loaders.rules.load(policy.id)).map((r) => r.id)).toContain(rule.id);
    await api.deleteRule(policy.id, rule.id);
    forgetRule(loaders, policy.id, rule.id);
    expect(await loaders.rule.load({ policyId: policy.id, ruleId: rule.id })).toBeNull();
    expect((await loaders.rules.load(policy.id)).map((r) => r.id)).not.toContain(rule.id);
    expect(calls()).toEqual({
      [LIST_RULES]: 2,
      'DELETE /api/v1/policies/{policyId}/rules/{ruleId}': 1,
      [GET_RULE]: 1,
    });
  });

  it('primeUserType and forgetUserType keep the id, the default alias and the list right', async () => {
    await loaders.userTypeList.load('all');
    const created = await api.createUserType({ name: 'Partner', displayName: 'Partner' });
    startCounting();
    primeUserType(loaders, created);
    expect(await loaders.userType.load(created.id)).toBe(created);
    expect((await loaders.userTypeList.load('all')).map((t) => t.id)).toContain(created.id);
    await api.deleteUserType(created.id);
    forgetUserType(loaders, created.id);
    expect(await loaders.userType.load(created.id)).toBeNull();
    expect(calls()).toEqual({
      [LIST_USER_TYPES]: 1,
      'DELETE /api/v1/meta/types/user/{typeId}': 1,
      [GET_USER_TYPE]: 1,
    });
  });
});
