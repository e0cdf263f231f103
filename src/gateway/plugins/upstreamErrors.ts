// The one place where the upstream client's errors become GraphQL errors: every error of an
// execution result that wraps one (a resolver or a loader let it go as it was thrown) is replaced by
// its GraphQL error (extensions.code, extensions.upstream, …; see src/errors/graphql.ts) at the same path, so no
// resolver can forget the mapping. It runs when execution is done, before the server's masking
// (which comes after every plugin of ours), so a mapped error is neither masked nor logged as unexpected.
import type { GraphQLError } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import { withUpstreamMapped } from '../../errors/graphql.ts';

export function useUpstreamErrors(): Plugin {
  return {
    onExecute: () => ({
      onExecuteDone: (payload) =>
        handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
          if (!result.errors?.length) return;
          let changed = false;
          const errors = result.errors.map((error: GraphQLError) => {
            const mapped = withUpstreamMapped(error);
            if (mapped !== error) changed = true;
            return mapped;
          });
          if (changed) setResult({ ...result, errors });
        }),
    }),
  };
}
