// `extensions.cost` for Apollo Client: the client hands components `data`, never a result's
// `extensions`, so a console that paces itself by the gateway's cost (upstream calls made, what the
// caller has left of the org's rate-limit window) reads it in a link, placed before the HttpLink:
//
//   const link = ApolloLink.from([costLink((cost) => showRemaining(cost.throttleStatus?.remaining)), httpLink]);
//
// Apollo Client 4 (its links return rxjs observables).
import { ApolloLink } from '@apollo/client';
import { tap } from 'rxjs';
// What every answer of the gateway carries in `extensions.cost` (docs/api.md, "`extensions.cost`"):
// the gateway's own type, from a module that imports nothing.
import type { CostExtension as OperationCost } from '../../../src/gateway/costExtension.ts';

export type { OperationCost };

/** Calls `onCost` with each answer's `extensions.cost` and the operation's name; the answer goes on unchanged. */
export function costLink(onCost: (cost: OperationCost, operationName: string | undefined) => void): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      tap((result) => {
        const cost = result.extensions?.cost as OperationCost | undefined;
        if (cost) onCost(cost, operation.operationName);
      }),
    ),
  );
}
