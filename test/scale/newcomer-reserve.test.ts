// The org's window with the default shares: a lone caller uses all of it but the newcomer reserve, a
// caller arriving mid-window is served at once from the reserve, competing callers share the window,
// and unproven credentials cannot drain the reserve. The same steps run in process and through a
// real redis-server (three replicas' stores), and the two stores answer every take alike.
import { describe, expect, it, onTestFinished } from 'vitest';
import { callerSharesOf, SHARED_STATE_DEFAULTS } from '../../src/gateway/sharedState.ts';
import { RedisLink } from '../../src/redis/link.ts';
import { MemoryBudgetStore } from '../../src/upstream/budget/memoryStore.ts';
import { RedisBudgetStore } from '../../src/upstream/budget/redisStore.ts';
import type { BudgetStore } from '../../src/upstream/budget/store.ts';
import { type TakeResult, UNPROVEN_CALLER, WINDOW_MS } from '../../src/upstream/budget/window.ts';
import { redisTestsRun, useRedis } from '../helpers/redis.ts';

/** The start of a clock minute: the window ends one minute later. */
const T0 = Date.UTC(2030, 0, 1, 12, 0, 0);
const LIMIT = 120;
/** CALLER_SHARE 1, UNPROVEN_SHARE 0.05 (6 of 120), NEWCOMER_RESERVE 0.08 (9 of 120). */
const DEFAULTS = callerSharesOf(SHARED_STATE_DEFAULTS);
const RESERVE = 9;

/** Takes tokens for `caller` until one is refused (at most `max`); the number granted. */
async function takeAll(store: BudgetStore, caller: string, now: number, max = 1_000): Promise<number> {
  let granted = 0;
  while (granted < max && (await store.take('org', now, caller)).granted) granted++;
  return granted;
}

/** The same properties for each store: `stores()` gives three replicas' stores of one budget. */
function properties(stores: () => Promise<BudgetStore[]>) {
  it('the defaults: CALLER_SHARE 1, NEWCOMER_RESERVE 0.08', () => {
    expect(DEFAULTS).toEqual({ caller: 1, unproven: 0.05, reserve: 0.08 });
  });

  it('a lone caller gets all of a window but the reserve (111 of 120), its probes from three replicas included', async () => {
    const [a, b, c] = await stores();
    // Its first window: each replica probes the new credential once (the unproven pool, whose calls
    // come from the reserve), then the caller takes all it may, spread over the replicas.
    for (const replica of [a, b, c])
      expect((await replica.take('org', T0 + 1_000, UNPROVEN_CALLER)).granted).toBe(true);
    const first = (await takeAll(a, 'lone', T0 + 1_000, 40)) + (await takeAll(b, 'lone', T0 + 1_000, 40));
    expect(first + (await takeAll(c, 'lone', T0 + 1_000))).toBe(LIMIT - RESERVE);
    // Every later window, from the first moment (the unproven pool still active): 111, 92.5%.
    for (let w = 1; w <= 3; w++)
      expect(await takeAll([a, b, c][w % 3], 'lone', T0 + w * WINDOW_MS)).toBe(LIMIT - RESERVE);
    // Its standing says so: the most it may take in a window is the limit less the reserve.
    const refused = await a.take('org', T0 + 3 * WINDOW_MS + 5_000, 'lone');
    expect(refused).toMatchObject({
      granted: false,
      caller: true,
      standing: { limit: LIMIT, remaining: 0, callerLimit: LIMIT - RESERVE },
    });
    // The reserve is there for a newcomer.
    expect(await takeAll(b, 'newcomer', T0 + 3 * WINDOW_MS + 6_000)).toBe(RESERVE);
  });

  it('a newcomer mid-window is served at once from the reserve; the next window the two share it', async () => {
    const [a, b] = await stores();
    expect(await takeAll(a, 'lone', T0 + 1_000)).toBe(LIMIT - RESERVE);
    // At second 30 a new credential: its probe (the unproven pool) and its own calls come from the reserve.
    expect((await b.take('org', T0 + 30_000, UNPROVEN_CALLER)).granted).toBe(true);
    expect(await takeAll(b, 'newcomer', T0 + 30_000)).toBe(RESERVE - 1);
    // The lone caller, past its part now that there are two, gets nothing of it.
    expect((await a.take('org', T0 + 30_000, 'lone')).granted).toBe(false);
    // The next window both are active: each is guaranteed half of what is not the reserve (55),
    // the first to come takes one more (the rounding), and the reserve stays for a third caller.
    expect(await takeAll(a, 'lone', T0 + WINDOW_MS)).toBe(56);
    expect(await takeAll(b, 'newcomer', T0 + WINDOW_MS + 1_000)).toBe(55);
    expect(await takeAll(a, 'third', T0 + WINDOW_MS + 2_000)).toBe(RESERVE);
  });

  it('competing callers share the window: within its part a caller is served whoever came first', async () => {
    const [a, b, c] = await stores();
    // Two greedy callers, both active since the last window, on two replicas: each gets its half.
    await a.take('org', T0 - 1_000, 'x');
    await b.take('org', T0 - 1_000, 'y');
    expect(await takeAll(a, 'x', T0 + 1_000)).toBe(56);
    expect(await takeAll(b, 'y', T0 + 2_000)).toBe(55);
    // A third one arriving now is served from the reserve at once, however greedy the two were.
    expect(await takeAll(c, 'z', T0 + 3_000)).toBe(RESERVE);
    // The next window three are active: each is guaranteed a third of 111 (37), in any order.
    const next = T0 + WINDOW_MS;
    expect(await takeAll(c, 'z', next)).toBe(37);
    expect(await takeAll(a, 'x', next)).toBe(37);
    expect(await takeAll(b, 'y', next)).toBe(37);
    expect(await takeAll(a, 'x', next + 1_000)).toBe(0);
  });

  it('a greedy caller and one asking every 2 s: the second is served at once, and fully from the next window', async () => {
    const [a, b] = await stores();
    const windows = Array.from({ length: 4 }, () => ({ greedy: 0, asked: 0, served: 0 }));
    // In 100 ms steps: the greedy caller takes every token it can, the other asks for one every 2 s.
    for (let now = T0 + 250; now < T0 + 4 * WINDOW_MS; now += 100) {
      const window = windows[Math.floor((now - T0) / WINDOW_MS)];
      window.greedy += await takeAll(a, 'greedy', now);
      if ((now - T0 - 250) % 2_000 !== 0) continue;
      window.asked++;
      if ((await b.take('org', now, 'ordinary')).granted) window.served++;
    }
    // The first window the greedy caller was alone when it came: the second one gets the reserve.
    expect(windows[0]).toEqual({ greedy: LIMIT - RESERVE, asked: 30, served: RESERVE });
    // Then both are active: the second gets every token it asks for, the greedy one its part and
    // the one token of rounding (what the second is guaranteed but does not use stays unused).
    for (const window of windows.slice(1)) expect(window).toEqual({ greedy: 56, asked: 30, served: 30 });
  });

  it('unproven credentials take at most their share (6): they cannot drain the reserve, window after window', async () => {
    const [a, b, c] = await stores();
    // Every other window, so that each window's newcomer is no longer active in the next one measured.
    for (let w = 0; w < 6; w += 2) {
      const start = T0 + w * WINDOW_MS;
      expect(await takeAll(a, 'lone', start)).toBe(LIMIT - RESERVE);
      // Junk tokens (all in the unproven pool, whatever replica) take 6 of the reserve's 9 …
      expect(
        (await takeAll(b, UNPROVEN_CALLER, start + 1_000)) + (await takeAll(c, UNPROVEN_CALLER, start + 1_000)),
      ).toBe(6);
      // … and a proven newcomer still finds the rest, at once.
      expect(await takeAll(c, `newcomer${w}`, start + 2_000)).toBe(RESERVE - 6);
    }
  });
}

