// Which callers the service has answered for a kind of resource lately: the proof that lets a
// caller share another's read (sharedReads.ts) or be answered from the read cache (cache/). A caller
// is proven for a family for a window after the service answered it 2xx for a read of that family.
import { UNPROVEN_CALLER } from '../budget/window.ts';
import { WINDOW_MS } from '../rateLimitPolicy.ts';

/** Credentials remembered as proven for a family at most (the oldest forgotten first). */
const MAX_PROVEN = 10_000;

export class ProvenCallers {
  /** `${family} ${caller}` -> when the service last answered that caller 2xx for a read of that family. */
  private readonly proven = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The service answered `caller` 2xx for a read of `family`: it is proven for that family for a window. */
  accepted(caller: string, family: string): void {
    if (caller === UNPROVEN_CALLER) return;
    const key = `${family} ${caller}`;
    this.proven.delete(key);
    this.proven.set(key, this.now());
    if (this.proven.size > MAX_PROVEN) this.proven.delete(this.proven.keys().next().value as string);
  }

  /** Whether the service answered `caller` 2xx for a read of `family` (policies, user types: see sharedReads.ts) in the last window. */
  has(caller: string, family: string): boolean {
    if (caller === UNPROVEN_CALLER) return false;
    const at = this.proven.get(`${family} ${caller}`);
    return at !== undefined && at > this.now() - WINDOW_MS;
  }
}
