// The per-request loaders against a counting fake RestApi (as dataloader's own tests do): every call
// the loaders make is logged with its arguments, so batching, dedup, priming, not-found and
// per-key errors are asserted exactly, including failures the emulator cannot be made to give
// (a listing that fails while a single read works, one bad key in a batch). loaders.test.ts proves
// the same loaders over real HTTP.
import { beforeEach, describe, expect, it } from 'vitest';
import { ALL_USER_TYPES, createLoaders, DEFAULT_USER_TYPE, type Loaders } from '../../src/gateway/loaders.ts';
import type { Application, Policy, PolicyRule, UserType } from '../../src/rest/types.ts';
import type { PolicyListArgs, RestApi } from '../../src/upstream/client.ts';
import { UpstreamError } from '../../src/upstream/errors.ts';

const policy = (id: string) => ({ id, type: 'PASSWORD', name: `policy ${id}` }) as unknown as Policy;
const rule = (id: string) => ({ id, type: 'PASSWORD', name: `rule ${id}` }) as unknown as PolicyRule;
const userType = (id: string, isDefault = false) => ({ id, name: id, default: isDefault }) as unknown as UserType;

const notFound = () => new UpstreamError({ status: 404, errorCode: 'E0000007', errorSummary: 'Not found' });
const broken = () => new UpstreamError({ status: 500, errorCode: 'E0000009', errorSummary: 'Internal Server Error' });

/** Ids the fake answers with a 500 (any read of them fails). */
const BROKEN = 'broken';

/**
 * A RestApi over fixed data that logs every call (`getPolicy p1`) and answers asynchronously like
 * the real one. Unknown ids are 404; the id `broken` (or the rules of policy `broken`) is a 500.
 * Writes are not the loaders' business and throw.
 */
function countingApi(): { api: RestApi; calls: string[] } {
  const calls: string[] = [];
  const policies = ['p1', 'p2', 'p3'].map(policy);
  const rules: Record<string, PolicyRule[]> = { p1: [rule('r1'), rule('r2')], p2: [rule('r3')] };
  const userTypes = [userType('ut-default', true), userType('ut-2'), userType('ut-3')];
  const answer = async <T>(call: string, value: () => T | undefined, id: string): Promise<T> => {
    calls.push(call);
    await Promise.resolve();
    if (id === BROKEN) throw broken();
    const found = value();
    if (found === undefined) throw notFound();
    return found;
  };
  const api: Partial<RestApi> = {
    listPolicies: (args: PolicyListArgs) =>
      answer(
        `listPolicies ${JSON.stringify(args)}`,
        () => ({ items: policies.filter((p) => p.type === args.type), nextCursor: null }),
        '',
      ),
    getPolicy: (id) => answer(`getPolicy ${id}`, () => policies.find((p) => p.id === id), id),
    listPolicyApplications: (id) =>
      answer(`listPolicyApplications ${id}`, () => [{ id: `app of ${id}` } as unknown as Application], id),
    listRules: (policyId) => answer(`listRules ${policyId}`, () => rules[policyId] ?? [], policyId),
    getRule: (policyId, ruleId) =>
      answer(`getRule ${policyId} ${ruleId}`, () => rules[policyId]?.find((r) => r.id === ruleId), ruleId),
    listUserTypes: () => answer('listUserTypes', () => userTypes, ''),
    getUserType: (id) =>
      answer(
        `getUserType ${id}`,
        () => userTypes.find((t) => (id === DEFAULT_USER_TYPE ? t.default : t.id === id)),
        id,
      ),
  };
  const unused = new Proxy(api as RestApi, {
    get: (target, name: string) =>
      (target as unknown as Record<string, unknown>)[name] ??
      (() => {
        throw new Error(`the loaders called ${name}`);
      }),
  });
  return { api: unused, calls };
}

let calls: string[];
let loaders: Loaders;
beforeEach(() => {
  const fake = countingApi();
  calls = fake.calls;
  loaders = createLoaders(fake.api);
});

