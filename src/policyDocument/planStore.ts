// Plans kept between planPolicies and applyPolicies, per caller (the digest of its credential, in
// any spelling, see src/upstream/credential.ts: a plan is applied only by the credential that made
// it), for a bounded time and within budgets of plans and bytes (a plan's JSON): one for all plans,
// and a smaller one per caller. Past its own budget a caller's oldest plans go; past the overall one,
// the oldest plans of the caller using the most of its own budget (see callerMemory.ts), so that one
// caller's flood of plans evicts only its own; a plan larger than the caller's budget alone is not
// kept (the plan answers LIMIT_EXCEEDED).
import { CallerMemory, type EvictionCounts, evictionCounts } from '../callerMemory.ts';
import { GraphQLError } from 'graphql';
import { GATEWAY_DEFAULTS } from '../config/settings.ts';
import type { PlanChange } from './diff.ts';
import type { PolicyDocument } from './document.ts';

export interface StoredPlan {
  id: string;
  /** SHA-256 of the caller's credential (credentialDigest). */
  caller: string;
  /** The target org, as a document, when the plan was made. */
  base: PolicyDocument;
  /** The document to apply (normalized). */
  target: PolicyDocument;
  prune: boolean;
  changes: PlanChange[];
}

/** Kept, or refused for its size: `bytes` over the caller's `limit`. */
export type PutResult = { kept: true } | { kept: false; bytes: number; limit: number };

export interface PlanStore {
  put(plan: StoredPlan): Promise<PutResult>;
  get(id: string): Promise<StoredPlan | undefined>;
  /** Bytes of the plans kept now (in Redis: of every replica). */
  bytes(): Promise<number>;
  /** Plans evicted by a budget so far, by cause (in Redis: those this process's plans evicted). */
  readonly evicted: EvictionCounts;
}

export interface PlanBudget {
  ttlMs: number;
  /** Bytes of all plans together. */
  maxBytes: number;
  /** Bytes of one caller's plans. */
  callerMaxBytes: number;
  /** Plans of all callers together (default POLICY_PLAN_MAX_PLANS'). */
  maxPlans?: number;
  /** Plans of one caller (default POLICY_PLAN_CALLER_MAX_PLANS'). */
  callerMaxPlans?: number;
}

const SHARED = GATEWAY_DEFAULTS.shared;

/** POLICY_PLAN_TTL_SECONDS, POLICY_PLAN_MAX_BYTES and POLICY_PLAN_CALLER_MAX_BYTES' defaults (src/config/settings.ts). */
export const PLAN_DEFAULTS: PlanBudget = {
  ttlMs: SHARED.policyPlanTtlSeconds * 1000,
  maxBytes: SHARED.policyPlanMaxBytes,
  callerMaxBytes: SHARED.policyPlanCallerMaxBytes,
  maxPlans: SHARED.policyPlanMaxPlans,
  callerMaxPlans: SHARED.policyPlanCallerMaxPlans,
};

/** The counts of a budget, their defaults filled in. */
function plansOf(budget: PlanBudget): { maxPlans: number; callerMaxPlans: number } {
  const maxPlans = budget.maxPlans ?? SHARED.policyPlanMaxPlans;
  return { maxPlans, callerMaxPlans: Math.min(maxPlans, budget.callerMaxPlans ?? SHARED.policyPlanCallerMaxPlans) };
}

const refusal = (bytes: number, budget: PlanBudget): PutResult | undefined =>
  bytes > budget.callerMaxBytes ? { kept: false, bytes, limit: budget.callerMaxBytes } : undefined;

/** In process: plans expire after the TTL; past a budget the oldest go (see callerMemory.ts). */
export class MemoryPlanStore implements PlanStore {
  private readonly plans: CallerMemory<StoredPlan>;

