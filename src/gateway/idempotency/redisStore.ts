// Idempotency records in Redis, shared by every replica: a hash per (caller, key) with the
// fingerprint, the claim and the outcome; claiming and completing are Lua scripts, so two replicas
// can never both claim a key. A waiting retry polls the record. While Redis is unavailable the
// in-process store takes over, and records it made stay there until they expire.
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { RedisLink } from '../../redis/link.ts';
import { type ClaimResult, type IdempotencyStore, MemoryIdempotencyStore, type StoredOutcome } from './store.ts';

const KEY_PREFIX = 'gateway:idempotency:';
/** How often a waiting retry looks at the record again. */
const POLL_MS = 50;

// KEYS[1] record; ARGV fingerprint, claim, pendingTtlMs. Returns nil when claimed, else {fingerprint, outcome|false}.
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('HMGET', KEYS[1], 'fingerprint', 'outcome')
end
redis.call('HSET', KEYS[1], 'fingerprint', ARGV[1], 'claim', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return nil
`;

// KEYS[1] record; ARGV claim, outcome, ttlMs. Only the claimant completes, and only once.
const COMPLETE = `
if redis.call('HGET', KEYS[1], 'claim') ~= ARGV[1] or redis.call('HEXISTS', KEYS[1], 'outcome') == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'outcome', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

// KEYS[1] record; ARGV claim. Drops a pending record of this claim.
const RELEASE = `
if redis.call('HGET', KEYS[1], 'claim') == ARGV[1] and redis.call('HEXISTS', KEYS[1], 'outcome') == 0 then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

type IdempotencyRedis = Redis & {
  idempotencyClaim(
    key: string,
    fingerprint: string,
    claim: string,
    ttlMs: number,
  ): Promise<[string, string | null] | null>;
  idempotencyComplete(key: string, claim: string, outcome: string, ttlMs: number): Promise<number>;
  idempotencyRelease(key: string, claim: string): Promise<number>;
};

export class RedisIdempotencyStore implements IdempotencyStore {
  private readonly redis: IdempotencyRedis;
  /** Used while Redis is unavailable (claims it made start with `local:`). */
  readonly fallback = new MemoryIdempotencyStore();

  constructor(private readonly link: RedisLink) {
    link.redis.defineCommand('idempotencyClaim', { numberOfKeys: 1, lua: CLAIM });
    link.redis.defineCommand('idempotencyComplete', { numberOfKeys: 1, lua: COMPLETE });
    link.redis.defineCommand('idempotencyRelease', { numberOfKeys: 1, lua: RELEASE });
    this.redis = link.redis as IdempotencyRedis;
  }

  async claim(id: string, fingerprint: string, pendingTtlMs: number): Promise<ClaimResult> {
    // A record made during an outage answers its retries after Redis is back, too.
    if (this.fallback.has(id)) return this.fallback.claim(id, fingerprint, pendingTtlMs);
    return this.link.use(
      async (): Promise<ClaimResult> => {
        const claim = randomUUID();
        const found = await this.redis.idempotencyClaim(KEY_PREFIX + id, fingerprint, claim, pendingTtlMs);
        if (found === null) return { kind: 'claimed', claim };
        const [storedFingerprint, outcome] = found;
        return outcome === null
          ? { kind: 'pending', fingerprint: storedFingerprint }
          : { kind: 'done', fingerprint: storedFingerprint, outcome: JSON.parse(outcome) as StoredOutcome };
      },
      () => this.fallback.claim(id, fingerprint, pendingTtlMs),
    );
  }

  async complete(id: string, claim: string, outcome: StoredOutcome, ttlMs: number): Promise<void> {
    if (isLocal(claim)) return this.fallback.complete(id, claim, outcome, ttlMs);
    await this.link.use(
      () => this.redis.idempotencyComplete(KEY_PREFIX + id, claim, JSON.stringify(outcome), ttlMs),
      () => 0,
    );
  }

  async release(id: string, claim: string): Promise<void> {
    if (isLocal(claim)) return this.fallback.release(id, claim);
    await this.link.use(
      () => this.redis.idempotencyRelease(KEY_PREFIX + id, claim),
      () => 0,
    );
  }

  changed(id: string, maxMs: number): Promise<void> {
    if (this.fallback.has(id)) return this.fallback.changed(id, maxMs);
    return new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, maxMs)));
  }
}

function isLocal(claim: string): boolean {
  return claim.startsWith('local:');
}
