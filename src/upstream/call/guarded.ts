// The operation guard's step, around the whole call (retries included): the call waits for its
// wave to be admitted, and once it has its answer (or failure) settles with what that proved about
// the caller's token. A call that fails before it is classified settles as 'failed'.
import type { CallOutcome, CallTicket } from '../operationGuard.ts';

/** What a classified call settles with: its outcome, and its value or the error to throw. */
export type Settled<T> = { outcome: CallOutcome; value: T } | { outcome: CallOutcome; error: Error };

export interface CallAdmission {
  admit(): Promise<CallTicket>;
  settle(ticket: CallTicket, outcome: CallOutcome): void;
}

export async function guarded<T>(guard: CallAdmission, run: () => Promise<Settled<T>>): Promise<T> {
  const ticket = await guard.admit();
  let outcome: CallOutcome = { kind: 'failed' };
  try {
    const settled = await run();
    outcome = settled.outcome;
    if ('error' in settled) throw settled.error;
    return settled.value;
  } finally {
    guard.settle(ticket, outcome);
  }
}
