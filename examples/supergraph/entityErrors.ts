// A plugin of the example router (Hive Gateway) that keeps the errors of entities that failed to
// load. Hive Gateway 2 (@graphql-tools/delegate 12) drops them when the reference is abstract, as
// `Policy` is for the teams subgraph (an @interfaceObject): the failed fetch is written into each
// selected member of the object, `__typename` included, and a merged object of an abstract type
// whose `__typename` names no type is answered as null, its error gone (resolveExternalValue).
// The subgraph sends them right (path `["_entities", i]`, the code in `extensions`); no shape of
// its answer can bring them through, since a failed read has no concrete type to name. So the
// router keeps every error of an `_entities` entry that came back null, and adds each one the
// answer lacks, with the subgraph's name and the representation it stood for (no supergraph path:
// only the runtime knows where the entity sat).
import type { GatewayPlugin } from '@graphql-hive/gateway-runtime';
import { type ExecutionResult, GraphQLError } from 'graphql';

interface Dropped {
  error: { message: string; extensions?: Record<string, unknown> };
  subgraph: string;
  representation: unknown;
}

/** The errors of `_entities` entries that are null in the subgraph's answer. */
function nullEntityErrors(result: ExecutionResult, subgraph: string, representations: unknown): Dropped[] {
  const entities = (result.data as { _entities?: unknown[] } | null | undefined)?._entities;
  return (result.errors ?? []).flatMap((error) => {
    const [field, index] = error.path ?? [];
    if (field !== '_entities' || typeof index !== 'number' || error.path?.length !== 2) return [];
    if (entities && entities[index] !== null) return [];
    return [{ error, subgraph, representation: (representations as unknown[] | undefined)?.[index] }];
  });
}

const key = (message: string, code: unknown) => `${code}\u0000${message}`;

export function useEntityErrors(): GatewayPlugin {
  const dropped = new WeakMap<object, Dropped[]>();
  return {
    onSubgraphExecute({ subgraphName, executionRequest }) {
      const context = executionRequest.context as object | undefined;
      if (!context) return;
      return ({ result }) => {
        if (Symbol.asyncIterator in result) return;
        const found = nullEntityErrors(result, subgraphName, executionRequest.variables?.representations);
        if (found.length > 0) dropped.set(context, [...(dropped.get(context) ?? []), ...found]);
      };
    },
    onExecute({ args }) {
      return {
        onExecuteDone({ result, setResult }) {
          const kept = dropped.get(args.contextValue as object);
          if (!kept || Symbol.asyncIterator in result) return;
          const present = new Set((result.errors ?? []).map((e) => key(e.message, e.extensions?.code)));
          const added = kept
            .filter(({ error }) => !present.has(key(error.message, error.extensions?.code)))
            .map(
              ({ error, subgraph, representation }) =>
                new GraphQLError(error.message, {
                  extensions: { ...error.extensions, serviceName: subgraph, representation },
                }),
            );
          if (added.length > 0) setResult({ ...result, errors: [...(result.errors ?? []), ...added] });
        },
      };
    },
  };
}
