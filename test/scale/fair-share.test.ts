// The org's upstream budget shared between callers: no caller takes more than its share of a window,
// active callers are guaranteed equal parts, unproven credentials together get a small share, and the
// two-caller target (one greedy caller, one asking every 2 s, 120 requests a minute) on a fake clock,
// in process and across two replicas through a real redis-server.
import { describe, expect, it, onTestFinished } from 'vitest';
import { RedisLink } from '../../src/redis/link.ts';
import { UpstreamBudget } from '../../src/upstream/budget/budget.ts';
import { MemoryBudgetStore } from '../../src/upstream/budget/memoryStore.ts';
import { RedisBudgetStore } from '../../src/upstream/budget/redisStore.ts';
import type { BudgetStore } from '../../src/upstream/budget/store.ts';
import { type CallerShares, UNPROVEN_CALLER, WINDOW_MS } from '../../src/upstream/budget/window.ts';
import { redisTestsRun, useRedis } from '../helpers/redis.ts';

/** The start of a clock minute: the window ends one minute later. */
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const SHARES: CallerShares = { caller: 0.5, unproven: 0.05 };

/** Takes tokens for `caller` until one is refused (at most `max`); the number granted. */
async function takeAll(store: BudgetStore, caller: string, now: number, max = 1_000): Promise<number> {
  let granted = 0;
  while (granted < max && (await store.take('org', now, caller)).granted) granted++;
  return granted;
}

/**
 * The target run, driven in 100 ms steps of a fake clock for `minutes`: the greedy caller takes
 * every token it can at every step, the ordinary one asks for one token every 2 s. Returns what the
 * ordinary caller got and its longest run of refusals.
 */
async function greedyAndOrdinary(greedyStore: BudgetStore, ordinaryStore: BudgetStore, minutes: number) {
  let asked = 0;
  let served = 0;
  let refusedSince: number | undefined;
  let longestRefusalMs = 0;
  let greedyTotal = 0;
  for (let now = T0 + 250; now < T0 + minutes * WINDOW_MS; now += 100) {
    greedyTotal += await takeAll(greedyStore, 'greedy', now);
    if ((now - T0 - 250) % 2_000 !== 0) continue;
    asked++;
    if ((await ordinaryStore.take('org', now, 'ordinary')).granted) {
      served++;
      if (refusedSince !== undefined) longestRefusalMs = Math.max(longestRefusalMs, now - refusedSince);
      refusedSince = undefined;
    } else refusedSince ??= now;
  }
  return { asked, served, longestRefusalMs, greedyTotal };
}

