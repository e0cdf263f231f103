// The org's window with the default shares: a lone caller uses all of it but the newcomer reserve,
// paced through the window; a caller arriving mid-window is served at once; a light caller beside a
// greedy one is served every time it asks; what a caller leaves unused goes to others; and unproven
// credentials cannot drain the reserve. The same steps run in process and through a
// real redis-server (three replicas' stores), and the two stores answer every take alike.
import { describe, expect, it, onTestFinished } from 'vitest';
import { callerSharesOf, SHARED_STATE_DEFAULTS } from '../../src/gateway/sharedState.ts';
import { RedisLink } from '../../src/redis/link.ts';
import { MemoryBudgetStore } from '../../src/upstream/budget/memoryStore.ts';
import { RedisBudgetStore } from '../../src/upstream/budget/redisStore.ts';
import type { BudgetStore } from '../../src/upstream/budget/store.ts';
import {
  keptOf,
  pacedPart,
  paceStepOf,
  type TakeResult,
  UNPROVEN_CALLER,
  WINDOW_MS,
  windowFraction,
} from '../../src/upstream/budget/window.ts';
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

/**
 * A caller taking every token it can at each `step` of the fake clock from `from` to before `to`,
 * through the replicas' stores in turn; the number granted.
 */
async function sweep(stores: BudgetStore[], caller: string, from: number, to: number, step = 100): Promise<number> {
  let granted = 0;
  for (let now = from, i = 0; now < to; now += step, i++)
    granted += await takeAll(stores[i % stores.length], caller, now);
  return granted;
}

/**
 * A greedy caller on `greedy` from the window starting at `start`, and one asking every 2 s from
 * `ordinaryAfter` ms later on `ordinary`, for `windows` windows: what each got per window, and the
 * ordinary caller's longest run of refusals.
 */
async function greedyBeside(
  greedy: BudgetStore,
  ordinary: BudgetStore,
  start: number,
  ordinaryAfter: number,
  windows: number,
) {
  const runs = Array.from({ length: windows }, () => ({ greedy: 0, asked: 0, served: 0 }));
  const ordinaryFrom = start + ordinaryAfter;
  let refusedInARow = 0;
  let mostRefusedInARow = 0;
  for (let now = start + 250; now < start + windows * WINDOW_MS; now += 100) {
    const run = runs[Math.floor((now - start) / WINDOW_MS)];
    run.greedy += await takeAll(greedy, 'greedy', now);
    if (now < ordinaryFrom || (now - ordinaryFrom) % 2_000 !== 0) continue;
    run.asked++;
    if ((await ordinary.take('org', now, 'ordinary')).granted) {
      run.served++;
      refusedInARow = 0;
    } else mostRefusedInARow = Math.max(mostRefusedInARow, ++refusedInARow);
  }
  return { runs, mostRefusedInARow };
}

