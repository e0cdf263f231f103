// Prometheus metrics at GET /metrics: GraphQL operations (by name and outcome, durations, errors by
// code, upstream calls per operation) through yoga's Prometheus plugin, upstream requests (by route
// template, status and duration; retries; the last rate-limit remaining) through the upstream
// client's observer, the upstream budget's tokens, waits and refusals, and the process metrics of
// prom-client.
import {
  createCounter,
  createHistogram,
  type FillLabelsFnParams,
  usePrometheus,
} from '@graphql-yoga/plugin-prometheus';
import type { Plugin } from 'graphql-yoga';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BudgetCounters } from '../../upstream/budget/budget.ts';
import type { UpstreamObserver } from '../../upstream/observer.ts';
import type { OperationSummary } from './operationSummary.ts';

export const METRICS_PATH = '/metrics';

const OTHER_OPERATIONS = '__other__';

export interface MetricsOptions {
  /** Default: a registry of the gateway's own. */
  registry?: Registry;
  /**
   * Distinct operation names kept as label values (default 200); later ones share the value
   * `__other__`, so that clients cannot grow the registry without bound.
   */
  maxOperationNames?: number;
  /** The upstream budget's counts (tokens taken, waits, refusals), read at each scrape. */
  budget?: BudgetCounters;
}

export interface GatewayMetrics {
  registry: Registry;
  /** The GraphQL side, and the /metrics endpoint. */
  plugin: Plugin;
  /** Counts one operation by outcome, and its upstream calls (fed by the server's operation summaries). */
  operation: (summary: OperationSummary) => void;
  /** The upstream side, for the upstream client's callers. */
  upstream: UpstreamObserver;
}

