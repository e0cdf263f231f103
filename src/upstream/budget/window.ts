// The arithmetic of one rate-limit bucket: a fixed one-minute window with a limit, its end and the
// tokens taken in it, corrected by what the service's X-Rate-Limit-* headers say, and shared between
// the callers that use it: fully by a lone caller, fairly by many, with a reserve for newcomers (see
// `takeToken`). The in-process store runs these functions; the Redis store runs the same steps in
// Lua (redisStore.ts). How the headers are read is the rate-limit policy's (../rateLimitPolicy.ts).
import { type RateLimitSnapshot, WINDOW_MS } from '../rateLimitPolicy.ts';

// The window's length is the service's rate-limit fact (rateLimitPolicy.ts); the budget's code reads it here too.
export { WINDOW_MS };

/**
 * After a window the service said was used up, one call goes first when it ends and the others wait
 * for its answer this long at most (then another call may go, in case the first got no answer).
 */
export const REPROBE_WAIT_MS = 2_000;

/** The budget's caller for every credential the upstream has not yet answered 2xx (see tokenTrust.ts). */
export const UNPROVEN_CALLER = 'unproven';

/** How a window is shared between callers, as shares of the limit. */
export interface CallerShares {
  /** The most of a window each proven credential may use (CALLER_SHARE, (0–1]). */
  caller: number;
  /** The most of a window all unproven credentials together may use (UNPROVEN_SHARE, (0–1]). */
  unproven: number;
  /** Held back from callers past their guaranteed part, for newcomers (NEWCOMER_RESERVE, [0–1); 0 when left out). */
  reserve?: number;
  /**
   * The pace (PACE_BURST, see `pacedPart`), (0–1]: the share of each part there at the window's start, the rest
   * coming evenly through the window; also the most of a released part kept unused for its caller.
   * 1 when left out: no pace, every part whole from the start and kept whole.
   */
  burst?: number;
}

/** One credential alone may use the whole window, at once: the budget before fair sharing, and in unit tests. */
export const WHOLE_WINDOW: CallerShares = { caller: 1, unproven: 1, reserve: 0, burst: 1 };

export interface CallerUsage {
  /** Tokens taken in the current window. */
  used: number;
  /** When the caller last asked for a token (epoch ms), granted or not: it is active for one window after that. */
  lastTake: number;
}

export interface BucketState {
  /** Requests per window; undefined until learned or seeded: then every take is granted. */
  limit: number | undefined;
  /** When the current window ends (epoch ms). */
  windowEnd: number | undefined;
  /** Tokens taken in the current window (by this gateway or, as the headers tell, by anyone). */
  used: number;
  /** The callers active in the last window; the others are dropped, so the map stays small. */
  callers: Map<string, CallerUsage>;
  /** The service's last answer in this window said nothing is left: the next window starts with a re-probe. */
  exhausted: boolean;
  /** The re-probe of the window: -1 none, 0 due (the next take is it), else when it was sent (epoch ms). */
  reprobeAt: number;
}