describe('fair share in process', () => {
  it('no caller takes more than CALLER_SHARE of a window; a caller arriving late still finds the rest', async () => {
    const store = new MemoryBudgetStore(120, 1, SHARES);
    expect(await takeAll(store, 'a', T0 + 1_000)).toBe(60);
    expect(await takeAll(store, 'b', T0 + 50_000)).toBe(60);
    expect(await takeAll(store, 'c', T0 + 55_000)).toBe(0);
    // The next window: each of the three active callers is guaranteed 40; the first one to come may
    // take only what the other two are not guaranteed.
    expect(await takeAll(store, 'a', T0 + WINDOW_MS + 1_000)).toBe(40);
    expect(await takeAll(store, 'c', T0 + WINDOW_MS + 2_000)).toBe(40);
    expect(await takeAll(store, 'b', T0 + WINDOW_MS + 3_000)).toBe(40);
  });

  it('a caller within its guaranteed part is served even after others took what was free', async () => {
    const store = new MemoryBudgetStore(100, 1, { caller: 1, unproven: 0.05 });
    // Alone, a caller may take the whole window (CALLER_SHARE=1) …
    expect(await takeAll(store, 'a', T0, 70)).toBe(70);
    // … until a second caller is active: then the second is guaranteed half, and gets what is left.
    expect(await takeAll(store, 'b', T0 + 1_000)).toBe(30);
    // A window later both are active: each gets 50, in whatever order they come.
    expect(await takeAll(store, 'a', T0 + WINDOW_MS)).toBe(50);
    expect(await takeAll(store, 'b', T0 + WINDOW_MS)).toBe(50);
    // A caller silent for a whole window is no longer reserved for.
    expect(await takeAll(store, 'a', T0 + 3 * WINDOW_MS)).toBe(100);
  });

  it('unproven credentials together get UNPROVEN_SHARE of the window, and the refusal says whose share', async () => {
    const budget = new UpstreamBudget(new MemoryBudgetStore(120, 1, SHARES), () => T0 + 30_000);
    for (let i = 0; i < 6; i++) await budget.acquire('org', T0 + 40_000);
    const refused = await budget.acquire('org', T0 + 40_000).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'UpstreamRateLimitedError', resetAt: T0 + WINDOW_MS, callerShare: true });
    expect((refused as Error).message).toContain("This caller's share");
    // A proven caller is not affected.
    expect(await budget.acquire('org', T0 + 40_000, undefined, 'proven')).toBe(T0 + WINDOW_MS);
    expect(budget.standingOf(UNPROVEN_CALLER)).toMatchObject({ limit: 120, remaining: 0, callerLimit: 6 });
  });

  it('one client address takes at most its part of the unproven share; other addresses the rest', async () => {
    let now = T0 + 1_000;
    // 600 a minute: the unproven share is 30, one address's part 7 (UNPROVEN_ADDRESS_SHARE 0.25).
    const budget = new UpstreamBudget(new MemoryBudgetStore(600, 1, SHARES), () => now, 0.25);
    const take = (address?: string) => budget.acquire('org', now + 10_000, undefined, UNPROVEN_CALLER, address);
    for (let i = 0; i < 7; i++) await take('192.0.2.1');
    const refused = await take('192.0.2.1').catch((e: unknown) => e);
    expect(refused).toMatchObject({ resetAt: T0 + WINDOW_MS, callerShare: true, clientAddress: true });
    expect((refused as Error).message).toContain("This client address's share");
    expect(budget.tryAcquire('org', UNPROVEN_CALLER, '192.0.2.1')).toBeUndefined();
    // Another address, and a call with no address (in process), still find the rest of the share.
    for (let i = 0; i < 7; i++) await take('192.0.2.2');
    await take();
    // A proven caller is not limited per address.
    expect(budget.tryAcquire('org', 'proven', '192.0.2.1')).toBe(T0 + WINDOW_MS);
    // The next window, the address has its part again.
    now = T0 + WINDOW_MS + 1_000;
    expect(await take('192.0.2.1')).toBe(T0 + 2 * WINDOW_MS);
  });

  it('throttle status: the caller remaining share as last known, and a fresh window once the reset passed', async () => {
    let now = T0 + 10_000;
    const budget = new UpstreamBudget(new MemoryBudgetStore(120, 1, SHARES), () => now);
    expect(budget.standingOf('a')).toBeUndefined();
    for (let i = 0; i < 10; i++) budget.tryAcquire('org', 'a');
    expect(budget.standingOf('a')).toEqual({ limit: 120, remaining: 50, callerLimit: 60, resetAt: T0 + WINDOW_MS });
    now = T0 + WINDOW_MS + 5;
    expect(budget.standingOf('a')).toEqual({
      limit: 120,
      remaining: 60,
      callerLimit: 60,
      resetAt: T0 + 2 * WINDOW_MS,
    });
  });

  it('target: a greedy caller and one asking every 2 s at 120/min; the second gets what it asks for', async () => {
    const store = new MemoryBudgetStore(120, 1, SHARES);
    const run = await greedyAndOrdinary(store, store, 5);
    expect(run.asked).toBe(150);
    expect(run.served / run.asked).toBeGreaterThanOrEqual(0.45);
    expect(run.longestRefusalMs).toBeLessThanOrEqual(4_000);
    // The greedy caller gets its half of every window, no more.
    expect(run.greedyTotal).toBe(5 * 60);
  });
});

describe.runIf(redisTestsRun('The fair share tests through Redis'))('fair share through Redis', () => {
  const redis = useRedis();

  async function replica() {
    const link = new RedisLink({ url: redis().url, log: { warn: () => undefined, info: () => undefined } });
    onTestFinished(() => link.close());
    await link.whenReady();
    return new RedisBudgetStore(link, 120, 2, SHARES);
  }

  it('the same shares as in process, across two replicas', async () => {
    const a = await replica();
    const b = await replica();
    expect(await takeAll(a, 'x', T0 + 1_000)).toBe(60);
    expect(await takeAll(b, 'x', T0 + 1_000)).toBe(0);
    expect(await takeAll(b, 'y', T0 + 2_000)).toBe(60);
    expect(await takeAll(a, UNPROVEN_CALLER, T0 + 2_000)).toBe(0);
    // The next window, three callers active (the refused unproven pool too): the unproven pool's share
    // (6 of 120) is held for it, and x and y are guaranteed half of the rest each, whatever the replica.
    expect(await takeAll(a, 'x', T0 + WINDOW_MS)).toBe(57);
    expect(await takeAll(b, 'y', T0 + WINDOW_MS)).toBe(57);
    expect(await takeAll(b, UNPROVEN_CALLER, T0 + WINDOW_MS)).toBe(6);
    // The window is full: refused for the org, not for the caller's share.
    const last = await a.take('org', T0 + WINDOW_MS, 'x');
    expect(last).toMatchObject({
      granted: false,
      caller: false,
      standing: { limit: 120, remaining: 0, callerLimit: 60, resetAt: T0 + 2 * WINDOW_MS },
    });
  });

  it('target across replicas: the greedy caller on one, the ordinary on the other', async () => {
    const run = await greedyAndOrdinary(await replica(), await replica(), 3);
    expect(run.served / run.asked).toBeGreaterThanOrEqual(0.45);
    expect(run.longestRefusalMs).toBeLessThanOrEqual(4_000);
    expect(run.greedyTotal).toBe(3 * 60);
  });
});
