// Where idempotent creates remember their outcome: one record per (caller, key) holding the request's
// fingerprint, the claim of the request running it with its lease, when it started, and, once it
// finished, the outcome to replay: the created object's id and the user errors, never the request
// body or the object itself. MemoryIdempotencyStore keeps them in this process, at most `maxRecords`
// of them (the oldest go first); the Redis store shares them between replicas, and has no fallback.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { GatewayErrorCode } from '../errors/codes.ts';
import type { UserErrorShape } from '../errors/userErrors.ts';

/** What a finished create answered, replayed to every retry with the same key. */
export type StoredOutcome =
  /** The created object's id (read again for each replay), or null with the user errors. */
  | { kind: 'payload'; id: string | null; userErrors: UserErrorShape[] }
  /** A GraphQL error that is final too (the write's outcome is unknown). */
  | { kind: 'error'; message: string; code: GatewayErrorCode };

/**
 * Why a claimed create must first look upstream for an object it may already have made: the record
 * was in progress, but its owner stopped renewing the lease (it crashed, or its outcome never
 * reached the store), so the create may have happened since `startedAt`.
 */
export type ClaimCheck = { reason: 'expired'; startedAt: number };

export type ClaimResult =
  /** This request runs the create; `claim` identifies it to renew(), complete() and release(). */
  | { kind: 'claimed'; claim: string; check?: ClaimCheck }
  /** Another request with this key is running (its lease is being renewed). */
  | { kind: 'pending'; fingerprint: string }
  | { kind: 'done'; fingerprint: string; outcome: StoredOutcome }
  /**
   * The shared store could not be read or written (unreachable, stalled, timed out): whether another
   * replica runs or ran this create cannot be known, so the create must not run.
   */
  | { kind: 'unavailable' };

export interface ClaimOptions {
  /** How long the record is kept (the idempotency TTL). */
  ttlMs: number;
  /** How long the claim holds without a renew. */
  leaseMs: number;
  /** When the claim is made (ms since the epoch), recorded for a later check. */
  now: number;
}

export interface IdempotencyStore {
  /**
   * Atomically: the record of `id`; or a new record claimed by this request; or, when the record's
   * lease has run out and its fingerprint is this one, the record taken over (with `check`).
   */
  claim(id: string, fingerprint: string, options: ClaimOptions): Promise<ClaimResult>;
  /** Extends the claim's lease while the create runs; nothing when the claim is no longer held. */
  renew(id: string, claim: string, leaseMs: number): Promise<void>;
  /** Stores the outcome of the claimed create for `ttlMs`. */
  complete(id: string, claim: string, outcome: StoredOutcome, ttlMs: number): Promise<void>;
  /** Drops the claimed pending record: the create surely did nothing, a retry may run it afresh. */
  release(id: string, claim: string): Promise<void>;
  /** Resolves when the record of `id` may have changed, at the latest after `maxMs`. */
  changed(id: string, maxMs: number): Promise<void>;
}

interface MemoryRecord {
  fingerprint: string;
  claim: string;
  startedAt: number;
  leaseUntil: number;
  outcome?: StoredOutcome;
  expiresAt: number;
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  /** In insertion order, which is the order of eviction. */
  private readonly records = new Map<string, MemoryRecord>();
  private readonly changes = new EventEmitter();

  constructor(
    private readonly maxRecords: number,
    private readonly now: () => number = Date.now,
  ) {
    this.changes.setMaxListeners(0);
  }

  /** True when a live record of `id` is kept here. */
  has(id: string): boolean {
    return this.live(id) !== undefined;
  }

  get size(): number {
    return this.records.size;
  }

  async claim(id: string, fingerprint: string, { ttlMs, leaseMs, now }: ClaimOptions): Promise<ClaimResult> {
    const record = this.live(id);
    const claim = `local:${randomUUID()}`;
    if (record) {
      if (record.outcome) return { kind: 'done', fingerprint: record.fingerprint, outcome: record.outcome };
      if (record.leaseUntil > this.now() || record.fingerprint !== fingerprint) {
        return { kind: 'pending', fingerprint: record.fingerprint };
      }
      Object.assign(record, { claim, leaseUntil: this.now() + leaseMs });
      return { kind: 'claimed', claim, check: { reason: 'expired', startedAt: record.startedAt } };
    }
    this.records.set(id, {
      fingerprint,
      claim,
      startedAt: now,
      leaseUntil: this.now() + leaseMs,
      expiresAt: this.now() + ttlMs,
    });
    this.evict();
    return { kind: 'claimed', claim };
  }

  async renew(id: string, claim: string, leaseMs: number): Promise<void> {
    const record = this.records.get(id);
    if (record?.claim === claim && !record.outcome) record.leaseUntil = this.now() + leaseMs;
  }

  async complete(id: string, claim: string, outcome: StoredOutcome, ttlMs: number): Promise<void> {
    const record = this.records.get(id);
    if (record?.claim !== claim) return;
    Object.assign(record, { outcome, expiresAt: this.now() + ttlMs });
    this.changes.emit(id);
  }

  async release(id: string, claim: string): Promise<void> {
    if (this.records.get(id)?.claim !== claim) return;
    this.records.delete(id);
    this.changes.emit(id);
  }

  changed(id: string, maxMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.changes.off(id, done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      this.changes.once(id, done);
    });
  }

  private live(id: string): MemoryRecord | undefined {
    const record = this.records.get(id);
    if (record && record.expiresAt <= this.now()) {
      this.records.delete(id);
      return undefined;
    }
    return record;
  }

  /**
   * Over the cap the oldest records go (one per new record, so a full store costs nothing more), and
   * now and then the expired ones, so that memory stays bounded by the cap and by the TTL.
   */
  private evict(): void {
    while (this.records.size > this.maxRecords) {
      const oldest = this.records.keys().next().value as string;
      this.records.delete(oldest);
    }
    if (this.records.size % 256 !== 0) return;
    const now = this.now();
    for (const [id, record] of this.records) if (record.expiresAt <= now) this.records.delete(id);
  }
}
