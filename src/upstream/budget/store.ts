// Where the upstream budget's buckets live: in this process, or in Redis for all replicas. Both
// implement BudgetStore with the same window arithmetic (window.ts).
import type { RateLimitSnapshot } from '../rateLimitPolicy.ts';
import type { TakeResult } from './window.ts';

export interface BudgetStore {
  /** Takes one token of `bucket` for `caller` (default: the unproven credentials' pool) at `now`, atomically. */
  take(bucket: string, now: number, caller?: string): Promise<TakeResult>;
  /** The same without waiting, for a store that can answer at once (in process); a store that cannot leaves it out. */
  takeNow?(bucket: string, now: number, caller?: string): TakeResult;
  /** Corrects `bucket` with a response's rate-limit headers (`grantWindow`: see observeSnapshot); at once when it can. */
  observe(bucket: string, grantWindow: number, seen: RateLimitSnapshot, now: number): Promise<void> | undefined;
}
