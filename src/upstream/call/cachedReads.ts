// The read cache's step, outermost for a GET (cache/readCache.ts): a current answer of the caller's
// rights class answers it before the guard, so a hit takes no slot, call or token of the operation;
// a miss goes on down the list and its own 2xx answer is kept.
import type { ReadCache } from '../cache/readCache.ts';
import type { UpstreamResponse } from './answer.ts';
import { type CallContext, sharedReadOf } from './request.ts';
import type { Step } from './steps.ts';

export function cachedReads(cache: ReadCache | undefined): Step<UpstreamResponse> {
  if (!cache) return reportingTaken;
  return (next) => (call) => {
    if (call.route.method === 'GET') return cache.read(call, next, toldOfHit);
    call.operation.onRead?.(undefined);
    return next(call);
  };
}

function toldOfHit(call: CallContext, ageMs: number): void {
  call.operation.observer?.onCacheHit?.({ ...sharedReadOf(call), ageMs });
  call.trace?.answeredWithout('cache', ageMs);
}

/**
 * Without the read cache, an operation that listens (`onRead`: the joined answers) is told of each
 * call once it has settled: of the shared read a GET's answer came from (call.taken), else undefined.
 */
const reportingTaken: Step<UpstreamResponse> = (next) => (call) => {
  const onRead = call.operation.onRead;
  if (!onRead) return next(call);
  if (call.route.method !== 'GET') {
    onRead(undefined);
    return next(call);
  }
  return next(call).finally(() => onRead(undefined, call.taken));
};
