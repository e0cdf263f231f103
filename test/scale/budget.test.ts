// The upstream budget: the window arithmetic in process, the same steps in Redis shared by two
// replicas (separate connections), the per-replica share while Redis is away and back, and a reset
// too far ahead, which is not believed.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMetrics } from '../../src/gateway/plugins/metrics.ts';
import { RedisLink, type RedisLinkLog } from '../../src/redis/link.ts';
import { UpstreamBudget, UpstreamRateLimitedError } from '../../src/upstream/budget/budget.ts';
import { MemoryBudgetStore } from '../../src/upstream/budget/memoryStore.ts';
import { RedisBudgetStore } from '../../src/upstream/budget/redisStore.ts';
import type { BudgetStore } from '../../src/upstream/budget/store.ts';
import { REPROBE_WAIT_MS, WINDOW_MS } from '../../src/upstream/budget/window.ts';
import { redisTestsRun, useRedis } from '../helpers/redis.ts';

/** 20 s into a clock minute: the window ends 40 s later. */
const T0 = Date.UTC(2030, 0, 1, 12, 0, 20);
const WINDOW_END = Date.UTC(2030, 0, 1, 12, 1, 0);

/** X-Rate-Limit-* headers as the service sends them (reset in epoch seconds). */
const headers = (limit: number, remaining: number, resetAt: number) => ({
  'x-rate-limit-limit': String(limit),
  'x-rate-limit-remaining': String(remaining),
  'x-rate-limit-reset': String(resetAt / 1000),
});

/** Takes `n` tokens one after the other; the number granted. */
async function takeMany(store: BudgetStore, n: number, now = T0): Promise<number> {
  let granted = 0;
  for (let i = 0; i < n; i++) if ((await store.take('org', now)).granted) granted++;
  return granted;
}

/**
 * A poisoned answer (nothing left, reset 24 h ahead) is believed for one window at most; then one call
 * re-probes the window while the others wait for its answer (or, without one, for REPROBE_WAIT_MS).
 */
async function poisonedThenReprobed(store: BudgetStore): Promise<void> {
  await new UpstreamBudget(store, () => T0).observe('org', 0, headers(10, 0, T0 + 24 * 3600_000));
  expect(await store.take('org', T0 + 1_000)).toMatchObject({ granted: false, resetAt: T0 + WINDOW_MS });
  const probeAt = T0 + WINDOW_MS;
  expect(await store.take('org', probeAt)).toMatchObject({ granted: true });
  expect(await store.take('org', probeAt + 10)).toMatchObject({ granted: false, resetAt: probeAt + REPROBE_WAIT_MS });
  // No answer in time: one more call may go.
  expect(await takeMany(store, 3, probeAt + REPROBE_WAIT_MS)).toBe(1);
  // Its answer opens the window (the service's own reset, a minute ahead at most, is believed).
  await new UpstreamBudget(store, () => probeAt + 2_500).observe('org', 0, headers(10, 8, probeAt + 30_000));
  expect(await takeMany(store, 10, probeAt + 2_600)).toBe(8);
}

