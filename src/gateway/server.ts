// The yoga application and its HTTP server. Unexpected errors are masked, GraphQLErrors with
// extensions pass; the context is built per request from the caller's Authorization header; the
// log never shows a credential. Cross-cutting concerns are one plugin each: request ids, health
// probes, metrics, the operation log, JSON-only POSTs, introspection, error hygiene.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { GraphQLSchema } from 'graphql';
import {
  createYoga,
  type Plugin,
  type YogaInitialContext,
  type YogaServerInstance,
  type YogaServerOptions,
} from 'graphql-yoga';
import { GATEWAY_DEFAULTS, HTTP_DEFAULTS, type HttpLimits, type ReadinessConfig } from '../config/gateway.ts';
import type { Tracing } from '../tracing/index.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { composeObservers } from '../upstream/observer.ts';
import { UpstreamProbe } from '../upstream/probe.ts';
import { clientAddressOf, peerOf } from './clientAddress.ts';
import { createContext, type GatewayContext } from './context.ts';
import { useFreshReadsInMutations, wantsFreshData } from './cacheControl.ts';
import { corsPolicy, useCorsPreflightHint } from './cors.ts';
import { connectionsPerAddress, shareConnectionsByAddress } from './connectionShare.ts';
import { allowedHosts, loopbackHosts, withValidHost } from './hostHeader.ts';
import { useNoFraming } from './plugins/noFraming.ts';
import { createLogger, type Logger, yogaLogger } from './logger.ts';
import { type IdempotencySettings, memoryIdempotency } from '../idempotency/creates.ts';
import { useBodyLimit } from './plugins/bodyLimit.ts';
import { useNoOriginalError } from './plugins/errorHygiene.ts';
import { READINESS_DEFAULTS, useHealth } from './plugins/health.ts';
import { useNoIntrospection } from './plugins/introspection.ts';
import { useJsonOnly } from './plugins/jsonOnly.ts';
import { useGraphiQL, useGraphiQLOff } from './plugins/graphiql.ts';
import { useHomePage, useNotFound } from './plugins/homePage.ts';
import { createOperationLog } from './plugins/logging.ts';
import { createMetrics, type MetricsOptions } from './plugins/metrics.ts';
import { useOperationSummary } from './plugins/operationSummary.ts';
import { useOrderedExecution } from './plugins/orderedExecution.ts';
import { useIncrementalDelivery } from './plugins/incrementalDelivery.ts';
import {
  type ArbitraryDocuments,
  DOCUMENT_ID_PARAM,
  registerTrustedDocumentCosts,
  useTrustedDocuments,
} from './plugins/trustedDocuments.ts';
import { type TrustedManifest, trustedDocuments } from './trustedDocuments.ts';
import { useQueryStringParams } from './plugins/queryStringParams.ts';
import { requestIdOf, useRequestId } from './plugins/requestId.ts';
import { useSchemaFile } from './plugins/schemaFile.ts';
import { usePolicyDocumentSchema } from './plugins/policyDocumentSchema.ts';
import { MemoryPlanStore, type PlanStore } from '../policyDocument/planStore.ts';
import { QUERY_LIMIT_DEFAULTS, type QueryLimits, queryLimitsPlugin } from './plugins/queryLimits.ts';
import { useErrorCodes } from './plugins/errorCodes.ts';
import { useUpstreamErrors } from './plugins/upstreamErrors.ts';
import { useCost } from './plugins/cost.ts';
import { memoryBudget } from './memoryBudget.ts';
import { buildSchema } from './schema.ts';
import { meterAnswers } from './meteredSchema.ts';
import { type AnswerCache, answerCacheOf } from './answerCache/answerCache.ts';
import { withAnswerCache } from './answerCache/fastPath.ts';
import { useAnswerFlights, useAnswerKeeping } from './answerCache/plugin.ts';
import { type AnswerFlights, answerFlightsOf } from './answerCache/flights.ts';
import type { OperationSummary, ResponseSummary } from './plugins/operationSummary.ts';

export const GRAPHQL_PATH = '/graphql';
const TITLE = 'Policy GraphQL gateway';

export type Gateway = YogaServerInstance<Record<string, never>, GatewayContext>;

