// One summary per GraphQL operation when its result is ready, parse and validation failures
// included: what the operation log line and the operation metrics are made of.
import { type DocumentNode, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.ts';
import { requestIdOf } from './requestId.ts';

export type OperationOutcome = 'success' | 'partial' | 'error';

export interface OperationSummary {
  requestId: string;
  /** The operation's name; `anonymous` when it has none. */
  name: string;
  /** `unknown` when the document could not be parsed or names no operation to run. */
  type: 'query' | 'mutation' | 'subscription' | 'unknown';
  durationMs: number;
  /** Upstream HTTP attempts made for the operation. */
  upstreamCalls: number;
  /** The distinct `extensions.code` of its errors, in order of appearance. */
  errorCodes: string[];
  /** success: no error; partial: errors next to data; error: errors, and no top-level field has a value. */
  outcome: OperationOutcome;
}

interface Pending {
  startedAt: number;
  operationName?: string;
  document?: DocumentNode;
}

export function useOperationSummary(onDone: (summary: OperationSummary) => void): Plugin {
  // Keyed by the context object, which yoga creates per operation and keeps through every phase.
  const pending = new WeakMap<object, Pending>();
  return {
    onParams: ({ params, context }) => {
      pending.set(context, { startedAt: performance.now(), operationName: params.operationName ?? undefined });
    },
    onParse: ({ context }) => {
      return ({ result }) => {
        const entry = pending.get(context);
        if (entry && !(result instanceof Error)) entry.document = result;
      };
    },
    onExecutionResult: ({ result, request, context }) => {
      const entry = pending.get(context);
      pending.delete(context);
      if (!entry || !result || Symbol.asyncIterator in result) return;
      const operation = entry.document ? getOperationAST(entry.document, entry.operationName) : null;
      const errors = result.errors ?? [];
      onDone({
        requestId: requestIdOf(request),
        name: operation?.name?.value ?? entry.operationName ?? 'anonymous',
        type: operation?.operation ?? 'unknown',
        durationMs: performance.now() - entry.startedAt,
        upstreamCalls: (context as Partial<GatewayContext>).operation?.upstreamCalls ?? 0,
        errorCodes: [...new Set(errors.map((e) => String(e.extensions?.code ?? 'UNKNOWN')))],
        outcome: errors.length === 0 ? 'success' : hasAnyValue(result.data) ? 'partial' : 'error',
      });
    },
  };
}

/** Whether any top-level field answered something: fields are nullable, so `data` alone says little. */
function hasAnyValue(data: Record<string, unknown> | null | undefined): boolean {
  return data != null && Object.values(data).some((value) => value !== null);
}
