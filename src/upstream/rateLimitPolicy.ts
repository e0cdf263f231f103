// The rate-limit policy, in one place: how the service's X-Rate-Limit-* headers and a 429's
// Retry-After are read, which reset is believed, and how long a call waits for it. The budget
// (budget/budget.ts) waits for a window's reset only with RESET_WAIT_MARGIN_MS of the deadline left;
// the retry step (retryPolicy.ts) waits for a 429's reset with a little jitter, and the retry then
// takes its token from the budget like any other call.
import type { IncomingHttpHeaders } from 'node:http';

/** The service limits requests per minute; its windows are clock minutes. */
export const WINDOW_MS = 60_000;

/**
 * A reset this much further ahead than one window is not believed (clock skew between the service,
 * a proxy and the gateway is seconds, not minutes): the window ends at most one window from now.
 */
export const RESET_SKEW_MS = 5_000;

/**
 * A call waits for the budget's reset only when this much of its deadline is left after it: a token
 * taken at the reset by an operation that times out before sending is lost to every caller.
 */
export const RESET_WAIT_MARGIN_MS = 1_000;

/** The most a retry after a 429 waits past the reset, so that callers held by one window do not all return at once. */
export const RESET_JITTER_MS = 250;

/** What one response's X-Rate-Limit-Limit / -Remaining / -Reset headers say. */
export interface RateLimitSnapshot {
  limit: number;
  remaining: number;
  /** X-Rate-Limit-Reset in epoch ms. */
  resetAt: number;
  /** The header's reset was too far ahead to be believed: `resetAt` is one window from the answer. */
  doubtful?: boolean;
}

/**
 * The snapshot in a response's headers, or undefined when they are missing or not numbers. A reset
 * further ahead than one window (plus RESET_SKEW_MS) is not believed: it becomes one window from `now`.
 */
export function snapshotOf(
  headers: Record<string, string | string[] | undefined>,
  now: number = Date.now(),
): RateLimitSnapshot | undefined {
  const limit = Number(headers['x-rate-limit-limit']);
  const remaining = Number(headers['x-rate-limit-remaining']);
  const reset = Number(headers['x-rate-limit-reset']);
  if (![limit, remaining, reset].every((n) => Number.isFinite(n) && n >= 0) || limit === 0) return undefined;
  const resetAt = believableReset(reset * 1000, now);
  const snapshot = { limit, remaining: Math.min(remaining, limit), resetAt };
  return resetAt === reset * 1000 ? snapshot : { ...snapshot, doubtful: true };
}

/**
 * When a 429's rate limit resets (epoch ms): the later of X-Rate-Limit-Reset (epoch seconds) and
 * Retry-After (seconds), since waiting for only one of them could meet a second 429. Further ahead
 * than the service's window (and a skew allowance) is not believed: one window from now instead.
 */
export function rateLimitResetAt(headers: IncomingHttpHeaders, now: number): number | undefined {
  const reset = Number(headers['x-rate-limit-reset']);
  const retryAfter = Number(headers['retry-after']);
  const candidates = [
    Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? now + retryAfter * 1000 : undefined,
  ].filter((t): t is number => t !== undefined);
  return candidates.length ? believableReset(Math.max(...candidates), now) : undefined;
}

/** `resetAt`, or one window from `now` when it is further ahead than a window and the skew allowance. */
export function believableReset(resetAt: number, now: number): number {
  return resetAt > now + WINDOW_MS + RESET_SKEW_MS ? now + WINDOW_MS : resetAt;
}

/** Whether a call with `deadline` (epoch ms) may wait for the budget's reset at `resetAt`: RESET_WAIT_MARGIN_MS must be left. */
export function mayWaitForReset(resetAt: number, deadline: number): boolean {
  return resetAt + RESET_WAIT_MARGIN_MS <= deadline;
}

/** How long a retry after a 429 waits: until the reset, plus up to RESET_JITTER_MS (`random` in [0, 1)). */
export function waitAfter429(resetAt: number, now: number, random: () => number): number {
  return resetAt - now + random() * RESET_JITTER_MS;
}