export interface GatewayOptions {
  upstream: UpstreamClient;
  /** Default: the schema of schema.graphql with the gateway's resolvers. */
  schema?: GraphQLSchema;
  /** Default: JSON lines at `info` on stdout. */
  logger?: Logger;
  /** Limits on what clients send; defaults: HTTP_DEFAULTS. */
  http?: Partial<HttpLimits>;
  /** Browser origins allowed to call the gateway; default none. */
  corsOrigins?: string[] | '*';
  /** Default true. */
  graphiql?: boolean;
  /** Default true; false also hides "Did you mean" suggestions. */
  introspection?: boolean;
  /** The embedded emulator's token when it is the upstream (GraphiQL pre-fills it); unset for a real org. */
  emulatorToken?: string;
  /**
   * GraphiQL's "Sign in" with the upstream's authorization server (found by its OpenID Connect
   * discovery document): the public client it signs in as and the scopes it asks for; unset: none.
   */
  graphiqlSignIn?: { clientId: string; scope: string };
  metrics?: MetricsOptions;
  /** The readiness probe's upstream call; default: no token, READINESS_DEFAULTS. */
  readiness?: Partial<ReadinessConfig>;
  /** Aborted when the gateway starts shutting down: /readyz answers 503 from then on. */
  shutdownSignal?: AbortSignal;
  /** Static limits of a document; each one absent takes its default. */
  queryLimits?: Partial<QueryLimits>;
  /**
   * Bytes the answer cache may hold (ANSWER_CACHE_MAX_BYTES; 0: off); on only with the read cache on
   * and its versions in this process, and neither CORS origins nor tracing set (answerCache/).
   */
  answerCacheMaxBytes?: number;
  /** What the heavy operations in flight may hold together; default MEMORY_BUDGET_DEFAULT. */
  memoryBudgetBytes?: number;
  /** The largest answer of one operation, serialised (MAX_RESPONSE_BYTES); default its setting's default. */
  maxResponseBytes?: number;
  /** The most fields one operation resolves (MAX_RESOLVED_FIELDS); default its setting's default. */
  maxResolvedFields?: number;
  /** Where idempotent creates remember their outcome; default in process, 24 h. */
  idempotency?: IdempotencySettings;
  /** Where policy plans are kept; default in process, PLAN_DEFAULTS. */
  policyPlans?: PlanStore;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES); default none. */
  trustedProxies?: readonly string[];
  /** The host names the gateway answers to (ALLOWED_HOSTS); default: the loopback names with `emulatorToken`, else any. */
  allowedHosts?: readonly string[] | '*';

  /** FEDERATION: the default schema is the federation subgraph's (docs/federation.md); default false. */
  federation?: boolean;

  /** OpenTelemetry traces (src/tracing/, started when the OTEL_* variables ask); unset: none. */
  tracing?: Tracing;

  /**
   * The trusted documents (TRUSTED_DOCUMENTS): only they run, unless `allowArbitrary` (default
   * `none`) says who may send others; each is validated here (a TrustedDocumentsError names one
   * that fails). Unset: any document runs.
   */
  trustedDocuments?: { manifest: TrustedManifest; allowArbitrary?: ArbitraryDocuments; source?: string };
}

/** See docs/limits.md: what 20 copies of the most expensive admitted document hold at once. */
export const MEMORY_BUDGET_DEFAULT = GATEWAY_DEFAULTS.memoryBudgetBytes;

export function createGateway(options: GatewayOptions): Gateway {
  return gatewayAndParts(options).yoga;
}