/** The same properties for each store: `stores()` gives three replicas' stores of one budget. */
function properties(stores: () => Promise<BudgetStore[]>) {
  it('the defaults: CALLER_SHARE 1, NEWCOMER_RESERVE 0.08, PACE_BURST 0.1', () => {
    expect(DEFAULTS).toEqual({ caller: 1, unproven: 0.05, reserve: 0.08, burst: 0.1 });
  });

  it('a lone caller gets all of a window but the reserve (111 of 120), paced through it, from three replicas', async () => {
    const replicas = await stores();
    const [a, b, c] = replicas;
    // Its first window: each replica probes the new credential once (the unproven pool, whose calls
    // come from the reserve), then the caller takes all it may, spread over the replicas.
    for (const replica of replicas) expect((await replica.take('org', T0 + 1_000, UNPROVEN_CALLER)).granted).toBe(true);
    expect(await sweep(replicas, 'lone', T0 + 1_000, T0 + WINDOW_MS, 500)).toBe(LIMIT - RESERVE);
    // Every later window: a tenth of its part (12) at the window's first moment, about half of it
    // by the middle (62), all of it by the end: 111, 92.5%.
    for (let w = 1; w <= 3; w++) {
      const start = T0 + w * WINDOW_MS;
      expect(await takeAll(replicas[w % 3], 'lone', start)).toBe(12);
      expect(12 + (await sweep(replicas, 'lone', start + 100, start + 30_001))).toBe(62);
      expect(62 + (await sweep(replicas, 'lone', start + 30_100, start + WINDOW_MS))).toBe(LIMIT - RESERVE);
    }
    // Refused by the pace, it may ask again at the pace's next token (one token's time: 556 ms) …
    const start = T0 + 4 * WINDOW_MS;
    await takeAll(a, 'lone', start + 5_000);
    expect(await a.take('org', start + 5_000, 'lone')).toMatchObject({
      granted: false,
      caller: true,
      resetAt: start + 5_000 + 556,
      standing: { limit: LIMIT, callerLimit: LIMIT - RESERVE },
    });
    // … and once it has taken its whole part, at the window's end; the reserve is there for a newcomer.
    await sweep(replicas, 'lone', start + 5_100, start + WINDOW_MS);
    expect(await b.take('org', start + WINDOW_MS - 1, 'lone')).toMatchObject({
      granted: false,
      resetAt: start + WINDOW_MS,
      standing: { remaining: 0 },
    });
    expect(await takeAll(c, 'newcomer', start + WINDOW_MS - 1)).toBe(RESERVE);
  });

  it('a newcomer mid-window is served at once, its released part and more; the next window the two share it', async () => {
    const [a, b] = await stores();
    // Alone until second 30, the lone caller took what the pace released: 62.
    expect(await sweep([a], 'lone', T0 + 1_000, T0 + 30_001)).toBe(62);
    // At second 30 a new credential: its probe (the unproven pool), then at once the part of its
    // half (55) released by now (31); the lone caller, past its own, gets nothing then.
    expect((await b.take('org', T0 + 30_000, UNPROVEN_CALLER)).granted).toBe(true);
    expect(await takeAll(b, 'newcomer', T0 + 30_000)).toBe(31);
    expect((await a.take('org', T0 + 30_000, 'lone')).granted).toBe(false);
    // The rest of the window, both greedy: the newcomer gets the rest of its half as it is released
    // (from the reserve too: the lone caller took some of it before the newcomer came), the lone
    // caller nothing more.
    let lone = 0;
    let newcomer = 0;
    for (let now = T0 + 30_100; now < T0 + WINDOW_MS; now += 100) {
      newcomer += await takeAll(b, 'newcomer', now);
      lone += await takeAll(a, 'lone', now);
    }
    expect(31 + newcomer).toBe(55);
    expect(lone).toBe(0);
    expect(62 + 1 + 55).toBeLessThanOrEqual(LIMIT);
    // The next window both are active: each is guaranteed half of what is not the reserve (55).
    let next = [0, 0];
    for (let now = T0 + WINDOW_MS; now < T0 + 2 * WINDOW_MS; now += 100)
      next = [next[0] + (await takeAll(a, 'lone', now)), next[1] + (await takeAll(b, 'newcomer', now))];
    expect(next[0]).toBeGreaterThanOrEqual(55);
    expect(next[1]).toBeGreaterThanOrEqual(55);
    expect(next[0] + next[1]).toBe(LIMIT - RESERVE);
    expect(await takeAll(a, 'third', T0 + 2 * WINDOW_MS - 1)).toBe(RESERVE);
  });

  it('competing callers share the window; what one leaves unused goes to whoever asks', async () => {
    const [a, b, c] = await stores();
    // Three callers active since the last window, on three replicas: each is guaranteed a third of
    // 111 (37), whatever the order.
    for (const [store, id] of [
      [a, 'x'],
      [b, 'y'],
      [c, 'z'],
    ] as const)
      await store.take('org', T0 - 1_000, id);
    const got = { x: 0, y: 0, z: 0 };
    for (let now = T0; now < T0 + WINDOW_MS; now += 100) {
      got.z += await takeAll(c, 'z', now);
      got.x += await takeAll(a, 'x', now);
      got.y += await takeAll(b, 'y', now);
    }
    expect(got).toEqual({ x: 37, y: 37, z: 37 });
    // The next window z asks once, at its start, then for nothing: of its part, all but a tenth of
    // it (4) is given back to whoever asks first.
    expect((await c.take('org', T0 + WINDOW_MS, 'z')).granted).toBe(true);
    const next = { x: 0, y: 0 };
    for (let now = T0 + WINDOW_MS; now < T0 + 2 * WINDOW_MS; now += 100) {
      next.x += await takeAll(a, 'x', now);
      next.y += await takeAll(b, 'y', now);
    }
    expect(next.x + next.y).toBe(LIMIT - RESERVE - 1 - 4);
    expect(Math.min(next.x, next.y)).toBeGreaterThanOrEqual(37);
    // What is kept for z is there when it comes at the window's end, and the reserve besides.
    expect(await takeAll(c, 'z', T0 + 2 * WINDOW_MS - 1)).toBe(4 + RESERVE);
  });

  it('a greedy caller and one asking every 2 s: the second is served every time, from its first ask', async () => {
    const [a, b] = await stores();
    const { runs, mostRefusedInARow } = await greedyBeside(a, b, T0, 250, 3);
    expect(mostRefusedInARow).toBe(0);
    // The greedy caller gets all the second leaves but what is kept for it (6) and the reserve.
    for (const run of runs) expect(run).toEqual({ greedy: LIMIT - RESERVE - 6 - 30, asked: 30, served: 30 });
  });

  it('the ordinary caller arriving while the greedy one had the window to itself is served every time too', async () => {
    const [a, b] = await stores();
    // From second 20 of its first window, and (both silent for a window since) from second 50,
    // when the greedy caller's part is nearly all released.
    for (const [start, after] of [
      [T0, 20_250],
      [T0 + 10 * WINDOW_MS, 50_250],
    ]) {
      const { runs, mostRefusedInARow } = await greedyBeside(a, b, start, after, 2);
      expect(mostRefusedInARow).toBe(0);
      expect(runs[0].served).toBe(runs[0].asked);
      expect(runs[1]).toEqual({ greedy: LIMIT - RESERVE - 6 - 30, asked: 30, served: 30 });
    }
  });

  it('unproven credentials take at most their share (6): they cannot drain the reserve, window after window', async () => {
    const [a, b, c] = await stores();
    // Every other window, so that each window's newcomer is no longer active in the next one measured.
    for (let w = 0; w < 6; w += 2) {
      const start = T0 + w * WINDOW_MS;
      expect(await sweep([a], 'lone', start, start + WINDOW_MS, 500)).toBe(LIMIT - RESERVE);
      // Junk tokens (all in the unproven pool, whatever replica) take 6 of the reserve's 9 …
      expect(
        (await takeAll(b, UNPROVEN_CALLER, start + WINDOW_MS - 1)) +
          (await takeAll(c, UNPROVEN_CALLER, start + WINDOW_MS - 1)),
      ).toBe(6);
      // … and a proven newcomer still finds the rest, at once.
      expect(await takeAll(c, `newcomer${w}`, start + WINDOW_MS - 1)).toBe(RESERVE - 6);
    }
  });
}

