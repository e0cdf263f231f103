// The operation guard's step, around the whole call (shared reads and retries included): the call
// waits for its wave to be admitted, the service's result is read as its answer (answer.ts), and the
// call settles with what that proved about the caller's token. A call that fails before it is
// classified settles as 'failed'. A read the cache answers never gets here: it takes no slot.
import type { AttemptResult } from '../attempt.ts';
import type { CallOutcome } from '../operationGuard.ts';
import { answerOf, type UpstreamResponse } from './answer.ts';
import type { Step } from './steps.ts';

export const guarded: Step<UpstreamResponse, AttemptResult> = (next) => async (call) => {
  const { guard } = call;
  const ticket = await guard.admit();
  let outcome: CallOutcome = { kind: 'failed' };
  try {
    const settled = answerOf(call, await next(call), guard);
    outcome = settled.outcome;
    if ('error' in settled) throw settled.error;
    return settled.value;
  } finally {
    guard.settle(ticket, outcome);
  }
};
