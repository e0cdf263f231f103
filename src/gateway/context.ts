// The per-request GraphQL context: the caller's RestApi and a fresh set of loaders over it.
import { GraphQLError } from 'graphql';
import { REST_API_METHODS, type RestApi, type UpstreamClient } from '../upstream/client.ts';
import { createLoaders, type Loaders } from './loaders.ts';

export interface GatewayContext {
  api: RestApi;
  loaders: Loaders;
}

/**
 * The header is usable when its scheme is SSWS or Bearer (case-insensitive, as HTTP auth schemes
 * are) followed by a credential in printable ASCII. It is forwarded exactly as sent; anything else
 * counts as no header at all.
 */
export function isUsableAuthorization(header: string | null | undefined): header is string {
  return typeof header === 'string' && /^(?:SSWS|Bearer) +[\x21-\x7e][\x20-\x7e]*$/i.test(header);
}

export function createContext(upstream: UpstreamClient, authorization: string | null | undefined): GatewayContext {
  const api = isUsableAuthorization(authorization) ? upstream.forCaller(authorization) : unauthenticatedApi();
  return { api, loaders: createLoaders(api) };
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
