// The observer's step, around each attempt: tells the operation's observer (metrics, logs) about the
// attempt once it ended, by route template and without a header.
import type { UpstreamAttempt, UpstreamObserver } from '../observer.ts';
import type { PreparedCall } from './request.ts';
import type { TryOnce } from './steps.ts';

export function withObserver(
  call: PreparedCall,
  observer: UpstreamObserver | undefined,
  requestId: string | undefined,
  next: TryOnce,
): TryOnce {
  if (!observer) return next;
  return async (retried) => {
    const result = await next(retried);
    const code = result.ok ? undefined : (result.error as { code?: unknown }).code;
    const report: UpstreamAttempt = {
      method: call.route.method,
      template: call.route.template,
      path: call.path,
      durationMs: result.durationMs,
      requestId,
      retry: retried > 0,
      status: result.ok ? result.status : undefined,
      errorCode: result.ok ? undefined : typeof code === 'string' ? code : result.error.name,
      rateLimitRemaining: result.ok ? numberHeader(result.headers['x-rate-limit-remaining']) : undefined,
    };
    // Only when traced: an untraced report keeps its one shape.
    if (result.span) Object.assign(report, result.span);
    observer.onUpstreamRequest(report);
    return result;
  };
}

function numberHeader(value: string | string[] | undefined): number | undefined {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return value === undefined || !Number.isFinite(n) ? undefined : n;
}