describe('in-process budget', () => {
  it('believes a reset for one window at most, then re-probes with one call', async () => {
    await poisonedThenReprobed(new MemoryBudgetStore(10));
  });

  it('grants the seeded limit per window, then refuses with the reset time until the window ends', async () => {
    const store = new MemoryBudgetStore(3);
    expect(await takeMany(store, 5)).toBe(3);
    expect(await store.take('org', T0 + 1_000)).toMatchObject({ granted: false, resetAt: WINDOW_END });
    expect(await store.take('org', WINDOW_END)).toMatchObject({ granted: true, window: WINDOW_END + WINDOW_MS });
  });

  it('without a seed grants everything until the headers teach the limit, and counts what it granted', async () => {
    const store = new MemoryBudgetStore();
    expect(await takeMany(store, 50)).toBe(50);
    const budget = new UpstreamBudget(store, () => T0);
    // The service has counted only 8 of the 50 so far: the other 42 are on their way.
    await budget.observe('org', WINDOW_END, headers(60, 52, WINDOW_END));
    expect(await takeMany(store, 20)).toBe(10);
  });

  it('counts a token granted at the end of one window and spent by the service in the next', async () => {
    const store = new MemoryBudgetStore(4);
    expect(await takeMany(store, 2, WINDOW_END + 10)).toBe(2);
    // Granted in the first window, answered in the next one, where the service has counted only it so far.
    await new UpstreamBudget(store, () => WINDOW_END + 20).observe(
      'org',
      WINDOW_END,
      headers(4, 3, WINDOW_END + WINDOW_MS),
    );
    expect(await takeMany(store, 3, WINDOW_END + 30)).toBe(1);
  });

  it('raises its count to what the service reports (other clients of the org)', async () => {
    const store = new MemoryBudgetStore(100);
    await store.take('org', T0);
    await new UpstreamBudget(store, () => T0).observe('org', WINDOW_END, headers(100, 5, WINDOW_END));
    expect(await takeMany(store, 10)).toBe(5);
  });

  it('ignores the usage of a window already over, and follows a window that ends earlier than assumed', async () => {
    const store = new MemoryBudgetStore(10);
    const budget = new UpstreamBudget(store, () => T0);
    await budget.observe('org', 0, headers(10, 0, T0 - 1_000));
    expect(await takeMany(store, 1)).toBe(1);
    await budget.observe('org', 0, headers(10, 0, T0 + 5_000));
    expect(await store.take('org', T0)).toMatchObject({ granted: false, resetAt: T0 + 5_000 });
    expect((await store.take('org', T0 + 5_000)).granted).toBe(true);
  });

  it('waits for the reset when it comes a second or more before the deadline, else refuses at once', async () => {
    let now = T0;
    const budget = new UpstreamBudget(new MemoryBudgetStore(1), () => now);
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
      now += ms;
    };
    await budget.acquire('org', now + 10_000, sleep);
    const refused = await budget.acquire('org', now + 10_000, sleep).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamRateLimitedError);
    expect((refused as UpstreamRateLimitedError).resetAt).toBe(WINDOW_END);
    expect(slept).toEqual([]);
    // A reset less than a second before the deadline is not waited for: the call would not fit after it.
    await expect(budget.acquire('org', WINDOW_END + 999, sleep)).rejects.toBeInstanceOf(UpstreamRateLimitedError);
    await budget.acquire('org', WINDOW_END + 1_000, sleep);
    expect(slept).toEqual([WINDOW_END - T0]);
    expect(budget.counters).toEqual({ taken: 2, waits: 1, refusals: 2 });
  });

  it('a timer that fires before the reset sleeps the rest, and the call is served', async () => {
    let now = T0;
    const budget = new UpstreamBudget(new MemoryBudgetStore(1), () => now);
    await budget.acquire('org', now);
    const slept: number[] = [];
    // The first wake-up comes 20 ms early, as a timer scheduled from a stale loop time does.
    await budget.acquire('org', WINDOW_END + 1_000, async (ms) => {
      slept.push(ms);
      now += slept.length === 1 ? ms - 20 : ms;
    });
    expect(slept).toEqual([WINDOW_END - T0, 20]);
    expect(budget.counters).toEqual({ taken: 2, waits: 1, refusals: 0 });
  });

  it('exports its counts as Prometheus counters', async () => {
    let now = T0;
    const budget = new UpstreamBudget(new MemoryBudgetStore(1), () => now);
    const metrics = createMetrics({ budget: budget.counters });
    await budget.acquire('org', now);
    await budget.acquire('org', now).catch(() => undefined);
    await budget.acquire('org', WINDOW_END + 1_000, async (ms) => {
      now += ms;
    });
    const text = await metrics.registry.metrics();
    expect(text).toContain('gateway_upstream_budget_tokens_total 2');
    expect(text).toContain('gateway_upstream_budget_waits_total 1');
    expect(text).toContain('gateway_upstream_budget_refusals_total 1');
  });

  it('a replica share is the limit divided by the replicas, at least one', async () => {
    expect(await takeMany(new MemoryBudgetStore(600, 1 / 3), 300)).toBe(200);
    expect(await takeMany(new MemoryBudgetStore(2, 1 / 3), 3)).toBe(1);
  });
});

describe.runIf(redisTestsRun('The Redis budget tests'))('Redis budget', () => {
  const redis = useRedis();

  /** A replica's connection and store, closed after the test; its warnings and notices recorded. */
  async function replica(seedLimit: number, replicas = 2) {
    const logged: string[] = [];
    const log: RedisLinkLog = { warn: (m) => logged.push(`warn ${m}`), info: (m) => logged.push(`info ${m}`) };
    const link = new RedisLink({ url: redis().url, log });
    onTestFinished(() => link.close());
    await link.whenReady();
    return { link, logged, store: new RedisBudgetStore(link, seedLimit, replicas) };
  }

  it('believes a reset for one window at most, then re-probes with one call', async () => {
    await poisonedThenReprobed((await replica(10)).store);
  });

  it('two replicas share one budget: together they get the limit, atomically', async () => {
    const a = await replica(10);
    const b = await replica(10);
    const takes = Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).store.take('org', T0));
    const results = await Promise.all(takes);
    expect(results.filter((r) => r.granted)).toHaveLength(10);
    expect(results.filter((r) => !r.granted).every((r) => !r.granted && r.resetAt === WINDOW_END)).toBe(true);
  });

  it('what one replica learns from the headers holds for the other', async () => {
    const a = await replica(0);
    const b = await replica(0);
    await new UpstreamBudget(a.store, () => T0).observe('org', 0, headers(4, 1, WINDOW_END));
    expect(await takeMany(b.store, 3)).toBe(1);
    // The straddle rule in Lua: a token of the old window answered in the new one counts there too.
    expect(await takeMany(b.store, 2, WINDOW_END + 5)).toBe(2);
    await new UpstreamBudget(a.store, () => WINDOW_END + 10).observe(
      'org',
      WINDOW_END,
      headers(4, 3, WINDOW_END + WINDOW_MS),
    );
    expect(await takeMany(b.store, 3, WINDOW_END + 20)).toBe(1);
  });

  it('while Redis is away each replica uses its share, warns once, and shares again when Redis is back', async () => {
    const a = await replica(10, 2);
    await redis().stop();
    expect(await takeMany(a.store, 8)).toBe(5);
    expect(a.logged.filter((l) => l.startsWith('warn'))).toHaveLength(1);
    expect(a.logged[0]).toContain('share of the upstream budget');
    expect(a.logged[0]).not.toContain('redis://');

    await redis().start();
    await a.link.whenReady(5_000);
    const b = await replica(10, 2);
    expect(await takeMany(a.store, 6)).toBe(6);
    expect(await takeMany(b.store, 6)).toBe(4);
    expect(a.logged.filter((l) => l.startsWith('warn'))).toHaveLength(1);
    expect(a.logged.filter((l) => l.startsWith('info'))).toHaveLength(1);
  });
});
