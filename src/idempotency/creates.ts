// Idempotent creates: with an idempotency key (the mutation's `idempotencyKey` argument, else the
// request's Idempotency-Key header) the first outcome of a create is remembered per caller and key
// and returned to every retry, on any replica; a retry while the first still runs waits for it; the
// same key with a different input is refused with IDEMPOTENCY_KEY_REUSED and changes nothing. The
// caller is the SHA-256 of its credential (any spelling of one credential is one caller, see
// src/upstream/credential.ts), or of the person or client behind a Bearer JWT the upstream accepted
// (a refreshed token finds the records of the one it replaced): no token is ever stored. Records hold the
// fingerprint (a digest of the input) and the created object's id; a replay reads the object again.
// The running request renews a lease on its record; a retry that finds the lease run out (the
// owner crashed, or Redis stalled and lost its outcome) looks upstream for the object by the
// create's name (and type) before creating, and answers UPSTREAM_OUTCOME_UNKNOWN when it cannot tell.
// A record that cannot be read or claimed at all (Redis down or stalled) refuses the create with
// IDEMPOTENCY_UNAVAILABLE: another replica may be running it, and guessing could create it twice.
import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { GATEWAY_DEFAULTS } from '../config/settings.ts';
import type { GatewayErrorCode } from '../errors/codes.ts';
import { currentUserError, type UserErrorShape } from '../errors/userErrors.ts';
import { type ClaimCheck, type IdempotencyStore, MemoryIdempotencyStore, type StoredOutcome } from './store.ts';

export interface IdempotencySettings {
  store: IdempotencyStore;
  /** How long an outcome is remembered. */
  ttlMs: number;
  /** How long a retry waits for the first request. */
  waitMs: number;
  /**
   * How long a claim holds without a renew (renewed every third of it while the create runs); by
   * default `waitMs`, the operation's deadline, so that a lease that ran out means the owner's
   * create is no longer in flight. Default: waitMs.
   */
  leaseMs?: number;
}

export const IDEMPOTENCY_DEFAULTS = {
  ttlSeconds: GATEWAY_DEFAULTS.shared.idempotencyTtlSeconds,
  waitMs: 10_000,
  maxRecords: GATEWAY_DEFAULTS.shared.idempotencyMaxRecords,
} as const;

