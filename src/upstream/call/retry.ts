// The retry step, around the attempts of one call: after a failed attempt, retryPolicy.ts says
// whether and when to try again (idempotent routes only, within the operation's limits); the last
// attempt's result is the call's. It remembers whether a retry followed a failure after which the
// service may have acted (a DELETE's 404 then means the first attempt deleted it).
import type { AttemptResult } from '../attempt.ts';
import type { OperationGuard } from '../operationGuard.ts';
import { isAmbiguous, type RetryGuard, type RetrySettings, retryDelay } from '../retryPolicy.ts';
import type { Route } from '../routes.ts';
import type { TryOnce } from './steps.ts';

export type RetriedResult = AttemptResult & { retriedAfterAmbiguousFailure: boolean };

export async function withRetries(
  route: Route,
  guard: RetryGuard & Pick<OperationGuard, 'sleep'>,
  settings: RetrySettings,
  tryOnce: TryOnce,
): Promise<RetriedResult> {
  let retriedAfterAmbiguousFailure = false;
  for (let retried = 0; ; retried++) {
    const result = await tryOnce(retried);
    const failure = !result.ok ? { error: result.error } : result.status >= 300 ? result : undefined;
    const delay = failure && retryDelay(route, guard, settings, retried, failure);
    if (delay === undefined || failure === undefined) return { ...result, retriedAfterAmbiguousFailure };
    if (isAmbiguous(failure)) retriedAfterAmbiguousFailure = true;
    await guard.sleep(delay);
  }
}
