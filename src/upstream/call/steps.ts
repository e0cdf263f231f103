// The one shape of an upstream call's steps, as undici's interceptors: a step takes the next send
// and returns a send that does its part around it. The client composes its list once (client.ts);
// each step reads what it needs from the call's context and, where it does not apply (a write past
// the read cache, an operation with no observer), hands the call on as it is, at no cost per call.
import type { AttemptResult } from '../attempt.ts';
import type { UpstreamResponse } from './answer.ts';
import type { CallContext } from './request.ts';

/** Sends one call (or, below the retry step, one attempt of it). */
export type Send<R> = (call: CallContext) => Promise<R>;

/**
 * A step of the list: `In` is what its next send answers, `Out` what it answers. They differ only at
 * the guard, which reads the service's result as the call's answer.
 */
export type Step<Out, In = Out> = (next: Send<In>) => Send<Out>;

/** A step that is off: the next send itself, so it costs nothing per call. */
export const skipped = <R>(next: Send<R>): Send<R> => next;

/**
 * The list, outermost first. Above the guard the steps see the call's answer (parsed, or thrown as
 * its error); below it they see the service's result as it came, which shared reads hand each
 * joiner to read for itself.
 */
export interface CallSteps {
  answered: readonly Step<UpstreamResponse>[];
  guard: Step<UpstreamResponse, AttemptResult>;
  attempted: readonly Step<AttemptResult>[];
  /** The HTTP attempt itself. */
  attempt: Send<AttemptResult>;
}

export function compose({ answered, guard, attempted, attempt }: CallSteps): Send<UpstreamResponse> {
  const results = attempted.reduceRight((next, step) => step(next), attempt);
  return answered.reduceRight((next, step) => step(next), guard(results));
}
