// The answer cache (on with the read cache, ANSWER_CACHE_MAX_BYTES): a query's whole answer, kept
// when every upstream read it made was a GET answered from the read cache or kept in it, and served
// again to a request of the same key (key.ts) only while each of those entries would itself answer
// that caller right now, as the read cache decides (ReadCache.servesAgain: the same entry, not
// expired, invalidated or evicted, of the caller's rights class; an unproven or refused credential
// has no class, so it never hits). It shares an answer only between callers who would get the same
// answer from the read cache entry by entry, without interpreting the operation again.
// Only with the read cache's versions in this process: with replicas sharing them through Redis, a
// hit could not check them without a round trip, so the answer cache is off (docs/caching.md).
import type { ReadCache } from '../../upstream/cache/readCache.ts';
import type { CachedRead } from '../../upstream/cache/store.ts';
import type { UpstreamClient } from '../../upstream/client.ts';
import type { AnswerKey } from './key.ts';
import { AnswerStore, type KeptAnswer } from './store.ts';

/** The counts /metrics reports. */
export interface AnswerCacheCounters {
  readonly hits: number;
  readonly misses: number;
  readonly bytes: number;
}

/** The read cache entries one operation's upstream calls used, as the upstream client tells (`onRead`). */
export class OperationReads {
  readonly entries = new Set<CachedRead>();
  /** A call the read cache neither answered nor kept: the answer cannot be kept. */
  uncached = false;

  readonly add = (entry: CachedRead | undefined): void => {
    if (entry) this.entries.add(entry);
    else this.uncached = true;
  };
}

export interface AnswerHit {
  answer: KeptAnswer;
  /** The oldest read cache entry's age (ms). */
  oldestAgeMs: number;
  throttleStatus: ReturnType<ReturnType<UpstreamClient['callerView']>['throttleStatus']>;
}

export class AnswerCache implements AnswerCacheCounters {
  private readonly store: AnswerStore;
  /** Each request's reads, for the answer its operation makes. */
  private readonly readsOfRequest = new WeakMap<Request, OperationReads>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly upstream: Pick<UpstreamClient, 'callerView'>,
    private readonly readCache: ReadCache,
    maxBytes: number,
  ) {
    this.store = new AnswerStore(maxBytes);
    readCache.onDrop((read) => this.store.dropRead(read));
  }

  get bytes(): number {
    return this.store.bytes;
  }

  /** The kept answer of `key` when the caller of `authorization` would get it from the read cache now. */
  find(key: string, authorization: string): AnswerHit | undefined {
    const answer = this.store.get(key);
    const view = answer && this.upstream.callerView(authorization);
    const oldestAgeMs = view && this.readCache.servesAgain(answer.reads, view.rights);
    if (!answer || !view || oldestAgeMs === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    return { answer, oldestAgeMs, throttleStatus: view.throttleStatus() };
  }

  /** Where `request`'s upstream calls report their read cache entries. */
  readsOf(request: Request): OperationReads {
    const reads = this.readsOfRequest.get(request) ?? new OperationReads();
    this.readsOfRequest.set(request, reads);
    return reads;
  }

  /** A query of `key` answered `data` without errors: kept when all its reads were the read cache's and still are. */
  keep(request: Request, key: AnswerKey, answer: Omit<KeptAnswer, 'key' | 'reads' | 'data'> & { data: unknown }): void {
    const reads = this.readsOfRequest.get(request);
    if (!reads || reads.uncached || reads.entries.size === 0) return;
    const entries = [...reads.entries];
    if (!entries.every((entry) => this.readCache.keeps(entry))) return;
    this.store.set({ ...answer, key: key.key, reads: entries, data: JSON.stringify(answer.data) });
  }
}

/** The answer cache of a gateway over `upstream`: only with its read cache on and its versions in this process. */
export function answerCacheOf(upstream: UpstreamClient, maxBytes: number): AnswerCache | undefined {
  const readCache = upstream.readCache;
  if (!readCache?.inProcess || maxBytes <= 0) return undefined;
  return new AnswerCache(upstream, readCache, maxBytes);
}
