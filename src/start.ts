// What `npm start` runs (main.ts loads it once the young generation is held): the GraphQL gateway.
// Without UPSTREAM_URL it also starts the embedded emulator (configured by the same EMULATOR_*
// variables as `npm run emulator`) and uses it as upstream.
// SIGTERM or SIGINT stops it cleanly: no new connections, operations in flight finish (within
// SHUTDOWN_GRACE_MS), then the upstream pool and the embedded emulator (its state flushed) close.
import { ConfigError, exact } from './config/env.ts';
import type { EmulatorConfig } from './config/emulator.ts';
import { type GatewayConfig, readStartConfig } from './config/gateway.ts';
import { tracingEnabled } from './config/tracing.ts';
import { callbackUrls } from './gateway/plugins/graphiqlSignIn.ts';
import { createLogger, flushLog, type Logger } from './gateway/logger.ts';
import { GRAPHQL_PATH, type GatewayOptions, startGateway } from './gateway/server.ts';
import { createSharedState, type SharedStateSettings } from './gateway/sharedState.ts';
import { readTrustedManifest, TrustedDocumentsError } from './gateway/trustedDocuments.ts';
import { limitHeapGrowth, releaseYoungGeneration } from './heapGrowth.ts';
import { UpstreamClient, type UpstreamClientOptions } from './upstream/client.ts';

type Stop = () => Promise<void>;

/** Time the closing steps after the grace period may take before the process exits anyway. */
const STOP_MARGIN_MS = 5_000;

/** Errors that mean bad settings, fixture or state file; the embedded emulator adds its own. */
const badInputErrors: (abstract new (...args: never[]) => Error)[] = [ConfigError, TrustedDocumentsError];

async function main(): Promise<void> {
  const { gateway: config, emulator: emulatorConfig } = readStartConfig(process.env);
  const logger = createLogger(config.log);
  limitHeapGrowth(config.heapGrowthPercent);

  const stops: Stop[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    // A reset or restore of the embedded org empties the read cache (once the upstream client is there).
    let orgReplaced: () => Promise<void> = async () => undefined;
    // Loaded only when embedded: a gateway over a real org neither loads nor holds the emulator.
    const emulator = emulatorConfig
      ? await startEmbeddedEmulator(emulatorConfig, graphiqlCallbacks(config), () => orgReplaced()).catch(
          whenPortBusy(
            "the embedded emulator's port (EMULATOR_PORT)",
            'choose another with EMULATOR_PORT, or set UPSTREAM_URL to use an emulator or org already running instead of starting one',
          ),
        )
      : undefined;
    if (emulator) stops.push(() => emulator.close());
    const shared = await startSharedState(config, logger);
    stops.push(() => shared.close());
    // readStartConfig gives emulator settings exactly when UPSTREAM_URL is unset.
    const baseUrl = config.upstreamUrl ?? emulator?.url ?? '';
    const upstream = upstreamClient(config, baseUrl, shared);
    stops.push(() => upstream.close());
    orgReplaced = () => upstream.invalidateCache();
    // Loaded only when the OTEL_* variables turn tracing on: off, no module of it is loaded. Its
    // spans are sent last, once the gateway has stopped.
    const tracing = tracingEnabled(config.tracing)
      ? (await import('./tracing/index.ts')).startTracing(config.tracing, {
          graphqlPath: GRAPHQL_PATH,
          upstreamUrl: baseUrl,
          logger,
        })
      : undefined;
    if (tracing) stops.push(() => tracing.close());
    const gateway = await startGateway(gatewayOptions(config, { upstream, shared, emulator, logger, tracing })).catch(
      whenPortBusy("the gateway's port (PORT)", 'choose another with PORT (PORT=0 picks a free one)'),
    );
    stops.push(() => gateway.close(config.shutdownGraceMs));
    releaseYoungGeneration(config.heapSemiSpaceMiB);
    logStarted(config, { url: gateway.url, shared, emulator, logger });
    // The start lines at once, not with the next buffer: whoever started the gateway waits for them.
    await flushLog(logger);
  } catch (error) {
    await stopAll();
    throw error;
  }
  stopOnSignals(config, logger, stopAll);
}

