// Idempotency records in Redis, shared by every replica: a hash per (caller, key) with the
// fingerprint, the claim, when it started and the outcome, and beside it a lease key that the
// claimant renews while its create runs; claiming, renewing and completing are Lua scripts, so two
// replicas can never both hold a claim. A record whose lease ran out without an outcome is taken
// over by the next retry, which looks upstream before creating (see creates.ts). A waiting retry
// polls the record. While Redis is unavailable (down, stalled, a command timed out) a claim answers
// `unavailable` and the keyed create is refused: an in-process record would let two replicas each
// create once for one key.
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { RedisLink } from '../redis/link.ts';
import type { ClaimOptions, ClaimResult, IdempotencyStore, StoredOutcome } from './store.ts';

const KEY_PREFIX = 'gateway:idempotency:';
const LEASE_PREFIX = 'gateway:idempotency-lease:';
/** How often a waiting retry looks at the record again. */
const POLL_MS = 50;

// KEYS[1] record, KEYS[2] lease; ARGV fingerprint, claim, ttlMs, leaseMs, startedAt.
// Returns nil when claimed afresh; {fingerprint, outcome|false, startedAt, 'takeover'} when a record
// of this fingerprint whose lease ran out is taken over; else {fingerprint, outcome|false}.
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  local found = redis.call('HMGET', KEYS[1], 'fingerprint', 'outcome', 'startedAt')
  if found[2] or found[1] ~= ARGV[1] or redis.call('EXISTS', KEYS[2]) == 1 then
    return {found[1], found[2]}
  end
  redis.call('HSET', KEYS[1], 'claim', ARGV[2])
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
  return {found[1], false, found[3], 'takeover'}
end
redis.call('HSET', KEYS[1], 'fingerprint', ARGV[1], 'claim', ARGV[2], 'creator', ARGV[2], 'startedAt', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
return nil
`;

// KEYS[1] record, KEYS[2] lease; ARGV claim, leaseMs. Only the claimant renews, and only while pending.
const RENEW = `
if redis.call('HGET', KEYS[1], 'claim') == ARGV[1] and redis.call('HEXISTS', KEYS[1], 'outcome') == 0 then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
`;

// KEYS[1] record, KEYS[2] lease; ARGV claim, outcome, ttlMs. Only the claimant completes, and only once.
const COMPLETE = `
if redis.call('HGET', KEYS[1], 'claim') ~= ARGV[1] or redis.call('HEXISTS', KEYS[1], 'outcome') == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'outcome', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('DEL', KEYS[2])
return 1
`;

// KEYS[1] record, KEYS[2] lease; ARGV claim. Drops a pending record of this claim.
const RELEASE = `
if redis.call('HGET', KEYS[1], 'claim') == ARGV[1] and redis.call('HEXISTS', KEYS[1], 'outcome') == 0 then
  redis.call('DEL', KEYS[2])
  return redis.call('DEL', KEYS[1])
end
return 0
`;

// KEYS[1] record, KEYS[2] lease; ARGV claim. Undoes a claim whose answer never came (it may run when a
// stalled Redis wakes): a record it made is dropped (no create ran under it); a record it took over
// loses its lease, so the next retry takes it over at once and looks upstream for what was made.
const ABANDON = `
if redis.call('HGET', KEYS[1], 'claim') ~= ARGV[1] or redis.call('HEXISTS', KEYS[1], 'outcome') == 1 then
  return 0
end
redis.call('DEL', KEYS[2])
if redis.call('HGET', KEYS[1], 'creator') == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

type Found = [string, string | null] | [string, null, string | null, 'takeover'];

type IdempotencyRedis = Redis & {
  idempotencyClaim(
    key: string,
    lease: string,
    fingerprint: string,
    claim: string,
    ttlMs: number,
    leaseMs: number,
    startedAt: number,
  ): Promise<Found | null>;
  idempotencyRenew(key: string, lease: string, claim: string, leaseMs: number): Promise<number>;
  idempotencyComplete(key: string, lease: string, claim: string, outcome: string, ttlMs: number): Promise<number>;
  idempotencyRelease(key: string, lease: string, claim: string): Promise<number>;
  idempotencyAbandon(key: string, lease: string, claim: string): Promise<number>;
};

export class RedisIdempotencyStore implements IdempotencyStore {
  private readonly redis: IdempotencyRedis;

  constructor(private readonly link: RedisLink) {
    link.redis.defineCommand('idempotencyClaim', { numberOfKeys: 2, lua: CLAIM });
    link.redis.defineCommand('idempotencyRenew', { numberOfKeys: 2, lua: RENEW });
    link.redis.defineCommand('idempotencyComplete', { numberOfKeys: 2, lua: COMPLETE });
    link.redis.defineCommand('idempotencyRelease', { numberOfKeys: 2, lua: RELEASE });
    link.redis.defineCommand('idempotencyAbandon', { numberOfKeys: 2, lua: ABANDON });
    this.redis = link.redis as IdempotencyRedis;
  }

  async claim(id: string, fingerprint: string, options: ClaimOptions): Promise<ClaimResult> {
    const claim = randomUUID();
    let sent = false;
    return this.link.use(
      async (): Promise<ClaimResult> => {
        const { ttlMs, leaseMs, now } = options;
        sent = true;
        const found = await this.redis.idempotencyClaim(
          KEY_PREFIX + id,
          LEASE_PREFIX + id,
          fingerprint,
          claim,
          ttlMs,
          leaseMs,
          now,
        );
        if (found === null) return { kind: 'claimed', claim };
        if (found[3] === 'takeover') {
          return { kind: 'claimed', claim, check: { reason: 'expired', startedAt: Number(found[2] ?? 0) } };
        }
        const [storedFingerprint, outcome] = found;
        return outcome === null
          ? { kind: 'pending', fingerprint: storedFingerprint }
          : { kind: 'done', fingerprint: storedFingerprint, outcome: JSON.parse(outcome) as StoredOutcome };
      },
      () => {
        // A claim that timed out may still run when a stalled Redis wakes: the abandon queued behind
        // it on the same connection undoes it then, so the client's retry is not kept waiting.
        if (sent) void this.abandon(id, claim);
        return { kind: 'unavailable' };
      },
    );
  }

  async renew(id: string, claim: string, leaseMs: number): Promise<void> {
    await this.link.use(
      () => this.redis.idempotencyRenew(KEY_PREFIX + id, LEASE_PREFIX + id, claim, leaseMs),
      () => 0,
    );
  }

  /** A lost outcome leaves the record pending; its lease lapses and the next retry looks upstream. */
  async complete(id: string, claim: string, outcome: StoredOutcome, ttlMs: number): Promise<void> {
    await this.link.use(
      () => this.redis.idempotencyComplete(KEY_PREFIX + id, LEASE_PREFIX + id, claim, JSON.stringify(outcome), ttlMs),
      () => 0,
    );
  }

  async release(id: string, claim: string): Promise<void> {
    await this.link.use(
      () => this.redis.idempotencyRelease(KEY_PREFIX + id, LEASE_PREFIX + id, claim),
      () => 0,
    );
  }

  private async abandon(id: string, claim: string): Promise<void> {
    await this.link.use(
      () => this.redis.idempotencyAbandon(KEY_PREFIX + id, LEASE_PREFIX + id, claim),
      () => 0,
    );
  }

  changed(_id: string, maxMs: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, maxMs)));
  }
}
