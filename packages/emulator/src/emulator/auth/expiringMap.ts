// A map bounded by entries and bytes whose entries expire: what every in-memory store of the
// authorization server is (sign-in transactions, codes, refresh tokens and families, revocations,
// assertions seen, sign-in throttles). Entries are kept in insertion order, and a store puts an
// entry's expiry at a fixed time after its insertion (re-inserting it when the expiry moves), so the
// oldest entry expires first: expired entries are dropped from the oldest end until one that has
// not expired, which costs O(1) per call amortised (each entry is dropped once), never a sweep of
// every entry. Beyond a bound the oldest entries are dropped.

export interface StoreBounds {
  /** Entries kept at most. */
  count: number;
  /** Bytes kept at most, as `sizeOf` counts them. */
  bytes: number;
}

interface Entry<V> {
  value: V;
  /** Seconds since the epoch; the entry is gone at this time. */
  expiresAt: number;
  bytes: number;
}

/** About what a string costs in memory (UTF-16 code units), without walking it. */
export const textBytes = (text: string | undefined) => (text === undefined ? 0 : 2 * text.length);

/** A fixed cost of one entry besides its texts (the map's slot, the entry object, small members). */
export const ENTRY_OVERHEAD_BYTES = 160;

export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private totalBytes = 0;

  constructor(
    readonly bounds: StoreBounds,
    /** The bytes an entry costs (key included); default ENTRY_OVERHEAD_BYTES. */
    private readonly sizeOf: (key: K, value: V) => number = () => ENTRY_OVERHEAD_BYTES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** The live value of `key`; an expired one is dropped and undefined. */
  get(key: K, now: number): V | undefined {
    this.expire(now);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Keeps `value` until `expiresAt` (replacing an entry of the same key, which moves to the newest
   * end), dropping the oldest entries beyond the bounds. False when the entry alone is larger than
   * the byte bound (nothing is kept).
   */
  set(key: K, value: V, expiresAt: number, now: number): boolean {
    this.expire(now);
    this.delete(key);
    const bytes = this.sizeOf(key, value);
    if (bytes > this.bounds.bytes) return false;
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.bounds.count || this.totalBytes + bytes > this.bounds.bytes)
    ) {
      this.delete(this.entries.keys().next().value as K);
    }
    this.entries.set(key, { value, expiresAt, bytes });
    this.totalBytes += bytes;
    return true;
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  /** Drops expired entries from the oldest end, up to the first that has not expired. */
  private expire(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) return;
      this.delete(key);
    }
  }
}
