// The spans of one GraphQL request: the HTTP request (SERVER, under the client's `traceparent`
// when it sent one), the operation under it (INTERNAL, named and counted as OpenTelemetry's GraphQL
// conventions say), and under the operation each upstream HTTP attempt (CLIENT: its ids are the
// `traceparent` the attempt carries) and each read answered without a request (INTERNAL).
import { createHash } from 'node:crypto';
import { type DocumentNode, type ExecutionResult, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { AttemptResult } from '../upstream/attempt.ts';
import type { CallTrace, SpanIds, TracedCall, UpstreamTracer } from '../upstream/tracer.ts';
import { formatTraceparent, parseTraceparent } from './context.ts';
import { nowMs, type Span, SpanKind, type Tracer } from './spans.ts';

interface RequestSpans {
  server: Span;
  operation?: Span;
  /** The operation runs on after the response's headers (an answer in parts): the HTTP span ends with it. */
  serverEndsWithOperation?: boolean;
  operationEnded?: boolean;
}

/** What `extensions.cost` says, as far as the operation span tells it. */
interface ReportedCost {
  estimate?: { calls: number; size: number } | null;
  calls?: number;
  cache?: { hits: number };
}

export class RequestTraces {
  private readonly spans = new WeakMap<Request, RequestSpans>();
  /** Each document's digest, once: yoga hands the same parsed document to every request that sends its text. */
  private readonly digests = new WeakMap<DocumentNode, string>();

  constructor(
    private readonly tracer: Tracer,
    private readonly graphqlPath: string,
    /** The upstream's origin, for `url.full`, `server.address` and `server.port`. */
    private readonly upstream: URL,
  ) {}

  /** The ids a request's log lines carry: its operation span, else its HTTP span. */
  idsOf = (request: Request): SpanIds | undefined => {
    const spans = this.spans.get(request);
    const span = spans?.operation ?? spans?.server;
    return span && { traceId: span.context.traceId, spanId: span.context.spanId };
  };

  /** The request's upstream calls, under its operation span (or its HTTP span, outside an operation). */
  upstreamOf(request: Request): UpstreamTracer | undefined {
    const spans = this.spans.get(request);
    if (!spans) return undefined;
    return { call: (call) => this.callTrace(call, spans.operation ?? spans.server) };
  }

  /** The HTTP span's plugin (onRequest, onResponse) and the operation span's (onExecute). */
  plugins(): { request: Plugin; operation: Plugin } {
    const request: Plugin = {
      onRequest: ({ request, url }) => {
        if (url.pathname !== this.graphqlPath) return;
        const server = this.tracer.start(
          `${request.method} ${this.graphqlPath}`,
          SpanKind.SERVER,
          parseTraceparent(request.headers.get('traceparent')),
        );
        server
          .set('http.request.method', request.method)
          .set('http.route', this.graphqlPath)
          .set('url.path', url.pathname)
          .set('url.scheme', url.protocol.slice(0, -1));
        this.spans.set(request, { server });
      },
      onResponse: ({ request, response }) => {
        const spans = this.spans.get(request);
        if (!spans) return;
        const { server, operation } = spans;
        server.set('http.response.status_code', response.status);
        if (response.status >= 500) server.set('error.type', String(response.status)).fail();
        if (operation && !spans.operationEnded) spans.serverEndsWithOperation = true;
        else server.end();
      },
    };
    const operation: Plugin = {
      onExecute: ({ args }) => {
        const request = (args.contextValue as { request?: Request }).request;
        const spans = request && this.spans.get(request);
        if (!spans) return;
        const operation = getOperationAST(args.document, args.operationName);
        const type = operation?.operation ?? 'query';
        const name = operation?.name?.value;
        const span = this.tracer.start(name ? `${type} ${name}` : type, SpanKind.INTERNAL, spans.server.context);
        spans.operation = span;
        span
          .set('graphql.operation.type', type)
          .set('graphql.operation.name', name)
          .set('gateway.document.sha256', this.digestOf(args.document));
        let cost: ReportedCost | undefined;
        let errorCodes: string[] = [];
        const seen = (result: ExecutionResult) => {
          cost = (result.extensions?.cost as ReportedCost | undefined) ?? cost;
          errorCodes = errorCodes.concat(codesOf(result));
        };
        const end = () => {
          endOperation(span, cost, errorCodes);
          spans.operationEnded = true;
          if (spans.serverEndsWithOperation) spans.server.end();
        };
        return {
          onExecuteDone: ({ result }) => {
            if (!(Symbol.asyncIterator in result)) {
              seen(result);
              return end();
            }
            // An answer in parts (@defer, @stream): its last part carries the cost.
            return {
              onNext: ({ result: part }) => {
                seen(part);
                for (const item of (part as { incremental?: ExecutionResult[] }).incremental ?? []) seen(item);
              },
              onEnd: end,
            };
          },
        };
      },
    };
    return { request, operation };
  }

  private digestOf(document: DocumentNode): string | undefined {
    const source = document.loc?.source.body;
    if (source === undefined) return undefined;
    let digest = this.digests.get(document);
    if (digest === undefined) {
      digest = createHash('sha256').update(source).digest('hex');
      this.digests.set(document, digest);
    }
    return digest;
  }

  private callTrace(call: TracedCall, parent: Span): CallTrace {
    const startedAt = nowMs();
    let waitingSince = startedAt;
    let attempt: Span | undefined;
    const named = `${call.method} ${call.template}`;
    const full = this.upstream.origin + call.target;
    return {
      waiting: () => {
        waitingSince = nowMs();
      },
      sending: (retried) => {
        const now = nowMs();
        attempt = this.tracer.start(named, SpanKind.CLIENT, parent.context, now);
        attempt
          .set('http.request.method', call.method)
          .set('url.template', call.template)
          .set('url.full', full)
          .set('server.address', this.upstream.hostname)
          .set('server.port', Number(this.upstream.port) || (this.upstream.protocol === 'https:' ? 443 : 80))
          .set('http.request.resend_count', retried > 0 ? retried : undefined)
          .set('gateway.upstream.budget_wait_ms', round(now - waitingSince));
        return formatTraceparent(attempt.context);
      },
      ended: (result) => {
        const span = attempt as Span;
        endAttempt(span, result);
        return { traceId: span.context.traceId, spanId: span.context.spanId };
      },
      answeredWithout: (source, ageMs) => {
        const span = this.tracer.start(named, SpanKind.INTERNAL, parent.context, startedAt);
        span
          .set('http.request.method', call.method)
          .set('url.template', call.template)
          .set('url.full', full)
          .set('gateway.upstream.answered_by', source)
          .set('gateway.upstream.cache_age_ms', ageMs === undefined ? undefined : Math.round(ageMs))
          .end();
      },
    };
  }
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

function endAttempt(span: Span, result: AttemptResult): void {
  if (result.ok) {
    span.set('http.response.status_code', result.status);
    if (result.status >= 400) span.set('error.type', String(result.status)).fail();
  } else {
    const code = (result.error as { code?: unknown }).code;
    span.set('error.type', typeof code === 'string' ? code : result.error.name).fail(result.error.message);
  }
  span.end();
}

function endOperation(span: Span, cost: ReportedCost | undefined, errorCodes: string[]): void {
  if (cost) {
    span
      .set('gateway.cost.estimate.calls', cost.estimate?.calls)
      .set('gateway.cost.estimate.size', cost.estimate?.size)
      .set('gateway.cost.calls', cost.calls)
      .set('gateway.cost.cache_hits', cost.cache?.hits);
  }
  if (errorCodes.length > 0) {
    const distinct = [...new Set(errorCodes)];
    span.set('gateway.error_codes', distinct).set('error.type', distinct[0]).fail();
  }
  span.end();
}

function codesOf(result: ExecutionResult): string[] {
  return (result.errors ?? []).map((error) => {
    const code = error.extensions?.code;
    return typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR';
  });
}
