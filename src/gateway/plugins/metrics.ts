// Prometheus metrics at GET /metrics: GraphQL operations (by name and outcome, durations, errors by
// phase and code, upstream calls per operation, HTTP durations) fed by the server's operation
// summaries, upstream requests (by route template, status and duration; retries; the last
// rate-limit remaining) through the upstream client's observer, the upstream budget's tokens, waits
// and refusals, and the process metrics of prom-client. The GraphQL metric names are those of
// yoga's Prometheus plugin, which the summaries replace at a fraction of its cost per request.
import type { Plugin } from 'graphql-yoga';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EvictionCounts } from '../../callerMemory.ts';
import type { BudgetCounters } from '../../upstream/budget/budget.ts';
import type { RedisCircuitCounters } from '../../redis/link.ts';
import type { ReadCacheCounters } from '../../upstream/cache/readCache.ts';
import type { AnswerCacheCounters } from '../answerCache/answerCache.ts';
import type { AnswerFlightCounters } from '../answerCache/flights.ts';
import type { UpstreamObserver } from '../../upstream/observer.ts';
import { labelValues } from './metricLabels.ts';
import type { OperationSummary, ResponseSummary } from './operationSummary.ts';

export const METRICS_PATH = '/metrics';

/** Distinct error codes, HTTP methods and upstream statuses kept as label values; the gateway's own lists are far shorter. */
const MAX_CODES = 100;

export interface MetricsOptions {
  /** Default: a registry of the gateway's own. */
  registry?: Registry;
  /**
   * Distinct operation names kept as label values (default 200); later ones share the value
   * `__other__`, and a name of more than 64 characters or of other characters than letters, digits
   * and `_` is `__invalid__` (see metricLabels.ts), so that clients cannot grow the registry.
   */
  maxOperationNames?: number;
  /** The upstream budget's counts (tokens taken, waits, refusals), read at each scrape. */
  budget?: BudgetCounters;
  /** The memory admission's count of operations that waited in line, read at each scrape. */
  memory?: { readonly waited: number };
  /** The read cache's counts (hits, misses, invalidations, bytes held), read at each scrape; none when it is off. */
  readCache?: ReadCacheCounters;
  /** The answer cache's counts (hits, misses, bytes held), read at each scrape; none when it is off. */
  answerCache?: AnswerCacheCounters;
  /** Joined answers' counts (answerCache/flights.ts), read at each scrape; none when off. */
  answerFlights?: AnswerFlightCounters;
  /** Idempotency records and policy plans evicted by their budgets, by cause, read at each scrape. */
  evictions?: { idempotency?: () => EvictionCounts; plans?: () => EvictionCounts };

  /** The circuit around Redis (src/redis/link.ts), read at each scrape; none without Redis. */
  redisCircuit?: RedisCircuitCounters;

  /** The rights classes' counts (shared answers refused because the rights differed, callers known), read at each scrape. */
  rights?: RightsCounters;
}

/** What /metrics reads of the rights classes (upstream/call/rightsClasses.ts). */
export interface RightsCounters {
  readonly refusedForRights: number;
  readonly size: number;
}

export interface GatewayMetrics {
  registry: Registry;
  /** The /metrics endpoint. */
  plugin: Plugin;
  /** Counts one operation: outcome, duration, errors, upstream calls (fed by the server's operation summaries). */
  operation: (summary: OperationSummary) => void;
  /** Times one GraphQL HTTP answer. */
  response: (summary: ResponseSummary) => void;
  /** The upstream side, for the upstream client's callers. */
  upstream: UpstreamObserver;
}

