// The answer cache's entries: answers by key, least recently used first out once their bytes pass
// the budget (ANSWER_CACHE_MAX_BYTES). An answer goes with any of the read cache entries it was made
// of: the read cache tells of each entry it drops (replaced, evicted, invalidated, found stale).
import { ByteCappedLru } from '../../upstream/cache/byteCappedLru.ts';
import type { CachedRead } from '../../upstream/cache/store.ts';

export interface KeptAnswer {
  key: string;
  /** The answer's `data`, as the JSON text it is written as. */
  data: string;
  /** The read cache entries every upstream read of the operation was answered from or kept in. */
  reads: readonly CachedRead[];
  /** The operation's cost estimate (the same for every request of its key). */
  estimate: { calls: number; size: number } | null;
  /** The operation's name, for its log line and metrics (`anonymous` when it has none). */
  name: string;
}

/** What an entry costs beyond its key and data: the Map slots, the object, the index of its reads. */
const ENTRY_OVERHEAD_BYTES = 300;
const PER_READ_BYTES = 100;

export class AnswerStore {
  private readonly entries: ByteCappedLru<string, KeptAnswer>;
  /** Each read cache entry -> the keys of the answers made of it. */
  private readonly byRead = new Map<CachedRead, Set<string>>();

  constructor(readonly maxBytes: number) {
    this.entries = new ByteCappedLru(maxBytes, (key, answer) => {
      for (const read of answer.reads) {
        const keys = this.byRead.get(read);
        keys?.delete(key);
        if (keys?.size === 0) this.byRead.delete(read);
      }
    });
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): KeptAnswer | undefined {
    return this.entries.get(key);
  }

  /** Keeps `answer`, replacing any of its key; the least recently used go until it fits. One over the budget is not kept. */
  set(answer: KeptAnswer): void {
    const bytes =
      Buffer.byteLength(answer.key) +
      Buffer.byteLength(answer.data) +
      ENTRY_OVERHEAD_BYTES +
      answer.reads.length * PER_READ_BYTES;
    if (!this.entries.set(answer.key, answer, bytes)) return;
    for (const read of answer.reads) {
      const keys = this.byRead.get(read) ?? new Set<string>();
      keys.add(answer.key);
      this.byRead.set(read, keys);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** The read cache dropped `read`: every answer made of it goes. */
  dropRead(read: CachedRead): void {
    const keys = this.byRead.get(read);
    if (!keys) return;
    for (const key of [...keys]) this.delete(key);
  }
}
