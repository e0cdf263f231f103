// Where the answer cache learns its answers: yoga's own pipeline. Before the trusted documents
// plugin (which puts a named document's text in its place) each request's key is taken from what it
// sent; the operation must be a query without @defer or @stream; its answer, once every other
// plugin has made it (extensions.cost included), is kept when it has no errors (answerCache.ts
// decides whether its reads allow it). Joined answers (flights.ts) learn their leader's answer the
// same way, told as soon as it is known not to be joinable.
import type { IncomingMessage } from 'node:http';
import { type DocumentNode, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { CostExtension } from '../costExtension.ts';
import { usesIncrementalDelivery } from '../incrementalExecution.ts';
import type { AnswerCache } from './answerCache.ts';
import type { AnswerFlights } from './flights.ts';
import { type AnswerKey, answerKeyOf } from './key.ts';

interface Pending {
  key: AnswerKey;
  /** Known once it is found a query that may be kept. */
  name?: string;
}

export function useAnswerKeeping(answers: AnswerCache): Plugin {
  const pending = new WeakMap<Request, Pending>();
  return {
    onParams({ params, request }) {
      const key = answerKeyOf(params as Record<string, unknown>);
      if (key) pending.set(request, { key });
      else pending.delete(request);
    },
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      const entry = request && pending.get(request);
      if (!entry) return;
      const name = keepableQuery(args.document, args.operationName);
      if (name === undefined) pending.delete(request);
      else entry.name = name;
    },
    onExecutionResult({ request, result }) {
      const entry = pending.get(request);
      pending.delete(request);
      if (entry?.name === undefined || !result || Symbol.asyncIterator in result || Array.isArray(result)) return;
      if (result.errors?.length || result.data == null) return;
      const cost = result.extensions?.cost as CostExtension | undefined;
      answers.keep(request, entry.key, { data: result.data, estimate: cost?.estimate ?? null, name: entry.name });
    },
  };
}

/** Tells `flights` what each leading request answered (the Node request, in yoga's server context). */
export function useAnswerFlights(flights: AnswerFlights): Plugin {
  const names = new WeakMap<IncomingMessage, string>();
  const requestOf = (context: unknown) => (context as { req?: IncomingMessage }).req;
  return {
    onExecute({ args }) {
      const request = requestOf(args.contextValue);
      if (!request) return;
      const name = keepableQuery(args.document, args.operationName);
      if (name === undefined) flights.answered(request, undefined);
      else names.set(request, name);
    },
    onExecutionResult({ context, result }) {
      const request = requestOf(context);
      const name = request && names.get(request);
      if (!request) return;
      if (name === undefined || !result || Symbol.asyncIterator in result || Array.isArray(result)) {
        flights.answered(request, undefined);
        return;
      }
      const cost = result.extensions?.cost as CostExtension | undefined;
      const clean = !result.errors?.length && result.data != null;
      flights.answered(request, clean ? { data: result.data, estimate: cost?.estimate ?? null, name } : undefined);
    },
  };
}

/** The name of the operation when it is a query that may be kept (`anonymous` without one); undefined when not. */
function keepableQuery(document: DocumentNode, operationName: string | null | undefined): string | undefined {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'query' || usesIncrementalDelivery(document)) return undefined;
  return operation.name?.value ?? 'anonymous';
}
