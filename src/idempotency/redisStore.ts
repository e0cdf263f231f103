// Idempotency records in Redis, shared by every replica: a hash per (caller, key) with the
// fingerprint, the claim, when it started and the outcome, and beside it a lease key that the
// claimant renews while its create runs; claiming, renewing and completing are Lua scripts, so two
// replicas can never both hold a claim. A record whose lease ran out without an outcome is taken
// over by the next retry, which looks upstream before creating (see creates.ts). A waiting retry
// polls the record. While Redis is unavailable (down, stalled, a command timed out) a claim answers
// `unavailable` and the keyed create is refused: an in-process record would let two replicas each
// create once for one key. The records are kept within the budgets of callerMemory.ts, by the same
// rule, in the same scripts: an index of every record by expiry, one per caller (its oldest first),
// each caller's records and bytes, and the callers by how much of their own budget they use.
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { type CallerBudget, type EvictionCounts, evictionCounts } from '../callerMemory.ts';
import type { RedisLink } from '../redis/link.ts';
import {
  type ClaimOptions,
  type ClaimResult,
  type IdempotencyStore,
  callerOfRecord,
  type IdempotencyBudget,
  idempotencyBudget,
  recordBytes,
  type StoredOutcome,
} from './store.ts';

const KEY_PREFIX = 'gateway:idempotency:';
const LEASE_PREFIX = 'gateway:idempotency-lease:';
/** How often a waiting retry looks at the record again. */
const POLL_MS = 50;

// The budgets, shared by the scripts that add or grow a record. `now` and `budget` are set by the
// script from its last ARGVs: now, then the budgets (all records, all bytes, a caller's records, its
// bytes). A member of the indexes is `caller|bytes|id`, scored by its record's expiry; the record's
// hash holds it as `member`.
const BUDGETS = `
local ALL, CALLERS, TOTALS = 'gateway:idempotency-index', 'gateway:idempotency-callers', 'gateway:idempotency-bytes'
local n = #ARGV
local now = tonumber(ARGV[n - 4])
local budget = { n = tonumber(ARGV[n - 3]), b = tonumber(ARGV[n - 2]), callerN = tonumber(ARGV[n - 1]), callerB = tonumber(ARGV[n]) }
local function callerIndex(c) return 'gateway:idempotency-caller:' .. c end
local function usageKey(c) return 'gateway:idempotency-usage:' .. c end
local function parts(m)
  local c, b, id = string.match(m, '^(.*)|(%d+)|(.*)$')
  return c, tonumber(b), id
end
local function usage(c)
  local u = redis.call('HMGET', usageKey(c), 'n', 'b')
  return tonumber(u[1] or '0'), tonumber(u[2] or '0')
end
local function account(c, dn, db)
  local un = redis.call('HINCRBY', usageKey(c), 'n', dn)
  local ub = redis.call('HINCRBY', usageKey(c), 'b', db)
  redis.call('INCRBY', TOTALS, db)
  if un <= 0 then
    redis.call('DEL', usageKey(c))
    redis.call('ZREM', CALLERS, c)
  else
    redis.call('ZADD', CALLERS, math.max(un / budget.callerN, ub / budget.callerB), c)
  end
end
local function unindex(m)
  local c, b = parts(m)
  if redis.call('ZREM', ALL, m) == 0 then return end
  redis.call('ZREM', callerIndex(c), m)
  account(c, -1, -b)
end
local function index(c, id, bytes, expires)
  local m = c .. '|' .. bytes .. '|' .. id
  redis.call('ZADD', ALL, expires, m)
  redis.call('ZADD', callerIndex(c), expires, m)
  account(c, 1, bytes)
  return m
end
local function evict(m)
  local _, _, id = parts(m)
  unindex(m)
  redis.call('DEL', '${KEY_PREFIX}' .. id, '${LEASE_PREFIX}' .. id)
end
-- The expired records are gone already; their index members go (a bounded number per script).
local function sweep()
  for _, m in ipairs(redis.call('ZRANGEBYSCORE', ALL, '-inf', now, 'LIMIT', 0, 256)) do unindex(m) end
end
local function oldestBut(c, keep)
  for _, m in ipairs(redis.call('ZRANGE', callerIndex(c), 0, 1)) do
    if m ~= keep then return m end
  end
  return nil
end
-- The caller's oldest past its budget, then the fullest caller's past the overall one; never keep.
local function enforce(c, keep)
  local byCaller, byTotal = 0, 0
  while true do
    local un, ub = usage(c)
    if un <= budget.callerN and ub <= budget.callerB then break end
    local m = oldestBut(c, keep)
    if not m then break end
    evict(m)
    byCaller = byCaller + 1
  end
  while redis.call('ZCARD', ALL) > budget.n or tonumber(redis.call('GET', TOTALS) or '0') > budget.b do
    -- The fullest caller's oldest; when it holds keep alone, the next fullest's.
    local m
    for _, fullest in ipairs(redis.call('ZREVRANGE', CALLERS, 0, 1)) do
      m = oldestBut(fullest, keep)
      if m then break end
    end
    if not m then break end
    evict(m)
    byTotal = byTotal + 1
  end
  return byCaller, byTotal
end
`;

