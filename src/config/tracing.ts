// The OpenTelemetry variables the gateway reads (docs/observability.md), as the standard names them.
// Tracing is off unless one of them turns it on: an OTLP endpoint, or OTEL_TRACES_EXPORTER=otlp.
import { choice, decimal, type EnvReader, integer, Setting, url } from './env.ts';

export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

export const SAMPLERS = [
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
  'always_on',
  'always_off',
  'traceidratio',
] as const;
export type SamplerName = (typeof SAMPLERS)[number];

/** `key=value` pairs separated by commas, values percent-encoded (the standard's OTEL_*_HEADERS form). */
function readPairs(env: string, what: string): (r: EnvReader) => Record<string, string> {
  return (r) => {
    const value = r.text(env);
    const pairs: Record<string, string> = {};
    if (value === undefined) return pairs;
    for (const entry of value.split(',')) {
      const at = entry.indexOf('=');
      const key = entry.slice(0, at).trim();
      let text: string | undefined;
      try {
        text = decodeURIComponent(entry.slice(at + 1).trim());
      } catch {
        text = undefined;
      }
      // The value is never echoed: a header may carry a credential.
      if (at <= 0 || text === undefined) r.problem(`${env}: each entry must be ${what}=value (value percent-encoded)`);
      else pairs[key] = text;
    }
    return pairs;
  };
}

function ratioProblem(n: number): string | undefined {
  return n >= 0 && n <= 1 ? undefined : 'must be a ratio from 0 to 1';
}

export const TRACING_SETTINGS = {
  exporter: new Setting<'otlp' | 'none' | undefined>({
    env: 'OTEL_TRACES_EXPORTER',
    default: undefined,
    range: '`otlp` or `none` (any letter case)',
    shownDefault: '`otlp` when an endpoint is set, else `none`',
    doc: 'where spans go: `otlp` sends them over OTLP/HTTP (to `http://localhost:4318` unless an endpoint is set); `none` turns tracing off even with an endpoint. Off, no tracing code is loaded',
    read: (r) =>
      r.text('OTEL_TRACES_EXPORTER') === undefined
        ? undefined
        : r.choice('OTEL_TRACES_EXPORTER', ['otlp', 'none'] as const, 'none'),
  }),
  endpoint: url({
    env: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    doc: 'base URL of the OTLP/HTTP receiver (a collector): spans go to `<endpoint>/v1/traces`. Setting it turns tracing on',
  }),
  tracesEndpoint: url({
    env: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    doc: 'the URL spans are sent to, as is (instead of `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`). Setting it turns tracing on',
  }),
  protocol: choice({
    env: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    values: OTLP_PROTOCOLS,
    default: 'http/protobuf',
    doc: 'how spans are encoded: `http/protobuf` (`application/x-protobuf`) or `http/json` (`application/json`); gRPC is not offered',
  }),
  tracesProtocol: new Setting<OtlpProtocol | undefined>({
    env: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
    default: undefined,
    range: '`http/protobuf` or `http/json` (any letter case)',
    shownDefault: '`OTEL_EXPORTER_OTLP_PROTOCOL`',
    doc: 'the encoding of spans alone, over `OTEL_EXPORTER_OTLP_PROTOCOL`',
    read: (r) =>
      r.text('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') === undefined
        ? undefined
        : r.choice('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', OTLP_PROTOCOLS, 'http/protobuf'),
  }),
  headers: new Setting<Record<string, string>>({
    env: 'OTEL_EXPORTER_OTLP_HEADERS',
    default: {},
    range: '`name=value` pairs separated by commas, values percent-encoded',
    shownDefault: 'none',
    doc: 'headers sent with every export (a collector’s API key); never logged',
    read: readPairs('OTEL_EXPORTER_OTLP_HEADERS', 'name'),
  }),
  timeoutMs: integer({
    env: 'OTEL_EXPORTER_OTLP_TIMEOUT',
    default: 10_000,
    min: 1,
    max: 600_000,
    doc: 'how long one export may take, in ms; a batch that fails or times out is dropped (one warning per outage)',
  }),
  serviceName: new Setting<string>({
    env: 'OTEL_SERVICE_NAME',
    default: 'policy-graphql-gateway',
    range: 'any text',
    doc: 'the `service.name` of every span’s resource',
    read: (r) => r.text('OTEL_SERVICE_NAME') ?? 'policy-graphql-gateway',
  }),
  resourceAttributes: new Setting<Record<string, string>>({
    env: 'OTEL_RESOURCE_ATTRIBUTES',
    default: {},
    range: '`key=value` pairs separated by commas, values percent-encoded',
    shownDefault: 'none',
    doc: 'more attributes of the resource (`deployment.environment.name=prod,service.version=1.2`); `OTEL_SERVICE_NAME` wins over a `service.name` here',
    read: readPairs('OTEL_RESOURCE_ATTRIBUTES', 'key'),
  }),
  sampler: choice({
    env: 'OTEL_TRACES_SAMPLER',
    values: SAMPLERS,
    default: 'parentbased_always_on',
    doc: 'which traces are recorded: `parentbased_*` follows the sampled flag of the client’s `traceparent` and applies the rest to traces the gateway starts; `traceidratio` keeps `OTEL_TRACES_SAMPLER_ARG` of them, by trace id',
  }),
  samplerArg: decimal({
    env: 'OTEL_TRACES_SAMPLER_ARG',
    default: 1,
    range: '0 to 1',
    problem: ratioProblem,
    doc: 'the ratio of the `traceidratio` samplers',
  }),
  scheduleDelayMs: integer({
    env: 'OTEL_BSP_SCHEDULE_DELAY',
    default: 5_000,
    min: 1,
    max: 600_000,
    doc: 'ended spans are sent at most this many ms after they end (or sooner, once a batch is full)',
  }),
  maxQueueSize: integer({
    env: 'OTEL_BSP_MAX_QUEUE_SIZE',
    default: 2_048,
    min: 1,
    max: 1_000_000,
    doc: 'ended spans kept while they wait to be sent; past it new ones are dropped (counted in the warning)',
  }),
  maxExportBatchSize: integer({
    env: 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE',
    default: 512,
    min: 1,
    max: 1_000_000,
    doc: 'spans in one export request',
  }),
};

/** Whether the variables turn tracing on: an endpoint, or `OTEL_TRACES_EXPORTER=otlp`; `none` wins. */
export function tracingEnabled(settings: {
  exporter: 'otlp' | 'none' | undefined;
  endpoint: string | undefined;
  tracesEndpoint: string | undefined;
}): boolean {
  if (settings.exporter !== undefined) return settings.exporter === 'otlp';
  return settings.endpoint !== undefined || settings.tracesEndpoint !== undefined;
}