function gatewayAndParts(options: GatewayOptions): { yoga: Gateway; parts: GatewayParts } {
  const parts = gatewayParts(options);
  const { trusted } = parts;
  const yoga = createYoga<Record<string, never>, GatewayContext>({
    schema: parts.schema,
    graphqlEndpoint: GRAPHQL_PATH,
    ...(trusted && { extraParamNames: [DOCUMENT_ID_PARAM] }),
    maxRequestBodySize: false, // useBodyLimit below
    // Yoga's own health check answers 200 to every URL that ends with its endpoint (`/health`,
    // `/x/health`). No URL ends with a line feed (a request's URL is percent-encoded), so it answers
    // none: `/healthz` and `/readyz` are the gateway's (useHealth), every other path the coded 404.
    healthCheckEndpoint: '\n',
    multipart: false,
    cors: corsPolicy(options.corsOrigins),
    plugins: gatewayPlugins(options, parts),
    graphiql: false, // served by useGraphiQL above: a small page and cacheable, precompressed assets
    landingPage: false, // useHomePage and useNotFound above
    // isDev false: never attach the original error or its stack, whatever NODE_ENV says.
    maskedErrors: { isDev: false },
    logging: yogaLogger(parts.logger),
    context: contextOfRequest(options, parts),
  });
  return { yoga, parts };
}

type GatewayYogaOptions = YogaServerOptions<Record<string, never>, GatewayContext>;

/** What the plugins and each request's context share: built once per gateway. */
interface GatewayParts {
  logger: Logger;
  schema: GraphQLSchema;
  probe: UpstreamProbe;
  readiness: ReadinessConfig;
  memory: ReturnType<typeof memoryBudget>;
  idempotency: IdempotencySettings;
  policyPlans: PlanStore;
  metrics: ReturnType<typeof createMetrics>;
  operationLog: ReturnType<typeof createOperationLog>;
  upstreamObserver: ReturnType<typeof composeObservers>;
  queryLimits: QueryLimits;
  costLimits: Parameters<typeof useCost>[0];
  trusted: ReturnType<typeof trustedDocuments> | undefined;
  clientAddress: ReturnType<typeof clientAddressOf>;
  /** Answers kept whole (answerCache/); undefined when off. */
  answers: AnswerCache | undefined;
  /** Answers joined while in flight, without the read cache (answerCache/flights.ts); undefined when off. */
  flights: AnswerFlights | undefined;
  /** Each operation's summary, and each GraphQL HTTP answer's: to the metrics and the operation log. */
  onOperation: (summary: OperationSummary) => void;
  onResponse: (summary: ResponseSummary) => void;
}

/** The options' parts with their defaults: probe, budgets, stores, metrics and log, schema, limits. */
function gatewayParts(options: GatewayOptions): GatewayParts {
  const logger = options.logger ?? createLogger({ level: 'info', format: 'json' });
  const readiness = { ...READINESS_DEFAULTS, ...options.readiness };
  const probe = new UpstreamProbe({
    baseUrl: options.upstream.baseUrl,
    token: readiness.token,
    timeoutMs: readiness.timeoutMs,
  });
  const memory = memoryBudget(options.memoryBudgetBytes ?? MEMORY_BUDGET_DEFAULT);
  const idempotency = options.idempotency ?? memoryIdempotency();
  const policyPlans = options.policyPlans ?? new MemoryPlanStore();
  // Its hits are written before yoga, which CORS headers and traces would have to be written twice for.
  const corsOn = options.corsOrigins !== undefined && options.corsOrigins.length > 0;
  const answers =
    corsOn || options.tracing
      ? undefined
      : answerCacheOf(options.upstream, options.answerCacheMaxBytes ?? GATEWAY_DEFAULTS.answerCacheMaxBytes);
  const flights = corsOn || options.tracing ? undefined : answerFlightsOf(options.upstream);
  const metrics = createMetrics({
    budget: options.upstream.budget.counters,
    memory,
    readCache: options.upstream.readCache,
    answerCache: answers,
    answerFlights: flights,
    evictions: { idempotency: () => idempotency.store.evicted, plans: () => policyPlans.evicted },

    rights: options.upstream.rights,
    ...options.metrics,
  });
  const operationLog = createOperationLog(logger);
  // One summary per operation feeds both the operation metrics and the operation log line.
  const onOperation = (summary: OperationSummary) => {
    metrics.operation(summary);
    operationLog.operation(summary);
  };
  const queryLimits = { ...QUERY_LIMIT_DEFAULTS, ...options.queryLimits };
  const schema = meterAnswers(options.schema ?? buildSchema({ federation: options.federation }));
  const costLimits = {
    maxSize: queryLimits.cost,
    maxNodeIds: queryLimits.nodeIds,
    operation: options.upstream.operationLimits,
    readCache: options.upstream.readCache !== undefined,
  };
  return {
    logger,
    schema,
    probe,
    readiness,
    memory,
    idempotency,
    policyPlans,
    metrics,
    operationLog,
    upstreamObserver: composeObservers(metrics.upstream, operationLog.upstream),
    queryLimits,
    costLimits,
    trusted: loadTrustedDocuments(options, { schema, queryLimits, costLimits, metrics, logger }),
    clientAddress: clientAddressOf(options.trustedProxies),
    answers,
    flights,
    onOperation,
    onResponse: (response) => metrics.response(response),
  };
}