// KEYS[1] record, KEYS[2] lease; ARGV fingerprint, claim, ttlMs, leaseMs, startedAt, caller, bytes, then BUDGETS'.
// Returns nil when claimed afresh; {fingerprint, outcome|false, startedAt, 'takeover'} when a record
// of this fingerprint whose lease ran out is taken over; else {fingerprint, outcome|false}.
const CLAIM = `${BUDGETS}
if redis.call('EXISTS', KEYS[1]) == 1 then
  local found = redis.call('HMGET', KEYS[1], 'fingerprint', 'outcome', 'startedAt')
  if found[2] or found[1] ~= ARGV[1] or redis.call('EXISTS', KEYS[2]) == 1 then
    return {found[1], found[2]}
  end
  redis.call('HSET', KEYS[1], 'claim', ARGV[2])
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
  return {found[1], false, found[3], 'takeover'}
end
sweep()
local m = index(ARGV[6], string.sub(KEYS[1], ${KEY_PREFIX.length + 1}), tonumber(ARGV[7]), now + tonumber(ARGV[3]))
redis.call('HSET', KEYS[1], 'fingerprint', ARGV[1], 'claim', ARGV[2], 'creator', ARGV[2], 'startedAt', ARGV[5], 'member', m)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
local byCaller, byTotal = enforce(ARGV[6], m)
return {false, false, byCaller, byTotal, 'claimed'}
`;

// KEYS[1] record, KEYS[2] lease; ARGV claim, leaseMs. Only the claimant renews, and only while pending.
const RENEW = `
if redis.call('HGET', KEYS[1], 'claim') == ARGV[1] and redis.call('HEXISTS', KEYS[1], 'outcome') == 0 then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
`;

// KEYS[1] record, KEYS[2] lease; ARGV claim, outcome, ttlMs, the record's bytes now, then BUDGETS'.
// Only the claimant completes, and only once; the record's size and expiry in the indexes follow.
const COMPLETE = `${BUDGETS}
if redis.call('HGET', KEYS[1], 'claim') ~= ARGV[1] or redis.call('HEXISTS', KEYS[1], 'outcome') == 1 then
  return {0, 0, 0}
end
redis.call('HSET', KEYS[1], 'outcome', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('DEL', KEYS[2])
local old = redis.call('HGET', KEYS[1], 'member')
if not old then return {1, 0, 0} end
local c, _, id = parts(old)
unindex(old)
local m = index(c, id, tonumber(ARGV[4]), now + tonumber(ARGV[3]))
redis.call('HSET', KEYS[1], 'member', m)
local byCaller, byTotal = enforce(c, m)
return {1, byCaller, byTotal}
`;

// What RELEASE and ABANDON do when they drop a record (after BUDGETS): its member leaves the indexes.
const UNINDEX_RECORD = `
local function unindexRecord()
  local m = redis.call('HGET', KEYS[1], 'member')
  if m then unindex(m) end
end
`;

// KEYS[1] record, KEYS[2] lease; ARGV claim, then BUDGETS'. Drops a pending record of this claim.
const RELEASE = `${BUDGETS}${UNINDEX_RECORD}
if redis.call('HGET', KEYS[1], 'claim') == ARGV[1] and redis.call('HEXISTS', KEYS[1], 'outcome') == 0 then
  unindexRecord()
  redis.call('DEL', KEYS[2])
  return redis.call('DEL', KEYS[1])
end
return 0
`;

// KEYS[1] record, KEYS[2] lease; ARGV claim, then BUDGETS'. Undoes a claim whose answer never came (it may run when a
// stalled Redis wakes): a record it made is dropped (no create ran under it); a record it took over
// loses its lease, so the next retry takes it over at once and looks upstream for what was made.
const ABANDON = `${BUDGETS}${UNINDEX_RECORD}
if redis.call('HGET', KEYS[1], 'claim') ~= ARGV[1] or redis.call('HEXISTS', KEYS[1], 'outcome') == 1 then
  return 0
end
redis.call('DEL', KEYS[2])
if redis.call('HGET', KEYS[1], 'creator') == ARGV[1] then
  unindexRecord()
  redis.call('DEL', KEYS[1])
end
return 1
`;

type Found =
  | [string, string | null]
  | [string, null, string | null, 'takeover']
  | [null, null, number, number, 'claimed'];

/** BUDGETS' arguments: now, then the budgets. */
type BudgetArgs = [number, number, number, number, number];

