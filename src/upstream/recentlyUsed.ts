// A bounded map for what is worked out per key and asked for again and again (per credential, per
// document): it keeps the most recently used entries and forgets the least recently used first.
export class RecentlyUsed<K, V> {
  /** Least recently used first (a Map keeps its insertion order). */
  private readonly entries = new Map<K, V>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }
}
