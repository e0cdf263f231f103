// One summary per GraphQL operation when its result is ready, parse and validation failures
// included, and one per GraphQL HTTP response: what the operation log line and the operation
// metrics are made of.
import { type DocumentNode, type GraphQLError, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.ts';
import { requestIdOf } from './requestId.ts';

export type OperationOutcome = 'success' | 'partial' | 'error';

/** Where an error came from: the document could not be parsed, was invalid, or the operation ran. */
export type ErrorPhase = 'parse' | 'validate' | 'execute';

export interface OperationSummary {
  requestId: string;
  /** The operation's name; `anonymous` when it has none. */
  name: string;
  /** `unknown` when the document could not be parsed or names no operation to run. */
  type: 'query' | 'mutation' | 'subscription' | 'unknown';
  /** How far the operation got: `execute` when it ran. */
  phase: ErrorPhase;
  durationMs: number;
  /** Upstream HTTP attempts made for the operation. */
  upstreamCalls: number;
  /** The `extensions.code` of each error, in order (a parse or validation error without one is named by its phase). */
  errors: string[];
  /** The distinct codes of `errors`, in order of appearance. */
  errorCodes: string[];
  /** success: no error; partial: errors next to data; error: errors, and no top-level field has a value. */
  outcome: OperationOutcome;
  /** The operation's trace and span, when it is traced (OTEL_* variables). */
  traceId?: string;
  spanId?: string;
}

/** A GraphQL request's HTTP answer. */
export interface ResponseSummary {
  name: string;
  type: OperationSummary['type'];
  method: string;
  status: number;
  durationMs: number;
}

interface Pending {
  startedAt: number;
  operationName?: string;
  document?: DocumentNode;
  invalid?: boolean;
  summary?: OperationSummary;
}

const CODE_OF_PHASE: Record<ErrorPhase, string> = {
  parse: 'GRAPHQL_PARSE_FAILED',
  validate: 'GRAPHQL_VALIDATION_FAILED',
  execute: 'INTERNAL_SERVER_ERROR',
};

export function useOperationSummary(
  onDone: (summary: OperationSummary) => void,
  onResponse?: (summary: ResponseSummary) => void,
  /** The trace and span ids of a request, when it is traced. */
  traceIdsOf?: (request: Request) => { traceId: string; spanId: string } | undefined,
): Plugin {
  // Keyed by the request: yoga keeps it, and the context holding it, through every phase.
  const pending = new WeakMap<Request, Pending>();
  const summarize = (
    entry: Pending,
    result: { errors?: readonly GraphQLError[]; data?: Record<string, unknown> | null },
    request: Request,
    context: unknown,
  ) => {
    const operation = entry.document ? getOperationAST(entry.document, entry.operationName) : null;
    const phase: ErrorPhase = !entry.document ? 'parse' : entry.invalid ? 'validate' : 'execute';
    const errors = (result.errors ?? []).map((e) => {
      const code = e.extensions?.code;
      return typeof code === 'string' ? code : CODE_OF_PHASE[phase];
    });
    entry.summary = {
      requestId: requestIdOf(request),
      name: operation?.name?.value ?? entry.operationName ?? 'anonymous',
      type: operation?.operation ?? 'unknown',
      phase,
      durationMs: performance.now() - entry.startedAt,
      upstreamCalls: (context as Partial<GatewayContext>).operation?.upstreamCalls ?? 0,
      errors,
      errorCodes: [...new Set(errors)],
      outcome: errors.length === 0 ? 'success' : hasAnyValue(result.data) ? 'partial' : 'error',
    };
    if (traceIdsOf) Object.assign(entry.summary, traceIdsOf(request));
    onDone(entry.summary);
  };
  return {
    onParams: ({ params, request }) => {
      pending.set(request, { startedAt: performance.now(), operationName: params.operationName ?? undefined });
    },
    onParse: ({ context }) => {
      return ({ result }) => {
        const entry = pending.get(context.request);
        if (entry && !(result instanceof Error)) entry.document = result;
      };
    },
    onValidate: ({ context }) => {
      return ({ valid }) => {
        const entry = pending.get(context.request);
        if (entry && !valid) entry.invalid = true;
      };
    },
    onExecutionResult: ({ result, request, context, setResult }) => {
      const entry = pending.get(request);
      if (!entry || !result) return;
      // An answer in parts (@defer, @stream) is summed up once its last part is out, every part's errors counted.
      if (Symbol.asyncIterator in result)
        setResult(summedUp(result, (whole) => summarize(entry, whole, request, context)));
      else summarize(entry, result, request, context);
    },
    onResponse: ({ request, response }) => {
      const entry = pending.get(request);
      if (!entry) return;
      pending.delete(request);
      onResponse?.({
        name: entry.summary?.name ?? entry.operationName ?? 'anonymous',
        type: entry.summary?.type ?? 'unknown',
        method: request.method,
        status: response.status,
        durationMs: performance.now() - entry.startedAt,
      });
    },
  };
}

/** The parts of `parts`; once done, `end` gets the first part's data and every part's errors. */
async function* summedUp<T extends { errors?: readonly GraphQLError[]; data?: Record<string, unknown> | null }>(
  parts: AsyncIterable<T>,
  end: (whole: { errors: GraphQLError[]; data?: Record<string, unknown> | null }) => void,
): AsyncGenerator<T> {
  const errors: GraphQLError[] = [];
  let data: Record<string, unknown> | null | undefined;
  let first = true;
  try {
    for await (const part of parts) {
      if (first) data = part.data;
      first = false;
      errors.push(...(part.errors ?? []));
      const items = (part as { incremental?: readonly { errors?: readonly GraphQLError[] }[] }).incremental ?? [];
      for (const item of items) errors.push(...(item.errors ?? []));
      yield part;
    }
  } finally {
    end({ errors, data });
  }
}

/** Whether any top-level field answered something: fields are nullable, so `data` alone says little. */
function hasAnyValue(data: Record<string, unknown> | null | undefined): boolean {
  return data != null && Object.values(data).some((value) => value !== null);
}