/** A caller's standing in the window after a take, what its throttle status reports. */
export interface CallerStanding {
  /** The org's limit (this replica's share of it while the shared budget is away); null until known. */
  limit: number | null;
  /** Tokens this caller may still take in the window. */
  remaining: number | null;
  /** The most this caller may take in one window. */
  callerLimit: number | null;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

export type TakeResult =
  /** `window` is the end of the window the token counts in. */
  | { granted: true; window: number; standing?: CallerStanding }
  /**
   * No token before `resetAt` (epoch ms): the org's window is used up, or this caller has used its
   * share of it (`caller`).
   */
  | { granted: false; resetAt: number; caller?: boolean; standing?: CallerStanding };

export function emptyBucket(): BucketState {
  return { limit: undefined, windowEnd: undefined, used: 0, callers: new Map(), exhausted: false, reprobeAt: -1 };
}

/** How far `now` is into the window that ends at `windowEnd`, from 0 (its start) to 1 (its end). */
export function windowFraction(windowEnd: number, now: number): number {
  return Math.min(1, Math.max(0, (now - (windowEnd - WINDOW_MS)) / WINDOW_MS));
}

/** Of a part of `part` tokens, what is released at `fraction` of the window (all of it at the end). */
export function pacedPart(part: number, fraction: number, burst: number): number {
  return Math.min(part, Math.ceil(part * (burst + (1 - burst) * fraction)));
}

/** Of what a caller with a part of `part` was released and left unused, what is kept for it (one token at least). */
export function keptOf(part: number, burst: number): number {
  return Math.max(1, Math.ceil(part * burst));
}

/** How long a caller refused by the pace waits for its next token: one token's time at the window's pace. */
export function paceStepOf(limit: number, burst: number): number {
  return Math.ceil(WINDOW_MS / Math.max(1, limit * (1 - burst)));
}

/**
 * Takes one token for `caller` at `now`. Without a known limit `seedLimit` applies (0: none, granted).
 * `share` is this process's part of the limit (1, or 1/REPLICAS while the shared budget is unavailable).
 *
 * The rule (docs/limits.md, "The fair share of the org's rate limit"): a part of the window is held
 * for newcomers (the reserve, or what the unproven pool is still owed when more), and each proven
 * caller active in the last window is guaranteed an equal part of the rest, at most its own maximum.
 * Every part, and the window's rest, is released through the window (`pacedPart`): a caller within
 * the released part of its guaranteed part is served while tokens are left; past it, only with
 * released tokens that leave every other active caller what it was released and has not used (up to
 * `keptOf` its part: the rest is given to whoever asks) and what is held for newcomers. So a lone
 * caller may use all but the reserve (paced through the window), a newcomer is served at once from
 * the reserve, and a light caller beside a heavy one is served whenever it asks within its part.
 */
export function takeToken(
  state: BucketState,
  now: number,
  seedLimit: number,
  share = 1,
  caller = UNPROVEN_CALLER,
  shares: CallerShares = WHOLE_WINDOW,
): TakeResult {
  const known = state.limit ?? (seedLimit > 0 ? seedLimit : undefined);
  rollWindow(state, now);
  const windowEnd = state.windowEnd as number;
  const mine = state.callers.get(caller) ?? { used: 0, lastTake: 0 };
  // Without a limit every take is granted, but counted: the requests sent before the first answer
  // teaches the limit are part of the window's usage too.
  if (known === undefined) {
    grant(state, caller, mine, now);
    return {
      granted: true,
      window: windowEnd,
      standing: { limit: null, remaining: null, callerLimit: null, resetAt: windowEnd },
    };
  }
  const limit = shareOf(known, share);
  const { standing: before, now: allowed, more } = fairShare(state, limit, caller, shares, now);
  // A refused caller is active too: the next window reserves its part.
  mine.lastTake = now;
  state.callers.set(caller, mine);
  if (state.used >= limit) return { granted: false, resetAt: windowEnd, standing: before };
  if (state.reprobeAt > 0 && now < state.reprobeAt + REPROBE_WAIT_MS) {
    // The window's first call, after one the service said was used up, has not been answered yet.
    return { granted: false, resetAt: state.reprobeAt + REPROBE_WAIT_MS, standing: before };
  }
  if (allowed <= 0) {
    const resetAt = retryAt(more, limit, windowEnd, now, shares.burst ?? 1);
    return { granted: false, resetAt, caller: true, standing: before };
  }
  if (state.reprobeAt >= 0) state.reprobeAt = now;
  grant(state, caller, mine, now);
  // One token less for the caller; what the others are guaranteed is unchanged. (`before` is this
  // take's own object.)
  before.remaining = Math.max(0, (before.remaining ?? 1) - 1);
  return { granted: true, window: windowEnd, standing: before };
}

/**
 * When a caller refused for its share may ask again: at the pace's next token while it may get more
 * in this window (below its maximum, with tokens left: the pace releases more, and others may leave
 * theirs unused) and the window goes on past it, else at the window's end.
 */
function retryAt(more: boolean, limit: number, windowEnd: number, now: number, burst: number): number {
  if (burst >= 1 || !more) return windowEnd;
  return Math.min(now + paceStepOf(limit, burst), windowEnd);
}

function grant(state: BucketState, caller: string, mine: CallerUsage, now: number): void {
  state.used++;
  mine.used++;
  mine.lastTake = now;
  state.callers.set(caller, mine);
}

/**
 * The newcomer reserve of a window of `limit` tokens: its share of the limit, rounded down, and never
 * the whole window (one token at least stays for the callers' parts).
 */
export function reserveOf(limit: number, shares: CallerShares): number {
  return Math.max(0, Math.min(limit - 1, Math.floor(limit * (shares.reserve ?? 0))));
}

/**
 * The most of a window `caller` may use, at least one token: the unproven pool its share; a proven
 * caller its share, less the reserve (which a caller past its part never takes).
 */
export function callerLimitOf(caller: string, limit: number, shares: CallerShares): number {
  if (caller === UNPROVEN_CALLER) return Math.max(1, Math.floor(limit * shares.unproven));
  return Math.max(1, Math.min(Math.floor(limit * shares.caller), limit - reserveOf(limit, shares)));
}

/**
 * What `caller` may take: `now`, at this moment (see takeToken); and in its standing, what it may
 * still take in the window for sure: up to its guaranteed part whatever others do; beyond it, only
 * what leaves each other active caller the rest of its part, and what is held for newcomers (the
 * reserve, or the unproven pool's rest when that is larger); never past its own maximum or the
 * window. (It may get more, what others leave unused.)
 */
function fairShare(
  state: BucketState,
  limit: number,
  caller: string,
  shares: CallerShares,
  now: number,
): { standing: CallerStanding; now: number; more: boolean } {
  // The other callers active in the last window (a loop, not arrays: this runs for every token).
  let pool: CallerUsage | undefined;
  let others = 0;
  for (const [id, usage] of state.callers) {
    if (id === caller || usage.lastTake <= now - WINDOW_MS) continue;
    others++;
    if (id === UNPROVEN_CALLER) pool = usage;
  }
  const proven = others - (pool ? 1 : 0) + (caller === UNPROVEN_CALLER ? 0 : 1);
  // The unproven pool's part: its share, at most an equal part of the window.
  const poolPart = Math.min(callerLimitOf(UNPROVEN_CALLER, limit, shares), Math.floor(limit / (proven + 1)));
  // Every new credential's first calls are the pool's: its rest is held for newcomers, within the reserve.
  const held = Math.max(reserveOf(limit, shares), pool ? Math.max(0, poolPart - pool.used) : 0);
  const parts: Parts = {
    limit,
    shares,
    poolPart,
    equalPart: Math.floor((limit - held) / Math.max(1, proven)),
    fraction: windowFraction(state.windowEnd as number, now),
    burst: shares.burst ?? 1,
  };
  let owed = 0;
  let owedNow = 0;
  if (others > (pool ? 1 : 0)) {
    for (const [id, usage] of state.callers) {
      if (id === caller || id === UNPROVEN_CALLER || usage.lastTake <= now - WINDOW_MS) continue;
      const part = guaranteedPart(parts, id);
      owed += Math.max(0, part - usage.used);
      owedNow += Math.min(keptOf(part, parts.burst), Math.max(0, releasedPart(parts, id) - usage.used));
    }
  }
  const used = state.callers.get(caller)?.used ?? 0;
  const left = Math.max(0, limit - state.used);
  // What of the callers' parts the pace has not released yet.
  const unreleased = limit - held - pacedPart(limit - held, parts.fraction, parts.burst);
  const callerLimit = callerLimitOf(caller, limit, shares);
  const mayTake = Math.min(callerLimit - used, left);
  const allowed = upTo(mayTake, releasedPart(parts, caller) - used, left - unreleased - owedNow - held);
  const remaining = Math.max(allowed, upTo(mayTake, guaranteedPart(parts, caller) - used, left - owed - held));
  const more = callerLimit - used > 0 && left > 0;
  return { standing: { limit, remaining, callerLimit, resetAt: state.windowEnd as number }, now: allowed, more };
}

/** What fairShare computes once per take and each caller's part is read from. */
interface Parts {
  limit: number;
  shares: CallerShares;
  poolPart: number;
  equalPart: number;
  fraction: number;
  burst: number;
}

/** The part of the window `id` is guaranteed: the pool its part; a proven caller an equal part, at most its maximum. */
function guaranteedPart(parts: Parts, id: string): number {
  return id === UNPROVEN_CALLER
    ? parts.poolPart
    : Math.min(callerLimitOf(id, parts.limit, parts.shares), parts.equalPart);
}

/** What the pace has released of `id`'s guaranteed part by now; the pool is not paced (a newcomer's first calls use it). */
function releasedPart(parts: Parts, id: string): number {
  return id === UNPROVEN_CALLER ? parts.poolPart : pacedPart(guaranteedPart(parts, id), parts.fraction, parts.burst);
}

/** What a caller may take: what its part leaves it, or what is free when more, within `mayTake` (its maximum's rest and the window's). */
function upTo(mayTake: number, ofPart: number, free: number): number {
  return Math.max(0, Math.min(mayTake, Math.max(ofPart, free)));
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
  // A reset not believed does not move a window this bucket already has.
  if (seen.doubtful && state.windowEnd !== undefined && state.windowEnd > now)
    seen = { ...seen, resetAt: state.windowEnd };
  if (state.windowEnd === undefined || seen.resetAt > state.windowEnd) {
    // The service is in a later window than this bucket: start that window.
    state.windowEnd = seen.resetAt;
    startWindow(state);
  } else if (seen.resetAt < state.windowEnd) {
    // The service's window ends earlier than assumed (the first end is a guess): follow it.
    state.windowEnd = seen.resetAt;
  }
  if (grantWindow !== 0 && grantWindow < seen.resetAt) state.used++;
  const usedUpstream = Math.ceil((seen.limit - seen.remaining) * share);
  state.used = Math.max(state.used, usedUpstream);
  // An answer in this window ends its re-probe; one saying nothing is left asks for one at its end.
  state.reprobeAt = -1;
  state.exhausted = seen.remaining === 0;
}

/** Past the window's end a new window starts, aligned to the old one's end (or the next clock minute). */
function rollWindow(state: BucketState, now: number): void {
  if (state.windowEnd === undefined) {
    state.windowEnd = (Math.floor(now / WINDOW_MS) + 1) * WINDOW_MS;
    startWindow(state);
  } else if (now >= state.windowEnd) {
    state.windowEnd += (Math.floor((now - state.windowEnd) / WINDOW_MS) + 1) * WINDOW_MS;
    startWindow(state);
  }
  for (const [id, usage] of state.callers) if (usage.lastTake <= now - WINDOW_MS) state.callers.delete(id);
}

/**
 * A new window: nothing used yet; callers stay active (for a window after their last take). After a
 * window the service said was used up, its first call is a re-probe: the others wait for its answer,
 * whatever the service's headers said about this window (they may have been wrong).
 */
function startWindow(state: BucketState): void {
  state.used = 0;
  state.reprobeAt = state.exhausted ? 0 : -1;
  state.exhausted = false;
  for (const usage of state.callers.values()) usage.used = 0;
}

function shareOf(limit: number, share: number): number {
  return share >= 1 ? limit : Math.max(1, Math.floor(limit * share));
}
