// OpenTelemetry traces of the gateway (docs/observability.md), loaded by start.ts only when the
// OTEL_* variables turn tracing on: off, not one module of this folder is loaded and no request
// pays for it. The spans go over OTLP/HTTP, protobuf or JSON, in batches; the W3C `traceparent`
// of a client continues its trace, and every upstream HTTP attempt carries its own span's.
import { createRequire } from 'node:module';
import type { Plugin } from 'graphql-yoga';
import type { TracingConfig } from '../config/gateway.ts';
import type { Logger } from '../gateway/logger.ts';
import type { SpanIds, UpstreamTracer } from '../upstream/tracer.ts';
import { BatchExporter } from './exporter.ts';
import { RequestTraces } from './requests.ts';
import { sampler, Tracer } from './spans.ts';

export interface Tracing {
  /** The HTTP request's span: early among the plugins, so that a request any later plugin answers has one. */
  requestPlugin: Plugin;
  /** The operation's span: after the cost plugin, whose `extensions.cost` it reads. */
  operationPlugin: Plugin;
  /** A request's upstream calls, traced under its operation. */
  upstreamOf(request: Request): UpstreamTracer | undefined;
  /** The ids a request's log lines carry. */
  idsOf(request: Request): SpanIds | undefined;
  /** Sends every span ended so far. */
  flush(): Promise<void>;
  /** Flushes; for the end of the process. */
  close(): Promise<void>;
}

/** The default endpoint of the standard when only OTEL_TRACES_EXPORTER=otlp is set. */
const DEFAULT_ENDPOINT = 'http://localhost:4318';

/** Where spans go: the traces endpoint as is, else `<endpoint>/v1/traces`. */
export function tracesUrl(config: Pick<TracingConfig, 'endpoint' | 'tracesEndpoint'>): string {
  return config.tracesEndpoint ?? `${(config.endpoint ?? DEFAULT_ENDPOINT).replace(/\/+$/, '')}/v1/traces`;
}

export function startTracing(
  config: TracingConfig,
  where: { graphqlPath: string; upstreamUrl: string; logger: Pick<Logger, 'warn' | 'info'> },
): Tracing {
  const { name, version } = createRequire(import.meta.url)('../../package.json') as { name: string; version: string };
  const exporter = new BatchExporter(
    {
      url: tracesUrl(config),
      protocol: config.tracesProtocol ?? config.protocol,
      headers: config.headers,
      timeoutMs: config.timeoutMs,
      scheduleDelayMs: config.scheduleDelayMs,
      maxQueueSize: config.maxQueueSize,
      maxExportBatchSize: config.maxExportBatchSize,
      origin: {
        resource: {
          ...config.resourceAttributes,
          'service.name': config.serviceName,
          'telemetry.sdk.language': 'nodejs',
        },
        scope: { name, version },
      },
    },
    where.logger,
  );
  const tracer = new Tracer(sampler(config.sampler, config.samplerArg), (span) => exporter.add(span));
  const traces = new RequestTraces(tracer, where.graphqlPath, new URL(where.upstreamUrl));
  const { request, operation } = traces.plugins();
  return {
    requestPlugin: request,
    operationPlugin: operation,
    upstreamOf: (req) => traces.upstreamOf(req),
    idsOf: traces.idsOf,
    flush: () => exporter.flush(),
    close: () => exporter.flush(),
  };
}
