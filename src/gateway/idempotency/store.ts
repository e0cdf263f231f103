// Where idempotent creates remember their outcome: one record per (caller, key) holding the request's
// fingerprint, the claim of the request running it, and, once it finished, the outcome to replay.
// MemoryIdempotencyStore keeps them in this process; the Redis store shares them between replicas.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { GatewayErrorCode, UserErrorShape } from '../errors.ts';

/** What a finished create answered, replayed to every retry with the same key. */
export type StoredOutcome =
  /** The payload: the created object, or null with the user errors. */
  | { kind: 'payload'; value: unknown; userErrors: UserErrorShape[] }
  /** A GraphQL error that is final too (the write's outcome is unknown). */
  | { kind: 'error'; message: string; code: GatewayErrorCode };

export type ClaimResult =
  /** This request runs the create; `claim` identifies it to complete() and release(). */
  | { kind: 'claimed'; claim: string }
  /** Another request with this key is running. */
  | { kind: 'pending'; fingerprint: string }
  | { kind: 'done'; fingerprint: string; outcome: StoredOutcome };

export interface IdempotencyStore {
  /** Atomically: the record of `id`, or a new pending record (kept `pendingTtlMs`) claimed by this request. */
  claim(id: string, fingerprint: string, pendingTtlMs: number): Promise<ClaimResult>;
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
  outcome?: StoredOutcome;
  expiresAt: number;
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new Map<string, MemoryRecord>();
  private readonly changes = new EventEmitter();

  constructor(private readonly now: () => number = Date.now) {
    this.changes.setMaxListeners(0);
  }

  /** True when a live record of `id` is kept here. */
  has(id: string): boolean {
    return this.live(id) !== undefined;
  }

  async claim(id: string, fingerprint: string, pendingTtlMs: number): Promise<ClaimResult> {
    const record = this.live(id);
    if (record) {
      return record.outcome
        ? { kind: 'done', fingerprint: record.fingerprint, outcome: record.outcome }
        : { kind: 'pending', fingerprint: record.fingerprint };
    }
    const claim = `local:${randomUUID()}`;
    this.records.set(id, { fingerprint, claim, expiresAt: this.now() + pendingTtlMs });
    this.sweep();
    return { kind: 'claimed', claim };
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

  /** Drops expired records now and then, so that memory stays bounded by the TTL. */
  private sweep(): void {
    if (this.records.size % 256 !== 0) return;
    const now = this.now();
    for (const [id, record] of this.records) if (record.expiresAt <= now) this.records.delete(id);
  }
}
