// The upstream budget in Redis, shared by every replica: each take and each correction is one Lua
// script run atomically on the bucket's keys (a hash: limit, windowEnd, used; a hash of each caller's
// tokens in the window; a sorted set of when each caller last asked for one), the steps of window.ts.
// While Redis is unavailable this replica uses its share of the limit (limit / REPLICAS) in process.
import type { Redis } from 'ioredis';
import type { RedisLink } from '../../redis/link.ts';
import { MemoryBudgetStore } from './memoryStore.ts';
import type { RateLimitSnapshot } from '../rateLimitPolicy.ts';
import type { BudgetStore } from './store.ts';
import {
  type CallerShares,
  REPROBE_WAIT_MS,
  type TakeResult,
  UNPROVEN_CALLER,
  WHOLE_WINDOW,
  WINDOW_MS,
} from './window.ts';

/** An unused bucket disappears after ten windows. */
const BUCKET_TTL_MS = 10 * WINDOW_MS;
const KEY_PREFIX = 'gateway:budget:';

// The fair share of takeToken (window.ts), step for step: what CALLER may take now, and may still
// take in the window for sure. Needs limit, used, now, windowEnd, windowMs, callerShare,
// unprovenShare, reserveShare, paceBurst, unprovenId in scope.
const STANDING = `
local function reserveOf()
  return math.max(0, math.min(limit - 1, math.floor(limit * reserveShare)))
end
local function capOf(id)
  if id == unprovenId then return math.max(1, math.floor(limit * unprovenShare)) end
  return math.max(1, math.min(math.floor(limit * callerShare), limit - reserveOf()))
end
local function pacedPart(part, fraction)
  return math.min(part, math.ceil(part * (paceBurst + (1 - paceBurst) * fraction)))
end
local function keptOf(part)
  return math.max(1, math.ceil(part * paceBurst))
end
local function standing()
  local active = redis.call('ZRANGE', KEYS[3], 0, -1)
  local usedBy = {}
  local flat = redis.call('HGETALL', KEYS[2])
  for i = 1, #flat, 2 do usedBy[flat[i]] = tonumber(flat[i + 1]) end
  local proven, poolActive = 0, false
  if caller ~= unprovenId then proven = 1 end
  for _, id in ipairs(active) do
    if id == unprovenId then
      if caller ~= unprovenId then poolActive = true end
    elseif id ~= caller then proven = proven + 1 end
  end
  local poolPart = math.min(capOf(unprovenId), math.floor(limit / (proven + 1)))
  local held = reserveOf()
  if poolActive then held = math.max(held, poolPart - (usedBy[unprovenId] or 0)) end
  local equal = math.floor((limit - held) / math.max(1, proven))
  local function guaranteed(id)
    if id == unprovenId then return poolPart end
    return math.min(capOf(id), equal)
  end
  local fraction = math.min(1, math.max(0, (now - (windowEnd - windowMs)) / windowMs))
  local function released(id)
    if id == unprovenId then return poolPart end
    return pacedPart(guaranteed(id), fraction)
  end
  local owed, owedNow = 0, 0
  for _, id in ipairs(active) do
    if id ~= caller and id ~= unprovenId then
      local theirs = usedBy[id] or 0
      owed = owed + math.max(0, guaranteed(id) - theirs)
      owedNow = owedNow + math.min(keptOf(guaranteed(id)), math.max(0, released(id) - theirs))
    end
  end
  local mine = usedBy[caller] or 0
  local left = math.max(0, limit - used)
  local unreleased = limit - held - pacedPart(limit - held, fraction)
  local cap = capOf(caller)
  local function upTo(mayUse, free)
    return math.max(0, math.min(cap - mine, left, math.max(mayUse - mine, free)))
  end
  local allowed = upTo(released(caller), left - unreleased - owedNow - held)
  local more = cap - mine > 0 and left > 0
  return allowed, math.max(allowed, upTo(guaranteed(caller), left - owed - held)), cap, more
end
`;

// KEYS bucket, callers' tokens, callers' last take; ARGV now, seedLimit (0: none), windowMs, ttlMs,
// caller, callerShare, unprovenShare, unprovenId, reprobeWaitMs, reserveShare, paceBurst.
// Returns {granted 0|1, windowEnd, limit (-1: unknown), remaining (-1), callerLimit (-1), refused by
// the caller's share 0|1, when a refused take may be tried again}.
const TAKE = `
local now, seed, windowMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local caller, callerShare, unprovenShare, unprovenId = ARGV[5], tonumber(ARGV[6]), tonumber(ARGV[7]), ARGV[8]
local reprobeWait, reserveShare = tonumber(ARGV[9]), tonumber(ARGV[10])
local paceBurst = tonumber(ARGV[11])
local s = redis.call('HMGET', KEYS[1], 'limit', 'windowEnd', 'used', 'exhausted', 'reprobeAt')
local limit = tonumber(s[1])
if not limit and seed > 0 then limit = seed end
local windowEnd, used = tonumber(s[2]), tonumber(s[3]) or 0
local exhausted, reprobeAt = tonumber(s[4]) or 0, tonumber(s[5]) or -1
local function startWindow()
  used = 0
  redis.call('DEL', KEYS[2])
  reprobeAt = -1
  if exhausted == 1 then reprobeAt = 0 end
  exhausted = 0
end
if not windowEnd then
  windowEnd = (math.floor(now / windowMs) + 1) * windowMs
  startWindow()
elseif now >= windowEnd then
  windowEnd = windowEnd + (math.floor((now - windowEnd) / windowMs) + 1) * windowMs
  startWindow()
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - windowMs)
${STANDING}
local granted, byCaller, remaining, cap, resetAt = 1, 0, -1, -1, windowEnd
if limit then
  local allowed, more
  allowed, remaining, cap, more = standing()
  -- A refused caller is active too: the next window reserves its part.
  redis.call('ZADD', KEYS[3], now, caller)
  if used >= limit then granted = 0
  elseif reprobeAt > 0 and now < reprobeAt + reprobeWait then
    granted = 0
    resetAt = reprobeAt + reprobeWait
  elseif allowed <= 0 then
    granted = 0
    byCaller = 1
    -- At the pace's next token while more is left for the caller in this window.
    local step = math.ceil(windowMs / math.max(1, limit * (1 - paceBurst)))
    if paceBurst < 1 and more and now + step < windowEnd then resetAt = now + step end
  end
end
if granted == 1 then
  used = used + 1
  redis.call('HINCRBY', KEYS[2], caller, 1)
  redis.call('ZADD', KEYS[3], now, caller)
  if limit then remaining = math.max(0, remaining - 1) end
  if reprobeAt >= 0 then reprobeAt = now end
end
redis.call('HSET', KEYS[1], 'windowEnd', windowEnd, 'used', used, 'exhausted', exhausted, 'reprobeAt', reprobeAt)
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[4]) end
return {granted, windowEnd, limit or -1, remaining, cap, byCaller, resetAt}
`;

