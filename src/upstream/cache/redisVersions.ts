// The read cache's invalidation versions in Redis, shared by every replica: a write INCRs its
// groups' keys, a lookup reads them with one MGET. The answers stay in each replica's memory; only
// the versions are shared, so a write through one replica makes every other's entries stale before
// its answer returns. While Redis cannot answer, nothing is served from the cache (a fresh read
// instead); this replica's own writes are also counted in process, so they are seen here even then.
// A version Redis lost (a restart without persistence) starts again from the time in ms, above any
// count it reached before, so an old stamp never becomes current again.
import type { RedisLink } from '../../redis/link.ts';
import { type CacheGroup, type CacheVersions, LocalCacheVersions } from './versions.ts';

const KEY_PREFIX = 'gateway:cache:version:';

// KEYS the groups' version keys; ARGV now (ms): a missing key starts there, a present one moves on by one.
const BUMP = `
for _, key in ipairs(KEYS) do
  if redis.call('SET', key, ARGV[1], 'NX') == false then redis.call('INCR', key) end
end
return 0`;

export class RedisCacheVersions implements CacheVersions {
  private readonly local = new LocalCacheVersions();

  constructor(
    private readonly link: RedisLink,
    private readonly now: () => number = Date.now,
  ) {}

  async stamp(groups: readonly CacheGroup[]): Promise<string | undefined> {
    const keys = groups.map((group) => KEY_PREFIX + group);
    const shared = await this.link.use(
      (redis) => redis.mget(...keys),
      () => undefined,
    );
    if (!shared) return undefined;
    if (shared.includes(null)) {
      // Not known yet (or lost): started now, and nothing is served under it this time.
      const now = String(this.now());
      await this.link.use(
        (redis) => Promise.all(keys.map((key) => redis.set(key, now, 'NX'))),
        () => undefined,
      );
      return undefined;
    }
    return `${this.local.stampNow(groups)}/${shared.join(':')}`;
  }

  async bump(groups: readonly CacheGroup[]): Promise<void> {
    await this.local.bump(groups);
    const keys = groups.map((group) => KEY_PREFIX + group);
    await this.link.use(
      (redis) => redis.eval(BUMP, keys.length, ...keys, String(this.now())),
      () => undefined,
    );
  }
}
