// The write's step of the read cache, outermost for a write: once the write has ended, whatever
// its outcome (a failed one may have applied), what it can have changed is stale on every replica
// (cache/readCache.ts `written`) before its answer returns.
import type { ReadCache } from '../cache/readCache.ts';
import type { UpstreamResponse } from './answer.ts';
import type { CallContext } from './request.ts';
import { type Send, type Step, skipped } from './steps.ts';

export function invalidatingWrites(cache: ReadCache | undefined): Step<UpstreamResponse> {
  if (!cache) return skipped;
  return (next) => (call) => (call.route.method === 'GET' ? next(call) : invalidatingAfter(cache, call, next));
}

async function invalidatingAfter(cache: ReadCache, call: CallContext, next: Send<UpstreamResponse>) {
  try {
    return await next(call);
  } finally {
    await cache.written(call.route);
  }
}