// KEYS bucket, callers' tokens; ARGV grantWindow, limit, remaining, resetAt, now, ttlMs, doubtful 0|1.
const OBSERVE = `
local grant, limit, remaining = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local resetAt, now = tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('HSET', KEYS[1], 'limit', limit)
if resetAt > now then
  local s = redis.call('HMGET', KEYS[1], 'windowEnd', 'used')
  local windowEnd, used = tonumber(s[1]), tonumber(s[2]) or 0
  -- A reset not believed does not move a window the bucket already has.
  if ARGV[7] == '1' and windowEnd and windowEnd > now then resetAt = windowEnd end
  if (not windowEnd) or resetAt > windowEnd then
    windowEnd = resetAt
    used = 0
    redis.call('DEL', KEYS[2])
  elseif resetAt < windowEnd then
    windowEnd = resetAt
  end
  if grant ~= 0 and grant < resetAt then used = used + 1 end
  used = math.max(used, limit - remaining)
  -- An answer in this window ends its re-probe; one saying nothing is left asks for one at its end.
  local exhausted = 0
  if remaining == 0 then exhausted = 1 end
  redis.call('HSET', KEYS[1], 'windowEnd', windowEnd, 'used', used, 'exhausted', exhausted, 'reprobeAt', -1)
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`;

type TakeReply = [number, number, number, number, number, number, number];

type BudgetRedis = Redis & {
  budgetTake(
    bucket: string,
    callers: string,
    seen: string,
    now: number,
    seed: number,
    windowMs: number,
    ttlMs: number,
    caller: string,
    callerShare: number,
    unprovenShare: number,
    unprovenId: string,
    reprobeWaitMs: number,
    reserveShare: number,
    paceBurst: number,
  ): Promise<TakeReply>;
  budgetObserve(
    bucket: string,
    callers: string,
    grant: number,
    limit: number,
    remaining: number,
    resetAt: number,
    now: number,
    ttlMs: number,
    doubtful: 0 | 1,
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
    private readonly shares: CallerShares = WHOLE_WINDOW,
  ) {
    link.redis.defineCommand('budgetTake', { numberOfKeys: 3, lua: TAKE });
    link.redis.defineCommand('budgetObserve', { numberOfKeys: 2, lua: OBSERVE });
    this.redis = link.redis as BudgetRedis;
    this.fallback = new MemoryBudgetStore(seedLimit, 1 / replicas, shares);
  }

  take(bucket: string, now: number, caller = UNPROVEN_CALLER): Promise<TakeResult> {
    return this.link.use(
      async () => {
        const [granted, windowEnd, limit, remaining, callerLimit, byCaller, retryAt] = await this.redis.budgetTake(
          KEY_PREFIX + bucket,
          `${KEY_PREFIX + bucket}:callers`,
          `${KEY_PREFIX + bucket}:seen`,
          now,
          this.seedLimit,
          WINDOW_MS,
          BUCKET_TTL_MS,
          caller,
          this.shares.caller,
          this.shares.unproven,
          UNPROVEN_CALLER,
          REPROBE_WAIT_MS,
          this.shares.reserve ?? 0,
          this.shares.burst ?? 1,
        );
        const known = (n: number) => (n < 0 ? null : n);
        const standing = {
          limit: known(limit),
          remaining: known(remaining),
          callerLimit: known(callerLimit),
          resetAt: windowEnd,
        };
        return granted === 1
          ? { granted: true, window: windowEnd, standing }
          : { granted: false, resetAt: retryAt, caller: byCaller === 1, standing };
      },
      () => this.fallback.take(bucket, now, caller),
    );
  }

  observe(bucket: string, grantWindow: number, seen: RateLimitSnapshot, now: number): Promise<void> {
    return this.link.use(
      async () => {
        await this.redis.budgetObserve(
          KEY_PREFIX + bucket,
          `${KEY_PREFIX + bucket}:callers`,
          grantWindow,
          seen.limit,
          seen.remaining,
          seen.resetAt,
          now,
          BUCKET_TTL_MS,
          seen.doubtful ? 1 : 0,
        );
      },
      () => this.fallback.observe(bucket, grantWindow, seen, now),
    );
  }
}
