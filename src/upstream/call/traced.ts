// The trace's two steps, present only when the operation is traced (src/tracing/): around the budget
// step, each attempt is marked as it starts waiting for its token; innermost, each attempt is sent
// with the `traceparent` of its own span, which ends with the attempt.
import type { AttemptResult } from '../attempt.ts';
import type { CallTrace } from '../tracer.ts';
import type { PreparedCall } from './request.ts';
import type { TryOnce } from './steps.ts';

/** Around the budget step: the time an attempt waits for its token is the trace's to tell. */
export function withBudgetWait(trace: CallTrace, next: TryOnce): TryOnce {
  return (retried) => {
    trace.waiting(retried);
    return next(retried);
  };
}

/** The attempt itself, its headers with the span's `traceparent`; its result names the span. */
export function withTraceparent(
  call: PreparedCall,
  trace: CallTrace,
  send: (options: PreparedCall['options']) => Promise<AttemptResult>,
): TryOnce {
  return async (retried) => {
    const traceparent = trace.sending(retried);
    const headers = { ...(call.options.headers as Record<string, string>), traceparent };
    const result = await send({ ...call.options, headers });
    return { ...result, span: trace.ended(result) };
  };
}
