// What gateway replicas share: the upstream budget, the idempotency records and the read cache's
// invalidation versions. With a Redis URL they live in Redis (the budget with an in-process
// fallback while it is away; keyed creates are refused then, see src/idempotency/redisStore.ts; the
// cache serves nothing then); without one, in this process, so that a single gateway behaves the
// same (and never loads the Redis client).
import { GATEWAY_DEFAULTS } from '../config/settings.ts';
import type { RedisLink, RedisLinkLog } from '../redis/link.ts';
import { UpstreamBudget } from '../upstream/budget/budget.ts';
import { MemoryBudgetStore } from '../upstream/budget/memoryStore.ts';
import type { BudgetStore } from '../upstream/budget/store.ts';
import type { CallerShares } from '../upstream/budget/window.ts';
import type { CacheVersions } from '../upstream/cache/versions.ts';
import type { RefusalChannel } from '../upstream/refusalChannel.ts';
import { IDEMPOTENCY_DEFAULTS, type IdempotencySettings } from '../idempotency/creates.ts';
import { type IdempotencyStore, MemoryIdempotencyStore } from '../idempotency/store.ts';
import { MemoryPlanStore, PLAN_DEFAULTS, type PlanStore, RedisPlanStore } from '../policyDocument/planStore.ts';

export interface SharedStateSettings {
  /** Unset: everything in process. */
  redisUrl: string | undefined;
  /** Requests per minute assumed until the service's headers tell (0: unknown). */
  upstreamRateLimit: number;
  /** Replicas sharing the budget: while Redis is away each one uses 1/replicas of it. */
  replicas: number;
  /** The most of one window a proven credential may use (CALLER_SHARE). */
  callerShare: number;
  /** The share of each window held back for newcomers (NEWCOMER_RESERVE; default when left out). */
  newcomerReserve?: number;
  /** The most of one window all unproven credentials together may use (UNPROVEN_SHARE). */
  unprovenShare: number;
  /** The fair share's pace (PACE_BURST; default when left out). */
  paceBurst?: number;
  /** The most of the unproven share one client address may use (UNPROVEN_ADDRESS_SHARE). */
  unprovenAddressShare?: number;
  idempotencyTtlSeconds: number;
  /** Idempotency records of all callers (IDEMPOTENCY_MAX_RECORDS); see callerMemory.ts for who goes first. */
  idempotencyMaxRecords: number;
  /** Bytes of all idempotency records (IDEMPOTENCY_MAX_BYTES). */
  idempotencyMaxBytes?: number;
  /** Records of one caller (IDEMPOTENCY_CALLER_MAX_RECORDS). */
  idempotencyCallerMaxRecords?: number;
  /** Bytes of one caller's records (IDEMPOTENCY_CALLER_MAX_BYTES). */
  idempotencyCallerMaxBytes?: number;
  /** How long a retry waits for the first request with its key (the operation's deadline). */
  idempotencyWaitMs?: number;
  /** How long a policy plan can be applied (POLICY_PLAN_TTL_SECONDS). */
  policyPlanTtlSeconds?: number;
  /** Bytes of all plans kept (POLICY_PLAN_MAX_BYTES). */
  policyPlanMaxBytes?: number;
  /** Bytes of one caller's plans (POLICY_PLAN_CALLER_MAX_BYTES). */
  policyPlanCallerMaxBytes?: number;
  /** Plans of all callers (POLICY_PLAN_MAX_PLANS). */
  policyPlanMaxPlans?: number;
  /** Plans of one caller (POLICY_PLAN_CALLER_MAX_PLANS). */
  policyPlanCallerMaxPlans?: number;
}

/** The defaults of REDIS_URL, UPSTREAM_RATE_LIMIT, REPLICAS, the shares and the idempotency settings. */
export const SHARED_STATE_DEFAULTS = GATEWAY_DEFAULTS.shared;

