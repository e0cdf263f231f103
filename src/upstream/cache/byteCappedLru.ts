// Entries by key within a byte budget, least recently used first out: the read cache's store and
// the gateway's answer store keep their entries in one of these and add only their own indexes.

export class ByteCappedLru<K, V> {
  /** Key -> value and its size; the Map's order is least recently used first. */
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private held = 0;

  /** `onDelete` is told of each value that goes, whatever the cause (replaced, evicted, deleted). */
  constructor(
    readonly maxBytes: number,
    private readonly onDelete?: (key: K, value: V) => void,
  ) {}

  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value of `key`, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value of `key`, its use order unchanged. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Keeps `value`, replacing any of its key; the least recently used go until it fits. One over the budget is not kept (false). */
  set(key: K, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    while (this.held + bytes > this.maxBytes) this.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    return true;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
    this.onDelete?.(key, entry.value);
  }

  /** Every entry, least recently used first (a copy: the callback may delete). */
  *[Symbol.iterator](): IterableIterator<[K, V]> {
    for (const [key, { value }] of [...this.entries]) yield [key, value];
  }
}