/** TRUSTED_DOCUMENTS: the manifest checked against the schema and limits, its costs in the metrics, logged. */
function loadTrustedDocuments(
  options: GatewayOptions,
  parts: Pick<GatewayParts, 'schema' | 'queryLimits' | 'costLimits' | 'metrics' | 'logger'>,
): GatewayParts['trusted'] {
  if (!options.trustedDocuments) return undefined;
  const { logger } = parts;
  const trusted = trustedDocuments(
    parts.schema,
    options.trustedDocuments.manifest,
    { query: parts.queryLimits, cost: parts.costLimits },
    options.trustedDocuments.source,
  );
  registerTrustedDocumentCosts(parts.metrics.registry, trusted);
  logger.info({ documents: trusted.count }, `gateway: ${trusted.count} trusted documents (TRUSTED_DOCUMENTS)`);
  for (const { id, operation, overLimit } of trusted.operations) {
    if (overLimit)
      logger.warn(
        { document: id, operation },
        `gateway: trusted document ${id} (${operation}) at its worst: ${overLimit}`,
      );
  }
  return trusted;
}

/** The plugins, in the order they must run. */
function gatewayPlugins(options: GatewayOptions, parts: GatewayParts): GatewayYogaOptions['plugins'] {
  const { metrics, trusted } = parts;
  return [
    useOrderedExecution(),
    useIncrementalDelivery(),
    useRequestId(),
    options.tracing?.requestPlugin ?? {},
    useNoFraming(),
    useCorsPreflightHint(options.corsOrigins),
    useHealth({ probe: parts.probe, intervalMs: parts.readiness.intervalMs, shutdownSignal: options.shutdownSignal }),
    metrics.plugin,
    useOperationSummary(parts.onOperation, parts.onResponse, options.tracing?.idsOf),
    useJsonOnly(GRAPHQL_PATH),
    useQueryStringParams(GRAPHQL_PATH),
    // Before the trusted documents: the key is what the request sent, not the text a document id stands for.
    parts.answers ? useAnswerKeeping(parts.answers) : {},
    parts.flights ? useAnswerFlights(parts.flights) : {},
    trusted
      ? useTrustedDocuments(
          trusted,
          options.trustedDocuments?.allowArbitrary ?? 'none',
          // A subgraph's router sends its own documents, which no manifest can list.
          parts.schema.getQueryType()?.getFields()._entities ? { maxTokens: parts.queryLimits.tokens } : undefined,
        )
      : {},
    options.introspection === false ? useNoIntrospection() : {},
    useNoOriginalError(),
    useUpstreamErrors(),
    useErrorCodes(),
    useSchemaFile({ introspection: options.introspection !== false }),
    usePolicyDocumentSchema(),
    queryLimitsPlugin(parts.queryLimits),
    // After validation, once the variables are known: the one cost estimate and its limits. After
    // useUpstreamErrors too: its one-error-per-operation collapse reads the codes that mapping gives.
    useCost(parts.costLimits, parts.memory),
    options.tracing?.operationPlugin ?? {},
    options.upstream.readCache ? useFreshReadsInMutations() : {},
    options.graphiql === false
      ? useGraphiQLOff(GRAPHQL_PATH)
      : useGraphiQL({
          graphqlPath: GRAPHQL_PATH,
          title: TITLE,
          emulatorToken: options.emulatorToken,
          signIn: options.graphiqlSignIn && { issuer: options.upstream.baseUrl, ...options.graphiqlSignIn },
        }),
    useHomePage({
      graphqlPath: GRAPHQL_PATH,
      title: TITLE,
      graphiql: options.graphiql !== false,
      introspection: options.introspection !== false,
      emulatorToken: options.emulatorToken,
    }),
    // After every plugin that serves a path of its own.
    useNotFound(GRAPHQL_PATH),
    useOperationEnd(),
    useBodyLimit({ ...HTTP_DEFAULTS, ...options.http }.maxBodyBytes),
  ];
}

