// The upstream budget: every upstream request takes a token from its bucket first. With none left
// the call waits for the window's reset when that comes before the operation's deadline; otherwise
// it fails at once with UpstreamRateLimitedError, so no request the service would refuse is sent.
// Responses correct the bucket with their X-Rate-Limit-* headers.
import type { IncomingHttpHeaders } from 'node:http';
import { MemoryBudgetStore } from './memoryStore.ts';
import type { BudgetStore } from './store.ts';
import { snapshotOf } from './window.ts';

/** The budget refused a call: the upstream rate limit is used up until `resetAt` (epoch ms). */
export class UpstreamRateLimitedError extends Error {
  override readonly name = 'UpstreamRateLimitedError';
  constructor(readonly resetAt: number) {
    super(
      `The upstream rate limit is used up until ${new Date(resetAt).toISOString()}; the request was not sent. Try again after that time.`,
    );
  }
}

/** Counts since the start, for metrics. */
export interface BudgetCounters {
  /** Tokens taken (each one upstream request). */
  taken: number;
  /** Calls that waited for a window's reset. */
  waits: number;
  /** Calls refused with RATE_LIMITED because the reset came after their deadline. */
  refusals: number;
}

/**
 * The bucket of an upstream origin. The spec shows no per-endpoint rate limits (and the emulator
 * counts every API request in one window), so all routes of an origin share one bucket.
 */
export function bucketOf(origin: string): string {
  return origin;
}

/** How often a call that woke before the reset goes back to sleep for the rest. */
const MAX_EARLY_WAKE_UPS = 3;

export class UpstreamBudget {
  readonly counters: BudgetCounters = { taken: 0, waits: 0, refusals: 0 };

  constructor(
    private readonly store: BudgetStore = new MemoryBudgetStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes a token, waiting (with `sleep`, which may reject when the operation is aborted) for the
   * reset when it comes before `deadline` (epoch ms). Returns the window the token counts in.
   */
  async acquire(bucket: string, deadline: number, sleep: (ms: number) => Promise<void> = delay): Promise<number> {
    let waitedFor = 0;
    let wakeUps = 0;
    for (;;) {
      const now = this.now();
      const result = await this.store.take(bucket, now);
      if (result.granted) {
        this.counters.taken++;
        return result.window;
      }
      // A timer may fire a little before the wall clock reaches the reset: sleep the rest, a few times
      // at most (a clock that does not move, as in tests, must not keep a call waiting for ever).
      const early = result.resetAt === waitedFor && now < result.resetAt && wakeUps < MAX_EARLY_WAKE_UPS;
      if (result.resetAt > deadline || (result.resetAt === waitedFor && !early)) {
        this.counters.refusals++;
        throw new UpstreamRateLimitedError(result.resetAt);
      }
      if (early) wakeUps++;
      else this.counters.waits++;
      waitedFor = result.resetAt;
      await sleep(Math.max(1, result.resetAt - now));
    }
  }

  /**
   * A token at once, when the store can answer without waiting and one is left (the window it
   * counts in); undefined otherwise, and then `acquire` decides.
   */
  tryAcquire(bucket: string): number | undefined {
    const result = this.store.takeNow?.(bucket, this.now());
    if (!result?.granted) return undefined;
    this.counters.taken++;
    return result.window;
  }

  /**
   * Corrects the bucket with a response's headers (responses without them change nothing). A
   * promise only when the store has to wait (Redis).
   */
  observe(bucket: string, grantWindow: number, headers: IncomingHttpHeaders): Promise<void> | undefined {
    const seen = snapshotOf(headers);
    return seen ? this.store.observe(bucket, grantWindow, seen, this.now()) : undefined;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
