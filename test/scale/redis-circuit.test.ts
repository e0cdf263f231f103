// A stalled Redis (SIGSTOP: the connection stays open, nothing is answered) costs one command
// timeout, not one per command: after the first timeout the circuit opens, operations on two
// replicas answer without waiting on Redis, a plan made on the other replica is PLAN_UNAVAILABLE
// (retryable), never PLAN_NOT_FOUND, and /metrics shows the open circuit; after SIGCONT a background
// probe closes it and everything is shared again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSharedState, SHARED_STATE_DEFAULTS, type SharedState } from '../../src/gateway/sharedState.ts';
import { REDIS_DEFAULTS } from '../../src/redis/link.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from '../helpers/emulator.ts';
import { startTestGateway } from '../helpers/gateway.ts';
import { graphqlClient } from '../helpers/graphqlClient.ts';
import { startTestRedis, type TestRedis } from '../helpers/redisServer.ts';
import { redisTestsRun } from '../helpers/redis.ts';

const withRedis = redisTestsRun('The Redis circuit test');

const PLAN = 'mutation($d: JSON!) { planPolicies(document: $d) { plan { id } userErrors { code } } }';
const APPLY = 'mutation($id: ID!) { applyPolicies(planId: $id) { applied { key } userErrors { code } } }';
const READ = '{ userTypes { id } }';
const quiet = { warn: () => undefined, info: () => undefined };

let redis: TestRedis;
let emulator: TestEmulator;
const replicas: { shared: SharedState; url: string; close(): Promise<void> }[] = [];

beforeAll(async () => {
  if (!withRedis) return;
  [redis, emulator] = await Promise.all([startTestRedis(), startTestEmulator()]);
  for (let i = 0; i < 2; i++) {
    const shared = await createSharedState({ ...SHARED_STATE_DEFAULTS, redisUrl: redis.url, replicas: 2 }, quiet);
    await shared.redis?.whenReady();
    const upstream = new UpstreamClient({
      baseUrl: emulator.url,
      budget: shared.budget,
      cacheVersions: shared.cacheVersions,
      replicated: true,
    });
    const gateway = await startTestGateway(upstream, {
      policyPlans: shared.policyPlans,
      idempotency: shared.idempotency,
      metrics: { redisCircuit: shared.redis?.circuit },
    });
    replicas.push({
      shared,
      url: gateway.url,
      close: async () => {
        await gateway.close();
        await upstream.close();
        await shared.close();
      },
    });
  }
}, 30_000);

afterAll(async () => {
  if (!withRedis) return;
  redis?.resume();
  await Promise.all(replicas.map((r) => r.close()));
  await redis?.stop();
  await emulator?.close();
});

/** One operation's answer and how long it took. */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe.runIf(withRedis)('a stalled Redis behind two replicas', () => {
  it('costs one timeout: then operations answer without waiting on Redis, a plan is PLAN_UNAVAILABLE; resumed, shared again', async () => {
    const [a, b] = replicas.map((r) => graphqlClient(r.url, `SSWS ${TOKEN}`));
    const circuits = replicas.map((r) => r.shared.redis?.circuit);
    const document = { version: 1, policies: { PASSWORD: [{ name: 'Stalled', description: 'Planned on A' }] } };
    const planned = await a(PLAN, { d: document });
    const planId = planned.data.planPolicies.plan.id as string;
    expect((await b(READ)).data.userTypes.length).toBeGreaterThan(0);
    expect(circuits.map((c) => c?.open)).toEqual([false, false]);

    redis.pause();
    try {
      // The first operation on each replica waits one command timeout (its budget take), then is
      // served from the replica's share of the budget.
      for (const gql of [a, b]) {
        const first = await timed(() => gql(READ));
        expect(first.result.data.userTypes.length).toBeGreaterThan(0);
        expect(first.ms).toBeGreaterThanOrEqual(REDIS_DEFAULTS.commandTimeoutMs * 0.9);
      }
      expect(circuits.map((c) => [c?.open, c?.opened])).toEqual([
        [true, 1],
        [true, 1],
      ]);
      // Then none waits a Redis timeout: ten operations on each replica.
      const skippedBefore = circuits.map((c) => c?.shortCircuited ?? 0);
      for (let i = 0; i < 10; i++) {
        for (const gql of [a, b]) {
          const next = await timed(() => gql(READ));
          expect(next.result.data.userTypes.length).toBeGreaterThan(0);
          expect(next.ms).toBeLessThan(REDIS_DEFAULTS.commandTimeoutMs);
        }
      }
      for (const [i, c] of circuits.entries()) expect(c?.shortCircuited).toBeGreaterThanOrEqual(skippedBefore[i] + 10);
      // The plan is in Redis, which cannot answer: retryable, and nothing applied.
      const apply = await timed(() => b(APPLY, { id: planId }));
      expect(apply.ms).toBeLessThan(REDIS_DEFAULTS.commandTimeoutMs);
      expect(apply.result.errors?.map((e) => [e.extensions.code, e.extensions.retryAfterSeconds])).toEqual([
        ['PLAN_UNAVAILABLE', 1],
      ]);
      const metrics = await (await fetch(`${replicas[1].url}/metrics`)).text();
      expect(metrics).toMatch(/^gateway_redis_circuit_open 1$/m);
      expect(metrics).toMatch(/^gateway_redis_circuit_opened_total 1$/m);
    } finally {
      redis.resume();
    }

    // A background probe is answered: the circuit closes, and the plan made on A applies on B.
    await vi.waitFor(() => expect(circuits.map((c) => c?.open)).toEqual([false, false]), {
      timeout: 10_000,
      interval: 50,
    });
    const applied = await b(APPLY, { id: planId });
    expect(applied.data.applyPolicies).toEqual({ applied: [{ key: 'PASSWORD/Stalled' }], userErrors: [] });
    const metrics = await (await fetch(`${replicas[1].url}/metrics`)).text();
    expect(metrics).toMatch(/^gateway_redis_circuit_open 0$/m);
    // The budget is shared again: a take on A goes to Redis (no more short circuits).
    const skipped = circuits[0]?.shortCircuited;
    expect((await a(READ)).data.userTypes.length).toBeGreaterThan(0);
    expect(circuits[0]?.shortCircuited).toBe(skipped);
  });
});