describe('the pace', () => {
  it('releases a tenth of a part at the window start, the rest evenly, all of it at the end', () => {
    expect(windowFraction(T0 + WINDOW_MS, T0 - 5)).toBe(0);
    expect(windowFraction(T0 + WINDOW_MS, T0 + 15_000)).toBe(0.25);
    expect(windowFraction(T0 + WINDOW_MS, T0 + WINDOW_MS + 5)).toBe(1);
    expect([0, 0.25, 0.5, 1].map((f) => pacedPart(111, f, 0.1))).toEqual([12, 37, 62, 111]);
    // No pace: the whole part from the start.
    expect(pacedPart(111, 0, 1)).toBe(111);
    expect([keptOf(55, 0.1), keptOf(3, 0.1), keptOf(55, 1)]).toEqual([6, 1, 55]);
    // One token's time at 120 a minute (108 released through the window): 556 ms; at 600, 112 ms.
    expect([paceStepOf(120, 0.1), paceStepOf(600, 0.1)]).toEqual([556, 112]);
  });
});

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

  it('answers every take as the in-process store does: 3,000 takes by 6 callers over 5 windows, with corrections', async () => {
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
      // Now and then an answer's headers correct both (other clients of the org used some of the window).
      if (next() < 0.02) {
        const resetAt = (Math.floor(now / WINDOW_MS) + 1) * WINDOW_MS;
        const seen = { limit: LIMIT, remaining: Math.floor(next() * LIMIT), resetAt, doubtful: false };
        inProcess.observe('org', resetAt, seen, now);
        await inRedis.observe('org', resetAt, seen, now);
      }
    }
    expect(now).toBeGreaterThan(T0 + 4 * WINDOW_MS);
    const granted = outcomes.filter(([m]) => m.granted).length;
    // Both granted and refused takes were met (the sequence asks for more than the limit).
    expect(granted).toBeGreaterThan(4 * LIMIT * 0.5);
    expect(granted).toBeLessThan(outcomes.length);
    // A refusal for the org's window says `caller: false` from Redis and nothing in process: the same.
    const alike = (r: TakeResult) => (r.granted ? r : { ...r, caller: r.caller ?? false });
    for (const [memory, redisResult] of outcomes) expect(alike(redisResult)).toEqual(alike(memory));
  });
});
