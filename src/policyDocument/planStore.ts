// Plans kept between planPolicies and applyPolicies, per caller (the digest of its Authorization
// header: a plan is applied only by the credential that made it), for a bounded time.
import type { PlanChange } from './diff.ts';
import type { PolicyDocument } from './document.ts';

export interface StoredPlan {
  id: string;
  /** SHA-256 of the caller's Authorization header. */
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

export const PLAN_DEFAULTS = { ttlSeconds: 3600, maxPlans: 1000 } as const;

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
