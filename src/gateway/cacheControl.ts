// A GraphQL request's `Cache-Control: no-cache` (or `max-age=0`, or `no-store`): the client wants the
// service's own answers, so no read of its operation is answered from the read cache (its fresh
// answers still refresh the cache for the next reader). A mutation's reads are fresh too.
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from './context.ts';

const FRESH_DIRECTIVE = /(?:^|,)\s*(?:no-cache|no-store|max-age\s*=\s*"?0+"?)\s*(?:,|$)/i;

export function wantsFreshData(cacheControl: string | null): boolean {
  return cacheControl !== null && FRESH_DIRECTIVE.test(cacheControl);
}

/**
 * A mutation reads what it changes from the service, never from the read cache: a partial update
 * merged into a cached copy would undo a change made outside the gateway within the TTL.
 */
export function useFreshReadsInMutations(): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      if (getOperationAST(args.document, args.operationName)?.operation === 'mutation') {
        (args.contextValue as Partial<GatewayContext>).readFresh?.();
      }
    },
  };
}
