// The upstream budget in this process: one bucket state per key. Alone it is the whole budget; as
// the Redis store's fallback it holds this replica's share (1/REPLICAS) of each limit.
import type { RateLimitSnapshot } from '../rateLimitPolicy.ts';
import type { BudgetStore } from './store.ts';
import {
  type BucketState,
  type CallerShares,
  emptyBucket,
  observeSnapshot,
  takeToken,
  WHOLE_WINDOW,
} from './window.ts';

export class MemoryBudgetStore implements BudgetStore {
  private readonly buckets = new Map<string, BucketState>();

  /**
   * `seedLimit`: requests per minute assumed until the headers tell (0: unknown); `share`: this
   * process's part; `shares`: the most of a window one caller may use.
   */
  constructor(
    private readonly seedLimit = 0,
    private readonly share = 1,
    private readonly shares: CallerShares = WHOLE_WINDOW,
  ) {}

  async take(bucket: string, now: number, caller?: string) {
    return this.takeNow(bucket, now, caller);
  }

  takeNow(bucket: string, now: number, caller?: string) {
    return takeToken(this.bucket(bucket), now, this.seedLimit, this.share, caller, this.shares);
  }

  observe(bucket: string, grantWindow: number, seen: RateLimitSnapshot, now: number): undefined {
    observeSnapshot(this.bucket(bucket), grantWindow, seen, now, this.share);
    return undefined;
  }

  private bucket(key: string): BucketState {
    const state = this.buckets.get(key) ?? emptyBucket();
    this.buckets.set(key, state);
    return state;
  }
}
