// The upstream budget in Redis, shared by every replica: each take and each correction is one Lua
// script run atomically on the bucket's hash (limit, windowEnd, used), the steps of window.ts.
// While Redis is unavailable this replica uses its share of the limit (limit / REPLICAS) in process.
import type { Redis } from 'ioredis';
import type { RedisLink } from '../../redis/link.ts';
import { MemoryBudgetStore } from './memoryStore.ts';
import type { BudgetStore } from './store.ts';
import { type RateLimitSnapshot, type TakeResult, WINDOW_MS } from './window.ts';

/** An unused bucket disappears after ten windows. */
const BUCKET_TTL_MS = 10 * WINDOW_MS;
const KEY_PREFIX = 'gateway:budget:';

// KEYS[1] bucket; ARGV now, seedLimit (0: none), windowMs, ttlMs. Returns {granted 0|1, windowEnd}.
const TAKE = `
local now, seed, windowMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local s = redis.call('HMGET', KEYS[1], 'limit', 'windowEnd', 'used')
local limit = tonumber(s[1])
if not limit and seed > 0 then limit = seed end
local windowEnd, used = tonumber(s[2]), tonumber(s[3]) or 0
if not windowEnd then
  windowEnd = (math.floor(now / windowMs) + 1) * windowMs
  used = 0
elseif now >= windowEnd then
  windowEnd = windowEnd + (math.floor((now - windowEnd) / windowMs) + 1) * windowMs
  used = 0
end
local granted = 0
if (not limit) or used < limit then
  used = used + 1
  granted = 1
end
redis.call('HSET', KEYS[1], 'windowEnd', windowEnd, 'used', used)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {granted, windowEnd}
`;

// KEYS[1] bucket; ARGV grantWindow, limit, remaining, resetAt, now, ttlMs.
const OBSERVE = `
local grant, limit, remaining = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local resetAt, now = tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('HSET', KEYS[1], 'limit', limit)
if resetAt > now then
  local s = redis.call('HMGET', KEYS[1], 'windowEnd', 'used')
  local windowEnd, used = tonumber(s[1]), tonumber(s[2]) or 0
  if (not windowEnd) or resetAt > windowEnd then
    windowEnd = resetAt
    used = 0
  elseif resetAt < windowEnd then
    windowEnd = resetAt
  end
  if grant ~= 0 and grant < resetAt then used = used + 1 end
  used = math.max(used, limit - remaining)
  redis.call('HSET', KEYS[1], 'windowEnd', windowEnd, 'used', used)
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`;

type BudgetRedis = Redis & {
  budgetTake(key: string, now: number, seed: number, windowMs: number, ttlMs: number): Promise<[number, number]>;
  budgetObserve(
    key: string,
    grant: number,
    limit: number,
    remaining: number,
    resetAt: number,
    now: number,
    ttlMs: number,
  ): Promise<number>;
};

export class RedisBudgetStore implements BudgetStore {
  private readonly redis: BudgetRedis;
  /** This replica's share of each limit, used while Redis is unavailable. */
  readonly fallback: MemoryBudgetStore;

  constructor(
    private readonly link: RedisLink,
    private readonly seedLimit: number,
    replicas: number,
  ) {
    link.redis.defineCommand('budgetTake', { numberOfKeys: 1, lua: TAKE });
    link.redis.defineCommand('budgetObserve', { numberOfKeys: 1, lua: OBSERVE });
    this.redis = link.redis as BudgetRedis;
    this.fallback = new MemoryBudgetStore(seedLimit, 1 / replicas);
  }

  take(bucket: string, now: number): Promise<TakeResult> {
    return this.link.use(
      async () => {
        const [granted, windowEnd] = await this.redis.budgetTake(
          KEY_PREFIX + bucket,
          now,
          this.seedLimit,
          WINDOW_MS,
          BUCKET_TTL_MS,
        );
        return granted === 1 ? { granted: true, window: windowEnd } : { granted: false, resetAt: windowEnd };
      },
      () => this.fallback.take(bucket, now),
    );
  }

  observe(bucket: string, grantWindow: number, seen: RateLimitSnapshot, now: number): Promise<void> {
    return this.link.use(
      async () => {
        await this.redis.budgetObserve(
          KEY_PREFIX + bucket,
          grantWindow,
          seen.limit,
          seen.remaining,
          seen.resetAt,
          now,
          BUCKET_TTL_MS,
        );
      },
      () => this.fallback.observe(bucket, grantWindow, seen, now),
    );
  }
}
