// What gateway replicas share: the upstream budget and the idempotency records. With a Redis URL
// both live in Redis (with in-process fallbacks while it is away); without one, in this process,
// so that a single gateway behaves the same.
import { RedisLink, type RedisLinkLog } from '../redis/link.ts';
import { UpstreamBudget } from '../upstream/budget/budget.ts';
import { MemoryBudgetStore } from '../upstream/budget/memoryStore.ts';
import { RedisBudgetStore } from '../upstream/budget/redisStore.ts';
import { IDEMPOTENCY_DEFAULTS, type IdempotencySettings } from './idempotency/creates.ts';
import { RedisIdempotencyStore } from './idempotency/redisStore.ts';
import { MemoryIdempotencyStore } from './idempotency/store.ts';

export interface SharedStateSettings {
  /** Unset: everything in process. */
  redisUrl: string | undefined;
  /** Requests per minute assumed until the service's headers tell (0: unknown). */
  upstreamRateLimit: number;
  /** Replicas sharing the budget: while Redis is away each one uses 1/replicas of it. */
  replicas: number;
  idempotencyTtlSeconds: number;
  /** How long a retry waits for the first request with its key (the operation's deadline). */
  idempotencyWaitMs?: number;
}

export const SHARED_STATE_DEFAULTS = {
  upstreamRateLimit: 0,
  replicas: 1,
  idempotencyTtlSeconds: IDEMPOTENCY_DEFAULTS.ttlSeconds,
} as const;

export interface SharedState {
  budget: UpstreamBudget;
  idempotency: IdempotencySettings;
  /** The Redis connection, when there is one. */
  redis: RedisLink | undefined;
  close(): Promise<void>;
}

export function createSharedState(settings: SharedStateSettings, log?: RedisLinkLog): SharedState {
  const redis = settings.redisUrl ? new RedisLink({ url: settings.redisUrl, log }) : undefined;
  const budgetStore = redis
    ? new RedisBudgetStore(redis, settings.upstreamRateLimit, settings.replicas)
    : new MemoryBudgetStore(settings.upstreamRateLimit);
  return {
    budget: new UpstreamBudget(budgetStore),
    idempotency: {
      store: redis ? new RedisIdempotencyStore(redis) : new MemoryIdempotencyStore(),
      ttlMs: settings.idempotencyTtlSeconds * 1000,
      waitMs: settings.idempotencyWaitMs ?? IDEMPOTENCY_DEFAULTS.waitMs,
    },
    redis,
    close: async () => {
      await redis?.close();
    },
  };
}
