// What the gateway keeps per caller between requests (idempotency records, policy plans), within two
// budgets of entries and bytes: one for every caller together and a smaller one per caller. Past
// its own budget a caller's oldest entries go; past the overall one, the oldest entries of the caller
// using the most of its own budget go, so that one caller's flood evicts only its own entries and a
// caller within a fair part keeps what it has. The Redis stores keep the same rule in Lua.

export interface CallerBudget {
  /** Entries of all callers together. */
  maxEntries: number;
  /** Bytes of all callers together. */
  maxBytes: number;
  /** Entries of one caller. */
  callerMaxEntries: number;
  /** Bytes of one caller. */
  callerMaxBytes: number;
}

/** Why an entry went before its time: its caller's own budget, or the overall one. */
export type EvictionCause = 'caller' | 'total';

/** Entries evicted so far, by cause (for /metrics). */
export type EvictionCounts = Record<EvictionCause, number>;

export const evictionCounts = (): EvictionCounts => ({ caller: 0, total: 0 });

interface Entry<V> {
  owner: Owner;
  value: V;
  bytes: number;
  expiresAt: number;
}

interface Owner {
  key: string;
  /** Its entries' ids, oldest first. */
  ids: Set<string>;
  bytes: number;
  /** Its place in the heap. */
  at: number;
}

/** Entries by id, each with its caller and size, within a CallerBudget. */
export class CallerMemory<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly owners = new Map<string, Owner>();
  /** The owners, the one using the most of its budget first (a binary max-heap). */
  private readonly heap: Owner[] = [];
  private totalBytes = 0;
  readonly evicted = evictionCounts();

  constructor(private readonly budget: CallerBudget) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** The entry's value while it has not expired (an expired one is dropped). */
  get(id: string, now: number): V | undefined {
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt <= now) {
      this.delete(id);
      return undefined;
    }
    return entry?.value;
  }

  /** The caller holding `id`, while it is kept. */
  ownerOf(id: string): string | undefined {
    return this.entries.get(id)?.owner.key;
  }

  /** Keeps `value` under `id` for `owner` (in place of an entry of that id), then evicts past the budgets. */
  set(id: string, owner: string, value: V, bytes: number, expiresAt: number): void {
    this.delete(id);
    let held = this.owners.get(owner);
    if (!held) {
      held = { key: owner, ids: new Set(), bytes: 0, at: this.heap.length };
      this.owners.set(owner, held);
      this.heap.push(held);
    }
    held.ids.add(id);
    held.bytes += bytes;
    this.totalBytes += bytes;
    this.entries.set(id, { owner: held, value, bytes, expiresAt });
    this.up(held.at);
    this.evict(id);
  }

  /** The entry's value and size change (its expiry too when given), then evictions past the budgets. */
  update(id: string, value: V, bytes: number, expiresAt?: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    const grown = bytes - entry.bytes;
    Object.assign(entry, { value, bytes, expiresAt: expiresAt ?? entry.expiresAt });
    entry.owner.bytes += grown;
    this.totalBytes += grown;
    this.moved(entry.owner);
    this.evict(id);
  }

  delete(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    const owner = entry.owner;
    owner.ids.delete(id);
    owner.bytes -= entry.bytes;
    this.totalBytes -= entry.bytes;
    if (owner.ids.size === 0) this.dropOwner(owner);
    else this.moved(owner);
    return true;
  }

  /** Drops every expired entry. */
  sweep(now: number): void {
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.delete(id);
  }

  /** The caller's own oldest entries past its budget, then the fullest caller's past the overall one; never `keep`. */
  private evict(keep: string): void {
    const owner = this.entries.get(keep)?.owner;
    if (!owner) return;
    const { callerMaxEntries, callerMaxBytes, maxEntries, maxBytes } = this.budget;
    while (owner.ids.size > callerMaxEntries || owner.bytes > callerMaxBytes) {
      if (!this.evictOldest(owner, keep, 'caller')) break;
    }
    while (this.entries.size > maxEntries || this.totalBytes > maxBytes) {
      if (!this.evictFromFullest(keep)) break;
    }
  }

  /** The fullest caller's oldest entry but `keep`; when that caller holds `keep` alone, the next fullest's. */
  private evictFromFullest(keep: string): boolean {
    const [fullest, left, right] = this.heap;
    if (!fullest) return false;
    if (this.evictOldest(fullest, keep, 'total')) return true;
    // The heap's second fullest is one of the top's children.
    const next = left && right && this.use(right) > this.use(left) ? right : left;
    return next !== undefined && this.evictOldest(next, keep, 'total');
  }

  private evictOldest(owner: Owner, keep: string, cause: EvictionCause): boolean {
    for (const id of owner.ids) {
      if (id === keep) continue;
      this.delete(id);
      this.evicted[cause]++;
      return true;
    }
    return false;
  }

  /** How much of its own budget an owner uses: the larger of its share of entries and of bytes. */
  private use(owner: Owner): number {
    return Math.max(owner.ids.size / this.budget.callerMaxEntries, owner.bytes / this.budget.callerMaxBytes);
  }

  private dropOwner(owner: Owner): void {
    this.owners.delete(owner.key);
    const last = this.heap.pop() as Owner;
    if (last === owner) return;
    this.heap[owner.at] = last;
    last.at = owner.at;
    this.moved(last);
  }

  private moved(owner: Owner): void {
    this.up(owner.at);
    this.down(owner.at);
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.use(heap[parent]) >= this.use(heap[i])) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      let largest = i;
      for (const child of [2 * i + 1, 2 * i + 2]) {
        if (child < heap.length && this.use(heap[child]) > this.use(heap[largest])) largest = child;
      }
      if (largest === i) return;
      this.swap(i, largest);
      i = largest;
    }
  }

  private swap(a: number, b: number): void {
    const heap = this.heap;
    [heap[a], heap[b]] = [heap[b], heap[a]];
    heap[a].at = a;
    heap[b].at = b;
  }
}