type SharedState = Awaited<ReturnType<typeof createSharedState>>;
type EmbeddedEmulator = Awaited<ReturnType<typeof startEmbeddedEmulator>>;

/** Budget, idempotency and plans in process, or in Redis when REDIS_URL is set (waited for at start). */
async function startSharedState(config: GatewayConfig, logger: Logger): Promise<SharedState> {
  // Settings become options through exact(): a setting named unlike its option fails tsc.
  const shared = await createSharedState(
    // A retry waits for the first request with its key for at most one operation's time.
    exact<SharedStateSettings>()({ ...config.shared, idempotencyWaitMs: config.upstream.operation.timeoutMs }),
    {
      warn: (message) => logger.warn(message),
      info: (message) => logger.info(message),
    },
  );
  // Unreachable at start: the link has warned, the gateway serves with its fallbacks meanwhile.
  await shared.redis?.whenReady().catch(() => undefined);
  return shared;
}

function upstreamClient(config: GatewayConfig, baseUrl: string, shared: SharedState): UpstreamClient {
  return new UpstreamClient(
    exact<UpstreamClientOptions>()({
      baseUrl,
      ...config.upstream,
      budget: shared.budget,
      cacheVersions: shared.cacheVersions,
      refusals: shared.refusals,
      replicated: shared.redis !== undefined,
    }),
  );
}

interface Started {
  shared: SharedState;
  emulator: EmbeddedEmulator | undefined;
  logger: Logger;
}

function gatewayOptions(
  config: GatewayConfig,
  {
    upstream,
    shared,
    emulator,
    logger,
    tracing,
  }: Started & { upstream: UpstreamClient; tracing?: GatewayOptions['tracing'] },
): GatewayOptions & { port: number; host: string } {
  return exact<GatewayOptions & { port: number; host: string }>()({
    port: config.port,
    host: config.host,
    upstream,
    http: config.http,
    corsOrigins: config.corsOrigins,
    trustedProxies: config.trustedProxies,
    allowedHosts: config.allowedHosts,
    graphiql: config.graphiql,
    introspection: config.introspection,
    federation: config.federation,
    emulatorToken: emulator?.token,
    graphiqlSignIn: graphiqlSignIn(config, emulator?.graphiqlClientId),
    logger,
    readiness: config.readiness,
    queryLimits: config.queryLimits,
    memoryBudgetBytes: config.memoryBudgetBytes,
    answerCacheMaxBytes: config.answerCacheMaxBytes,
    maxResponseBytes: config.upstream.operation.maxResponseBytes,
    maxResolvedFields: config.maxResolvedFields,
    idempotency: shared.idempotency,
    policyPlans: shared.policyPlans,
    metrics: { redisCircuit: shared.redis?.circuit },
    tracing,
    trustedDocuments: config.trustedDocuments.file
      ? {
          manifest: readTrustedManifest(config.trustedDocuments.file),
          allowArbitrary: config.trustedDocuments.allowArbitrary,
          source: `TRUSTED_DOCUMENTS=${config.trustedDocuments.file}`,
        }
      : undefined,
  });
}

/** The start lines: where GraphQL is, what the upstream is, where the shared state lives. */
function logStarted(config: GatewayConfig, { url, shared, emulator, logger }: Started & { url: string }): void {
  const upstreamText = emulator
    ? `embedded emulator at ${emulator.url}/api/v1 (token from EMULATOR_TOKEN)`
    : `${config.upstreamUrl} (callers' Authorization headers forwarded)`;
  logger.info(
    { url, upstream: emulator?.url ?? config.upstreamUrl, startupMs: Math.round(performance.now()) },
    `gateway: GraphQL and GraphiQL at ${url}/graphql; upstream: ${upstreamText}`,
  );
  logger.info(
    shared.redis
      ? `gateway: upstream budget and idempotency shared through Redis at ${shared.redis.where}`
      : 'gateway: upstream budget and idempotency in process (REDIS_URL unset)',
  );
  if (emulator && config.allowedHosts === undefined && ['0.0.0.0', '::'].includes(config.host)) {
    logger.info(
      `gateway: with the embedded emulator it answers to loopback names only (localhost, 127.0.0.1, [::1]); set ALLOWED_HOSTS to reach it by another name from HOST=${config.host}`,
    );
  }
}

