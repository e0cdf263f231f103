// The rights step, around the guard for a GET: only the service's own 2xx answer to this caller
// teaches its class (rightsClasses.ts), asked once the call has settled (the probe's answer proves
// the credential); an answer shared from another call or a cache hit teaches nothing. Off when
// nothing shares answers (no shared reads, no read cache): no class would ever be asked for.
import type { UpstreamResponse } from './answer.ts';
import type { CallContext } from './request.ts';
import type { RightsClasses } from './rightsClasses.ts';
import { type Send, type Step, skipped } from './steps.ts';

export interface RightsStep {
  rights: RightsClasses;
  /** Whether answers are shared at all (shared reads or the read cache). */
  shared: boolean;
}

export function learningRights({ rights, shared }: RightsStep): Step<UpstreamResponse> {
  if (!shared) return skipped;
  return (next) => (call) => (call.route.method === 'GET' ? learned(rights, call, next) : next(call));
}

async function learned(rights: RightsClasses, call: CallContext, next: Send<UpstreamResponse>) {
  const response = await next(call);
  if (call.own) rights.answered(call.operation.proofKey(), call.route.family, response.body);
  return response;
}
