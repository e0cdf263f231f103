// The trace's two steps, which pass through when the operation is not traced (src/tracing/): around
// the budget step, each attempt is marked as it starts waiting for its token; innermost, each
// attempt is sent with the `traceparent` of its own span, which ends with the attempt. One file,
// since they are the two ends of one span.
import type { AttemptResult } from '../attempt.ts';
import type { CallTrace } from '../tracer.ts';
import type { CallContext } from './request.ts';
import type { Send, Step } from './steps.ts';

/** Around the budget step: the time an attempt waits for its token is the trace's to tell. */
export const budgetWait: Step<AttemptResult> = (next) => (call) => {
  call.trace?.waiting(call.retried);
  return next(call);
};

/** Around the attempt: its headers carry the span's `traceparent`; its result names the span. */
export const traceparent: Step<AttemptResult> = (next) => (call) =>
  call.trace ? sentTraced(call, call.trace, next) : next(call);

async function sentTraced(call: CallContext, trace: CallTrace, next: Send<AttemptResult>): Promise<AttemptResult> {
  const traceparent = trace.sending(call.retried);
  const headers = { ...(call.options.headers as Record<string, string>), traceparent };
  // The attempt sends its call's options: this one's, with the header, for this attempt only.
  const result = await next({ ...call, options: { ...call.options, headers } });
  return { ...result, span: trace.ended(result) };
}
