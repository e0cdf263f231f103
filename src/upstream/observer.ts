// What the upstream client reports about each HTTP attempt it makes, for metrics and logs. The
// report names the route by its spec template (never a raw id in a label) and carries no header.
import type { HttpMethod } from './routes.ts';

export interface UpstreamAttempt {
  method: HttpMethod;
  /** The spec's path template, e.g. `/api/v1/policies/{policyId}`. */
  template: string;
  /** The path requested, ids filled in (without the query string). */
  path: string;
  /** The HTTP status, when a complete response arrived. */
  status?: number;
  /**
   * When none did: the transport failure's code (e.g. `ECONNREFUSED`, `UND_ERR_HEADERS_TIMEOUT`), or
   * the code of the client's error that ended it (`UPSTREAM_OPERATION_ABORTED` …; see errors.ts).
   */
  errorCode?: string;
  /** From sending the request to the end of the response body (or the failure). */
  durationMs: number;
  /** The `X-Request-Id` sent with the request. */
  requestId?: string;
  /** The `X-Rate-Limit-Remaining` answered, when the upstream sent one. */
  rateLimitRemaining?: number;
  /** This attempt repeats an earlier attempt of the same call. */
  retry: boolean;
  /** The attempt's trace and span, when its operation is traced (the `traceparent` it sent). */
  traceId?: string;
  spanId?: string;
}

/** A read answered from an identical one in flight for another caller: no upstream request of its own. */
export type SharedRead = Pick<UpstreamAttempt, 'method' | 'template' | 'path' | 'requestId'>;

export interface UpstreamObserver {
  /** Called once per attempt, after it ended; must not throw. */
  onUpstreamRequest(attempt: UpstreamAttempt): void;
  /** Called once per shared read, when its answer came; must not throw. */
  onSharedRead?(read: SharedRead): void;
  /** Called once per read answered from the read cache (cache/readCache.ts); must not throw. */
  onCacheHit?(hit: CacheHit): void;
}

/** A read answered from the read cache: no upstream request; `ageMs` since its answer's read was sent. */
export type CacheHit = SharedRead & { ageMs: number };

/** One observer that tells each of the given ones, in order. */
export function composeObservers(...observers: (UpstreamObserver | undefined)[]): UpstreamObserver {
  const present = observers.filter((o): o is UpstreamObserver => o !== undefined);
  return {
    onUpstreamRequest: (attempt) => {
      for (const observer of present) observer.onUpstreamRequest(attempt);
    },
    onSharedRead: (read) => {
      for (const observer of present) observer.onSharedRead?.(read);
    },
    onCacheHit: (hit) => {
      for (const observer of present) observer.onCacheHit?.(hit);
    },
  };
}
