// The read cache's entries, in this process: the 2xx answers of GETs by URL, least recently used
// first out once their bytes pass the budget (CACHE_MAX_BYTES). An entry keeps the answer as the
// client read it (status, parsed body, Link), when its read started and the invalidation stamp it
// was read under. Every hit is handed the same parsed body, frozen through and through when kept:
// parsing it again per hit cost more than the rest of the hit, and a frozen body cannot be changed
// by one caller under another's feet (a change throws instead).
import type { RightsClass } from '../call/rightsClasses.ts';
import type { TakenRead } from '../call/takenRead.ts';
import { ByteCappedLru } from './byteCappedLru.ts';
import type { ReadFamily } from '../routes.ts';

export interface CachedRead {
  /** The key: the caller's rights class and the request path with its query string (rightsClasses.ts's shareKey). */
  url: string;
  family: ReadFamily;
  /** The class of the callers it answers (the first part of `url`). */
  rights: RightsClass;
  status: number;
  /** The parsed JSON body, deeply frozen (`frozen`). */
  body: unknown;
  /** The body's UTF-8 bytes as received: what a hit counts in its operation's byte budget. */
  bodyBytes: number;
  link: string | string[] | undefined;
  /** When the read was sent (epoch ms): its age is counted from there. */
  startedAt: number;
  /** The invalidation versions captured before the read was sent (versions.ts). */
  stamp: string;
}

/**
 * Told of the entry a GET was answered from or kept in; undefined when it was neither (ReadCache.read).
 * Without the read cache, a GET tells instead of the shared read it came from (call/sharedReads.ts).
 */
export type ReadUse = (entry: CachedRead | undefined, taken?: TakenRead) => void;

/** What an entry costs beyond its body: the Map slot, the object, the stamp. */
const ENTRY_OVERHEAD_BYTES = 200;
/** What a parsed body holds per byte of its JSON text (measured ~1.5 for the service's answers). */
const PARSED_BYTES_PER_TEXT_BYTE = 2;

export class ReadCacheStore {
  private readonly entries: ByteCappedLru<string, CachedRead>;
  /** Told of each entry that goes, whatever the cause. */
  onDrop: ((read: CachedRead) => void) | undefined;

  constructor(readonly maxBytes: number) {
    this.entries = new ByteCappedLru(maxBytes, (_url, read) => this.onDrop?.(read));
  }

  /** Bytes the entries hold (their parsed bodies, URLs as UTF-8, and a fixed overhead each). */
  get bytes(): number {
    return this.entries.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(url: string): CachedRead | undefined {
    return this.entries.get(url);
  }

  /** Keeps `read`, replacing any entry of its URL; the least recently used go until it fits. One over the budget is not kept (false). */
  set(read: CachedRead): boolean {
    const bytes = read.bodyBytes * PARSED_BYTES_PER_TEXT_BYTE + Buffer.byteLength(read.url) + ENTRY_OVERHEAD_BYTES;
    return this.entries.set(read.url, read, bytes);
  }

  /** The entry of `url`, its use order unchanged. */
  peek(url: string): CachedRead | undefined {
    return this.entries.peek(url);
  }

  /** Whether an entry of `url` read under `stamp` is kept (its use order unchanged). */
  holds(url: string, stamp: string): boolean {
    return this.entries.peek(url)?.stamp === stamp;
  }

  delete(url: string): void {
    this.entries.delete(url);
  }

  /** Drops the entries `stale` picks (their versions moved on: never served again, so their memory goes now). */
  deleteWhere(stale: (read: CachedRead) => boolean): void {
    for (const [url, read] of this.entries) if (stale(read)) this.entries.delete(url);
  }
}

/** `value` and everything it holds, frozen (a parsed JSON body: plain objects and arrays, no cycles). */
export function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) frozen(member);
    Object.freeze(value);
  }
  return value;
}
