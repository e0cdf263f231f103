// The upstream budget: every upstream request takes a token from its bucket first. With none left
// the call waits for the window's reset when that comes a second or more before the operation's
// deadline; otherwise it fails at once with UpstreamRateLimitedError, so no request the service would
// refuse is sent.
// Responses correct the bucket with their X-Rate-Limit-* headers. Each token is taken for a caller
// (a digest of its credentials, or the pool of unproven ones), which gets its fair share of the
// window (window.ts); what the last take told about a caller is its throttle status. An unproven
// credential's token is also counted for the client address that sent it, which may take only its
// part of the unproven pool (addresses.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { GATEWAY_DEFAULTS } from '../../config/settings.ts';
import { UpstreamRateLimitedError } from '../errors.ts';
import { UnprovenAddresses } from './addresses.ts';
import { MemoryBudgetStore } from './memoryStore.ts';
import type { BudgetStore } from './store.ts';
import { mayWaitForReset, snapshotOf } from '../rateLimitPolicy.ts';
import { type CallerStanding, UNPROVEN_CALLER, WINDOW_MS } from './window.ts';

// Its refusal lives with the client's other errors; exported here too, where the budget throws it.
export { UpstreamRateLimitedError } from '../errors.ts';

/** Callers whose last standing is kept for their throttle status; the oldest go first. */
const MAX_STANDINGS = 10_000;

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
  /** Each caller's standing after its last take on this replica (insertion order: oldest first). */
  private readonly standings = new Map<string, CallerStanding>();
  private readonly addresses: UnprovenAddresses;

  /** `addressShare`: the most of the unproven pool one client address may take in a window (UNPROVEN_ADDRESS_SHARE). */
  constructor(
    private readonly store: BudgetStore = new MemoryBudgetStore(),
    private readonly now: () => number = Date.now,
    addressShare: number = GATEWAY_DEFAULTS.shared.unprovenAddressShare,
  ) {
    this.addresses = new UnprovenAddresses(addressShare);
  }

  /**
   * Takes a token, waiting (with `sleep`, which may reject when the operation is aborted) for the
   * reset when it comes at least RESET_WAIT_MARGIN_MS (rateLimitPolicy.ts) before `deadline` (epoch ms). Returns the window the token counts in.
   * `address`: the client's, for an unproven caller; one whose part of the pool is spent is refused
   * at once (its call holds the probe gate, so it must not wait for the reset).
   */
  async acquire(
    bucket: string,
    deadline: number,
    sleep: (ms: number) => Promise<void> = delay,
    caller = UNPROVEN_CALLER,
    address?: string,
  ): Promise<number> {
    const spent = this.spentAddress(caller, address);
    if (spent) {
      this.counters.refusals++;
      throw new UpstreamRateLimitedError(spent.resetAt, true, true);
    }
    let waitedFor = 0;
    let wakeUps = 0;
    for (;;) {
      const now = this.now();
      const result = await this.store.take(bucket, now, caller);
      this.remember(caller, result.standing);
      if (result.granted) {
        this.granted(caller, address, result.window);
        return result.window;
      }
      // A timer may fire a little before the wall clock reaches the reset: sleep the rest, a few times
      // at most (a clock that does not move, as in tests, must not keep a call waiting for ever).
      const early = result.resetAt === waitedFor && now < result.resetAt && wakeUps < MAX_EARLY_WAKE_UPS;
      if (!mayWaitForReset(result.resetAt, deadline) || (result.resetAt === waitedFor && !early)) {
        this.counters.refusals++;
        throw new UpstreamRateLimitedError(result.resetAt, result.caller);
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
  tryAcquire(bucket: string, caller = UNPROVEN_CALLER, address?: string): number | undefined {
    if (this.spentAddress(caller, address)) return undefined;
    const result = this.store.takeNow?.(bucket, this.now(), caller);
    if (!result?.granted) return undefined;
    this.remember(caller, result.standing);
    this.granted(caller, address, result.window);
    return result.window;
  }

  /**
   * Corrects the bucket with a response's headers (responses without them change nothing). A
   * promise only when the store has to wait (Redis).
   */
  observe(bucket: string, grantWindow: number, headers: IncomingHttpHeaders): Promise<void> | undefined {
    const now = this.now();
    const seen = snapshotOf(headers, now);
    return seen ? this.store.observe(bucket, grantWindow, seen, now) : undefined;
  }

  /**
   * `caller`'s standing in the window as this replica last knew it (no store round trip): after
   * the window's end, a new window with the caller's whole part. Undefined for a caller never seen.
   */
  standingOf(caller: string): CallerStanding | undefined {
    const last = this.standings.get(caller);
    if (!last) return undefined;
    const now = this.now();
    if (now < last.resetAt) return last;
    const resetAt = last.resetAt + (Math.floor((now - last.resetAt) / WINDOW_MS) + 1) * WINDOW_MS;
    return { ...last, remaining: last.callerLimit, resetAt };
  }

  /**
   * The unproven pool's standing when `address` has taken its part of it in this window (as this
   * replica last knew the pool: before the limit is known, no part is spent).
   */
  private spentAddress(caller: string, address: string | undefined): CallerStanding | undefined {
    if (caller !== UNPROVEN_CALLER || address === undefined) return undefined;
    const pool = this.standingOf(UNPROVEN_CALLER);
    if (!pool || pool.callerLimit === null) return undefined;
    return this.addresses.allows(address, pool.callerLimit, pool.resetAt) ? undefined : pool;
  }

  private granted(caller: string, address: string | undefined, window: number): void {
    this.counters.taken++;
    if (caller === UNPROVEN_CALLER && address !== undefined) this.addresses.count(address, window);
  }

  private remember(caller: string, standing: CallerStanding | undefined): void {
    if (!standing) return;
    this.standings.delete(caller);
    this.standings.set(caller, standing);
    if (this.standings.size > MAX_STANDINGS) {
      const oldest = this.standings.keys().next().value;
      if (oldest !== undefined) this.standings.delete(oldest);
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
