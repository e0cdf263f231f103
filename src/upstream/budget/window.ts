// The arithmetic of one rate-limit bucket: a fixed one-minute window with a limit, its end and the
// tokens taken in it, corrected by what the service's X-Rate-Limit-* headers say. The in-process
// store runs these functions; the Redis store runs the same steps in Lua (redisStore.ts).

/** The service limits requests per minute; its windows are clock minutes. */
export const WINDOW_MS = 60_000;

export interface BucketState {
  /** Requests per window; undefined until learned or seeded: then every take is granted. */
  limit: number | undefined;
  /** When the current window ends (epoch ms). */
  windowEnd: number | undefined;
  /** Tokens taken in the current window (by this gateway or, as the headers tell, by anyone). */
  used: number;
}

/** What one response's X-Rate-Limit-Limit / -Remaining / -Reset headers say. */
export interface RateLimitSnapshot {
  limit: number;
  remaining: number;
  /** X-Rate-Limit-Reset in epoch ms. */
  resetAt: number;
}

export type TakeResult =
  /** `window` is the end of the window the token counts in. */
  | { granted: true; window: number }
  /** No token left before `resetAt` (epoch ms). */
  | { granted: false; resetAt: number };

export function emptyBucket(): BucketState {
  return { limit: undefined, windowEnd: undefined, used: 0 };
}

/**
 * Takes one token at `now`. Without a known limit `seedLimit` applies (0: none, granted). `share` is
 * this process's part of the limit (1, or 1/REPLICAS while the shared budget is unavailable).
 */
export function takeToken(state: BucketState, now: number, seedLimit: number, share = 1): TakeResult {
  const limit = state.limit ?? (seedLimit > 0 ? seedLimit : undefined);
  rollWindow(state, now);
  const windowEnd = state.windowEnd as number;
  // Without a limit every take is granted, but counted: the requests sent before the first answer
  // teaches the limit are part of the window's usage too.
  if (limit !== undefined && state.used >= shareOf(limit, share)) return { granted: false, resetAt: windowEnd };
  state.used++;
  return { granted: true, window: windowEnd };
}

/**
 * Corrects the bucket with a response's headers. `grantWindow` is the window the request's token was
 * counted in: a request granted at the end of one window and counted by the service in the next
 * used a token of the next window too. A response of a window already over teaches only the limit.
 */
export function observeSnapshot(
  state: BucketState,
  grantWindow: number,
  seen: RateLimitSnapshot,
  now: number,
  share = 1,
): void {
  state.limit = seen.limit;
  if (seen.resetAt <= now) return;
  if (state.windowEnd === undefined || seen.resetAt > state.windowEnd) {
    // The service is in a later window than this bucket: start that window.
    state.windowEnd = seen.resetAt;
    state.used = 0;
  } else if (seen.resetAt < state.windowEnd) {
    // The service's window ends earlier than assumed (the first end is a guess): follow it.
    state.windowEnd = seen.resetAt;
  }
  if (grantWindow !== 0 && grantWindow < seen.resetAt) state.used++;
  const usedUpstream = Math.ceil((seen.limit - seen.remaining) * share);
  state.used = Math.max(state.used, usedUpstream);
}

/** Past the window's end a new window starts, aligned to the old one's end (or the next clock minute). */
function rollWindow(state: BucketState, now: number): void {
  if (state.windowEnd === undefined) {
    state.windowEnd = (Math.floor(now / WINDOW_MS) + 1) * WINDOW_MS;
    state.used = 0;
  } else if (now >= state.windowEnd) {
    state.windowEnd += (Math.floor((now - state.windowEnd) / WINDOW_MS) + 1) * WINDOW_MS;
    state.used = 0;
  }
}

function shareOf(limit: number, share: number): number {
  return share >= 1 ? limit : Math.max(1, Math.floor(limit * share));
}

/** The snapshot in a response's headers, or undefined when they are missing or not numbers. */
export function snapshotOf(headers: Record<string, string | string[] | undefined>): RateLimitSnapshot | undefined {
  const limit = Number(headers['x-rate-limit-limit']);
  const remaining = Number(headers['x-rate-limit-remaining']);
  const reset = Number(headers['x-rate-limit-reset']);
  if (![limit, remaining, reset].every((n) => Number.isFinite(n) && n >= 0) || limit === 0) return undefined;
  return { limit, remaining: Math.min(remaining, limit), resetAt: reset * 1000 };
}