/** SIGTERM or SIGINT: everything stopped in reverse order within the grace period and its margin, then exit. */
function stopOnSignals(config: GatewayConfig, logger: Logger, stopAll: () => Promise<void>): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    // npm forwards the signal a terminal's Ctrl-C already sent to the whole group: one stop is enough.
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs: config.shutdownGraceMs }, `gateway: ${signal} received, shutting down`);
    void flushLog(logger);
    setTimeout(() => {
      logger.error('gateway: shutdown did not finish in time, exiting');
      void flushLog(logger).then(() => process.exit(1));
    }, config.shutdownGraceMs + STOP_MARGIN_MS).unref();
    void stopAll().then(async () => {
      logger.info('gateway: stopped');
      await flushLog(logger);
      process.exit(0);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** A port another process holds, named by the setting that chose it, with the ways past it (not just `listen EADDRINUSE`). */
function whenPortBusy(which: string, remedy: string): (error: unknown) => never {
  return (error) => {
    const { code, address, port } = error as { code?: unknown; address?: unknown; port?: unknown };
    if (code !== 'EADDRINUSE') throw error;
    const where = typeof address === 'string' && address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
    throw new Error(
      `${which}, ${where}, is already in use: stop what listens there (another \`npm start\` or \`npm run emulator\`?), or ${remedy}.`,
    );
  };
}

/**
 * GraphiQL's callbacks, registered with the embedded emulator as it starts (before the gateway
 * listens): none with PORT=0, whose port is known only once the gateway listens.
 */
function graphiqlCallbacks(config: GatewayConfig): string[] {
  return config.port === 0 ? [] : callbackUrls(config.host, config.port, GRAPHQL_PATH);
}

/**
 * GraphiQL's Sign in: the configured client, or the embedded emulator's built-in `graphiql` when the
 * callbacks are registered with it; over a real org none unless configured.
 */
function graphiqlSignIn(config: GatewayConfig, embeddedClientId: string | undefined): GatewayOptions['graphiqlSignIn'] {
  const clientId = config.graphiqlSignIn.clientId ?? embeddedClientId;
  return clientId ? { clientId, scope: config.graphiqlSignIn.scope } : undefined;
}

/** The embedded emulator, with GraphiQL's client registered for `graphiqlRedirectUris` (when there are any). */
async function startEmbeddedEmulator(
  config: EmulatorConfig,
  graphiqlRedirectUris: string[],
  onOrgReplaced: () => Promise<void>,
) {
  const { startEmulatorServer, graphiqlClient, FixtureError, StateFileError } = await import('policy-service-emulator');
  badInputErrors.push(FixtureError, StateFileError);
  const graphiql = graphiqlRedirectUris.length ? graphiqlClient(graphiqlRedirectUris) : undefined;
  const running = await startEmulatorServer(
    exact<Parameters<typeof startEmulatorServer>[0]>()({
      ...config,
      oauthClients: graphiql ? [graphiql] : [],
      onOrgReplaced,
    }),
  );
  return Object.assign(running, { graphiqlClientId: graphiql?.client_id });
}

main().catch((error: unknown) => {
  // Bad settings, fixture or state file: a message naming the problem, exit code 2, no stack.
  if (error instanceof Error && badInputErrors.some((kind) => error instanceof kind)) {
    console.error(`gateway: ${error.message}`);
    process.exit(2);
  }
  console.error(`gateway: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
