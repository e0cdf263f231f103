// One caller's flood of idempotency records or policy plans evicts only its own: read-only callers
// (READ_ONLY_ADMIN API tokens and a person's token with okta.policies.read alone) flood keyed creates
// with new keys and plans, past their own budgets and the overall ones (lowered, so the floods stay
// small), in process and in Redis; carol's retry then replays her one policy, her plan applies.
import { describe, expect, it } from 'vitest';
import { CallerMemory } from '../../src/callerMemory.ts';
import { MemoryIdempotencyStore } from '../../src/idempotency/store.ts';
import { RedisIdempotencyStore } from '../../src/idempotency/redisStore.ts';
import {
  MemoryPlanStore,
  type PlanBudget,
  type PlanStore,
  RedisPlanStore,
} from '../../src/policyDocument/planStore.ts';
import type { IdempotencyStore } from '../../src/idempotency/store.ts';
import { RedisLink } from '../../src/redis/link.ts';
import { countRequests, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, useStack } from '../helpers/gateway.ts';
import { graphqlClient } from '../helpers/graphqlClient.ts';
import { personToken } from '../helpers/oauthTokens.ts';
import { ALICE, builtInOrgWithTokens } from '../helpers/orgTokens.ts';
import { redisTestsRun, type TestRedis, useRedis } from '../helpers/redis.ts';

describe('CallerMemory', () => {
  const budget = { maxEntries: 6, maxBytes: 1_000, callerMaxEntries: 3, callerMaxBytes: 500 };

  it('past its own budget a caller loses its own oldest; past the overall one, the fullest caller does', () => {
    const memory = new CallerMemory<string>(budget);
    memory.set('carol-1', 'carol', 'c', 10, Infinity);
    for (let i = 0; i < 5; i++) memory.set(`mallory-${i}`, 'mallory', 'm', 10, Infinity);
    expect(memory.size).toBe(4);
    expect(memory.evicted).toEqual({ caller: 2, total: 0 });
    expect(memory.get('mallory-1', 0)).toBeUndefined();
    expect(memory.get('mallory-2', 0)).toBe('m');
    // Five more callers of three entries each: the overall budget evicts from the fullest, never carol's one.
    for (const caller of ['a', 'b', 'c', 'd', 'e'])
      for (let i = 0; i < 3; i++) memory.set(`${caller}-${i}`, caller, caller, 10, Infinity);
    expect(memory.size).toBe(6);
    expect(memory.get('carol-1', 0)).toBe('c');
    expect(memory.evicted.total).toBeGreaterThan(0);
    // Bytes count like entries: one caller's 300-byte entries evict its own first.
    memory.set('big-1', 'big', 'x', 300, Infinity);
    memory.set('big-2', 'big', 'x', 300, Infinity);
    expect(memory.get('big-1', 0)).toBeUndefined();
    expect(memory.bytes).toBeLessThanOrEqual(budget.maxBytes);
    expect(memory.get('carol-1', 0)).toBe('c');
  });

  it('a new caller fuller than the rest is kept: the next fullest gives way', () => {
    const memory = new CallerMemory<string>(budget);
    for (const caller of ['a', 'b', 'c', 'd', 'e', 'f']) memory.set(caller, caller, caller, 10, Infinity);
    memory.set('big', 'big', 'x', 200, Infinity);
    expect(memory.size).toBe(6);
    expect(memory.get('big', 0)).toBe('x');
  });

  it('expired entries are dropped and give their room back', () => {
    const memory = new CallerMemory<string>(budget);
    memory.set('a', 'carol', 'a', 400, 100);
    expect(memory.get('a', 99)).toBe('a');
    expect(memory.get('a', 100)).toBeUndefined();
    expect(memory.bytes).toBe(0);
    memory.set('b', 'carol', 'b', 400, 100);
    memory.sweep(200);
    expect(memory.size).toBe(0);
  });
});

/** Read-only API tokens of alice (READ_ONLY_ADMIN): each one another caller. */
const READ_ONLY = Array.from({ length: 6 }, (_, i) => `read-only-${i}`);
const stack = useStack({
  emulator: { fixture: builtInOrgWithTokens(READ_ONLY.map((token) => ({ token, userId: ALICE }))) },
});
const withRedis = redisTestsRun('The per-caller budget tests through Redis');
/** The rows of a table of stores, less its Redis row when redis-server is not installed. */
function withoutRedisIfNone<T extends [string, ...unknown[]]>(rows: T[]): T[] {
  return rows.filter(([where]) => withRedis || where !== 'in Redis');
}
const redis: () => TestRedis = withRedis
  ? useRedis()
  : () => {
      throw new Error('redis-server is not installed');
    };

