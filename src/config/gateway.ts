// The gateway's settings, and what `npm start` reads: the gateway's plus, when UPSTREAM_URL is unset,
// the embedded emulator's. A bad value stops the start with a message naming the variable.
import { READINESS_DEFAULTS } from '../gateway/plugins/health.ts';
import { QUERY_LIMIT_DEFAULTS, type QueryLimits } from '../gateway/plugins/queryLimits.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, MEMORY_BUDGET_DEFAULT } from '../gateway/server.ts';
import { SHARED_STATE_DEFAULTS, type SharedStateSettings } from '../gateway/sharedState.ts';
import { OPERATION_DEFAULTS, UPSTREAM_DEFAULTS } from '../upstream/client.ts';
import type { OperationLimits } from '../upstream/operationGuard.ts';
import { TOKEN_TRUST_DEFAULTS } from '../upstream/tokenTrust.ts';
import { PLAN_DEFAULTS } from '../policyDocument/planStore.ts';
import { type EmulatorConfig, readEmulatorConfig } from './emulator.ts';
import { ConfigError, type Env, EnvReader } from './env.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogConfig {
  level: LogLevel;
  /** `json`: one JSON object a line; `pretty`: coloured lines for a terminal (needs pino-pretty). */
  format: 'json' | 'pretty';
}

export interface ReadinessConfig {
  /** An API token for the readiness call; without one any upstream answer below 500 counts. */
  token?: string;
  /** At most one upstream call per interval, whatever the probe rate. */
  intervalMs: number;
  timeoutMs: number;
}

export interface GatewayConfig {
  port: number;
  host: string;
  /** The REST services; undefined means: start the embedded emulator and use it. */
  upstreamUrl: string | undefined;
  upstream: {
    connections: number;
    connectTimeoutMs: number;
    headersTimeoutMs: number;
    bodyTimeoutMs: number;
    maxBodyBytes: number;
    retries: number;
    /** How long a credential the upstream refused gets no call (0: not remembered). */
    refusedCredentialMs: number;
    /** Every GraphQL operation's upstream limits. */
    operation: OperationLimits;
  };
  /** What the gateway accepts from its own clients. */
  http: HttpLimits;
  /** Origins allowed to call the gateway from a browser: undefined = none, `*` = any (never with credentials). */
  corsOrigins: string[] | '*' | undefined;
  graphiql: boolean;
  introspection: boolean;
  log: LogConfig;
  readiness: ReadinessConfig;
  /** After SIGTERM or SIGINT: how long in-flight operations may take before their connections are cut. */
  shutdownGraceMs: number;
  /** Static limits of a GraphQL document. */
  queryLimits: QueryLimits;
  /** Upstream bytes the heavy operations in flight may reserve together (see memoryBudget.ts). */
  memoryBudgetBytes: number;
  /** Redis, the upstream budget and idempotency: what replicas share. */
  shared: SharedStateSettings;
}

export interface HttpLimits {
  maxBodyBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** A response whose client accepts no byte of it for this long is cut off, its buffered bytes freed. */
  writeTimeoutMs: number;
  maxConnections: number;
}

export const HTTP_DEFAULTS: HttpLimits = {
  maxBodyBytes: 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  writeTimeoutMs: 5_000,
  maxConnections: 1_000,
};