/** Each request's context: its credential, request id, client address, stores and answer budget. */
function contextOfRequest(options: GatewayOptions, parts: GatewayParts) {
  return (initial: YogaInitialContext): GatewayContext => {
    const { request, req, res } = initial as YogaInitialContext & { req?: IncomingMessage; res?: ServerResponse };
    const context = createContext({
      upstream: options.upstream,
      authorization: request.headers.get('authorization'),
      caller: {
        requestId: requestIdOf(request),
        observer: parts.upstreamObserver,
        tracer: options.tracing?.upstreamOf(request),
        // Without a Node response (yoga.fetch) the request's signal says the client went away;
        // with one, its 'close' below does, at less cost than a listener on that signal.
        signal: res ? undefined : request.signal,
        clientAddress: parts.clientAddress(peerOf(initial), request.headers.get('x-forwarded-for')),
        freshReads: wantsFreshData(request.headers.get('cache-control')),
        onRead: parts.answers?.readsOf(request).add ?? parts.flights?.readsOf(req),
      },
      idempotency: parts.idempotency,
      idempotencyKey: request.headers.get('idempotency-key'),
      policyPlans: parts.policyPlans,
      answerLimits: {
        memory: parts.memory,
        maxBytes: options.maxResponseBytes ?? GATEWAY_DEFAULTS.upstream.operation.maxResponseBytes,
        maxFields: options.maxResolvedFields,
      },
    });
    // The answer's memory is held until its last byte is written, or the connection is gone; a
    // connection gone before that stops the operation.
    res?.once('close', () => {
      if (!res.writableFinished) context.answer.clientGone();
      context.answer.release();
    });
    return context;
  };
}

/**
 * Once an operation has answered, its upstream deadline timer and listeners go (see
 * OperationGuard.finish); without a Node response to wait for (yoga.fetch), its memory too.
 */
function useOperationEnd(): Plugin {
  return {
    onExecutionResult: ({ context, result, setResult }) => {
      const ended = context as Partial<GatewayContext> & { res?: unknown };
      const end = () => {
        ended.endOperation?.();
        if (!ended.res) ended.answer?.release();
      };
      // An answer in parts (@defer, @stream) has answered once its last part is out: its deadline holds till then.
      if (result && Symbol.asyncIterator in result) {
        if (ended.res) inParts.add(ended.res as ServerResponse);
        setResult(afterLast(result, end));
      } else end();
    },
  };
}

/** The parts of `parts`, then `end()` once they are done, failed or abandoned. */
async function* afterLast<T>(parts: AsyncIterable<T>, end: () => void): AsyncGenerator<T> {
  try {
    yield* parts;
  } finally {
    end();
  }
}

/** The responses of answers in parts (multipart/mixed, text/event-stream): they wait between parts for the operation. */
const inParts = new WeakSet<ServerResponse>();

function isIncremental(response: ServerResponse): boolean {
  return inParts.has(response);
}

/**
 * A client that stops reading its response is cut off `writeTimeoutMs` after the last byte it
 * accepted, so the bytes buffered for it are freed. A socket's idle timer is refreshed by every byte
 * read or written (Node also counts a partly written buffer as progress); while the operation still
 * runs nothing is being written, so a timeout before the answer has started is ignored, and once
 * the response has finished, the keep-alive timeout takes over the socket's timer.
 */
function cutOffNonReaders(server: Server, writeTimeoutMs: number): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    request.socket.setTimeout(writeTimeoutMs);
    response.on('timeout', (socket: Socket) => {
      if (!response.headersSent || response.writableFinished) return;
      // Between two parts of an answer in parts the operation runs: only bytes left unread count.
      if (isIncremental(response) && socket.writableLength === 0) return;
      socket.destroy();
    });
  });
}