export function createMetrics({
  registry = new Registry(),
  maxOperationNames = 200,
  budget,
  memory,
  readCache,
  answerCache,
  answerFlights,
  evictions,

  redisCircuit,

  rights,
}: MetricsOptions = {}): GatewayMetrics {
  collectDefaultMetrics({ register: registry });
  if (budget) registerBudgetCounters(registry, budget);
  if (memory)
    registerCounter(
      registry,
      'gateway_memory_admission_waits_total',
      'Operations that waited for their share of MEMORY_BUDGET_BYTES before starting',
      () => memory.waited,
    );
  if (readCache) registerReadCacheCounters(registry, readCache);
  if (answerCache) registerAnswerCacheCounters(registry, answerCache);
  if (answerFlights) registerAnswerFlightCounters(registry, answerFlights);
  if (evictions?.idempotency) {
    registerEvictions(
      registry,
      'gateway_idempotency_records_evicted_total',
      'Idempotency records evicted before their time, by cause: caller (its own budget), total (the overall budget, from the caller using the most of its own)',
      evictions.idempotency,
    );
  }
  if (evictions?.plans) {
    registerEvictions(
      registry,
      'gateway_policy_plans_evicted_total',
      'Policy plans evicted before their time, by cause: caller (its own budget), total (the overall budget, from the caller using the most of its own)',
      evictions.plans,
    );
  }

  if (redisCircuit) registerRedisCircuit(registry, redisCircuit);

  if (rights) registerRightsCounters(registry, rights);
  return {
    registry,
    plugin: metricsEndpoint(registry),
    ...graphqlMetrics(registry, maxOperationNames),
    upstream: upstreamMetrics(registry),
  };
}

/** GET /metrics: the registry's text. */
function metricsEndpoint(registry: Registry): Plugin {
  return {
    onRequest: ({ request, url, endResponse, fetchAPI }) => {
      if (url.pathname !== METRICS_PATH || request.method !== 'GET') return;
      return registry
        .metrics()
        .then((text) =>
          endResponse(new fetchAPI.Response(text, { headers: { 'content-type': registry.contentType } })),
        );
    },
  };
}

/** The GraphQL side: operations by outcome, their upstream calls, durations and errors, HTTP durations. */
function graphqlMetrics(registry: Registry, maxOperationNames: number): Pick<GatewayMetrics, 'operation' | 'response'> {
  const operationName = labelValues(maxOperationNames);
  const code = labelValues(MAX_CODES);
  const method = labelValues(MAX_CODES);

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
  const requestDuration = new Histogram({
    name: 'graphql_envelop_request_duration',
    help: 'Time spent on a GraphQL operation, from parse to the end of execution (seconds)',
    labelNames: ['operationName', 'operationType'],
    registers: [registry],
  });
  const errorResults = new Counter({
    name: 'graphql_envelop_error_result',
    help: 'GraphQL errors by operation, phase and extensions.code',
    labelNames: ['operationName', 'operationType', 'phase', 'code'],
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'graphql_yoga_http_duration',
    help: 'Time spent on a GraphQL HTTP request (seconds)',
    labelNames: ['operationName', 'operationType', 'method', 'statusCode'],
    registers: [registry],
  });

  // Each operation's series, looked up once per label set (see seriesOf): labelling every
  // observation again cost more than the observations.
  const operationSeries = seriesOf((name: string, type: string, outcome: string) => {
    const labels = { operationName: name, operationType: type };
    return {
      operations: operations.labels({ ...labels, outcome }),
      upstreamCalls: upstreamCallsPerOperation.labels(labels),
      duration: requestDuration.labels(labels),
    };
  });
  const responseSeries = seriesOf((name: string, type: string, verb: string, status: string) =>
    httpDuration.labels({ operationName: name, operationType: type, method: verb, statusCode: status }),
  );

  return {
    operation: (summary) => {
      const name = operationName(summary.name);
      const series = operationSeries(name, summary.type, summary.outcome);
      series.operations.inc();
      series.upstreamCalls.observe(summary.upstreamCalls);
      // As yoga's plugin did: the duration of operations that ran, each error by phase and code.
      if (summary.phase === 'execute') series.duration.observe(summary.durationMs / 1000);
      for (const error of summary.errors) {
        errorResults.inc({ operationName: name, operationType: summary.type, phase: summary.phase, code: code(error) });
      }
    },
    response: (summary) => {
      const series = responseSeries(
        operationName(summary.name),
        summary.type,
        method(summary.method),
        String(summary.status),
      );
      series.observe(summary.durationMs / 1000);
    },
  };
}

