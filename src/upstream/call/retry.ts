// The retry step, around the attempts of one call: after a failed attempt, retryPolicy.ts says
// whether and when to try again (idempotent routes only, within the operation's limits); the last
// attempt's result is the call's, and the call's own (what the cache may keep and what teaches the
// caller's rights class). It notes whether a retry followed a failure after which the service may
// have acted (a DELETE's 404 then means the first attempt deleted it).
import type { AttemptResult } from '../attempt.ts';
import { isAmbiguous, type RetrySettings, retryDelay } from '../retryPolicy.ts';
import type { Step } from './steps.ts';

export function retries(settings: RetrySettings): Step<AttemptResult> {
  return (next) => async (call) => {
    const { route, guard } = call;
    for (let retried = 0; ; retried++) {
      call.retried = retried;
      const result = await next(call);
      const failure = !result.ok ? { error: result.error } : result.status >= 300 ? result : undefined;
      const delay = failure && retryDelay(route, guard, settings, retried, failure);
      if (delay === undefined || failure === undefined) {
        call.own = result;
        return result;
      }
      if (isAmbiguous(failure)) call.retriedAfterAmbiguousFailure = true;
      await guard.sleep(delay);
    }
  };
}
