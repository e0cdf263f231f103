// Where the upstream budget's buckets live: in this process, or in Redis for all replicas. Both
// implement BudgetStore with the same window arithmetic (window.ts).
import type { RateLimitSnapshot, TakeResult } from './window.ts';

export interface BudgetStore {
  /** Takes one token of `bucket` at `now`, atomically. */
  take(bucket: string, now: number): Promise<TakeResult>;
  /** Corrects `bucket` with a response's rate-limit headers (`grantWindow`: see observeSnapshot). */
  observe(bucket: string, grantWindow: number, seen: RateLimitSnapshot, now: number): Promise<void>;
}