const CREATE_POLICY = `mutation($input: PolicyInput!, $key: String) {
  createPolicy(input: $input, idempotencyKey: $key) { policy { id name } userErrors { code } }
}`;
const PLAN = 'mutation($d: JSON!) { planPolicies(document: $d) { plan { id } userErrors { code } } }';
const APPLY = 'mutation($id: ID!) { applyPolicies(planId: $id) { applied { key } userErrors { code } } }';
const NAMED = `query($q: String) { policies(type: PASSWORD, q: $q) { nodes { id name } } }`;

const IDEMPOTENCY_BUDGET = { maxEntries: 30, callerMaxEntries: 8 };
const PLAN_BUDGET: PlanBudget = {
  ttlMs: 60_000,
  maxBytes: 1024 ** 2,
  callerMaxBytes: 256 * 1024,
  maxPlans: 8,
  callerMaxPlans: 3,
};

async function inRedis<T>(make: (link: RedisLink) => T): Promise<{ store: T; close: () => Promise<void> }> {
  const link = new RedisLink({ url: redis().url });
  await link.whenReady();
  return { store: make(link), close: () => link.close() };
}

describe.each(
  withoutRedisIfNone<[string, () => Promise<{ store: IdempotencyStore; close: () => Promise<void> }>]>([
    [
      'in process',
      async () => ({
        store: new MemoryIdempotencyStore(IDEMPOTENCY_BUDGET) as IdempotencyStore,
        close: async () => {},
      }),
    ],
    ['in Redis', () => inRedis((link) => new RedisIdempotencyStore(link, IDEMPOTENCY_BUDGET) as IdempotencyStore)],
  ]),
)('idempotency records %s', (_, makeStore) => {
  it("read-only callers' floods of keyed creates leave carol's record: her retry replays her one policy", async () => {
    const { store, close } = await makeStore();
    const gateway = await startTestGateway(stack().upstream, { idempotency: { store, ttlMs: 60_000, waitMs: 5_000 } });
    try {
      const carol = graphqlClient(gateway.url, `SSWS ${TOKEN}`);
      const carolIdem = { type: 'PASSWORD', name: 'CarolIdem' };
      const first = await carol(CREATE_POLICY, { input: carolIdem, key: 'carol-1' });
      const id = first.data.createPolicy.policy.id;
      // A person's token with okta.policies.read alone, and six read-only admin tokens: 7 × 10 keyed
      // creates with new keys, each refused (403), past each caller's budget (8) and the overall one (30).
      const person = `Bearer ${await personToken(stack().emulator, 'carol@example.com', 'okta.policies.read')}`;
      const flooders = [person, ...READ_ONLY.map((token) => `SSWS ${token}`)];
      for (const [f, auth] of flooders.entries()) {
        const gql = graphqlClient(gateway.url, auth);
        const refusals = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            gql(CREATE_POLICY, { input: { type: 'PASSWORD', name: `Flood ${f}-${i}` }, key: `k-${i}` }),
          ),
        );
        for (const refused of refusals)
          expect(refused.data.createPolicy.userErrors).toEqual([{ code: 'ACCESS_DENIED' }]);
      }
      expect(store.evicted.caller).toBeGreaterThan(0);
      expect(store.evicted.total).toBeGreaterThan(0);
      const { result, byRoute } = await countRequests(stack().emulator, () =>
        carol(CREATE_POLICY, { input: carolIdem, key: 'carol-1' }),
      );
      expect(result.data.createPolicy.policy.id).toBe(id);
      expect(byRoute['POST /api/v1/policies']).toBeUndefined();
      const named = await carol(NAMED, { q: 'CarolIdem' });
      expect(named.data.policies.nodes.filter((p: { name: string }) => p.name === 'CarolIdem')).toHaveLength(1);
    } finally {
      await gateway.close();
      await close();
    }
  });
});

