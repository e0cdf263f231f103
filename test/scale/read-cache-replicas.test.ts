// Two gateways with the read cache on, sharing one redis-server (their invalidation versions) over
// one emulator: a rename through A is seen by the next read through B, every time, while B answers
// its repeated reads from its cache; with Redis gone, nothing is served from the cache.
import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CacheReplica, startCacheReplica } from '../helpers/cacheReplicas.ts';
import { countFromNow, createPolicy, useEmulator } from '../helpers/emulator.ts';
import { startRecordingProxy } from '../helpers/proxy.ts';
import { redisTestsRun, useRedis } from '../helpers/redis.ts';

const withRedis = redisTestsRun('The read cache replica tests');
const redis = useRedis();
const emulator = useEmulator();
let a: CacheReplica;
let b: CacheReplica;
const startReplica = (upstreamUrl = emulator().url) => startCacheReplica(upstreamUrl, redis().url);

beforeAll(async () => {
  [a, b] = await Promise.all([startReplica(), startReplica()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});
// The org was reset behind the gateways' backs.
beforeEach(() => Promise.all([a.upstream.invalidateCache(), b.upstream.invalidateCache()]));

const RENAME =
  'mutation($id: ID!, $name: String!) { updatePolicy(id: $id, input: { name: $name }) { policy { name } } }';
const NAME = 'query($id: ID!) { policy(id: $id) { name } }';

describe.runIf(withRedis)('two gateways with the read cache, sharing Redis', () => {
  it('a rename through A is seen by the next read through B: 100 of 100 tries', async () => {
    const { id } = await createPolicy(emulator(), { name: 'Name 0' });
    let fromCache = 0;
    for (let i = 1; i <= 100; i++) {
      // Every tenth try, B shows that it holds the name read after the last rename.
      if (i % 10 === 1) {
        const before = await b.gql(NAME, { id });
        expect(before.data.policy.name).toBe(`Name ${i - 1}`);
        fromCache += before.extensions.cost.cache.hits;
      }
      const renamed = await a.gql(RENAME, { id, name: `Name ${i}` });
      expect(renamed.data.updatePolicy.policy.name).toBe(`Name ${i}`);
      const after = await b.gql(NAME, { id });
      expect(after.data.policy.name).toBe(`Name ${i}`);
    }
    // From its cache, but the first time, which warmed it.
    expect(fromCache).toBe(9);
  });

  it('serves nothing from the cache while Redis cannot answer, and again once it is back', async () => {
    const { id } = await createPolicy(emulator(), { name: 'Kept' });
    await b.gql(NAME, { id });
    expect((await b.gql(NAME, { id })).extensions.cost.cache.hits).toBe(1);
    await redis().stop();
    try {
      const calls = countFromNow(emulator());
      const read = await b.gql(NAME, { id });
      expect(read.data.policy.name).toBe('Kept');
      expect(read.extensions.cost.cache.hits).toBe(0);
      expect(calls().total).toBe(1);
    } finally {
      await redis().start();
    }
    await b.link.whenReady();
    // Its versions were lost with Redis: they start again, and the cache fills and serves again.
    await b.gql(NAME, { id });
    await b.gql(NAME, { id });
    expect((await b.gql(NAME, { id })).extensions.cost.cache.hits).toBe(1);
  });
});

describe.runIf(withRedis)('a read through one replica that starts after a write through another returned', () => {
  it.each([
    ['with the read cache', 60],
    ['without the read cache', 0],
  ])('does not join an identical read that replica sent before the write (%s)', async (_, cacheTtlSeconds) => {
    const { id } = await createPolicy(emulator(), { name: 'Before' });
    // C reaches the service through a proxy that can hold an answer the service already gave.
    const proxy = await startRecordingProxy(emulator().url);
    const c = await startCacheReplica(proxy.url, redis().url, { cacheTtlSeconds });
    try {
      // C has read policies with this token: it is proven, so its reads lead flights others may join.
      await c.gql('{ policies(type: PASSWORD) { nodes { id } } }');
      const held = proxy.holdNextAnswer();
      const sentBefore = c.gql(NAME, { id });
      await held.arrived;
      const renamed = await a.gql(RENAME, { id, name: 'After' });
      expect(renamed.data.updatePolicy.policy.name).toBe('After');
      const missesBefore = c.upstream.readCache?.misses ?? 0;
      const sentBeforeAfter = proxy.received.length;
      const after = c.gql(NAME, { id });
      // Until its cache lookup has missed, then a few turns for it to reach the service or join the held read
      // (had it joined, it would wait for the held answer).
      while (c.upstream.readCache && c.upstream.readCache.misses === missesBefore) await setImmediate();
      for (let turn = 0; turn < 50 && proxy.received.length === sentBeforeAfter; turn++) await setImmediate();
      held.release();
      const before = await sentBefore;
      expect(before.errors).toBeUndefined();
      expect(before.data.policy.name).toBe('Before');
      const fresh = await after;
      expect(fresh.errors).toBeUndefined();
      expect(fresh.data.policy.name).toBe('After');
    } finally {
      await c.close();
      await proxy.close();
    }
  });
});
