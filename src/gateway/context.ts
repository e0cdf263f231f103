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
import { type IdempotencySettings, IdempotentCreates, memoryIdempotency } from './idempotency/creates.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import { credentialDigest, isUsableAuthorization } from '../upstream/credential.ts';
import { MemoryPlanStore, type PlanStore } from '../policyDocument/planStore.ts';

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
  /** SHA-256 of the caller's credential in its one spelling (credential.ts; never the header itself); undefined without one. */
  callerDigest: string | undefined;
}

export interface OperationTally {
  /** Upstream HTTP attempts made so far for this operation. */
  upstreamCalls: number;
}

/**
 * `caller` carries the request id, the gateway's upstream observer and the client's request signal
 * (when the client goes away, the operation's upstream calls are aborted); the tally is counted here.
 * `idempotency` is where creates with a key (the argument, else `idempotencyKey`, the request's header)
 * remember their outcome.
 */
export function createContext(
  upstream: UpstreamClient,
  authorization: string | null | undefined,
  caller: CallerOptions = {},
  idempotency: IdempotencySettings = memoryIdempotency(),
  idempotencyKey?: string | null,
  policyPlans: PlanStore = new MemoryPlanStore(),
): GatewayContext {
  const operation: OperationTally = { upstreamCalls: 0 };
  const observer = composeObservers({ onUpstreamRequest: () => operation.upstreamCalls++ }, caller.observer);
  const usable = isUsableAuthorization(authorization);
  const callerDigest = usable ? credentialDigest(authorization) : undefined;
  const api = usable ? upstream.forCaller(authorization, { ...caller, observer }) : unauthenticatedApi();
  return {
    api,
    endOperation: api.finish,
    throttleStatus: api.throttleStatus,
    loaders: createLoaders(api),
    operation,
    idempotency: new IdempotentCreates(idempotency, callerDigest, idempotencyKey ?? undefined),
    policyPlans,
    callerDigest,
  };
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
  return { ...methods, finish: () => undefined, throttleStatus: () => undefined };
}
