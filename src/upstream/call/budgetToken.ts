// The budget's step, around each attempt (retries included): the attempt first takes a token of the
// org's rate-limit budget (waiting for the window's reset when the budget allows, else refused with
// UpstreamRateLimitedError, and nothing is sent), and its answer's headers correct the budget before
// the next call of the operation takes its token.
import type { AttemptResult } from '../attempt.ts';
import type { UpstreamBudget } from '../budget/budget.ts';
import type { Step } from './steps.ts';

export type TokenSource = Pick<UpstreamBudget, 'tryAcquire' | 'acquire' | 'observe'>;

export interface BudgetStep {
  budget: TokenSource;
  /** The origin's bucket in the budget. */
  bucket: string;
}

export function budgetToken({ budget, bucket }: BudgetStep): Step<AttemptResult> {
  return (next) => async (call) => {
    const { guard, operation } = call;
    // Asked at each attempt: the probe's answer proves the credential.
    const who = operation.budgetCaller();
    const address = operation.clientAddress;
    const grant =
      budget.tryAcquire(bucket, who, address) ??
      (await budget.acquire(bucket, guard.deadline, (ms) => guard.sleep(ms), who, address));
    const result = await next(call);
    // Awaited only when the store has to wait (Redis): the in-process budget corrects at once, with
    // no extra turn. A correction that fails (Redis gone) is made good by the next answer's headers.
    const correction = result.ok ? budget.observe(bucket, grant, result.headers) : undefined;
    if (correction) await correction.catch(() => undefined);
    return result;
  };
}
