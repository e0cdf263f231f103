// Policy plans in Redis and in process: a plan made through one gateway replica is applied through
// another, and the plans kept stay within their byte budgets whatever callers send.
import { describe, expect, it } from 'vitest';
import {
  MemoryPlanStore,
  type PlanBudget,
  type PlanStore,
  RedisPlanStore,
  type StoredPlan,
} from '../../src/policyDocument/planStore.ts';
import { RedisLink } from '../../src/redis/link.ts';
import { countFromNow, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, useStack } from '../helpers/gateway.ts';
import { graphqlClient } from '../helpers/graphqlClient.ts';
import { redisTestsRun, useRedis } from '../helpers/redis.ts';

const PLAN = 'mutation($d: JSON!) { planPolicies(document: $d) { plan { id } userErrors { code key path } } }';
const APPLY = 'mutation($id: ID!) { applyPolicies(planId: $id) { applied { key } userErrors { code } } }';

/** A document of `policies` new password policies, each with a description of `length` characters. */
function documentOf(policies: number, length: number, tag = '') {
  return {
    version: 1,
    policies: {
      PASSWORD: Array.from({ length: policies }, (_, i) => ({
        name: `Bulky ${tag}${i}`,
        description: 'x'.repeat(length),
      })),
    },
  };
}

describe.runIf(redisTestsRun('The policy plans tests'))('policy plans in Redis', () => {
  const redis = useRedis();
  const stack = useStack();

  it('a plan made on one replica is applied on another', async () => {
    const links = [new RedisLink({ url: redis().url }), new RedisLink({ url: redis().url })];
    await Promise.all(links.map((l) => l.whenReady()));
    const gateways = await Promise.all(
      links.map((link) => startTestGateway(stack().upstream, { policyPlans: new RedisPlanStore(link) })),
    );
    try {
      const [one, two] = gateways.map((g) => graphqlClient(g.url, `SSWS ${TOKEN}`));
      const document = {
        version: 1,
        policies: { PASSWORD: [{ name: 'Replicated', description: 'Planned on one, applied on two' }] },
      };
      const planned = await one(
        'mutation($d: JSON!) { planPolicies(document: $d) { plan { id changes { action key } } userErrors { code } } }',
        { d: document },
      );
      const plan = planned.data.planPolicies.plan;
      expect(plan.changes).toEqual([{ action: 'CREATE', key: 'PASSWORD/Replicated' }]);
      const applied = await two(APPLY, { id: plan.id });
      expect(applied.data.applyPolicies).toEqual({ applied: [{ key: 'PASSWORD/Replicated' }], userErrors: [] });
      const rest = await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD&q=Replicated');
      expect(rest.body.map((p: { name: string }) => p.name)).toEqual(['Replicated']);
    } finally {
      await Promise.all(gateways.map((g) => g.close()));
      await Promise.all(links.map((l) => l.close()));
    }
  });

  /** A small budget: about three plans of 40 policies with 1,000-character descriptions per caller. */
  const BUDGET: PlanBudget = { ttlMs: 3_600_000, maxBytes: 600 * 1024, callerMaxBytes: 300 * 1024 };

  /** A gateway over the stack's emulator keeping its plans in `store`, for one test. */
  async function withGateway(store: PlanStore, test: (url: string) => Promise<void>) {
    const gateway = await startTestGateway(stack().upstream, { policyPlans: store });
    try {
      await test(gateway.url);
    } finally {
      await gateway.close();
    }
  }

  // Refused before any store is reached: the one in process tells. Ten at once prove the refusal;
  // what a thousand cost the gateway's memory is measured by `npm run bench:plans`.
  it('plans of a 900 KB description, ten at once, are refused (INVALID, no upstream call) and keep nothing', async () => {
    const store = new MemoryPlanStore();
    await withGateway(store, async (url) => {
      const gql = graphqlClient(url, `SSWS ${TOKEN}`);
      const since = countFromNow(stack().emulator);
      const document = documentOf(1, 900 * 1024);
      const answers = await Promise.all(Array.from({ length: 10 }, () => gql(PLAN, { d: document })));
      for (const answer of answers) {
        expect(answer.data.planPolicies).toEqual({
          plan: null,
          userErrors: [{ code: 'INVALID', key: 'document', path: ['policies', 'PASSWORD', '0', 'description'] }],
        });
      }
      expect(since().total).toBe(0);
      expect(await store.bytes()).toBe(0);
    });
  });

  describe.each([
    ['in process', async () => ({ store: new MemoryPlanStore(BUDGET) as PlanStore, close: async () => {} })],
    [
      'in Redis',
      async () => {
        const link = new RedisLink({ url: redis().url });
        await link.whenReady();
        return { store: new RedisPlanStore(link, BUDGET) as PlanStore, close: () => link.close() };
      },
    ],
  ])('the plans kept %s', (_, makeStore) => {
    it('plans within the document limits are kept within the budgets, the oldest going first', async () => {
      const { store, close } = await makeStore();
      try {
        await withGateway(store, async (url) => {
          const alice = graphqlClient(url, `SSWS ${TOKEN}`);
          const ids: string[] = [];
          for (let i = 0; i < 12; i++) {
            const answer = await alice(PLAN, { d: documentOf(40, 1000, `${i}-`) });
            expect(answer.errors).toBeUndefined();
            expect(answer.data.planPolicies.userErrors).toEqual([]);
            ids.push(answer.data.planPolicies.plan.id);
            expect(await store.bytes()).toBeLessThanOrEqual(BUDGET.callerMaxBytes);
          }
          // The caller's oldest plan went to make room; its newest is kept and applies.
          expect((await alice(APPLY, { id: ids[0] })).data.applyPolicies.userErrors).toEqual([
            { code: 'PLAN_NOT_FOUND' },
          ]);
          // Another caller's plans (put directly: the emulator knows one credential) share the overall budget.
          const alicePlan = await store.get(ids[ids.length - 1]);
          for (let i = 0; i < 12; i++) {
            const kept = await store.put({ ...(alicePlan as StoredPlan), id: `bob-${i}`, caller: 'bob' });
            expect(kept).toEqual({ kept: true });
            expect(await store.bytes()).toBeLessThanOrEqual(BUDGET.maxBytes);
          }
          expect(await store.bytes()).toBeGreaterThan(BUDGET.callerMaxBytes);
          expect(await store.get('bob-0')).toBeUndefined();
          expect(await store.get('bob-11')).toBeDefined();
          // A plan larger than a caller's budget alone is not kept.
          const huge = await alice(PLAN, { d: documentOf(200, 1000) });
          expect(huge.data.planPolicies).toMatchObject({ plan: null, userErrors: [{ code: 'LIMIT_EXCEEDED' }] });
          expect(await store.bytes()).toBeLessThanOrEqual(BUDGET.maxBytes);
        });
      } finally {
        await close();
      }
    });
  });
});
