// The per-request GraphQL context: the caller's RestApi, a fresh set of loaders over it, and the
// tally of the upstream calls the operation makes.
import { GraphQLError } from 'graphql';
import {
  type CallerOptions,
  type CallerRestApi,
  REST_API_METHODS,
  type RestApi,
  type ThrottleStatus,
  type UpstreamClient,
} from '../upstream/client.ts';
import { composeObservers } from '../upstream/observer.ts';
import { type IdempotencySettings, IdempotentCreates, memoryIdempotency } from '../idempotency/creates.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import { GATEWAY_DEFAULTS } from '../config/gateway.ts';
import { isUsableAuthorization } from '../upstream/credential.ts';
import { MemoryPlanStore, type PlanStore } from '../policyDocument/planStore.ts';
import { AnswerMeter } from './answerMeter.ts';
import type { MemoryBudget } from './memoryBudget.ts';

export interface GatewayContext {
  api: RestApi;
  loaders: Loaders;
  operation: OperationTally;
  /** Remembers the outcome of creates sent with an idempotency key. */
  idempotency: IdempotentCreates;
  /** Called once the operation has answered: its upstream deadline timer and listeners go. */
  endOperation(): void;
  /** The caller's share of the org's upstream budget (reported in `extensions.cost`). */
  throttleStatus(): ThrottleStatus | undefined;
  /** Where policy plans are kept between planPolicies and applyPolicies. */
  policyPlans: PlanStore;
  /**
   * Who the caller is, for its idempotency records and policy plans: the person or client behind a
   * Bearer JWT the upstream accepted, else the SHA-256 of the credential in its one spelling
   * (credential.ts; never the header itself); undefined without one.
   */
  caller(): Promise<string | undefined>;
  /** The operation's run-time bounds: answer bytes, memory held, deadline (see answerMeter.ts). */
  answer: AnswerMeter;
  /** From now on no read of the operation is answered from the read cache (a mutation reads what it changes fresh). */
  readFresh(): void;
}

export interface OperationTally {
  /** Upstream HTTP attempts made so far for this operation. */
  upstreamCalls: number;
  /** Reads answered from the read cache, and the oldest age served (ms). */
  cacheHits: number;
  oldestCacheAgeMs: number;
}

/**
 * `caller` carries the request id, the gateway's upstream observer and the client's request signal
 * (when the client goes away, the operation's upstream calls are aborted); the tally is counted here.
 * `idempotency` is where creates with a key (the argument, else `idempotencyKey`, the request's header)
 * remember their outcome.
 */
export interface ContextOptions {
  upstream: UpstreamClient;
  authorization: string | null | undefined;
  caller?: Omit<CallerOptions, 'fresh'> & { freshReads?: boolean };
  idempotency?: IdempotencySettings;
  idempotencyKey?: string | null;
  policyPlans?: PlanStore;
  answerLimits?: AnswerOptions;
}

export function createContext({
  upstream,
  authorization,
  caller = {},
  idempotency = memoryIdempotency(),
  idempotencyKey,
  policyPlans = new MemoryPlanStore(),
  answerLimits = {},
}: ContextOptions): GatewayContext {
  const operation: OperationTally = { upstreamCalls: 0, cacheHits: 0, oldestCacheAgeMs: 0 };
  const tally = {
    onUpstreamRequest: () => operation.upstreamCalls++,
    onCacheHit: ({ ageMs }: { ageMs: number }) => {
      operation.cacheHits++;
      operation.oldestCacheAgeMs = Math.max(operation.oldestCacheAgeMs, ageMs);
    },
  };
  const observer = composeObservers(tally, caller.observer);
  const answer = answerMeterFor(upstream, answerLimits, caller.signal);
  const usable = isUsableAuthorization(authorization);
  const onBodyBytes = (count: number) => answer.addUpstream(count);
  // Two clocks, one deadline: whichever timer fires first, the operation answers OPERATION_TIMEOUT.
  const onDeadline = (timeoutMs: number) => answer.expire(timeoutMs);
  // `Cache-Control: no-cache`, or a mutation (see cacheControl.ts): no read from the read cache. The
  // client's signal is the meter's to watch: the meter stops the calls (`whenStopped` below).
  const { freshReads: askedFresh, signal: _clientSignal, ...callerOptions } = caller;
  let freshReads = askedFresh === true;
  const fresh = () => freshReads;
  // Arrived now, before the memory admission's line (plugins/cost.ts): reads that take off after
  // this may answer the operation however long it waits there.
  const arrivedAt = performance.now();
  const api = usable
    ? upstream.forCaller(authorization, { arrivedAt, ...callerOptions, observer, onBodyBytes, onDeadline, fresh })
    : unauthenticatedApi();
  // The operation's upstream calls stop with it: when the client goes away or a run-time bound stops it.
  answer.whenStopped(() => api.cancel());
  let callerKey: Promise<string | undefined> | undefined;
  const callerOf = () => {
    callerKey ??= usable ? provenCaller(upstream, authorization, api) : Promise.resolve(undefined);
    return callerKey;
  };
  return {
    api,
    answer,
    endOperation: () => {
      api.finish();
      answer.finish();
    },
    throttleStatus: api.throttleStatus,
    loaders: createLoaders(api),
    operation,
    idempotency: new IdempotentCreates(idempotency, callerOf, idempotencyKey ?? undefined),
    policyPlans,
    caller: callerOf,
    readFresh: () => {
      freshReads = true;
    },
  };
}

/**
 * The caller of a credential, for records that must find it again: a Bearer JWT not yet proven would
 * change caller once accepted (a retry would miss the first attempt's record), so it is proven first
 * with one small read (the user types list; a 403 for a missing scope proves the token too). A
 * refused token stays its own digest.
 */
async function provenCaller(upstream: UpstreamClient, authorization: string, api: RestApi): Promise<string> {
  if (!upstream.callerOf(authorization).settled) await api.listUserTypes().catch(() => undefined);
  return upstream.callerOf(authorization).key;
}

/** The run-time bounds of an operation's answer besides its deadline (the upstream client's). */
export interface AnswerOptions {
  /** The process's budget the answer holds its memory in; none: not held. */
  memory?: MemoryBudget;
  /** The largest answer (MAX_RESPONSE_BYTES); default: the operation's upstream byte budget. */
  maxBytes?: number;
  /** The most fields resolved (MAX_RESOLVED_FIELDS); default its setting's default. */
  maxFields?: number;
}

/** The meter of one operation, stopped too when the client goes away. */
function answerMeterFor(upstream: UpstreamClient, options: AnswerOptions, clientSignal?: AbortSignal) {
  const { maxResponseBytes, timeoutMs } = upstream.operationLimits;
  const limits = {
    maxBytes: options.maxBytes ?? maxResponseBytes,
    maxFields: options.maxFields ?? GATEWAY_DEFAULTS.maxResolvedFields,
    timeoutMs,
    deadline: Date.now() + timeoutMs,
  };
  return new AnswerMeter(limits, options.memory, clientSignal);
}

/** A RestApi for a request without usable credentials: every operation fails at once, with no upstream call. */
export function unauthenticatedApi(): CallerRestApi {
  const reject = () =>
    Promise.reject(
      new GraphQLError(
        'This field needs upstream data: send an Authorization header `SSWS <token>` or `Bearer <token>`.',
        {
          extensions: { code: 'UNAUTHENTICATED' },
        },
      ),
    );
  const methods = Object.fromEntries(REST_API_METHODS.map((name) => [name, reject])) as unknown as RestApi;
  return { ...methods, finish: () => undefined, throttleStatus: () => undefined, cancel: () => undefined };
}