/** Calls made from now on: empties the log. */
function takeCalls(): string[] {
  return calls.splice(0);
}

describe('batching and dedup', () => {
  it('makes one call per distinct key of a batch, and none for a key asked again later', async () => {
    const [a, b, c] = await Promise.all([
      loaders.policy.load('p1'),
      loaders.policy.load('p2'),
      loaders.policy.load('p1'),
    ]);
    expect([a?.id, b?.id, c?.id]).toEqual(['p1', 'p2', 'p1']);
    expect(takeCalls()).toEqual(['getPolicy p1', 'getPolicy p2']);
    expect((await loaders.policy.load('p2'))?.id).toBe('p2');
    expect(takeCalls()).toEqual([]);
  });

  it('answers two or more user type ids of one batch with one list call, one id with one GET', async () => {
    const [a, b, d] = await Promise.all([
      loaders.userType.load('ut-2'),
      loaders.userType.load('ut-3'),
      loaders.userType.load(DEFAULT_USER_TYPE),
    ]);
    expect([a?.id, b?.id, d?.id]).toEqual(['ut-2', 'ut-3', 'ut-default']);
    expect(takeCalls()).toEqual(['listUserTypes']);

    const fake = countingApi();
    const one = createLoaders(fake.api);
    expect((await one.userType.load('ut-2'))?.id).toBe('ut-2');
    expect(fake.calls).toEqual(['getUserType ut-2']);
  });

  it('shares one page call between equal listing arguments, whatever their order or undefined members', async () => {
    await Promise.all([
      loaders.policyPage.load({ type: 'PASSWORD', limit: 2, q: undefined }),
      loaders.policyPage.load({ limit: 2, type: 'PASSWORD' }),
    ]);
    await loaders.policyPage.load({ type: 'PASSWORD', limit: 2 });
    expect(takeCalls()).toEqual(['listPolicies {"type":"PASSWORD","limit":2}']);
    await loaders.policyPage.load({ type: 'PASSWORD', limit: 3 });
    expect(takeCalls()).toEqual(['listPolicies {"type":"PASSWORD","limit":3}']);
  });

  it('lists the applications of a policy once', async () => {
    await Promise.all([loaders.policyApplications.load('p1'), loaders.policyApplications.load('p1')]);
    await loaders.policyApplications.load('p1');
    expect(takeCalls()).toEqual(['listPolicyApplications p1']);
  });
});