describe.each(
  withoutRedisIfNone<[string, () => Promise<{ store: PlanStore; close: () => Promise<void> }>]>([
    ['in process', async () => ({ store: new MemoryPlanStore(PLAN_BUDGET) as PlanStore, close: async () => {} })],
    ['in Redis', () => inRedis((link) => new RedisPlanStore(link, PLAN_BUDGET) as PlanStore)],
  ]),
)('policy plans %s', (_, makeStore) => {
  it("read-only callers' floods of plans leave carol's plan: her apply applies", async () => {
    const { store, close } = await makeStore();
    const gateway = await startTestGateway(stack().upstream, { policyPlans: store });
    try {
      const carol = graphqlClient(gateway.url, `SSWS ${TOKEN}`);
      const document = (name: string) => ({ version: 1, policies: { PASSWORD: [{ name }] } });
      const mine = await carol(PLAN, { d: document('Carol planned') });
      const planId = mine.data.planPolicies.plan.id;
      // Six read-only callers plan 4 times each: past their own budget (3) and the overall one (8).
      for (const [f, token] of READ_ONLY.entries()) {
        const gql = graphqlClient(gateway.url, `SSWS ${token}`);
        const answers = await Promise.all(
          Array.from({ length: 4 }, (_, i) => gql(PLAN, { d: document(`Flood ${f}-${i}`) })),
        );
        for (const answer of answers) expect(answer.data.planPolicies.userErrors).toEqual([]);
      }
      expect(store.evicted.caller).toBeGreaterThan(0);
      expect(store.evicted.total).toBeGreaterThan(0);
      const applied = await carol(APPLY, { id: planId });
      expect(applied.data.applyPolicies).toEqual({ applied: [{ key: 'PASSWORD/Carol planned' }], userErrors: [] });
    } finally {
      await gateway.close();
      await close();
    }
  });
});

describe('/metrics', () => {
  it('counts the records and plans evicted, by cause', async () => {
    const store = new MemoryIdempotencyStore({ maxEntries: 4, callerMaxEntries: 2 });
    const gateway = await startTestGateway(stack().upstream, { idempotency: { store, ttlMs: 60_000, waitMs: 5_000 } });
    try {
      const gql = graphqlClient(gateway.url, `SSWS ${READ_ONLY[0]}`);
      for (let i = 0; i < 3; i++)
        await gql(CREATE_POLICY, { input: { type: 'PASSWORD', name: `M ${i}` }, key: `m-${i}` });
      const text = await (await fetch(`${gateway.url}/metrics`)).text();
      expect(text).toContain('gateway_idempotency_records_evicted_total{cause="caller"} 1');
      expect(text).toContain('gateway_idempotency_records_evicted_total{cause="total"} 0');
      expect(text).toContain('gateway_policy_plans_evicted_total{cause="caller"} 0');
    } finally {
      await gateway.close();
    }
  });
});

describe.runIf(withRedis)('the Redis records’ indexes', () => {
  it('follow claims, completions, releases and expiry: every record counted once, none left behind', async () => {
    const { store, close } = await inRedis(
      (link) => new RedisIdempotencyStore(link, { maxEntries: 5, callerMaxEntries: 3 }) as IdempotencyStore,
    );
    const link = new RedisLink({ url: redis().url });
    try {
      const claim = (id: string, ttlMs = 60_000) => store.claim(id, 'f', { ttlMs, leaseMs: 60_000, now: Date.now() });
      const claimed: Record<string, string> = {};
      for (const id of ['a:1', 'a:2', 'a:3', 'a:4', 'b:1', 'b:2', 'c:1']) {
        const result = await claim(id);
        if (result.kind === 'claimed') claimed[id] = result.claim;
      }
      // a's fourth evicted its first (its own budget); c's first, past the overall 5, evicted a's oldest left.
      expect(store.evicted).toEqual({ caller: 1, total: 1 });
      await store.complete('b:1', claimed['b:1'], { kind: 'payload', id: 'x'.repeat(500), userErrors: [] }, 60_000);
      await store.release('b:2', claimed['b:2']);
      const redisClient = link.redis;
      const members = await redisClient.zrange('gateway:idempotency-index', '0', '-1');
      expect(members.map((m) => m.split('|')[2]).sort()).toEqual(['a:3', 'a:4', 'b:1', 'c:1']);
      expect(await redisClient.hget('gateway:idempotency-usage:b', 'n')).toBe('1');
      expect(Number(await redisClient.hget('gateway:idempotency-usage:b', 'b'))).toBeGreaterThan(500);
      expect(await redisClient.exists('gateway:idempotency:a:1')).toBe(0);
      // Records that expired leave the indexes at the next claim.
      await claim('d:1', 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await claim('d:2');
      const left = await redisClient.zrange('gateway:idempotency-index', '0', '-1');
      expect(left.map((m) => m.split('|')[2]).sort()).toEqual(['a:3', 'a:4', 'b:1', 'c:1', 'd:2']);
      const total = left.reduce((sum, m) => sum + Number(m.split('|')[1]), 0);
      expect(Number(await redisClient.get('gateway:idempotency-bytes'))).toBe(total);
    } finally {
      await link.close();
      await close();
    }
  });
});
