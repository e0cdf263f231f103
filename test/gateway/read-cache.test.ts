// The shared read cache (CACHE_TTL_SECONDS) over the real emulator: a repeated dashboard costs no
// upstream call and says so in extensions.cost; every kind of write through the gateway is seen by
// the next read; Cache-Control: no-cache makes fresh calls; a junk token, or a token without the
// scope of a read, is never answered from a warm cache; the default (off) changes nothing.
import { describe, expect, it } from 'vitest';
import { wantsFreshData } from '../../src/gateway/cacheControl.ts';
import type { AttemptResult } from '../../src/upstream/attempt.ts';
import { ReadCache, type ReadCacheOptions } from '../../src/upstream/cache/readCache.ts';
import { type CachedRead, ReadCacheStore } from '../../src/upstream/cache/store.ts';
import { prepareCall } from '../../src/upstream/call/request.ts';
import { RightsClasses } from '../../src/upstream/call/rightsClasses.ts';
import { ROUTES } from '../../src/upstream/routes.ts';
import { countFromNow, createPolicy, TOKEN } from '../helpers/emulator.ts';
import { operationOf } from '../helpers/callOperation.ts';
import { useForTests } from '../helpers/lifecycle.ts';
import { type GqlResult, startTestUpstream, type TestStack, useStack } from '../helpers/gateway.ts';
import { personToken } from '../helpers/oauthTokens.ts';

const DASHBOARD = `{
  policies(type: PASSWORD) { nodes { id name priority status rules { id name status } } }
  userTypes { id name displayName }
}`;

function ok<T = any>(result: GqlResult<T>): T {
  expect(result.errors).toBeUndefined();
  return result.data as T;
}

/** The upstream requests one operation made, as the emulator counted them. */
async function callsOf(s: TestStack, run: () => Promise<unknown>): Promise<number> {
  const calls = countFromNow(s.emulator);
  await run();
  return calls().total;
}