/** Label sets whose series are kept looked up; past this many, a series is looked up each time. */
const MAX_KEPT_SERIES = 1_000;

/**
 * `make` (a metric's series for one set of label values), remembered per set of values. The values
 * are the bounded label values of labelValues(), so the kept series are few.
 */
function seriesOf<Values extends string[], Series>(make: (...values: Values) => Series): (...values: Values) => Series {
  const kept = new Map<string, Series>();
  return (...values) => {
    const key = values.join('\u0000');
    let series = kept.get(key);
    if (!series) {
      series = make(...values);
      if (kept.size < MAX_KEPT_SERIES) kept.set(key, series);
    }
    return series;
  };
}

/** The upstream side: requests by route template and status, their durations, retries, the last rate-limit remaining. */
function upstreamMetrics(registry: Registry): UpstreamObserver {
  const upstreamStatus = labelValues(MAX_CODES);
  // Every attempt counts in a plain number of its series; each scrape adds them to the counter
  // (prom-client hashes and checks the labels of every `inc`, even a series' own).
  // By label values (bounded as the series are): a series looked up again finds its own count.
  const uncounted = new Map<string, { labels: Record<string, string>; count: number }>();
  new Counter({
    name: 'gateway_upstream_requests_total',
    help: 'Upstream HTTP attempts by method, route template and status (or transport error code)',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    collect() {
      for (const pending of uncounted.values()) {
        if (pending.count === 0) continue;
        this.inc(pending.labels, pending.count);
        pending.count = 0;
      }
    },
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
  const sharedReads = new Counter({
    name: 'gateway_upstream_shared_reads_total',
    help: 'Upstream GETs answered from an identical one of another operation, in flight or landed after it arrived (no request of their own)',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  // The last one answered, set on the gauge at each scrape.
  let lastRemaining: number | undefined;
  new Gauge({
    name: 'gateway_upstream_rate_limit_remaining',
    help: 'The last X-Rate-Limit-Remaining the upstream answered',
    registers: [registry],
    collect() {
      if (lastRemaining !== undefined) this.set(lastRemaining);
    },
  });

  // The series of one route and status, looked up once (seriesOf). Routes are the spec's templates
  // and statuses a short list, so this stays small.
  const upstreamSeries = seriesOf((method: string, route: string, status: string) => {
    const labels = { method, route, status };
    const key = `${method}\u0000${route}\u0000${status}`;
    let requests = uncounted.get(key);
    if (!requests) {
      requests = { labels, count: 0 };
      uncounted.set(key, requests);
    }
    return { requests, duration: upstreamDuration.labels(labels) };
  });

  return {
    onUpstreamRequest: (attempt) => {
      const status = upstreamStatus(String(attempt.status ?? attempt.errorCode));
      const series = upstreamSeries(attempt.method, attempt.template, status);
      series.requests.count++;
      series.duration.observe(attempt.durationMs / 1000);
      if (attempt.retry) upstreamRetries.inc({ method: attempt.method, route: attempt.template });
      if (attempt.rateLimitRemaining !== undefined) lastRemaining = attempt.rateLimitRemaining;
    },
    onSharedRead: (read) => sharedReads.inc({ method: read.method, route: read.template }),
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
  for (const [key, name, help] of counters) registerCounter(registry, name, help, () => budget[key]);
}

/** A counter kept elsewhere: each scrape copies its count. */
function registerCounter(registry: Registry, name: string, help: string, count: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(count());
    },
  });
}

/** A gauge whose value is read at each scrape. */
function registerGauge(registry: Registry, name: string, help: string, value: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(value());
    },
  });
}

/** Evictions kept by a store, by cause; each scrape copies them. */
function registerEvictions(registry: Registry, name: string, help: string, counts: () => EvictionCounts): void {
  new Counter({
    name,
    help,
    labelNames: ['cause'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cause, count] of Object.entries(counts())) this.inc({ cause }, count);
    },
  });
}