/**
 * A client that takes its answer slower than `minBytesPerSecond` on average is cut off, so that a
 * trickle of reads cannot hold a large answer's memory for hours (each byte it reads resets the idle
 * timer above). Once the answer has started, it has `periodMs` plus its size at that rate to be
 * written whole; the time the operation runs before it does not count. (Node counts a write as
 * done only once all of it is, so a deadline for the whole answer is what can be measured.)
 */
function cutOffSlowReaders(server: Server, periodMs: number, minBytesPerSecond: number): void {
  if (minBytesPerSecond <= 0) return;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    let deadline: number | undefined;
    const timer = setTimeout(() => {
      if (response.writableFinished || socket.destroyed) return;
      // An answer in parts that its client has read all of so far waits for its next part, not for the client.
      if (deadline !== undefined && isIncremental(response) && socket.writableLength === 0) deadline = undefined;
      if (deadline !== undefined && Date.now() > deadline) {
        socket.destroy();
        return;
      }
      if (response.headersSent && deadline === undefined) {
        deadline = Date.now() + periodMs + (socket.writableLength / minBytesPerSecond) * 1000;
      }
      timer.refresh();
    }, periodMs);
    timer.unref();
    response.once('close', () => clearTimeout(timer));
  });
}

export interface RunningGateway {
  /** Base URL, e.g. http://127.0.0.1:4000 (GraphQL is served at `${url}/graphql`). */
  url: string;
  yoga: Gateway;
  /**
   * Stops accepting connections (/readyz answers 503 on the ones still open), lets the requests in
   * flight finish for up to `graceMs`, cuts the connections left, then disposes the plugins.
   */
  close(graceMs?: number): Promise<void>;
}

/** SHUTDOWN_GRACE_MS's default. */
export const DEFAULT_SHUTDOWN_GRACE_MS = GATEWAY_DEFAULTS.shutdownGraceMs;

export async function startGateway(
  options: Omit<GatewayOptions, 'shutdownSignal'> & { port: number; host?: string },
): Promise<RunningGateway> {
  const shutdown = new AbortController();
  const { yoga, parts } = gatewayAndParts({ ...options, shutdownSignal: shutdown.signal });
  const http = { ...HTTP_DEFAULTS, ...options.http };
  const answering =
    parts.answers || parts.flights
      ? withAnswerCache(yoga, {
          answers: parts.answers,
          flights: parts.flights,
          graphqlPath: GRAPHQL_PATH,
          maxBodyBytes: http.maxBodyBytes,
          costLimits: parts.costLimits,
          ...(parts.trusted && {
            // Only the documents the mode admits: a text only when every caller may send one.
            admits: (naming) => naming === 'id' || options.trustedDocuments?.allowArbitrary === 'all',
            extraParams: [DOCUMENT_ID_PARAM],
          }),
          onSummary: parts.onOperation,
          onResponse: parts.onResponse,
        })
      : yoga;
  const server = createServer(
    {
      // A client that sends headers or a body too slowly is cut off, so idle sockets cannot starve others.
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      keepAliveTimeout: http.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, http.headersTimeoutMs),
    },
    withValidHost(
      answering,
      options.allowedHosts === undefined && options.emulatorToken !== undefined
        ? loopbackHosts(options.host)
        : allowedHosts(options.allowedHosts),
    ),
  );
  server.maxConnections = http.maxConnections;
  if (http.connectionAddressShare < 1) {
    const perAddress = connectionsPerAddress(http.maxConnections, http.connectionAddressShare);
    shareConnectionsByAddress(server, perAddress, options.trustedProxies);
  }
  cutOffNonReaders(server, http.writeTimeoutMs);
  cutOffSlowReaders(server, http.writeTimeoutMs, http.minWriteBytesPerSecond);
  // While shutting down, a keep-alive connection closes as soon as its last response is sent.
  server.on('request', (_request, response) =>
    response.once('finish', () => {
      if (shutdown.signal.aborted) setImmediate(() => server.closeIdleConnections());
    }),
  );
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    yoga,
    close: async (graceMs = DEFAULT_SHUTDOWN_GRACE_MS) => {
      shutdown.abort();
      await new Promise<void>((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
      await yoga.dispose();
    },
  };
}
