// The per-request GraphQL context: the caller's RestApi, a fresh set of loaders over it, and the
// tally of the upstream calls the operation makes.
import { GraphQLError } from 'graphql';
import { type CallerOptions, REST_API_METHODS, type RestApi, type UpstreamClient } from '../upstream/client.ts';
import { composeObservers } from '../upstream/observer.ts';
import { createLoaders, type Loaders } from './loaders.ts';

export interface GatewayContext {
  api: RestApi;
  loaders: Loaders;
  operation: OperationTally;
}

export interface OperationTally {
  /** Upstream HTTP attempts made so far for this operation. */
  upstreamCalls: number;
}

/**
 * The header is usable when its scheme is SSWS or Bearer (case-insensitive, as HTTP auth schemes
 * are) followed by a credential in printable ASCII. It is forwarded exactly as sent; anything else
 * counts as no header at all.
 */
export function isUsableAuthorization(header: string | null | undefined): header is string {
  return typeof header === 'string' && /^(?:SSWS|Bearer) +[\x21-\x7e][\x20-\x7e]*$/i.test(header);
}

/**
 * `caller` carries the request id, the gateway's upstream observer and the client's request signal
 * (when the client goes away, the operation's upstream calls are aborted); the tally is counted here.
 */
export function createContext(
  upstream: UpstreamClient,
  authorization: string | null | undefined,
  caller: CallerOptions = {},
): GatewayContext {
  const operation: OperationTally = { upstreamCalls: 0 };
  const observer = composeObservers({ onUpstreamRequest: () => operation.upstreamCalls++ }, caller.observer);
  const api = isUsableAuthorization(authorization)
    ? upstream.forCaller(authorization, { ...caller, observer })
    : unauthenticatedApi();
  return { api, loaders: createLoaders(api), operation };
}

/** A RestApi for a request without usable credentials: every operation fails at once, with no upstream call. */
export function unauthenticatedApi(): RestApi {
  const reject = () =>
    Promise.reject(
      new GraphQLError(
        'This field needs upstream data: send an Authorization header `SSWS <token>` or `Bearer <token>`.',
        {
          extensions: { code: 'UNAUTHENTICATED' },
        },
      ),
    );
  return Object.fromEntries(REST_API_METHODS.map((name) => [name, reject])) as unknown as RestApi;
}
