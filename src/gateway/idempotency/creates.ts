// Idempotent creates: with an idempotency key (the mutation's `idempotencyKey` argument, else the
// request's Idempotency-Key header) the first outcome of a create is remembered per caller and key
// and returned to every retry, on any replica; a retry while the first still runs waits for it; the
// same key with a different input is refused with IDEMPOTENCY_KEY_REUSED and changes nothing. The
// caller is the SHA-256 of its Authorization header: no token is ever stored.
import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { currentUserError, type GatewayErrorCode, type UserErrorShape } from '../errors.ts';
import { type IdempotencyStore, MemoryIdempotencyStore, type StoredOutcome } from './store.ts';

export interface IdempotencySettings {
  store: IdempotencyStore;
  /** How long an outcome is remembered. */
  ttlMs: number;
  /** How long a retry waits for the first request; also how long a pending record outlives a crash. */
  waitMs: number;
}

export const IDEMPOTENCY_DEFAULTS = { ttlSeconds: 24 * 60 * 60, waitMs: 10_000 } as const;

export function memoryIdempotency(): IdempotencySettings {
  return {
    store: new MemoryIdempotencyStore(),
    ttlMs: IDEMPOTENCY_DEFAULTS.ttlSeconds * 1000,
    waitMs: IDEMPOTENCY_DEFAULTS.waitMs,
  };
}

/** GraphQL errors after which the write may have happened: remembered like a payload, never run again. */
const FINAL_ERROR_CODES = new Set<GatewayErrorCode>(['UPSTREAM_OUTCOME_UNKNOWN']);

/** A key: 1 to 255 printable ASCII characters. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

type Payload = { userErrors: UserErrorShape[] };

export interface CreateCall<P extends Payload> {
  /** The mutation field, e.g. `createPolicy`: part of the fingerprint. */
  mutation: string;
  /** The field's arguments (an `idempotencyKey` among them is not part of the fingerprint). */
  args: { idempotencyKey?: string | null } & Record<string, unknown>;
  /** The payload member holding the created object, e.g. `policy`. */
  resultKey: keyof P & string;
  run: () => Promise<P>;
}

/** The idempotency of one GraphQL request's creates. */
export class IdempotentCreates {
  private scopeDigest: string | undefined;

  constructor(
    private readonly settings: IdempotencySettings,
    private readonly authorization: string | undefined,
    private readonly headerKey: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The caller's records: a digest of its Authorization header, made only when a create has a key. */
  private get scope(): string | undefined {
    if (this.authorization === undefined) return undefined;
    this.scopeDigest ??= sha256(this.authorization);
    return this.scopeDigest;
  }

  async run<P extends Payload>(call: CreateCall<P>): Promise<P> {
    const argKey = call.args.idempotencyKey ?? undefined;
    const key = argKey ?? this.headerKey;
    // Without credentials the create fails anyway, without an upstream call: nothing to remember.
    if (key === undefined || this.scope === undefined) return call.run();
    if (!KEY_PATTERN.test(key)) {
      return refusal<P>(call.resultKey, {
        message: 'An idempotency key is 1 to 255 printable ASCII characters.',
        field: argKey === undefined ? null : ['idempotencyKey'],
        code: 'IDEMPOTENCY_KEY_INVALID',
      });
    }
    const { idempotencyKey: _, ...input } = call.args;
    const fingerprint = sha256(canonicalJson({ mutation: call.mutation, input }));
    const id = `${this.scope}:${key}`;
    const { store, ttlMs, waitMs } = this.settings;
    const deadline = this.now() + waitMs;
    for (;;) {
      const claimed = await store.claim(id, fingerprint, 2 * waitMs);
      if (claimed.kind === 'claimed') return this.runClaimed(call, id, claimed.claim, ttlMs);
      if (claimed.fingerprint !== fingerprint) {
        return refusal<P>(call.resultKey, {
          message: `The idempotency key was already used with a different ${call.mutation} input; nothing was changed. Use a new key for a new request.`,
          field: argKey === undefined ? null : ['idempotencyKey'],
          code: 'IDEMPOTENCY_KEY_REUSED',
        });
      }
      if (claimed.kind === 'done') return replay<P>(call.resultKey, claimed.outcome);
      const left = deadline - this.now();
      if (left <= 0) {
        throw new GraphQLError(
          'A request with this idempotency key is still running; try again later to get its outcome.',
          { extensions: { code: 'IDEMPOTENCY_KEY_IN_PROGRESS' } },
        );
      }
      await store.changed(id, left);
    }
  }

  private async runClaimed<P extends Payload>(
    call: CreateCall<P>,
    id: string,
    claim: string,
    ttlMs: number,
  ): Promise<P> {
    const { store } = this.settings;
    let result: P;
    try {
      result = await call.run();
    } catch (error) {
      const code = error instanceof GraphQLError ? error.extensions.code : undefined;
      if (code !== undefined && FINAL_ERROR_CODES.has(code)) {
        await store.complete(id, claim, { kind: 'error', message: (error as Error).message, code }, ttlMs);
      } else {
        // Refused before the service acted (rate limit, unavailable, …): a retry may try again.
        await store.release(id, claim);
      }
      throw error;
    }
    await store.complete(
      id,
      claim,
      { kind: 'payload', value: result[call.resultKey], userErrors: result.userErrors },
      ttlMs,
    );
    return result;
  }
}

/** The first request's answer again (the object as it was created, or its refusal). */
function replay<P extends Payload>(resultKey: string, outcome: StoredOutcome): P {
  if (outcome.kind === 'error') throw new GraphQLError(outcome.message, { extensions: { code: outcome.code } });
  // Outcomes stored by an earlier version may carry the service's codes as `code`.
  return { [resultKey]: outcome.value, userErrors: outcome.userErrors.map(currentUserError) } as unknown as P;
}

function refusal<P extends Payload>(resultKey: string, error: UserErrorShape): P {
  return { [resultKey]: null, userErrors: [error] } as unknown as P;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with object members in sorted order, so equal inputs give equal fingerprints. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