  constructor(
    private readonly budget: PlanBudget = PLAN_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {
    const { maxPlans, callerMaxPlans } = plansOf(budget);
    this.plans = new CallerMemory({
      maxEntries: maxPlans,
      maxBytes: budget.maxBytes,
      callerMaxEntries: callerMaxPlans,
      callerMaxBytes: budget.callerMaxBytes,
    });
  }

  get evicted(): EvictionCounts {
    return this.plans.evicted;
  }

  async put(plan: StoredPlan): Promise<PutResult> {
    const bytes = Buffer.byteLength(JSON.stringify(plan));
    const refused = refusal(bytes, this.budget);
    if (refused) return refused;
    this.plans.sweep(this.now());
    this.plans.set(plan.id, plan.caller, plan, bytes, this.now() + this.budget.ttlMs);
    return { kept: true };
  }

  async get(id: string): Promise<StoredPlan | undefined> {
    return this.plans.get(id, this.now());
  }

  async bytes(): Promise<number> {
    return this.plans.bytes;
  }
}

/** Minimal view of the Redis link (see src/redis/link.ts): a command, with a fallback while Redis is away. */
export interface PlanRedis {
  use<T>(
    command: (redis: {
      get(key: string): Promise<string | null>;
      eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
    }) => Promise<T>,
    fallback: () => T | Promise<T>,
  ): Promise<T>;
}

const INDEX = 'policy-plans';
const keyOf = (id: string) => `policy-plan:${id}`;

/**
 * Keeps one plan within the budgets, atomically, by the rule of callerMemory.ts. KEYS: the index (a
 * sorted set of every plan, `caller|id|bytes` scored by expiry: the oldest first), the plan's key.
 * ARGV: now, expiry, the member, its bytes, the plan's JSON, the TTL, the byte budgets (all, one
 * caller), the caller, the plan budgets (all, one caller). The index holds at most POLICY_PLAN_MAX_PLANS
 * members, scanned once per plan made. Returns the plans evicted by the caller's budget and by the overall one.
 */
const PUT = `
local now, expires, member, bytes = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
local maxBytes, callerMax, caller = tonumber(ARGV[7]), tonumber(ARGV[8]), ARGV[9]
local maxPlans, callerMaxPlans = tonumber(ARGV[10]), tonumber(ARGV[11])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local function parts(m)
  local c, id, b = string.match(m, '^(.*)|(.*)|(%d+)$')
  return c, id, tonumber(b)
end
local owners, total, count = {}, 0, 0
local function ownerOf(c)
  local o = owners[c]
  if not o then
    o = { n = 0, b = 0, members = {}, next = 1 }
    owners[c] = o
  end
  return o
end
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local c, _, b = parts(m)
  local o = ownerOf(c)
  o.n, o.b = o.n + 1, o.b + b
  o.members[o.n] = m
  total, count = total + b, count + 1
end
local function dropOldest(o)
  local m = o.members[o.next]
  local _, id, b = parts(m)
  o.next = o.next + 1
  redis.call('ZREM', KEYS[1], m)
  redis.call('DEL', 'policy-plan:' .. id)
  o.n, o.b = o.n - 1, o.b - b
  total, count = total - b, count - 1
end
local mine = ownerOf(caller)
local byCaller, byTotal = 0, 0
while mine.n > 0 and (mine.b + bytes > callerMax or mine.n + 1 > callerMaxPlans) do
  dropOldest(mine)
  byCaller = byCaller + 1
end
while total + bytes > maxBytes or count + 1 > maxPlans do
  local fullest, most = nil, -1
  for c, o in pairs(owners) do
    local n, b = o.n, o.b
    if c == caller then n, b = n + 1, b + bytes end
    local use = math.max(n / callerMaxPlans, b / callerMax)
    if o.n > 0 and use > most then fullest, most = o, use end
  end
  if not fullest then break end
  dropOldest(fullest)
  byTotal = byTotal + 1
end
redis.call('SET', KEYS[2], ARGV[5], 'PX', ARGV[6])
redis.call('ZADD', KEYS[1], expires, member)
return { byCaller, byTotal }
`;

/** The bytes of the plans in the index that have not expired. */
const BYTES = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local total = 0
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do total = total + tonumber(string.match(m, '|(%d+)$')) end
return total
`;

/** How long a client waits before applying a plan again after PLAN_UNAVAILABLE. */
export const PLAN_RETRY_AFTER_SECONDS = 1;

/** Redis cannot answer whether the plan exists (another replica may have made it): a retry may find it. */
function plansUnavailable(): GraphQLError {
  return new GraphQLError(
    `The policy plans are unavailable, so the plan was not read and nothing was applied. Apply it again in ${PLAN_RETRY_AFTER_SECONDS} s or later.`,
    { extensions: { code: 'PLAN_UNAVAILABLE', retryAfterSeconds: PLAN_RETRY_AFTER_SECONDS } },
  );
}

/**
 * In Redis, so that any replica applies a plan another one made; each plan one key that expires
 * with it, and one index of them all for the budgets. While Redis is away, plans are kept (and
 * looked for) in this process; a plan not found here then is PLAN_UNAVAILABLE, not "no such plan".
 */
export class RedisPlanStore implements PlanStore {
  private readonly local: MemoryPlanStore;
  private readonly evictedHere = evictionCounts();

  constructor(
    private readonly redis: PlanRedis,
    private readonly budget: PlanBudget = PLAN_DEFAULTS,
  ) {
    this.local = new MemoryPlanStore(budget);
  }

  get evicted(): EvictionCounts {
    const local = this.local.evicted;
    return { caller: this.evictedHere.caller + local.caller, total: this.evictedHere.total + local.total };
  }

  async put(plan: StoredPlan): Promise<PutResult> {
    const text = JSON.stringify(plan);
    const bytes = Buffer.byteLength(text);
    const refused = refusal(bytes, this.budget);
    if (refused) return refused;
    const now = Date.now();
    const { ttlMs, maxBytes, callerMaxBytes } = this.budget;
    const { maxPlans, callerMaxPlans } = plansOf(this.budget);
    const member = `${plan.caller}|${plan.id}|${bytes}`;
    return this.redis.use(
      async (r) => {
        const [byCaller, byTotal] = (await r.eval(
          PUT,
          2,
          INDEX,
          keyOf(plan.id),
          now,
          now + ttlMs,
          member,
          bytes,
          text,
          ttlMs,
          maxBytes,
          callerMaxBytes,
          plan.caller,
          maxPlans,
          callerMaxPlans,
        )) as [number, number];
        this.evictedHere.caller += byCaller;
        this.evictedHere.total += byTotal;
        return { kept: true } as const;
      },
      () => this.local.put(plan),
    );
  }

  async get(id: string): Promise<StoredPlan | undefined> {
    const local = await this.local.get(id);
    if (local) return local;
    return this.redis.use(
      async (r) => {
        const text = await r.get(keyOf(id));
        return text === null ? undefined : (JSON.parse(text) as StoredPlan);
      },
      () => {
        throw plansUnavailable();
      },
    );
  }

  async bytes(): Promise<number> {
    const local = await this.local.bytes();
    return this.redis.use(
      async (r) => local + Number(await r.eval(BYTES, 1, INDEX, Date.now())),
      () => local,
    );
  }
}
