// What the gateway knows about the Authorization headers it forwards. A credential the upstream
// answered recently is proven; any other is unproven, and an operation with an unproven credential
// sends one probe call before its fan-out, one probe at a time for the whole process (the probe
// gate), so that junk credentials cost one call at a time, never a burst. A credential the upstream
// refused (401, or 403 to a read, unless for a scope the token lacks or to a read of users: a token
// with the policy scopes only is still good for policies) is remembered as refused for a short while: its operations get the
// upstream's refusal at once, with no call. A credential is the same in any spelling of its header
// (credential.ts): proven, refused and its budget caller alike. Only SHA-256 digests are kept, in
// memory, bounded in number (oldest forgotten first).
//
// A proven Bearer JWT is its person or client (its `iss`, `sub` and `cid`, read without checking the
// signature: the upstream's answer is the check), never before: a refreshed token, once proven, is
// the same caller as the token it replaced; a forged token with the same claims never is. A JWT
// stays proven no longer than it is valid (`exp`).
import { GATEWAY_DEFAULTS } from '../config/settings.ts';
import { UNPROVEN_CALLER } from './budget/window.ts';
import { bearerClaimsOf, credentialDigest, principalDigest } from './credential.ts';

/** What one operation needs to know about its caller's credential. */
export interface TokenTrust {
  isTrusted(): boolean;
  /** The upstream answered a call made with this credential (not 401/403/429/5xx). */
  trust(): void;
  /** The upstream rejected the credential; `refusal` (its answer) is remembered for a while. */
  distrust(refusal?: Error): void;
  /** The upstream's recent refusal of this credential, while it is remembered. */
  refusal?(): Error | undefined;
  /** The probe gate every unproven credential shares. */
  readonly probes?: ProbeGate;
  /** The caller in the upstream budget: the proven caller (see `caller`), else the unproven pool. */
  budgetCaller?(): string;
  /**
   * Who the caller is, wherever the gateway keeps something per caller: the person or client behind
   * a proven Bearer JWT, else the credential's digest. `settled` is false while a JWT with a person
   * is unproven: the caller changes once the upstream accepts it.
   */
  caller?(): { key: string; settled: boolean };
  /**
   * The credential itself, as its digest (never its text): whose rights class a read is of (call/rightsClasses.ts),
   * not its person, since two tokens of one person may hold different scopes.
   */
  readonly digest?: string;
}

export const TOKEN_TRUST_DEFAULTS = {
  /** A proven credential stays proven this long after its last answered call. */
  provenMs: 10 * 60_000,
  /** A refused credential gets no call for this long (REFUSED_CREDENTIAL_MS's default). */
  refusedMs: GATEWAY_DEFAULTS.upstream.refusedCredentialMs,
  /** Digests kept in each of the two maps. */
  maxEntries: 10_000,
};

/** One probe call in flight at a time, for the whole process. */
export class ProbeGate {
  private busy = false;
  private waiters: (() => void)[] = [];
  /** Probe calls made so far, for tests and metrics. */
  probes = 0;

  get free(): boolean {
    return !this.busy;
  }

  /** Takes the gate; only when `free`. */
  take(): void {
    this.busy = true;
    this.probes++;
  }

  release(): void {
    this.busy = false;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves when the probe in flight ends; `stop` lets a waiter give up (its operation aborted). */
  released(): { promise: Promise<void>; stop(): void } {
    let wake!: () => void;
    const promise = new Promise<void>((resolve) => (wake = resolve));
    this.waiters.push(wake);
    return {
      promise,
      stop: () => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        wake();
      },
    };
  }
}

export class TrustedTokens {
  /** Digest of the credential -> time (epoch ms) until which it counts as accepted. */
  private readonly acceptedUntil = new Map<string, number>();
  /** Digest of the credential -> the upstream's refusal and until when it holds. */
  private readonly refused = new Map<string, { until: number; error: Error }>();
  readonly probes = new ProbeGate();
  /** Told of each credential the upstream refuses here (its digest): the other replicas' channel. */
  onRefused: ((digest: string) => void) | undefined;

  constructor(
    private readonly ttlMs = TOKEN_TRUST_DEFAULTS.provenMs,
    private readonly maxEntries = TOKEN_TRUST_DEFAULTS.maxEntries,
    private readonly now: () => number = Date.now,
    private readonly refusedMs = TOKEN_TRUST_DEFAULTS.refusedMs,
  ) {}

  for(authorization: string): Required<TokenTrust> {
    const key = credentialDigest(authorization);
    const claims = bearerClaimsOf(authorization);
    const principal = claims && principalDigest(claims);
    const isTrusted = () => this.live(this.acceptedUntil, key, (until) => until) !== undefined;
    const caller = () => {
      if (principal === undefined) return { key, settled: true };
      return isTrusted() ? { key: principal, settled: true } : { key, settled: false };
    };
    return {
      isTrusted,
      trust: () => {
        this.refused.delete(key);
        const until = this.now() + this.ttlMs;
        this.remember(this.acceptedUntil, key, Math.min(until, claims?.expiresAt ?? until));
      },
      distrust: (refusal) => {
        this.acceptedUntil.delete(key);
        if (refusal) this.onRefused?.(key);
        if (refusal && this.refusedMs > 0)
          this.remember(this.refused, key, { until: this.now() + this.refusedMs, error: refusal });
      },
      refusal: () => this.live(this.refused, key, (r) => r.until)?.error,
      probes: this.probes,
      budgetCaller: () => (isTrusted() ? caller().key : UNPROVEN_CALLER),
      caller,
      digest: key,
    };
  }

  /**
   * Another replica saw the upstream refuse the credential of `digest`: it is no longer proven here
   * (its next call is a probe, and its answer tells again), so it shares nothing and is served
   * nothing from the cache meanwhile.
   */
  refusedElsewhere(digest: string): void {
    this.acceptedUntil.delete(digest);
  }

  /** The entry of `key` while it holds; an expired one is dropped. */
  private live<T>(map: Map<string, T>, key: string, until: (entry: T) => number): T | undefined {
    const entry = map.get(key);
    if (entry === undefined) return undefined;
    if (until(entry) > this.now()) return entry;
    map.delete(key);
    return undefined;
  }

  private remember<T>(map: Map<string, T>, key: string, entry: T): void {
    // Re-inserted so that the Map's order stays oldest-first for eviction.
    map.delete(key);
    map.set(key, entry);
    if (map.size > this.maxEntries) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }
}