type IdempotencyRedis = Redis & {
  idempotencyClaim(
    key: string,
    lease: string,
    fingerprint: string,
    claim: string,
    ttlMs: number,
    leaseMs: number,
    startedAt: number,
    caller: string,
    bytes: number,
    ...budget: BudgetArgs
  ): Promise<Found>;
  idempotencyRenew(key: string, lease: string, claim: string, leaseMs: number): Promise<number>;
  idempotencyComplete(
    key: string,
    lease: string,
    claim: string,
    outcome: string,
    ttlMs: number,
    bytes: number,
    ...budget: BudgetArgs
  ): Promise<[number, number, number]>;
  idempotencyRelease(key: string, lease: string, claim: string, ...budget: BudgetArgs): Promise<number>;
  idempotencyAbandon(key: string, lease: string, claim: string, ...budget: BudgetArgs): Promise<number>;
};

export class RedisIdempotencyStore implements IdempotencyStore {
  private readonly redis: IdempotencyRedis;
  private readonly budget: CallerBudget;
  readonly evicted: EvictionCounts = evictionCounts();

  constructor(
    private readonly link: RedisLink,
    budget: IdempotencyBudget = {},
  ) {
    this.budget = idempotencyBudget(budget);
    link.redis.defineCommand('idempotencyClaim', { numberOfKeys: 2, lua: CLAIM });
    link.redis.defineCommand('idempotencyRenew', { numberOfKeys: 2, lua: RENEW });
    link.redis.defineCommand('idempotencyComplete', { numberOfKeys: 2, lua: COMPLETE });
    link.redis.defineCommand('idempotencyRelease', { numberOfKeys: 2, lua: RELEASE });
    link.redis.defineCommand('idempotencyAbandon', { numberOfKeys: 2, lua: ABANDON });
    this.redis = link.redis as IdempotencyRedis;
  }

  async claim(id: string, fingerprint: string, options: ClaimOptions): Promise<ClaimResult> {
    const claim = randomUUID();
    let sent = false;
    return this.link.use(
      async (): Promise<ClaimResult> => {
        const { ttlMs, leaseMs, now } = options;
        sent = true;
        const found = await this.redis.idempotencyClaim(
          KEY_PREFIX + id,
          LEASE_PREFIX + id,
          fingerprint,
          claim,
          ttlMs,
          leaseMs,
          now,
          options.caller ?? callerOfRecord(id),
          recordBytes(id, undefined),
          ...this.budgetArgs(),
        );
        if (found[4] === 'claimed') {
          this.count(Number(found[2]), Number(found[3]));
          return { kind: 'claimed', claim };
        }
        if (found[3] === 'takeover') {
          return { kind: 'claimed', claim, check: { reason: 'expired', startedAt: Number(found[2] ?? 0) } };
        }
        const [storedFingerprint, outcome] = found as [string, string | null];
        return outcome === null
          ? { kind: 'pending', fingerprint: storedFingerprint }
          : { kind: 'done', fingerprint: storedFingerprint, outcome: JSON.parse(outcome) as StoredOutcome };
      },
      () => {
        // A claim that timed out may still run when a stalled Redis wakes: the abandon queued behind
        // it on the same connection undoes it then, so the client's retry is not kept waiting.
        if (sent) void this.abandon(id, claim);
        return { kind: 'unavailable' };
      },
    );
  }

  async renew(id: string, claim: string, leaseMs: number): Promise<void> {
    await this.link.use(
      () => this.redis.idempotencyRenew(KEY_PREFIX + id, LEASE_PREFIX + id, claim, leaseMs),
      () => 0,
    );
  }

  /** A lost outcome leaves the record pending; its lease lapses and the next retry looks upstream. */
  async complete(id: string, claim: string, outcome: StoredOutcome, ttlMs: number): Promise<void> {
    await this.link.use(
      async () => {
        const text = JSON.stringify(outcome);
        const [, byCaller, byTotal] = await this.redis.idempotencyComplete(
          KEY_PREFIX + id,
          LEASE_PREFIX + id,
          claim,
          text,
          ttlMs,
          recordBytes(id, text),
          ...this.budgetArgs(),
        );
        this.count(byCaller, byTotal);
      },
      () => undefined,
    );
  }

  async release(id: string, claim: string): Promise<void> {
    await this.link.use(
      () => this.redis.idempotencyRelease(KEY_PREFIX + id, LEASE_PREFIX + id, claim, ...this.budgetArgs()),
      () => 0,
    );
  }

  private async abandon(id: string, claim: string): Promise<void> {
    await this.link.use(
      () => this.redis.idempotencyAbandon(KEY_PREFIX + id, LEASE_PREFIX + id, claim, ...this.budgetArgs()),
      () => 0,
    );
  }

  private budgetArgs(): BudgetArgs {
    const { maxEntries, maxBytes, callerMaxEntries, callerMaxBytes } = this.budget;
    return [Date.now(), maxEntries, maxBytes, callerMaxEntries, callerMaxBytes];
  }

  private count(byCaller: number, byTotal: number): void {
    this.evicted.caller += byCaller;
    this.evicted.total += byTotal;
  }

  changed(_id: string, maxMs: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, maxMs)));
  }
}