export function readGatewayConfig(env: Env): GatewayConfig {
  const r = new EnvReader(env);
  const config: GatewayConfig = {
    port: r.port('PORT', 4000),
    host: r.host('HOST'),
    upstreamUrl: r.url('UPSTREAM_URL'),
    upstream: {
      connections: r.integer('UPSTREAM_CONNECTIONS', UPSTREAM_DEFAULTS.connections, 1, 1024),
      connectTimeoutMs: r.integer('UPSTREAM_CONNECT_TIMEOUT_MS', UPSTREAM_DEFAULTS.connectTimeoutMs, 1, 600_000),
      headersTimeoutMs: r.integer('UPSTREAM_HEADERS_TIMEOUT_MS', UPSTREAM_DEFAULTS.headersTimeoutMs, 1, 600_000),
      bodyTimeoutMs: r.integer('UPSTREAM_BODY_TIMEOUT_MS', UPSTREAM_DEFAULTS.bodyTimeoutMs, 1, 600_000),
      maxBodyBytes: r.integer('UPSTREAM_MAX_BODY_BYTES', UPSTREAM_DEFAULTS.maxBodyBytes, 1024, 1024 ** 3),
      retries: r.integer('UPSTREAM_RETRIES', UPSTREAM_DEFAULTS.retries, 0, 10),
      refusedCredentialMs: r.integer('REFUSED_CREDENTIAL_MS', TOKEN_TRUST_DEFAULTS.refusedMs, 0, 3_600_000),
      operation: {
        timeoutMs: r.integer('OPERATION_TIMEOUT_MS', OPERATION_DEFAULTS.timeoutMs, 1, 600_000),
        maxCalls: r.integer('MAX_UPSTREAM_CALLS', OPERATION_DEFAULTS.maxCalls, 1, 100_000),
        concurrency: r.integer('UPSTREAM_CALLS_IN_FLIGHT', OPERATION_DEFAULTS.concurrency, 1, 1024),
        maxResponseBytes: r.integer('MAX_RESPONSE_BYTES', OPERATION_DEFAULTS.maxResponseBytes, 1024, 1024 ** 3),
      },
    },
    memoryBudgetBytes: r.integer('MEMORY_BUDGET_BYTES', MEMORY_BUDGET_DEFAULT, 1024 * 1024, 64 * 1024 ** 3),
    queryLimits: {
      depth: r.integer('MAX_QUERY_DEPTH', QUERY_LIMIT_DEFAULTS.depth, 1, 1000),
      aliases: r.integer('MAX_QUERY_ALIASES', QUERY_LIMIT_DEFAULTS.aliases, 0, 100_000),
      tokens: r.integer('MAX_QUERY_TOKENS', QUERY_LIMIT_DEFAULTS.tokens, 1, 1_000_000),
      directives: r.integer('MAX_QUERY_DIRECTIVES', QUERY_LIMIT_DEFAULTS.directives, 0, 100_000),
      cost: r.integer('MAX_QUERY_COST', QUERY_LIMIT_DEFAULTS.cost, 1, 1_000_000_000),
    },
    http: {
      maxBodyBytes: r.integer('MAX_BODY_BYTES', HTTP_DEFAULTS.maxBodyBytes, 1024, 100 * 1024 * 1024),
      headersTimeoutMs: r.integer('HTTP_HEADERS_TIMEOUT_MS', HTTP_DEFAULTS.headersTimeoutMs, 100, 10_000),
      requestTimeoutMs: r.integer('HTTP_REQUEST_TIMEOUT_MS', HTTP_DEFAULTS.requestTimeoutMs, 100, 600_000),
      keepAliveTimeoutMs: r.integer('HTTP_KEEP_ALIVE_TIMEOUT_MS', HTTP_DEFAULTS.keepAliveTimeoutMs, 100, 600_000),
      writeTimeoutMs: r.integer('HTTP_WRITE_TIMEOUT_MS', HTTP_DEFAULTS.writeTimeoutMs, 100, 600_000),
      maxConnections: r.integer('MAX_CONNECTIONS', HTTP_DEFAULTS.maxConnections, 1, 1_000_000),
    },
    corsOrigins: r.origins('CORS_ORIGINS'),
    graphiql: r.boolean('GRAPHIQL', true),
    introspection: r.boolean('INTROSPECTION', true),
    log: {
      level: r.choice('LOG_LEVEL', LOG_LEVELS, 'info'),
      format: r.choice('LOG_FORMAT', ['json', 'pretty'], 'json'),
    },
    readiness: {
      token: r.token('READINESS_TOKEN', '') || undefined,
      intervalMs: r.integer('READINESS_INTERVAL_MS', READINESS_DEFAULTS.intervalMs, 100, 600_000),
      timeoutMs: r.integer('READINESS_TIMEOUT_MS', READINESS_DEFAULTS.timeoutMs, 1, 60_000),
    },
    shutdownGraceMs: r.integer('SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS, 0, 600_000),
    shared: {
      redisUrl: r.redisUrl('REDIS_URL'),
      upstreamRateLimit: r.integer('UPSTREAM_RATE_LIMIT', SHARED_STATE_DEFAULTS.upstreamRateLimit, 0, 1_000_000),
      replicas: r.integer('REPLICAS', SHARED_STATE_DEFAULTS.replicas, 1, 1_000),
      callerShare: r.number('CALLER_SHARE', SHARED_STATE_DEFAULTS.callerShare, shareProblem),
      unprovenShare: r.number('UNPROVEN_SHARE', SHARED_STATE_DEFAULTS.unprovenShare, shareProblem),
      idempotencyTtlSeconds: r.integer(
        'IDEMPOTENCY_TTL_SECONDS',
        SHARED_STATE_DEFAULTS.idempotencyTtlSeconds,
        1,
        30 * 24 * 60 * 60,
      ),
      idempotencyMaxRecords: r.integer(
        'IDEMPOTENCY_MAX_RECORDS',
        SHARED_STATE_DEFAULTS.idempotencyMaxRecords,
        1,
        10_000_000,
      ),
      policyPlanTtlSeconds: r.integer('POLICY_PLAN_TTL_SECONDS', PLAN_DEFAULTS.ttlSeconds, 60, 7 * 24 * 60 * 60),
    },
  };
  r.throwIfInvalid();
  return config;
}

/** A share of the upstream rate-limit window: more than 0, at most 1. */
function shareProblem(n: number): string | undefined {
  return n > 0 && n <= 1 ? undefined : 'must be a share of the window, more than 0 and at most 1 (e.g. 0.5)';
}

/**
 * What `npm start` needs: the gateway settings and, when UPSTREAM_URL is unset, the embedded
 * emulator's. Problems of both are reported together.
 */
export function readStartConfig(env: Env): { gateway: GatewayConfig; emulator: EmulatorConfig | undefined } {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      problems.push(...e.problems);
      return undefined;
    }
  };
  const gateway = attempt(() => readGatewayConfig(env));
  const emulator = env.UPSTREAM_URL?.trim() ? undefined : attempt(() => readEmulatorConfig(env));
  if (gateway && emulator && gateway.port !== 0 && gateway.port === emulator.port && gateway.host === emulator.host) {
    problems.push(
      `PORT and EMULATOR_PORT are both ${gateway.port}: the gateway and the embedded emulator need different ports`,
    );
  }
  if (problems.length || !gateway) throw new ConfigError(problems);
  return { gateway, emulator };
}
