// Unproven calls per client address. Every credential the service has not yet answered shares one
// small pool of the window (UNPROVEN_SHARE); without more, one client sending junk tokens takes all
// of it in the window's first second, and a valid credential nobody has seen yet, from anywhere,
// is refused until the window resets. So each client address may take at most its part of the pool
// (UNPROVEN_ADDRESS_SHARE): the rest stays for the others. Kept in this process (each replica counts
// its own clients); bounded in number, the oldest address forgotten first.

/** Addresses remembered at most. */
const MAX_ADDRESSES = 10_000;

export class UnprovenAddresses {
  /** Address -> the window it counts in (its end, epoch ms) and the unproven tokens it took there. */
  private readonly taken = new Map<string, { window: number; used: number }>();

  /** `share`: the most of the pool one address may take in a window (0–1]; 1 leaves only the pool's own bound. */
  constructor(private readonly share: number) {}

  /** The most one address may take of a pool of `pool` tokens: its share, at least one. */
  partOf(pool: number): number {
    return Math.max(1, Math.floor(pool * this.share));
  }

  /** Whether `address` may take one more of the `pool` unproven tokens of the window ending at `window`. */
  allows(address: string, pool: number, window: number): boolean {
    if (this.share >= 1) return true;
    const entry = this.taken.get(address);
    return entry === undefined || entry.window !== window || entry.used < this.partOf(pool);
  }

  /** Counts a token `address` took in the window ending at `window`. */
  count(address: string, window: number): void {
    const entry = this.taken.get(address);
    const used = entry?.window === window ? entry.used + 1 : 1;
    // Re-inserted so that the Map's order stays oldest-first for eviction.
    this.taken.delete(address);
    this.taken.set(address, { window, used });
    if (this.taken.size > MAX_ADDRESSES) this.taken.delete(this.taken.keys().next().value as string);
  }
}