/** `budget`: the store's budgets (see IDEMPOTENCY_BUDGET), a number: its overall cap of records. */
export function memoryIdempotency(
  budget: ConstructorParameters<typeof MemoryIdempotencyStore>[0] = {},
): IdempotencySettings {
  return {
    store: new MemoryIdempotencyStore(budget),
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
  /** The created object by its id, for a replay (null when it is gone). */
  load: (id: string) => Promise<{ id: string } | null>;
  /**
   * The objects upstream that this create would have made (same name, and type or policy), created
   * at `since` or later; absent when they cannot be told apart (a clone).
   */
  find?: (since: number) => Promise<{ id: string }[]>;
}

/** Allowance for the clocks of the gateway and of the service when comparing `created` with a claim's start. */
const CLOCK_SKEW_MS = 60_000;

/** The idempotency of one GraphQL request's creates. */
export class IdempotentCreates {
  /**
   * `scope`: the caller's records (GatewayContext.caller: the digest of its credential, any spelling
   * of one credential finding the same records, or its person's); undefined without one. Asked only
   * for a create with a key.
   */
  constructor(
    private readonly settings: IdempotencySettings,
    private readonly scope: () => Promise<string | undefined>,
    private readonly headerKey: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async run<P extends Payload>(call: CreateCall<P>): Promise<P> {
    const argKey = call.args.idempotencyKey ?? undefined;
    const key = argKey ?? this.headerKey;
    if (key === undefined) return call.run();
    const scope = await this.scope();
    // Without credentials the create fails anyway, without an upstream call: nothing to remember.
    if (scope === undefined) return call.run();
    if (!KEY_PATTERN.test(key)) {
      return refusal<P>(call.resultKey, {
        message: 'An idempotency key is 1 to 255 printable ASCII characters.',
        field: argKey === undefined ? null : ['idempotencyKey'],
        code: 'IDEMPOTENCY_KEY_INVALID',
      });
    }
    const { idempotencyKey: _, ...input } = call.args;
    const fingerprint = sha256(canonicalJson({ mutation: call.mutation, input }));
    const id = `${scope}:${key}`;
    const { store, ttlMs, waitMs } = this.settings;
    const deadline = this.now() + waitMs;
    for (;;) {
      const claimed = await store.claim(id, fingerprint, {
        caller: scope,
        ttlMs,
        leaseMs: this.leaseMs,
        now: this.now(),
      });
      if (claimed.kind === 'unavailable') throw idempotencyUnavailable(call.mutation);
      if (claimed.kind === 'claimed') return this.runClaimed(call, id, claimed);
      if (claimed.fingerprint !== fingerprint) {
        return refusal<P>(call.resultKey, {
          message: `The idempotency key was already used with a different ${call.mutation} input; nothing was changed. Use a new key for a new request.`,
          field: argKey === undefined ? null : ['idempotencyKey'],
          code: 'IDEMPOTENCY_KEY_REUSED',
        });
      }
      if (claimed.kind === 'done') return replay<P>(call, claimed.outcome);
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

  private get leaseMs(): number {
    return this.settings.leaseMs ?? this.settings.waitMs;
  }

  private async runClaimed<P extends Payload>(
    call: CreateCall<P>,
    id: string,
    { claim, check }: { claim: string; check?: ClaimCheck },
  ): Promise<P> {
    const { store, ttlMs } = this.settings;
    const leaseMs = this.leaseMs;
    const renewal = setInterval(() => void store.renew(id, claim, leaseMs).catch(() => undefined), leaseMs / 3);
    renewal.unref();
    try {
      if (check) {
        // On an error the claim stays unfinished: its lease lapses again for the next retry.
        const made = await this.alreadyMade(call, check);
        if (made !== undefined) {
          await store.complete(id, claim, { kind: 'payload', id: made, userErrors: [] }, ttlMs);
          return replay<P>(call, { kind: 'payload', id: made, userErrors: [] });
        }
      }
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
      const created = result[call.resultKey] as { id?: unknown } | null;
      const outcome: StoredOutcome = {
        kind: 'payload',
        id: typeof created?.id === 'string' ? created.id : null,
        userErrors: result.userErrors,
      };
      await store.complete(id, claim, outcome, ttlMs);
      return result;
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * Before a create whose earlier attempt may have happened: the id of the object it made, or
   * undefined when there is none (the create may run). UPSTREAM_OUTCOME_UNKNOWN when that cannot be
   * told: the create has no way to be found, the lookup failed, or several objects match.
   */
  private async alreadyMade<P extends Payload>(call: CreateCall<P>, check: ClaimCheck): Promise<string | undefined> {
    const unknown = (why: string) =>
      new GraphQLError(
        `An earlier ${call.mutation} with this idempotency key may have been made, and ${why}; nothing was changed. Look for the object before trying again.`,
        { extensions: { code: 'UPSTREAM_OUTCOME_UNKNOWN' } },
      );
    if (!call.find) throw unknown(`a ${call.mutation} cannot be looked up`);
    let found: { id: string }[];
    try {
      found = await call.find(check.startedAt - CLOCK_SKEW_MS);
    } catch {
      throw unknown('looking it up upstream failed');
    }
    if (found.length === 0) return undefined;
    if (found.length > 1) throw unknown(`${found.length} objects match it`);
    return found[0].id;
  }
}

/** How long a client waits before retrying a create refused with IDEMPOTENCY_UNAVAILABLE. */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 1;

/** The shared records cannot be read: the create is not run (nothing is written upstream), a retry may succeed. */
function idempotencyUnavailable(mutation: string): GraphQLError {
  return new GraphQLError(
    `The idempotency records are unavailable, so this ${mutation} with an idempotency key was not made (nothing was changed). Retry with the same key in ${IDEMPOTENCY_RETRY_AFTER_SECONDS} s or later.`,
    { extensions: { code: 'IDEMPOTENCY_UNAVAILABLE', retryAfterSeconds: IDEMPOTENCY_RETRY_AFTER_SECONDS } },
  );
}

/** The first request's answer again: the object it created as it is now, or its refusal. */
async function replay<P extends Payload>(call: CreateCall<P>, outcome: StoredOutcome): Promise<P> {
  if (outcome.kind === 'error') throw new GraphQLError(outcome.message, { extensions: { code: outcome.code } });
  // Outcomes stored by an earlier version may carry the service's codes as `code`.
  const userErrors = outcome.userErrors.map(currentUserError);
  if (outcome.id === null) return { [call.resultKey]: null, userErrors } as unknown as P;
  const object = await call.load(outcome.id);
  if (object) return { [call.resultKey]: object, userErrors } as unknown as P;
  return refusal<P>(call.resultKey, {
    message: `The object this idempotency key created (${outcome.id}) no longer exists.`,
    field: null,
    code: 'NOT_FOUND',
  });
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