/** How the budget shares each window between callers, from the settings (NEWCOMER_RESERVE's and PACE_BURST's defaults when left out). */
export function callerSharesOf(
  settings: Pick<SharedStateSettings, 'callerShare' | 'unprovenShare' | 'newcomerReserve' | 'paceBurst'>,
): CallerShares {
  return {
    caller: settings.callerShare,
    unproven: settings.unprovenShare,
    reserve: settings.newcomerReserve ?? SHARED_STATE_DEFAULTS.newcomerReserve,
    burst: settings.paceBurst ?? SHARED_STATE_DEFAULTS.paceBurst,
  };
}

export interface SharedState {
  budget: UpstreamBudget;
  idempotency: IdempotencySettings;
  /** Policy plans between planPolicies and applyPolicies. */
  policyPlans: PlanStore;
  /** The Redis connection, when there is one. */
  redis: RedisLink | undefined;
  /** The read cache's invalidation versions in Redis, shared by every replica; undefined: in process. */
  cacheVersions: CacheVersions | undefined;
  /** The credentials the service refused, told to every replica over Redis; undefined: in process. */
  refusals: RefusalChannel | undefined;
  close(): Promise<void>;
}

export async function createSharedState(settings: SharedStateSettings, log?: RedisLinkLog): Promise<SharedState> {
  let redis: RedisLink | undefined;
  const shares = callerSharesOf(settings);
  let budgetStore: BudgetStore = new MemoryBudgetStore(settings.upstreamRateLimit, 1, shares);
  const idempotencyBudget = {
    maxEntries: settings.idempotencyMaxRecords,
    maxBytes: settings.idempotencyMaxBytes,
    callerMaxEntries: settings.idempotencyCallerMaxRecords,
    callerMaxBytes: settings.idempotencyCallerMaxBytes,
  };
  let idempotencyStore: IdempotencyStore = new MemoryIdempotencyStore(idempotencyBudget);
  const planBudget = {
    ttlMs: settings.policyPlanTtlSeconds === undefined ? PLAN_DEFAULTS.ttlMs : settings.policyPlanTtlSeconds * 1000,
    maxBytes: settings.policyPlanMaxBytes ?? PLAN_DEFAULTS.maxBytes,
    callerMaxBytes: settings.policyPlanCallerMaxBytes ?? PLAN_DEFAULTS.callerMaxBytes,
    maxPlans: settings.policyPlanMaxPlans ?? PLAN_DEFAULTS.maxPlans,
    callerMaxPlans: settings.policyPlanCallerMaxPlans ?? PLAN_DEFAULTS.callerMaxPlans,
  };
  let policyPlans: PlanStore = new MemoryPlanStore(planBudget);
  let cacheVersions: CacheVersions | undefined;
  let refusals: RefusalChannel | undefined;
  if (settings.redisUrl) {
    const [{ RedisLink }, { RedisBudgetStore }, { RedisIdempotencyStore }, { RedisCacheVersions }] = await Promise.all([
      import('../redis/link.ts'),
      import('../upstream/budget/redisStore.ts'),
      import('../idempotency/redisStore.ts'),
      import('../upstream/cache/redisVersions.ts'),
    ]);
    redis = new RedisLink({ url: settings.redisUrl, log });
    budgetStore = new RedisBudgetStore(redis, settings.upstreamRateLimit, settings.replicas, shares);
    idempotencyStore = new RedisIdempotencyStore(redis, idempotencyBudget);
    policyPlans = new RedisPlanStore(redis, planBudget);
    cacheVersions = new RedisCacheVersions(redis);
    const { RedisRefusals } = await import('../upstream/redisRefusals.ts');
    refusals = new RedisRefusals(redis);
  }
  return {
    budget: new UpstreamBudget(budgetStore, Date.now, settings.unprovenAddressShare),
    idempotency: {
      store: idempotencyStore,
      ttlMs: settings.idempotencyTtlSeconds * 1000,
      waitMs: settings.idempotencyWaitMs ?? IDEMPOTENCY_DEFAULTS.waitMs,
    },
    policyPlans,
    redis,
    cacheVersions,
    refusals,
    close: async () => {
      await refusals?.close();
      await redis?.close();
    },
  };
}