describe('priming from lists', () => {
  it('a page primes the by-id policy loader', async () => {
    await loaders.policyPage.load({ type: 'PASSWORD' });
    takeCalls();
    const read = await Promise.all(['p1', 'p2', 'p3'].map((id) => loaders.policy.load(id)));
    expect(read.map((p) => p?.id)).toEqual(['p1', 'p2', 'p3']);
    expect(takeCalls()).toEqual([]);
  });

  it("a policy's rules list answers its rules, and a rule missing from it with null, without a call", async () => {
    await loaders.rules.load('p1');
    takeCalls();
    const [r1, r2, missing] = await Promise.all([
      loaders.rule.load({ policyId: 'p1', ruleId: 'r1' }),
      loaders.rule.load({ policyId: 'p1', ruleId: 'r2' }),
      loaders.rule.load({ policyId: 'p1', ruleId: 'r9' }),
    ]);
    expect([r1?.id, r2?.id, missing]).toEqual(['r1', 'r2', null]);
    expect(takeCalls()).toEqual([]);
  });

  it('answers a rule asked for in the same tick as its list from that list', async () => {
    const [list, r2, missing] = await Promise.all([
      loaders.rules.load('p1'),
      loaders.rule.load({ policyId: 'p1', ruleId: 'r2' }),
      loaders.rule.load({ policyId: 'p1', ruleId: 'r9' }),
    ]);
    expect(list.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect([r2?.id, missing]).toEqual(['r2', null]);
    expect(takeCalls()).toEqual(['listRules p1']);
  });

  it('the user types list primes every id and the default alias', async () => {
    await loaders.userTypeList.load(ALL_USER_TYPES);
    const read = await Promise.all(['ut-2', DEFAULT_USER_TYPE, 'ut-default'].map((id) => loaders.userType.load(id)));
    expect(read.map((t) => t?.id)).toEqual(['ut-2', 'ut-default', 'ut-default']);
    expect(takeCalls()).toEqual(['listUserTypes']);
  });

  it('a default type read by its alias is also known by its id, and the other way round', async () => {
    expect((await loaders.userType.load(DEFAULT_USER_TYPE))?.id).toBe('ut-default');
    expect((await loaders.userType.load('ut-default'))?.id).toBe('ut-default');
    expect(takeCalls()).toEqual([`getUserType ${DEFAULT_USER_TYPE}`]);

    const fake = countingApi();
    const other = createLoaders(fake.api);
    await other.userType.load('ut-default');
    expect((await other.userType.load(DEFAULT_USER_TYPE))?.id).toBe('ut-default');
    expect(fake.calls).toEqual(['getUserType ut-default']);
  });
});

describe('not found', () => {
  it('answers a missing policy, rule or user type with null, once', async () => {
    const missing = await Promise.all([
      loaders.policy.load('p9'),
      loaders.rule.load({ policyId: 'p1', ruleId: 'r9' }),
      loaders.userType.load('ut-9'),
    ]);
    expect(missing).toEqual([null, null, null]);
    expect(takeCalls().sort()).toEqual(['getPolicy p9', 'getRule p1 r9', 'getUserType ut-9']);
    await loaders.policy.load('p9');
    await loaders.rule.load({ policyId: 'p1', ruleId: 'r9' });
    await loaders.userType.load('ut-9');
    expect(takeCalls()).toEqual([]);
  });
});

describe('forgetRulesOf', () => {
  it("drops the policy's list and single rules, and only that policy's", async () => {
    await Promise.all([
      loaders.rules.load('p1'),
      loaders.rules.load('p2'),
      loaders.rule.load({ policyId: 'p1', ruleId: 'r1' }),
    ]);
    takeCalls();
    loaders.forgetRulesOf('p1');
    // p2 is still cached; p1's list and p1's rule are read again (the rule from the new list).
    await loaders.rules.load('p2');
    await loaders.rule.load({ policyId: 'p2', ruleId: 'r3' });
    expect(takeCalls()).toEqual([]);
    await loaders.rule.load({ policyId: 'p1', ruleId: 'r1' });
    expect(takeCalls()).toEqual(['getRule p1 r1']);
    await loaders.rules.load('p1');
    expect(takeCalls()).toEqual(['listRules p1']);
  });
});

describe('errors per key', () => {
  it('rejects only the failing key of a batch, with the upstream error', async () => {
    const [good, bad, missing] = await Promise.allSettled([
      loaders.policy.load('p1'),
      loaders.policy.load(BROKEN),
      loaders.policy.load('p9'),
    ]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { id: 'p1' } });
    expect(bad).toMatchObject({ status: 'rejected', reason: { name: 'UpstreamError', status: 500 } });
    expect(missing).toEqual({ status: 'fulfilled', value: null });
    expect(takeCalls()).toEqual(['getPolicy p1', `getPolicy ${BROKEN}`, 'getPolicy p9']);
  });

  it('reads a rule by itself when its list failed', async () => {
    await expect(loaders.rules.load(BROKEN)).rejects.toMatchObject({ status: 500 });
    await expect(loaders.rule.load({ policyId: BROKEN, ruleId: 'r1' })).resolves.toBeNull();
    expect(takeCalls()).toEqual([`listRules ${BROKEN}`, `getRule ${BROKEN} r1`]);
  });

  it('rejects a user type whose GET fails, and does not call again for it', async () => {
    await expect(loaders.userType.load(BROKEN)).rejects.toMatchObject({ status: 500 });
    await expect(loaders.userType.load(BROKEN)).rejects.toMatchObject({ status: 500 });
    expect(takeCalls()).toEqual([`getUserType ${BROKEN}`]);
  });
});
