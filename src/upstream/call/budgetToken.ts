// The budget's step, around each attempt (retries included): the attempt first takes a token of the
// org's rate-limit budget (waiting for the window's reset when the budget allows, else refused with
// UpstreamRateLimitedError, and nothing is sent), and its answer's headers correct the budget before
// the next call of the operation takes its token.
import type { UpstreamBudget } from '../budget/budget.ts';
import type { TryOnce } from './steps.ts';

export type TokenSource = Pick<UpstreamBudget, 'tryAcquire' | 'acquire' | 'observe'>;

export interface BudgetStep {
  budget: TokenSource;
  bucket: string;
  /** The caller in the budget: asked at each attempt, since the probe's answer proves the credential. */
  callerOf: () => string;
  guard: { readonly deadline: number; sleep(ms: number): Promise<void> };
  /** The client's address, for its part of the unproven pool; undefined when not known (in process). */
  address?: string;
}

export function withBudgetToken({ budget, bucket, callerOf, guard, address }: BudgetStep, next: TryOnce): TryOnce {
  return async (retried) => {
    const who = callerOf();
    const grant =
      budget.tryAcquire(bucket, who, address) ??
      (await budget.acquire(bucket, guard.deadline, (ms) => guard.sleep(ms), who, address));
    const result = await next(retried);
    // Awaited only when the store has to wait (Redis): the in-process budget corrects at once, with
    // no extra turn. A correction that fails (Redis gone) is made good by the next answer's headers.
    const correction = result.ok ? budget.observe(bucket, grant, result.headers) : undefined;
    if (correction) await correction.catch(() => undefined);
    return result;
  };
}