export function createMetrics({
  registry = new Registry(),
  maxOperationNames = 200,
  budget,
}: MetricsOptions = {}): GatewayMetrics {
  collectDefaultMetrics({ register: registry });
  if (budget) registerBudgetCounters(registry, budget);
  const operationName = boundedLabel(maxOperationNames, OTHER_OPERATIONS);
  const operationLabels = (params: FillLabelsFnParams) => ({
    operationName: operationName(params.operationName ?? 'anonymous'),
    operationType: params.operationType ?? 'unknown',
  });

  const operations = new Counter({
    name: 'gateway_operations_total',
    help: 'GraphQL operations by name, type and outcome (success, partial: errors next to data, error)',
    labelNames: ['operationName', 'operationType', 'outcome'],
    registers: [registry],
  });
  const upstreamCallsPerOperation = new Histogram({
    name: 'gateway_operation_upstream_calls',
    help: 'Upstream HTTP attempts made for one GraphQL operation',
    labelNames: ['operationName', 'operationType'],
    buckets: [0, 1, 2, 3, 5, 10, 20, 50, 100],
    registers: [registry],
  });
  const upstreamRequests = new Counter({
    name: 'gateway_upstream_requests_total',
    help: 'Upstream HTTP attempts by method, route template and status (or transport error code)',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const upstreamDuration = new Histogram({
    name: 'gateway_upstream_request_duration_seconds',
    help: 'Duration of upstream HTTP attempts, to the end of the response body',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstreamRetries = new Counter({
    name: 'gateway_upstream_retries_total',
    help: 'Upstream HTTP attempts that repeated an earlier attempt of the same call',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const rateLimitRemaining = new Gauge({
    name: 'gateway_upstream_rate_limit_remaining',
    help: 'The last X-Rate-Limit-Remaining the upstream answered',
    registers: [registry],
  });

  const prometheus = usePrometheus({
    registry,
    endpoint: METRICS_PATH,
    metrics: {
      graphql_envelop_request_duration: createHistogram({
        registry,
        histogram: {
          name: 'graphql_envelop_request_duration',
          help: 'Time spent on a GraphQL operation, from parse to the end of execution (seconds)',
          labelNames: ['operationName', 'operationType'],
        },
        fillLabelsFn: operationLabels,
      }),
      graphql_envelop_error_result: createCounter({
        registry,
        counter: {
          name: 'graphql_envelop_error_result',
          help: 'GraphQL errors by operation, phase and extensions.code',
          labelNames: ['operationName', 'operationType', 'phase', 'code'],
        },
        fillLabelsFn: (params: FillLabelsFnParams) => ({
          ...operationLabels(params),
          phase: params.errorPhase ?? 'unknown',
          code: errorCode(params),
        }),
      }),
      graphql_yoga_http_duration: createHistogram({
        registry,
        histogram: {
          name: 'graphql_yoga_http_duration',
          help: 'Time spent on a GraphQL HTTP request (seconds)',
          labelNames: ['operationName', 'operationType', 'method', 'statusCode'],
        },
        fillLabelsFn: (params: FillLabelsFnParams & { request: Request; response: Response }) => ({
          ...operationLabels(params),
          method: params.request.method,
          statusCode: params.response.status,
        }),
      }),
      // Off: the same numbers as above by other cuts, or per-phase detail nobody asked for.
      graphql_envelop_request: false,
      graphql_envelop_request_time_summary: false,
      graphql_envelop_phase_parse: false,
      graphql_envelop_phase_validate: false,
      graphql_envelop_phase_context: false,
      graphql_envelop_phase_execute: false,
      graphql_envelop_phase_subscribe: false,
      graphql_envelop_deprecated_field: false,
      graphql_envelop_schema_change: false,
      graphql_envelop_execute_resolver: false,
    },
  });

  // The series of one route and status, looked up once: labelling each observation again costs more
  // than the observation. Routes are the spec's templates and statuses a short list, so this stays small.
  type UpstreamLabel = 'method' | 'route' | 'status';
  const seriesByKey = new Map<string, { requests: Counter.Internal; duration: Histogram.Internal<UpstreamLabel> }>();
  const upstreamSeries = (method: string, route: string, status: string) => {
    const key = `${method} ${route} ${status}`;
    let series = seriesByKey.get(key);
    if (!series) {
      const labels = { method, route, status };
      series = { requests: upstreamRequests.labels(labels), duration: upstreamDuration.labels(labels) };
      if (seriesByKey.size < 1_000) seriesByKey.set(key, series);
    }
    return series;
  };

  return {
    registry,
    plugin: prometheus,
    operation: (summary) => {
      const labels = { operationName: operationName(summary.name), operationType: summary.type };
      operations.inc({ ...labels, outcome: summary.outcome });
      upstreamCallsPerOperation.observe(labels, summary.upstreamCalls);
    },
    upstream: {
      onUpstreamRequest: (attempt) => {
        const status = String(attempt.status ?? attempt.errorCode);
        const series = upstreamSeries(attempt.method, attempt.template, status);
        series.requests.inc();
        series.duration.observe(attempt.durationMs / 1000);
        if (attempt.retry) upstreamRetries.inc({ method: attempt.method, route: attempt.template });
        if (attempt.rateLimitRemaining !== undefined) rateLimitRemaining.set(attempt.rateLimitRemaining);
      },
    },
  };
}

/** The budget counts itself (it serves every operation of the process); each scrape copies its counts. */
function registerBudgetCounters(registry: Registry, budget: BudgetCounters): void {
  const counters: [keyof BudgetCounters, string, string][] = [
    ['taken', 'gateway_upstream_budget_tokens_total', 'Upstream budget tokens taken (one per upstream request)'],
    ['waits', 'gateway_upstream_budget_waits_total', 'Upstream calls that waited for the rate-limit window to reset'],
    [
      'refusals',
      'gateway_upstream_budget_refusals_total',
      'Upstream calls refused with RATE_LIMITED before sending (the reset came after their deadline)',
    ],
  ];
  for (const [key, name, help] of counters) {
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(budget[key]);
      },
    });
  }
}

/** The error's extensions.code; parse and validation errors are named by their phase until yoga codes them. */
function errorCode(params: FillLabelsFnParams): string {
  const code = params.error?.extensions?.code;
  if (typeof code === 'string') return code;
  if (params.errorPhase === 'parse') return 'GRAPHQL_PARSE_FAILED';
  if (params.errorPhase === 'validate') return 'GRAPHQL_VALIDATION_FAILED';
  return 'INTERNAL_SERVER_ERROR';
}

/** Passes the first `max` distinct values through and maps every later one to `other`. */
function boundedLabel(max: number, other: string): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    if (seen.has(value)) return value;
    if (seen.size >= max) return other;
    seen.add(value);
    return value;
  };
}