/** The Redis circuit: open (1) or closed (0), and its counts. */
function registerRedisCircuit(registry: Registry, circuit: RedisCircuitCounters): void {
  registerGauge(
    registry,
    'gateway_redis_circuit_open',
    '1 while commands to Redis get their fallback at once (after a timeout, until a probe is answered), else 0',
    () => (circuit.open ? 1 : 0),
  );
  registerCounter(
    registry,
    'gateway_redis_circuit_opened_total',
    'Times the Redis circuit opened',
    () => circuit.opened,
  );
  registerCounter(
    registry,
    'gateway_redis_circuit_short_circuited_total',
    'Redis commands answered by their fallback because the circuit was open',
    () => circuit.shortCircuited,
  );
}

/** The read cache counts itself; each scrape copies its counts and the bytes it holds. */
function registerReadCacheCounters(registry: Registry, cache: ReadCacheCounters): void {
  const counters: [keyof ReadCacheCounters, string, string][] = [
    ['hits', 'gateway_read_cache_hits_total', 'Upstream GETs answered from the read cache (no request)'],
    ['misses', 'gateway_read_cache_misses_total', 'Upstream GETs of proven callers the read cache did not answer'],
    [
      'invalidations',
      'gateway_read_cache_invalidations_total',
      'Writes (and resets) that invalidated read cache entries',
    ],
  ];
  for (const [key, name, help] of counters) registerCounter(registry, name, help, () => cache[key]);
  registerGauge(
    registry,
    'gateway_read_cache_bytes',
    'Bytes the read cache holds in this process (CACHE_MAX_BYTES at most)',
    () => cache.bytes,
  );
}

function registerAnswerCacheCounters(registry: Registry, cache: AnswerCacheCounters): void {
  registerCounter(
    registry,
    'gateway_answer_cache_hits_total',
    'Queries answered whole from the answer cache (not run)',
    () => cache.hits,
  );
  registerCounter(
    registry,
    'gateway_answer_cache_misses_total',
    'Plain GraphQL POSTs the answer cache looked up and did not answer (see answerCache/fastPath.ts; writes too: it does not parse them)',
    () => cache.misses,
  );
  registerGauge(
    registry,
    'gateway_answer_cache_bytes',
    'Bytes the answer cache holds in this process (ANSWER_CACHE_MAX_BYTES at most)',
    () => cache.bytes,
  );
}

function registerAnswerFlightCounters(registry: Registry, flights: AnswerFlightCounters): void {
  registerCounter(
    registry,
    'gateway_joined_answers_total',
    'Plain queries answered from an identical one in flight (not run; see answerCache/flights.ts)',
    () => flights.joined,
  );
  registerCounter(
    registry,
    'gateway_joined_answers_refused_total',
    'Plain queries that waited for an identical one in flight and then ran themselves (its answer had errors, or one of its reads was not theirs to take)',
    () => flights.refused,
  );
  registerGauge(
    registry,
    'gateway_joined_answers_waiting',
    'Plain queries waiting now for an identical one in flight',
    () => flights.waiting,
  );
  registerGauge(
    registry,
    'gateway_joined_answers_waiting_bytes',
    'Bytes of the request bodies the waiting queries hold',
    () => flights.waitingBytes,
  );
}

/** Shared answers (flights, landed, cached) a caller was not handed because its rights class differed or was not known yet, and the callers whose class is known. */
function registerRightsCounters(registry: Registry, rights: RightsCounters): void {
  registerCounter(
    registry,
    'gateway_shared_answers_refused_rights_total',
    "Shared answers (in flight, landed or cached) not handed to a caller because its rights class differed from the answer's or was not known yet",
    () => rights.refusedForRights,
  );
  registerGauge(
    registry,
    'gateway_rights_classes_known',
    'Credentials whose rights class for a kind of resource this process knows from the service (bounded: 10,000)',
    () => rights.size,
  );
}
