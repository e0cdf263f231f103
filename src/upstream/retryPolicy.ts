// When an upstream call is tried again: only idempotent routes, only after a connection failure or
// a 502/503/504/429, at most `retries` times, with capped exponential backoff and jitter, and
// never past the operation's deadline or budget. A 429 waits for the rate limit's reset when that
// comes before the deadline. This is the decision function of undici's retry interceptor, which
// does the retrying itself.
import type { IncomingHttpHeaders } from 'node:http';
import type { RetryHandler } from 'undici';
import type { OperationGuard } from './operationGuard.ts';
import type { Route } from './routes.ts';

export interface RetrySettings {
  /** Retries after the first attempt. */
  retries: number;
  /** The first backoff step; each retry doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Jitter source in [0, 1): Math.random, or a seeded generator in tests. */
  random: () => number;
}

export const RETRY_DEFAULTS = { retries: 3, baseDelayMs: 100, maxDelayMs: 2_000 } as const;

/** Connection failures where the request never reached the service. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
]);

/** Connection failures after which the service may have received, and acted on, the request. */
const MAYBE_SENT = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

/** True when a failed request may still have been carried out by the service. */
export function mayHaveReachedService(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? !NOT_SENT.has(code) : true;
}

/**
 * When a 429's rate limit resets (epoch ms): the later of X-Rate-Limit-Reset (epoch seconds) and
 * Retry-After (seconds), since waiting for only one of them could meet a second 429.
 */
export function rateLimitResetAt(headers: IncomingHttpHeaders, now: number): number | undefined {
  const reset = Number(headers['x-rate-limit-reset']);
  const retryAfter = Number(headers['retry-after']);
  const candidates = [
    Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? now + retryAfter * 1000 : undefined,
  ].filter((t): t is number => t !== undefined);
  return candidates.length ? Math.max(...candidates) : undefined;
}

/** A failure after which the service may have carried out the request: a cut connection, or a proxy's 502/504. */
function isAmbiguous(error: Error): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') return status === 502 || status === 504;
  return mayHaveReachedService(error);
}

export interface RetryObserver {
  /** A retry was decided after a failure that may have reached the service. */
  onAmbiguousFailure(): void;
  /** Runs after the backoff, before the retry is sent (the rate-limit budget's token); a rejection ends the call with it. */
  beforeRetry?(): Promise<void>;
}

/** The retry options of one call (undici creates one retry handler per request). */
export function retryOptionsFor(
  route: Route,
  guard: OperationGuard,
  settings: RetrySettings,
  observer: RetryObserver,
): RetryHandler.RetryOptions {
  let retried = 0;
  return {
    // A response still failing after the last retry is passed on, to become the caller's error.
    throwOnError: false,
    retry(error, _context, callback) {
      const delay = route.idempotent && retried < settings.retries ? delayBeforeRetry(error, retried) : undefined;
      if (delay === undefined || !guard.allowRetry(delay.ms)) return callback(error);
      retried++;
      if (delay.rateLimited) guard.holdUntil(guard.now() + delay.ms);
      if (isAmbiguous(error)) observer.onAmbiguousFailure();
      guard
        .sleep(delay.ms)
        .then(() => observer.beforeRetry?.())
        .then(
          () => callback(null),
          (reason: Error) => callback(reason),
        );
    },
  };

  function delayBeforeRetry(error: Error, attempt: number): { ms: number; rateLimited: boolean } | undefined {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number') {
      if (!RETRIED_STATUSES.has(status)) return undefined;
      if (status === 429) {
        const headers = (error as { headers?: IncomingHttpHeaders }).headers ?? {};
        const resetAt = rateLimitResetAt(headers, guard.now());
        // A little jitter, so that callers held by the same window do not all return at once.
        if (resetAt !== undefined) return { ms: resetAt - guard.now() + settings.random() * 250, rateLimited: true };
      }
      return { ms: backoff(attempt), rateLimited: false };
    }
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (NOT_SENT.has(code) || MAYBE_SENT.has(code))) {
      return { ms: backoff(attempt), rateLimited: false };
    }
    return undefined;
  }

  /** Half the capped exponential step, plus up to the other half at random. */
  function backoff(attempt: number): number {
    const step = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** attempt);
    return step / 2 + (settings.random() * step) / 2;
  }
}
