// The read cache's entries, in this process: the 2xx answers of GETs by URL, least recently used
// first out once their bytes pass the budget (CACHE_MAX_BYTES). An entry keeps the answer as the
// client read it (status, parsed body, Link), when its read started and the invalidation stamp it
// was read under. Every hit is handed the same parsed body, frozen through and through when kept:
// parsing it again per hit cost more than the rest of the hit, and a frozen body cannot be changed
// by one caller under another's feet (a change throws instead).
import type { RightsClass } from '../call/rightsClasses.ts';
import type { TakenRead } from '../call/takenRead.ts';
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
  /** URL -> entry and its size; the Map's order is least recently used first. */
  private readonly entries = new Map<string, { read: CachedRead; bytes: number }>();
  private held = 0;
  /** Told of each entry that goes, whatever the cause. */
  onDrop: ((read: CachedRead) => void) | undefined;

  constructor(readonly maxBytes: number) {}

  /** Bytes the entries hold (their parsed bodies, URLs as UTF-8, and a fixed overhead each). */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  get(url: string): CachedRead | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.entries.delete(url);
    this.entries.set(url, entry);
    return entry.read;
  }

  /** Keeps `read`, replacing any entry of its URL; the least recently used go until it fits. One over the budget is not kept (false). */
  set(read: CachedRead): boolean {
    this.delete(read.url);
    const bytes = read.bodyBytes * PARSED_BYTES_PER_TEXT_BYTE + Buffer.byteLength(read.url) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return false;
    while (this.held + bytes > this.maxBytes) this.delete(this.entries.keys().next().value as string);
    this.entries.set(read.url, { read, bytes });
    this.held += bytes;
    return true;
  }

  /** The entry of `url`, its use order unchanged. */
  peek(url: string): CachedRead | undefined {
    return this.entries.get(url)?.read;
  }

  /** Whether an entry of `url` read under `stamp` is kept (its use order unchanged). */
  holds(url: string, stamp: string): boolean {
    return this.entries.get(url)?.read.stamp === stamp;
  }

  delete(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.held -= entry.bytes;
    this.onDrop?.(entry.read);
  }

  /** Drops the entries `stale` picks (their versions moved on: never served again, so their memory goes now). */
  deleteWhere(stale: (read: CachedRead) => boolean): void {
    for (const [url, entry] of this.entries) if (stale(entry.read)) this.delete(url);
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
