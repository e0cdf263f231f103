// Plans kept between planPolicies and applyPolicies, per caller (the digest of its credential, in
// any spelling, see src/upstream/credential.ts: a plan is applied only by the credential that made
// it), for a bounded time.
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

export interface PlanStore {
  put(plan: StoredPlan): Promise<void>;
  get(id: string): Promise<StoredPlan | undefined>;
}

/** POLICY_PLAN_TTL_SECONDS' default (src/config/settings.ts), and how many plans one process keeps at most. */
export const PLAN_DEFAULTS = { ttlSeconds: GATEWAY_DEFAULTS.shared.policyPlanTtlSeconds, maxPlans: 1000 } as const;

/** In process: plans expire after `ttlMs`; past `maxPlans` the oldest goes. */
export class MemoryPlanStore implements PlanStore {
  private readonly plans = new Map<string, { plan: StoredPlan; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number = PLAN_DEFAULTS.ttlSeconds * 1000,
    private readonly maxPlans: number = PLAN_DEFAULTS.maxPlans,
    private readonly now: () => number = Date.now,
  ) {}

  async put(plan: StoredPlan): Promise<void> {
    for (const [id, entry] of this.plans) if (entry.expiresAt <= this.now()) this.plans.delete(id);
    while (this.plans.size >= this.maxPlans) this.plans.delete(this.plans.keys().next().value as string);
    this.plans.set(plan.id, { plan, expiresAt: this.now() + this.ttlMs });
  }

  async get(id: string): Promise<StoredPlan | undefined> {
    const entry = this.plans.get(id);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    return entry.plan;
  }
}

/** Minimal view of the Redis link (see src/redis/link.ts): a command, with a fallback while Redis is away. */
export interface PlanRedis {
  use<T>(
    command: (redis: {
      set(key: string, value: string, px: 'PX', ms: number): Promise<unknown>;
      get(key: string): Promise<string | null>;
    }) => Promise<T>,
    fallback: () => T | Promise<T>,
  ): Promise<T>;
}

/**
 * In Redis, so that any replica applies a plan another one made; each plan one key that expires
 * with it. While Redis is away, plans are kept (and looked for) in this process.
 */
export class RedisPlanStore implements PlanStore {
  private readonly local: MemoryPlanStore;

  constructor(
    private readonly redis: PlanRedis,
    private readonly ttlMs: number = PLAN_DEFAULTS.ttlSeconds * 1000,
    maxPlans: number = PLAN_DEFAULTS.maxPlans,
  ) {
    this.local = new MemoryPlanStore(ttlMs, maxPlans);
  }

  async put(plan: StoredPlan): Promise<void> {
    await this.redis.use(
      (r) => r.set(keyOf(plan.id), JSON.stringify(plan), 'PX', this.ttlMs),
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
      () => undefined,
    );
  }
}

const keyOf = (id: string) => `policy-plan:${id}`;
