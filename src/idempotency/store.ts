// Where idempotent creates remember their outcome: one record per (caller, key) holding the request's
// fingerprint, the claim of the request running it with its lease, when it started, and, once it
// finished, the outcome to replay: the created object's id and the user errors, never the request
// body or the object itself. MemoryIdempotencyStore keeps them in this process within budgets of
// records and bytes, overall and per caller (see callerMemory.ts: a caller's flood evicts only its own
// records); the Redis store shares them between replicas within the same budgets, and has no fallback.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type CallerBudget, CallerMemory, type EvictionCounts } from '../callerMemory.ts';
import { GATEWAY_DEFAULTS } from '../config/settings.ts';
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
  /** Whose record it is (the caller's digest): its budget pays for it. Default: the id up to its first `:`. */
  caller?: string;
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
  /** Records evicted by a budget so far, by cause (this process's evictions in Redis). */
  readonly evicted: EvictionCounts;
}

const SHARED = GATEWAY_DEFAULTS.shared;

/** IDEMPOTENCY_MAX_RECORDS, IDEMPOTENCY_MAX_BYTES, IDEMPOTENCY_CALLER_MAX_RECORDS and IDEMPOTENCY_CALLER_MAX_BYTES' defaults. */
export const IDEMPOTENCY_BUDGET: CallerBudget = {
  maxEntries: SHARED.idempotencyMaxRecords,
  maxBytes: SHARED.idempotencyMaxBytes,
  callerMaxEntries: SHARED.idempotencyCallerMaxRecords,
  callerMaxBytes: SHARED.idempotencyCallerMaxBytes,
};

/** What a store is given: IDEMPOTENCY_BUDGET's figures, each absent (or undefined) one its default; or the overall cap of records. */
export type IdempotencyBudget = { [K in keyof CallerBudget]?: number | undefined } | number;

/** A budget with its defaults filled in. */
export function idempotencyBudget(budget: IdempotencyBudget = {}): CallerBudget {
  const given = typeof budget === 'number' ? { maxEntries: budget } : budget;
  const filled = { ...IDEMPOTENCY_BUDGET };
  for (const name of Object.keys(filled) as (keyof CallerBudget)[]) filled[name] = given[name] ?? filled[name];
  // A caller's budget is never larger than everyone's.
  filled.callerMaxEntries = Math.min(filled.callerMaxEntries, filled.maxEntries);
  filled.callerMaxBytes = Math.min(filled.callerMaxBytes, filled.maxBytes);
  return filled;
}

/** The caller of a record's id (`<caller>:<key>`, see creates.ts). */
export function callerOfRecord(id: string): string {
  const colon = id.indexOf(':');
  return colon < 0 ? id : id.slice(0, colon);
}

/** What a record costs, as its budgets count it: its id, its outcome's JSON and a fixed part for the rest. */
export function recordBytes(id: string, outcome: string | undefined): number {
  return RECORD_OVERHEAD_BYTES + id.length + (outcome?.length ?? 0);
}

/** The fingerprint (a SHA-256 in hex), the claim, the times and the map's entry beside the id and the outcome. */
const RECORD_OVERHEAD_BYTES = 264;

interface MemoryRecord {
  fingerprint: string;
  claim: string;
  startedAt: number;
  leaseUntil: number;
  outcome?: StoredOutcome;
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records: CallerMemory<MemoryRecord>;
  private readonly changes = new EventEmitter();
  private claims = 0;

  constructor(
    budget: IdempotencyBudget = {},
    private readonly now: () => number = Date.now,
  ) {
    this.records = new CallerMemory(idempotencyBudget(budget));
    this.changes.setMaxListeners(0);
  }

  get evicted(): EvictionCounts {
    return this.records.evicted;
  }

  /** True when a live record of `id` is kept here. */
  has(id: string): boolean {
    return this.live(id) !== undefined;
  }

  get size(): number {
    return this.records.size;
  }

  async claim(id: string, fingerprint: string, { caller, ttlMs, leaseMs, now }: ClaimOptions): Promise<ClaimResult> {
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
    const expiresAt = this.now() + ttlMs;
    const fresh = { fingerprint, claim, startedAt: now, leaseUntil: this.now() + leaseMs };
    this.records.set(id, caller ?? callerOfRecord(id), fresh, recordBytes(id, undefined), expiresAt);
    // Now and then the expired records go too, so that memory stays bounded by the TTL as well.
    if (++this.claims % 256 === 0) this.records.sweep(this.now());
    return { kind: 'claimed', claim };
  }

  async renew(id: string, claim: string, leaseMs: number): Promise<void> {
    const record = this.records.get(id, this.now());
    if (record?.claim === claim && !record.outcome) record.leaseUntil = this.now() + leaseMs;
  }

  async complete(id: string, claim: string, outcome: StoredOutcome, ttlMs: number): Promise<void> {
    const record = this.records.get(id, this.now());
    if (record?.claim !== claim) return;
    const expiresAt = this.now() + ttlMs;
    record.outcome = outcome;
    this.records.update(id, record, recordBytes(id, JSON.stringify(outcome)), expiresAt);
    this.changes.emit(id);
  }

  async release(id: string, claim: string): Promise<void> {
    if (this.records.get(id, this.now())?.claim !== claim) return;
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
    return this.records.get(id, this.now());
  }
}