describe('the read cache, on (60 s)', () => {
  const stack = useStack({ client: { cacheTtlSeconds: 60 } });

  it('answers a repeated dashboard with no upstream call, and extensions.cost says what it served', async () => {
    const first = await stack().gql(DASHBOARD);
    expect(first.extensions.cost.cache).toEqual({ hits: 0, oldestAgeSeconds: 0 });
    const calls = countFromNow(stack().emulator);
    const again = await stack().gql(DASHBOARD);
    expect(calls().total).toBe(0);
    expect(ok(again)).toEqual(ok(first));
    expect(again.extensions.cost.calls).toBe(0);
    expect(again.extensions.cost.cache.hits).toBe(first.extensions.cost.calls);
    expect(again.extensions.cost.cache.oldestAgeSeconds).toBe(0);
  });

  it('counts hits, misses, invalidations and the bytes held in /metrics', async () => {
    await stack().gql(DASHBOARD);
    await stack().gql(DASHBOARD);
    const policy = await createPolicy(stack().emulator, { name: 'Counted' });
    await stack().gql('mutation($id: ID!) { deactivatePolicy(id: $id) { userErrors { code } } }', { id: policy.id });
    const text = await (await fetch(`${stack().url}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    const cache = stack().upstream.readCache;
    expect(value('gateway_read_cache_hits_total')).toBe(cache?.hits);
    expect(value('gateway_read_cache_hits_total')).toBeGreaterThan(0);
    expect(value('gateway_read_cache_misses_total')).toBe(cache?.misses);
    expect(value('gateway_read_cache_invalidations_total')).toBe(cache?.invalidations);
    expect(value('gateway_read_cache_invalidations_total')).toBeGreaterThan(0);
    expect(value('gateway_read_cache_bytes')).toBe(cache?.bytes);
  });

  it('makes fresh calls for Cache-Control: no-cache, and they refresh the cache', async () => {
    await stack().gql(DASHBOARD);
    const fresh = await stack().gql(DASHBOARD, {}, { headers: { 'cache-control': 'no-cache' } });
    expect(fresh.extensions.cost.calls).toBeGreaterThan(0);
    expect(fresh.extensions.cost.cache.hits).toBe(0);
    expect(await callsOf(stack(), () => stack().gql(DASHBOARD))).toBe(0);
  });

  it('refuses a junk token with UNAUTHENTICATED even with the cache warm', async () => {
    await stack().gql(DASHBOARD);
    const junk = await stack().gql('{ userTypes { id } }', {}, { auth: 'SSWS not-a-token' });
    expect(junk.data?.userTypes ?? null).toBeNull();
    expect(junk.errors?.map((e) => e.extensions.code)).toEqual(['UNAUTHENTICATED']);
    expect(junk.extensions.cost.cache.hits).toBe(0);
  });

  it('does not answer a token without the user types read scope from cached user types', async () => {
    // The same person's token with both scopes warms the cache: proof is the credential's, not the person's.
    const both = `Bearer ${await personToken(stack().emulator, 'carol@example.com', 'okta.policies.read okta.userTypes.read')}`;
    ok(await stack().gql(DASHBOARD, {}, { auth: both }));
    const policiesOnly = `Bearer ${await personToken(stack().emulator, 'carol@example.com', 'okta.policies.read')}`;
    // Proven for policies: its policy reads are served from the cache.
    const policies = await stack().gql('{ policies(type: PASSWORD) { nodes { id } } }', {}, { auth: policiesOnly });
    ok(policies);
    const served = await stack().gql('{ policies(type: PASSWORD) { nodes { id } } }', {}, { auth: policiesOnly });
    expect(served.extensions.cost).toMatchObject({ calls: 0, cache: { hits: 1 } });
    const userTypes = await stack().gql('{ userTypes { id } }', {}, { auth: policiesOnly });
    expect(userTypes.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);
    expect(userTypes.extensions.cost).toMatchObject({ calls: 1, cache: { hits: 0 } });
  });

  describe('shows every write through the gateway at the next read', () => {
    const POLICIES = '{ policies(type: PASSWORD) { nodes { id name priority status } } }';
    const policiesNow = async () => ok(await stack().gql(POLICIES)).policies.nodes as any[];
    /** Two custom policies, read twice so that the second answer is the cache's. */
    async function warmPolicies(): Promise<{ a: any; b: any }> {
      const a = await createPolicy(stack().emulator, { name: 'Cached A' });
      const b = await createPolicy(stack().emulator, { name: 'Cached B' });
      await stack().upstream.invalidateCache();
      await policiesNow();
      expect(await callsOf(stack(), policiesNow)).toBe(0);
      return { a, b };
    }
    const mutate = async (query: string, variables: Record<string, unknown>) => {
      const result = ok(await stack().gql(query, variables));
      expect(Object.values(result as object)[0].userErrors ?? []).toEqual([]);
    };

    it('a rename', async () => {
      const { a } = await warmPolicies();
      await mutate('mutation($id: ID!) { updatePolicy(id: $id, input: { name: "Renamed" }) { userErrors { code } } }', {
        id: a.id,
      });
      expect((await policiesNow()).find((p) => p.id === a.id).name).toBe('Renamed');
    });

    it("a priority change, and its siblings' new priorities", async () => {
      const { a, b } = await warmPolicies();
      await mutate('mutation($id: ID!) { updatePolicy(id: $id, input: { priority: 1 }) { userErrors { code } } }', {
        id: b.id,
      });
      const upstream = (await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body as any[];
      const priorities = (list: any[]) => list.map((p) => [p.id, p.priority]);
      const now = await policiesNow();
      expect(priorities(now)).toEqual(priorities(upstream));
      expect(now.find((p) => p.id === a.id).priority).toBe(a.priority + 1);
    });

    it('a lifecycle change', async () => {
      const { a } = await warmPolicies();
      await mutate('mutation($id: ID!) { deactivatePolicy(id: $id) { userErrors { code } } }', { id: a.id });
      expect((await policiesNow()).find((p) => p.id === a.id).status).toBe('INACTIVE');
    });

    it('a delete', async () => {
      const { a } = await warmPolicies();
      await mutate('mutation($id: ID!) { deletePolicy(id: $id) { userErrors { code } } }', { id: a.id });
      expect((await policiesNow()).map((p) => p.id)).not.toContain(a.id);
    });

    it('a rule write', async () => {
      const { a } = await warmPolicies();
      const RULES = 'query($id: ID!) { policy(id: $id) { rules { name } } }';
      const rulesNow = async () => ok(await stack().gql(RULES, { id: a.id })).policy.rules.map((r: any) => r.name);
      const before = await rulesNow();
      expect(await callsOf(stack(), rulesNow)).toBe(0);
      await mutate(
        'mutation($id: ID!) { createPolicyRule(policyId: $id, input: { type: PASSWORD, name: "Cached rule" }) { userErrors { code } } }',
        { id: a.id },
      );
      expect(await rulesNow()).toEqual([...before, 'Cached rule'].sort(byDefaultLast(before)));
    });

    it('a partial update reads what it changes fresh: a change made outside the gateway is not undone', async () => {
      const { a } = await warmPolicies();
      const POLICY = 'query($id: ID!) { policy(id: $id) { name } }';
      await stack().gql(POLICY, { id: a.id });
      expect(await callsOf(stack(), () => stack().gql(POLICY, { id: a.id }))).toBe(0);
      const outside = { ...(await stack().emulator.call('GET', `/api/v1/policies/${a.id}`)).body, name: 'Outside' };
      expect((await stack().emulator.call('PUT', `/api/v1/policies/${a.id}`, outside)).status).toBe(200);
      await mutate(
        'mutation($id: ID!) { updatePolicy(id: $id, input: { description: "Changed here" }) { userErrors { code } } }',
        { id: a.id },
      );
      const now = (await stack().emulator.call('GET', `/api/v1/policies/${a.id}`)).body;
      expect(now).toMatchObject({ name: 'Outside', description: 'Changed here' });
    });

    it("a user type's change and delete", async () => {
      const USER_TYPES = '{ userTypes { id displayName } }';
      const userTypesNow = async () => ok(await stack().gql(USER_TYPES)).userTypes as any[];
      const created = ok(
        await stack().gql(
          'mutation { createUserType(input: { name: "cached", displayName: "Cached" }) { userType { id } } }',
        ),
      ).createUserType.userType;
      await userTypesNow();
      expect(await callsOf(stack(), userTypesNow)).toBe(0);
      await mutate(
        'mutation($id: ID!) { updateUserType(id: $id, input: { displayName: "Changed" }) { userErrors { code } } }',
        {
          id: created.id,
        },
      );
      expect((await userTypesNow()).find((t) => t.id === created.id).displayName).toBe('Changed');
      expect(await callsOf(stack(), userTypesNow)).toBe(0);
      await mutate('mutation($id: ID!) { deleteUserType(id: $id) { userErrors { code } } }', { id: created.id });
      expect((await userTypesNow()).map((t) => t.id)).not.toContain(created.id);
    });
  });

  it('serves nothing read before the org was reset through the test helpers', async () => {
    await createPolicy(stack().emulator, { name: 'Before the reset' });
    const names = async () => ok(await stack().gql('{ policies(type: PASSWORD) { nodes { name } } }')).policies.nodes;
    expect((await names()).map((p: any) => p.name)).toContain('Before the reset');
    await stack().emulator.reset();
    await stack().upstream.invalidateCache();
    expect((await names()).map((p: any) => p.name)).not.toContain('Before the reset');
  });
});

describe('the read cache behind an embedded emulator', () => {
  it('serves nothing read before the org was reset or restored over HTTP (onOrgReplaced)', async () => {
    let invalidate: () => Promise<void> = async () => undefined;
    const upstream = await startTestUpstream({ onOrgReplaced: () => invalidate() }, { cacheTtlSeconds: 60 });
    invalidate = () => upstream.client.invalidateCache();
    try {
      const policy = await createPolicy(upstream.emulator, { name: 'Gone after the reset' });
      await upstream.api.getPolicy(policy.id);
      const calls = countFromNow(upstream.emulator);
      await upstream.api.getPolicy(policy.id);
      expect(calls().total).toBe(0);
      await upstream.emulator.reset();
      await expect(upstream.api.getPolicy(policy.id)).rejects.toMatchObject({ status: 404 });
    } finally {
      await upstream.close();
    }
  });
});

describe('Cache-Control', () => {
  it('asks for fresh data with no-cache, no-store or max-age=0, in any case and among other directives', () => {
    for (const value of ['no-cache', 'No-Cache', 'max-age=0', 'private, no-store', 'max-age = 0 , x'])
      expect(wantsFreshData(value), value).toBe(true);
    for (const value of [null, '', 'max-age=60', 'no-transform', 'max-age=00x', 'x-no-cache'])
      expect(wantsFreshData(value), String(value)).toBe(false);
  });
});

describe('the read cache store', () => {
  const read = (url: string, body: string): CachedRead => ({
    url,
    family: 'policies',
    rights: 'policies:manage',
    status: 200,
    body,
    bodyBytes: Buffer.byteLength(body),
    link: undefined,
    startedAt: 0,
    stamp: '0',
  });

  it('keeps its bytes under the budget, the least recently used going first', () => {
    const store = new ReadCacheStore(1_000);
    const body = 'x'.repeat(100);
    store.set(read('/a', body));
    store.set(read('/b', body));
    expect(store.get('/a')?.url).toBe('/a');
    store.set(read('/c', body));
    expect(store.bytes).toBeLessThanOrEqual(1_000);
    expect([store.get('/a'), store.get('/b'), store.get('/c')].map((r) => r?.url)).toEqual(['/a', undefined, '/c']);
  });

  it('does not keep an answer larger than the whole budget, and counts a replaced entry once', () => {
    const store = new ReadCacheStore(1_000);
    store.set(read('/big', 'x'.repeat(2_000)));
    expect(store.get('/big')).toBeUndefined();
    expect(store.bytes).toBe(0);
    store.set(read('/a', 'one'));
    const once = store.bytes;
    store.set(read('/a', 'two'));
    expect(store.bytes).toBe(once);
    expect(store.size).toBe(1);
  });
});

describe('the read cache step', () => {
  const guard = { reason: undefined, now: () => 0, takeBytes: () => undefined };
  const operation = operationOf(guard);
  /** A cache whose rights classes know the caller's, as the service's own answers to it showed. */
  const cacheWith = (options: Omit<ReadCacheOptions, 'rights'>) => {
    const rights = new RightsClasses();
    rights.answered('caller', 'userTypes', []);
    rights.answered('caller', 'policies', [{ _links: { rules: { href: '/r' } } }]);
    return new ReadCache({ ...options, rights });
  };
  const answered = (body: unknown[]): AttemptResult => ({
    ok: true,
    status: 200,
    headers: {},
    body: JSON.stringify(body),
    durationMs: 1,
  });
  /** One read through the cache: the service's answer is `body` unless the cache answers; what answered. */
  async function readThrough(cache: ReadCache, body: unknown[], before?: () => Promise<void>, family?: 'policies') {
    let age: number | undefined;
    const request = family ? { route: ROUTES.listRules, params: { policyId: 'p1' } } : { route: ROUTES.listUserTypes };
    const response = await cache.read(
      prepareCall('', request, operation),
      async (call) => {
        await before?.();
        const result = answered(body);
        call.own = result;
        return { status: 200, body: JSON.parse(result.ok ? result.body : ''), link: undefined };
      },
      (_call, ageMs) => {
        age = ageMs;
      },
    );
    return { body: response.body, age };
  }
  const type = (id: string) => ({ id, type: 'USER_TYPE' });

  it('serves an answer younger than the TTL with its age, and reads again after it', async () => {
    let now = 1_000;
    const cache = cacheWith({ ttlMs: 60_000, maxBytes: 1_000_000, now: () => now });
    await readThrough(cache, [type('a')]);
    now += 5_000;
    expect(await readThrough(cache, [type('b')])).toEqual({ body: [type('a')], age: 5_000 });
    now += 55_000;
    expect(await readThrough(cache, [type('c')])).toEqual({ body: [type('c')], age: undefined });
  });

  it('hands every hit the one parsed body it kept, frozen through, so no caller can change another’s', async () => {
    const cache = cacheWith({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const own = await readThrough(cache, [{ ...type('a'), _links: { self: { href: '/a' } } }]);
    const first = await readThrough(cache, [type('b')]);
    const second = await readThrough(cache, [type('c')]);
    expect(first.body).toBe(own.body);
    expect(second.body).toBe(own.body);
    const [kept] = first.body as { id: string; _links: { self: { href: string } } }[];
    expect(Object.isFrozen(first.body)).toBe(true);
    expect(() => {
      kept.id = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      kept._links.self.href = '/changed';
    }).toThrow(TypeError);
    expect(() => (first.body as unknown[]).push(type('c'))).toThrow(TypeError);
    expect(second.body).toEqual([{ ...type('a'), _links: { self: { href: '/a' } } }]);
  });

  it('never serves an answer whose read started before a write ended, even one stored after it', async () => {
    const cache = cacheWith({ ttlMs: 60_000, maxBytes: 1_000_000 });
    // The write ends while the read is in flight: its answer may predate the write.
    await readThrough(cache, [type('before')], () => cache.written(ROUTES.createUserType));
    expect((await readThrough(cache, [type('after')])).body).toEqual([type('after')]);
    expect(await readThrough(cache, [type('later')])).toMatchObject({ body: [type('after')] });
  });

  it('makes policy reads stale on a user type write, and user type reads not on a policy write', async () => {
    const cache = cacheWith({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const rule = (id: string) => ({ id, type: 'PASSWORD' });
    await readThrough(cache, [type('kept')]);
    await readThrough(cache, [rule('old')], undefined, 'policies');
    await cache.written(ROUTES.activatePolicy);
    // The simulation is a POST the contract marks as changing nothing: it makes nothing stale.
    await cache.written(ROUTES.simulate);
    expect((await readThrough(cache, [type('new')])).body).toEqual([type('kept')]);
    expect((await readThrough(cache, [rule('new')], undefined, 'policies')).body).toEqual([rule('new')]);
    expect((await readThrough(cache, [rule('unread')], undefined, 'policies')).body).toEqual([rule('new')]);
    await cache.written(ROUTES.deleteUserType);
    expect((await readThrough(cache, [type('new')])).body).toEqual([type('new')]);
    expect((await readThrough(cache, [rule('newer')], undefined, 'policies')).body).toEqual([rule('newer')]);
    expect(cache.invalidations).toBe(2);
  });
});

describe('the read cache in the list of steps', () => {
  const upstream = useForTests('the emulator and a caching client', {
    start: () => startTestUpstream({}, { cacheTtlSeconds: 60 }),
    close: (u) => u.close(),
  });

  it("answers a hit before the guard: it takes none of its operation's calls or slots", async () => {
    const { client, emulator } = upstream();
    const [first] = await upstream().api.listUserTypes();
    // One call allowed, one at a time: a wave of three reads would be refused if the guard saw them.
    const api = client.forCaller(`SSWS ${TOKEN}`, { maxCalls: 1, concurrency: 1 });
    const calls = countFromNow(emulator);
    const hits = await Promise.all([api.listUserTypes(), api.listUserTypes(), api.listUserTypes()]);
    expect(hits.map((types) => types[0].id)).toEqual([first.id, first.id, first.id]);
    expect(calls().total).toBe(0);
    // Its one call is still there for a read the cache cannot answer.
    await expect(api.getUserType(first.id)).resolves.toMatchObject({ id: first.id });
    expect(calls().total).toBe(1);
    await expect(api.getUserType('oty-other')).rejects.toMatchObject({ code: 'UPSTREAM_CALL_BUDGET_EXCEEDED' });
    api.finish();
  });
});

describe('the read cache, off (the default)', () => {
  const stack = useStack();

  it('changes nothing: a repeated read calls again, and extensions.cost has no cache member', async () => {
    await stack().gql(DASHBOARD);
    const again = await stack().gql(DASHBOARD);
    expect(again.extensions.cost.calls).toBeGreaterThan(0);
    expect(again.extensions.cost).not.toHaveProperty('cache');
    expect(stack().upstream.readCache).toBeUndefined();
  });
});

/** Rules by name as the service lists them: by priority, the default rule (the first read's last) last. */
function byDefaultLast(before: string[]): (x: string, y: string) => number {
  const last = before.at(-1);
  return (x, y) => (x === last ? 1 : y === last ? -1 : 0);
}
