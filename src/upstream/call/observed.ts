// The observer's step, around each attempt: tells the operation's observer (metrics, logs) about the
// attempt once it ended, by route template and without a header. An operation with no observer
// passes through.
import type { AttemptResult } from '../attempt.ts';
import type { UpstreamAttempt, UpstreamObserver } from '../observer.ts';
import type { CallContext } from './request.ts';
import type { Send, Step } from './steps.ts';

export const observed: Step<AttemptResult> = (next) => (call) => {
  const { observer } = call.operation;
  return observer ? reported(call, observer, next) : next(call);
};

async function reported(call: CallContext, observer: UpstreamObserver, next: Send<AttemptResult>) {
  const retried = call.retried;
  const result = await next(call);
  const code = result.ok ? undefined : (result.error as { code?: unknown }).code;
  const report: UpstreamAttempt = {
    method: call.route.method,
    template: call.route.template,
    path: call.path,
    durationMs: result.durationMs,
    requestId: call.operation.requestId,
    retry: retried > 0,
    status: result.ok ? result.status : undefined,
    errorCode: result.ok ? undefined : typeof code === 'string' ? code : result.error.name,
    rateLimitRemaining: result.ok ? numberHeader(result.headers['x-rate-limit-remaining']) : undefined,
  };
  // Only when traced: an untraced report keeps its one shape.
  if (result.span) Object.assign(report, result.span);
  observer.onUpstreamRequest(report);
  return result;
}

function numberHeader(value: string | string[] | undefined): number | undefined {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return value === undefined || !Number.isFinite(n) ? undefined : n;
}