describe('the window used by a lone caller, fairly by many: in process', () => {
  // In process one store holds the whole budget: the three "replicas" are one store.
  properties(async () => {
    const store = new MemoryBudgetStore(LIMIT, 1, DEFAULTS);
    return [store, store, store];
  });
});

const withRedis = redisTestsRun('The newcomer reserve tests through Redis');
describe.runIf(withRedis)('the window used by a lone caller, fairly by many: through Redis', () => {
  const redis = useRedis();
  properties(async () => {
    const replicas: BudgetStore[] = [];
    for (let i = 0; i < 3; i++) {
      const link = new RedisLink({ url: redis().url, log: { warn: () => undefined, info: () => undefined } });
      onTestFinished(() => link.close());
      await link.whenReady();
      replicas.push(new RedisBudgetStore(link, LIMIT, 3, DEFAULTS));
    }
    return replicas;
  });

  it('answers every take as the in-process store does: 3,000 takes by 6 callers over 5 windows', async () => {
    const link = new RedisLink({ url: redis().url, log: { warn: () => undefined, info: () => undefined } });
    onTestFinished(() => link.close());
    await link.whenReady();
    const inRedis = new RedisBudgetStore(link, LIMIT, 3, DEFAULTS);
    const inProcess = new MemoryBudgetStore(LIMIT, 1, DEFAULTS);
    const callers = ['a', 'b', 'c', 'd', 'e', UNPROVEN_CALLER];
    // A fixed pseudo-random sequence: callers come and go, some greedy, some not.
    let seed = 28;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let now = T0;
    const outcomes: [TakeResult, TakeResult][] = [];
    for (let i = 0; i < 3_000; i++) {
      now += Math.floor(next() * 200);
      // Callers d and e come only in some windows, so that callers become active and lapse.
      const pool = Math.floor((now - T0) / WINDOW_MS) % 2 ? callers : callers.filter((c) => c !== 'd' && c !== 'e');
      const caller = pool[Math.floor(next() * pool.length)];
      outcomes.push([await inProcess.take('org', now, caller), await inRedis.take('org', now, caller)]);
    }
    expect(now).toBeGreaterThan(T0 + 4 * WINDOW_MS);
    const granted = outcomes.filter(([m]) => m.granted).length;
    // Both granted and refused takes were met (the sequence asks for more than the limit).
    expect(granted).toBeGreaterThan(4 * LIMIT * 0.9);
    expect(granted).toBeLessThan(outcomes.length);
    for (const [memory, redisResult] of outcomes) expect(redisResult).toEqual(memory);
  });
});
