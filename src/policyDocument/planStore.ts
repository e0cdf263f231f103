// Plans kept between planPolicies and applyPolicies, per caller (the digest of its credential, in
// any spelling, see src/upstream/credential.ts: a plan is applied only by the credential that made
// it), for a bounded time and within a budget of bytes (a plan's JSON): one for all plans, and a
// smaller one per caller. Past either budget the oldest plans go first (the caller's own first for
// its budget); a plan larger than the caller's budget alone is not kept (the plan answers LIMIT_EXCEEDED).
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
}

export interface PlanBudget {
  ttlMs: number;
  /** Bytes of all plans together. */
  maxBytes: number;
  /** Bytes of one caller's plans. */
  callerMaxBytes: number;
}

const SHARED = GATEWAY_DEFAULTS.shared;

/** POLICY_PLAN_TTL_SECONDS, POLICY_PLAN_MAX_BYTES and POLICY_PLAN_CALLER_MAX_BYTES' defaults (src/config/settings.ts). */
export const PLAN_DEFAULTS: PlanBudget = {
  ttlMs: SHARED.policyPlanTtlSeconds * 1000,
  maxBytes: SHARED.policyPlanMaxBytes,
  callerMaxBytes: SHARED.policyPlanCallerMaxBytes,
};

const refusal = (bytes: number, budget: PlanBudget): PutResult | undefined =>
  bytes > budget.callerMaxBytes ? { kept: false, bytes, limit: budget.callerMaxBytes } : undefined;

interface Entry {
  plan: StoredPlan;
  bytes: number;
  expiresAt: number;
}

/** In process: plans expire after the TTL; past a budget the oldest go. */
export class MemoryPlanStore implements PlanStore {
  private readonly plans = new Map<string, Entry>();
  private total = 0;

  constructor(
    private readonly budget: PlanBudget = PLAN_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  async put(plan: StoredPlan): Promise<PutResult> {
    const bytes = Buffer.byteLength(JSON.stringify(plan));
    const refused = refusal(bytes, this.budget);
    if (refused) return refused;
    for (const [id, entry] of this.plans) if (entry.expiresAt <= this.now()) this.remove(id);
    let callerBytes = 0;
    for (const entry of this.plans.values()) if (entry.plan.caller === plan.caller) callerBytes += entry.bytes;
    // Map order is insertion order: the oldest first.
    for (const [id, entry] of this.plans) {
      if (callerBytes + bytes <= this.budget.callerMaxBytes) break;
      if (entry.plan.caller !== plan.caller) continue;
      callerBytes -= entry.bytes;
      this.remove(id);
    }
    for (const id of this.plans.keys()) {
      if (this.total + bytes <= this.budget.maxBytes) break;
      this.remove(id);
    }
    this.plans.set(plan.id, { plan, bytes, expiresAt: this.now() + this.budget.ttlMs });
    this.total += bytes;
    return { kept: true };
  }

  async get(id: string): Promise<StoredPlan | undefined> {
    const entry = this.plans.get(id);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return entry.plan;
  }

  async bytes(): Promise<number> {
    return this.total;
  }

  private remove(id: string): void {
    const entry = this.plans.get(id);
    if (!entry) return;
    this.total -= entry.bytes;
    this.plans.delete(id);
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
 * Keeps one plan within the budgets, atomically. KEYS: the index (a sorted set of every plan,
 * `caller|id|bytes` scored by expiry: the oldest first), the plan's key. ARGV: now, expiry, the
 * member, its bytes, the plan's JSON, the TTL, both budgets, the caller. The index holds at most
 * maxBytes / (a plan's smallest size, about 300 bytes) members, scanned once per plan made.
 */
const PUT = `
local now, expires, member, bytes = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
local maxBytes, callerMax, caller = tonumber(ARGV[7]), tonumber(ARGV[8]), ARGV[9]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local function parts(m)
  local c, id, b = string.match(m, '^(.*)|(.*)|(%d+)$')
  return c, id, tonumber(b)
end
local function drop(m)
  local _, id = parts(m)
  redis.call('ZREM', KEYS[1], m)
  redis.call('DEL', 'policy-plan:' .. id)
end
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
local total, mine = 0, 0
for _, m in ipairs(members) do
  local c, _, b = parts(m)
  total = total + b
  if c == caller then mine = mine + b end
end
for _, m in ipairs(members) do
  if mine + bytes <= callerMax then break end
  local c, _, b = parts(m)
  if c == caller then
    drop(m)
    mine = mine - b
    total = total - b
  end
end
for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if total + bytes <= maxBytes then break end
  local _, _, b = parts(m)
  drop(m)
  total = total - b
end
redis.call('SET', KEYS[2], ARGV[5], 'PX', ARGV[6])
redis.call('ZADD', KEYS[1], expires, member)
return total + bytes
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

  constructor(
    private readonly redis: PlanRedis,
    private readonly budget: PlanBudget = PLAN_DEFAULTS,
  ) {
    this.local = new MemoryPlanStore(budget);
  }

  async put(plan: StoredPlan): Promise<PutResult> {
    const text = JSON.stringify(plan);
    const bytes = Buffer.byteLength(text);
    const refused = refusal(bytes, this.budget);
    if (refused) return refused;
    const now = Date.now();
    const { ttlMs, maxBytes, callerMaxBytes } = this.budget;
    const member = `${plan.caller}|${plan.id}|${bytes}`;
    return this.redis.use(
      async (r) => {
        await r.eval(
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
        );
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
