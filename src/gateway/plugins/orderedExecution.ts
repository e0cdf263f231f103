// Operations execute with graphql-js's own `execute`, not yoga's default executor: the latter puts
// each member of an object into the answer when its value is ready (the members at hand first, the
// awaited ones as they resolve), so the answer's member order followed timing; graphql-js builds
// each object in the order of its selection set, as the spec asks ("Serialized Map Ordering").
// Awaited members are common: fields loaded upstream, and every field the answer meter gives the
// event loop a turn before (see meteredSchema.ts). Stopping an operation needs nothing from the
// executor: once the meter stops it, every field throws the meter's error. A document with
// `@defer` or `@stream`, which graphql-js 16 cannot deliver in parts, runs on the executor that can,
// its parts put back in selection order (incrementalExecution.ts).
import { execute, type ExecutionArgs } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { executeIncrementally, usesIncrementalDelivery } from '../incrementalExecution.ts';

export function useOrderedExecution(): Plugin {
  return {
    onExecute({ setExecuteFn }) {
      setExecuteFn((args: ExecutionArgs) =>
        usesIncrementalDelivery(args.document) ? executeIncrementally(args) : execute(args),
      );
    },
  };
}
