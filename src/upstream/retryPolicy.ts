// When an upstream call is tried again: only idempotent routes, only after a 502/503/504/429 or a
// transport failure that transportFailures.ts calls retryable, at most `retries` times, with capped
// exponential backoff and jitter, and never past the operation's deadline or budget. A 429 waits
// for the rate limit's reset (read by rateLimitPolicy.ts) when that comes before the deadline. The
// upstream client's retry step (call/retry.ts) asks `retryDelay` after each failed attempt.
import type { IncomingHttpHeaders } from 'node:http';
import type { OperationGuard } from './operationGuard.ts';
import { rateLimitResetAt, waitAfter429 } from './rateLimitPolicy.ts';
import type { Route } from './routes.ts';
import { transportFailureOf } from './transportFailures.ts';

export interface RetrySettings {
  /** Retries after the first attempt. */
  retries: number;
  /** The first backoff step; each retry doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Jitter source in [0, 1): Math.random, or a seeded generator in tests. */
  random: () => number;
}

/** The backoff steps; the number of retries is UPSTREAM_RETRIES (src/config/settings.ts). */
export const RETRY_DEFAULTS = { baseDelayMs: 100, maxDelayMs: 2_000 } as const;

const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

/** True when a failed request may still have been carried out by the service. */
export function mayHaveReachedService(error: unknown): boolean {
  return transportFailureOf(error)?.mayHaveReachedService ?? true;
}

/** A failed attempt: an answer with a status of 300 or more, or no answer (a transport error). */
export type AttemptFailure = { status: number; headers: IncomingHttpHeaders } | { error: Error };

/** A failure after which the service may have carried out the request: a cut connection, or a proxy's 502/504. */
export function isAmbiguous(failure: AttemptFailure): boolean {
  if ('status' in failure) return failure.status === 502 || failure.status === 504;
  return mayHaveReachedService(failure.error);
}

/** What the retry policy asks of the operation's guard. */
export type RetryGuard = Pick<OperationGuard, 'allowRetry' | 'holdUntil' | 'now'>;

/**
 * How long to wait before the next attempt of a call that has been retried `retried` times, or
 * undefined when it must not be retried: a route that is not idempotent, no retries left, a failure
 * that is not worth retrying, or a retry the guard refuses (aborted, out of calls, past the
 * deadline). An accepted retry counts as a call of the operation; after a 429 the operation's other
 * calls are held until the reset too.
 */
export function retryDelay(
  route: Route,
  guard: RetryGuard,
  settings: RetrySettings,
  retried: number,
  failure: AttemptFailure,
): number | undefined {
  if (!route.idempotent || retried >= settings.retries) return undefined;
  const delay = delayAfter(failure);
  if (delay === undefined || !guard.allowRetry(delay.ms)) return undefined;
  if (delay.rateLimited) guard.holdUntil(guard.now() + delay.ms);
  return delay.ms;

  function delayAfter(f: AttemptFailure): { ms: number; rateLimited: boolean } | undefined {
    if ('status' in f) {
      if (!RETRIED_STATUSES.has(f.status)) return undefined;
      if (f.status === 429) {
        const resetAt = rateLimitResetAt(f.headers, guard.now());
        if (resetAt !== undefined)
          return { ms: waitAfter429(resetAt, guard.now(), settings.random), rateLimited: true };
      }
      return { ms: backoff(retried), rateLimited: false };
    }
    return transportFailureOf(f.error)?.retryable ? { ms: backoff(retried), rateLimited: false } : undefined;
  }

  /** Half the capped exponential step, plus up to the other half at random. */
  function backoff(attempt: number): number {
    const step = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** attempt);
    return step / 2 + (settings.random() * step) / 2;
  }
}
