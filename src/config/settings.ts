// The gateway's settings table: every variable the gateway reads, with its kind, default, range and
// meaning, in the shape of the options it fills. The rule of config/: it reads the environment into
// plain values and imports nothing of the gateway, the upstream client or the emulator (only the
// emulator package's own config/, which follows the same rule). Modules take their defaults from
// here (`GATEWAY_DEFAULTS`) and declare their own option types, which these values fill; so the
// dependencies point one way, into config/. docs/configuration.md is generated from this table
// (`npm run docs:config`), and the tests scrub every variable of it from a spawned gateway's environment.
import {
  boolean,
  choice,
  decimal,
  defaultsOf,
  type EnvReader,
  host,
  integer,
  origins,
  port,
  redisUrl,
  Setting,
  type SettingValues,
  text,
  token,
  url,
} from './env.ts';
import { addressList } from './addresses.ts';
import { hostList } from './hosts.ts';
import { TRACING_SETTINGS } from './tracing.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const MiB = 1024 * 1024;

const GRAPHIQL_SCOPES_DEFAULT =
  'openid profile okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage';
// The scopes an org authorization server grants: OpenID Connect's and the Okta API's.
const ORG_SCOPE = /^(openid|profile|email|address|phone|offline_access|groups|okta\.[A-Za-z]+\.(read|manage))$/;

function readScopes(r: EnvReader): string {
  const value = r.text('GRAPHIQL_SCOPES');
  if (value === undefined) return GRAPHIQL_SCOPES_DEFAULT;
  const scopes = value.split(/\s+/);
  const unknown = scopes.filter((scope) => !ORG_SCOPE.test(scope));
  if (unknown.length === 0) return scopes.join(' ');
  r.problem(
    `GRAPHIQL_SCOPES=${JSON.stringify(value)}: ${unknown.map((u) => JSON.stringify(u)).join(', ')} is no scope of the org authorization server`,
  );
  return GRAPHIQL_SCOPES_DEFAULT;
}

/** A share of the upstream rate-limit window: more than 0, at most 1. */
function shareProblem(n: number): string | undefined {
  return n > 0 && n <= 1 ? undefined : 'must be a share of the window, more than 0 and at most 1 (e.g. 0.5)';
}

/** The newcomer reserve: a share of the window, at least 0 and less than 1. */
function reserveProblem(n: number): string | undefined {
  return n >= 0 && n < 1 ? undefined : 'must be a share of the window, at least 0 and less than 1 (e.g. 0.08)';
}

// Read (and reported) in this order.
export const GATEWAY_SETTINGS = {
  port: port({ env: 'PORT', default: 4000, doc: 'gateway port (0 picks a free one; the URL is printed)' }),
  host: host({ env: 'HOST', doc: 'gateway address' }),
  /** The REST services; undefined means: start the embedded emulator and use it. */
  upstreamUrl: url({
    env: 'UPSTREAM_URL',
    doc: 'base URL of the REST services (without `/api/v1`; a path prefix is kept). Unset: `npm start` starts the embedded emulator and uses it',
  }),
  upstream: {
    connections: integer({
      env: 'UPSTREAM_CONNECTIONS',
      default: 64,
      min: 1,
      max: 1024,
      doc: 'connections in the upstream pool',
    }),
    pipelining: integer({
      env: 'UPSTREAM_PIPELINING',
      default: 1,
      min: 1,
      max: 16,
      doc: 'reads sent on one upstream connection before the first is answered (HTTP/1.1 pipelining; 1: none). Only for an upstream that answers pipelined requests at once, on the same host (the emulator) or behind a proxy that does: a read then waits behind the reads sent before it on its connection, and a remote service answering them one by one makes every wave slower. A write is never sent behind another request (see [operations.md](operations.md#pipelining))',
    }),
    connectTimeoutMs: integer({
      env: 'UPSTREAM_CONNECT_TIMEOUT_MS',
      default: 5_000,
      min: 1,
      max: 600_000,
      doc: 'upstream connect timeout',
    }),
    headersTimeoutMs: integer({
      env: 'UPSTREAM_HEADERS_TIMEOUT_MS',
      default: 10_000,
      min: 1,
      max: 600_000,
      doc: 'time to the upstream’s response headers',
    }),
    bodyTimeoutMs: integer({
      env: 'UPSTREAM_BODY_TIMEOUT_MS',
      default: 10_000,
      min: 1,
      max: 600_000,
      doc: 'idle time while reading an upstream body',
    }),
    maxBodyBytes: integer({
      env: 'UPSTREAM_MAX_BODY_BYTES',
      default: 10 * MiB,
      min: 1024,
      max: 1024 ** 3,
      doc: 'an upstream response body larger than this (10 MiB) is refused: `UPSTREAM_ERROR`, not retried; an operation’s bodies together stay under it too (`RESPONSE_TOO_LARGE`)',
    }),
    retries: integer({
      env: 'UPSTREAM_RETRIES',
      default: 3,
      min: 0,
      max: 10,
      doc: 'retries of an idempotent upstream call after a connection failure or a 429/502/503/504',
    }),
    /** How long a credential the upstream refused gets no call (0: not remembered). */
    refusedCredentialMs: integer({
      env: 'REFUSED_CREDENTIAL_MS',
      default: 60_000,
      min: 0,
      max: 3_600_000,
      doc: 'a credential the upstream refused (401, or 403 to a read that is not about a missing scope) gets the same refusal at once, without a call, for this long (0: not remembered)',
    }),
    sharedReads: boolean({
      env: 'UPSTREAM_SHARED_READS',
      default: true,
      doc: 'identical upstream GETs share one call: a caller the service answered for that kind of resource (policies, user types) in the last minute waits for an identical read in flight, or takes one that took off after its operation arrived and has landed (an operation waiting for memory), instead of calling again; a caller not yet proven makes its own call',
    }),
    cacheTtlSeconds: integer({
      env: 'CACHE_TTL_SECONDS',
      default: 0,
      min: 0,
      max: 3_600,
      doc: 'the shared read cache (0: off): an upstream GET answered 2xx is kept this long and answers the same GET of any caller the service answered for that kind of resource in the last minute; every write through the gateway invalidates what it can change, on every replica; writes made elsewhere are seen within this time (see [caching.md](caching.md))',
    }),
    cacheMaxBytes: integer({
      env: 'CACHE_MAX_BYTES',
      default: 32 * MiB,
      min: 1024,
      max: 1024 ** 3,
      doc: 'bytes the read cache holds in each gateway process (32 MiB); the least recently used answers go first',
    }),
    /** Every GraphQL operation's upstream limits. */
    operation: {
      timeoutMs: integer({
        env: 'OPERATION_TIMEOUT_MS',
        default: 10_000,
        min: 1,
        max: 600_000,
        doc: 'deadline of one GraphQL operation: its upstream calls are then aborted and its execution stopped, `OPERATION_TIMEOUT`',
      }),
      // The 8-type dashboard of an org with 240 policies shown (one list per type, one rules list per
      // policy); see docs/limits.md.
      maxCalls: integer({
        env: 'MAX_UPSTREAM_CALLS',
        default: 250,
        min: 1,
        max: 100_000,
        doc: 'upstream calls one operation may make, retries included; also the limit of the estimate; a wave of calls that would cross it is not sent (see [limits.md](limits.md))',
      }),
      concurrency: integer({
        env: 'UPSTREAM_CALLS_IN_FLIGHT',
        default: 32,
        min: 1,
        max: 1024,
        doc: 'upstream calls of one GraphQL operation in flight at once',
      }),
      maxResponseBytes: integer({
        env: 'MAX_RESPONSE_BYTES',
        default: 8 * MiB,
        min: 1024,
        max: 1024 ** 3,
        doc: 'the largest answer of one operation, as serialised, counted while it is built (past it the operation stops and answers one `RESPONSE_TOO_LARGE` error); also the upstream body bytes one operation may receive, all its calls together (past it no further call starts)',
      }),
    },
  },
  /** The most fields one operation resolves (see answerMeter.ts and docs/limits.md). */
  maxResolvedFields: integer({
    env: 'MAX_RESOLVED_FIELDS',
    default: 100_000,
    min: 1,
    max: 100_000_000,
    doc: 'fields one operation may resolve, each list item’s fields counting (the 150-policy dashboard resolves about 10,000): past it the operation stops and answers one `RESPONSE_TOO_LARGE` error (`measure: fields`)',
  }),
  /** The answer cache over the read cache (see src/gateway/answerCache/ and docs/caching.md). */
  answerCacheMaxBytes: integer({
    env: 'ANSWER_CACHE_MAX_BYTES',
    default: 8 * MiB,
    min: 0,
    max: 1024 ** 3,
    doc: 'bytes the answer cache holds in each gateway process (8 MiB; 0: off), the least recently used answers going first. With the read cache on (`CACHE_TTL_SECONDS`), its versions in this process (no `REDIS_URL`), and neither `CORS_ORIGINS` nor tracing set, a query answered without errors whose every upstream read came from or went into the read cache is kept whole, and answered again without being run to a caller the read cache would serve each of those entries now (see [caching.md](caching.md))',
  }),
  /** What the heavy operations in flight may hold together (see memoryBudget.ts and docs/limits.md). */
  memoryBudgetBytes: integer({
    env: 'MEMORY_BUDGET_BYTES',
    default: 64 * MiB,
    min: MiB,
    max: 64 * 1024 ** 3,
    doc: 'bytes the heavy operations in flight may hold together, from their start until their answer is written: what the estimate reserves, then the answer as it grows. An operation that does not fit waits, then `SERVER_BUSY` at half its deadline; an answer that cannot grow is stopped with `SERVER_BUSY`',
  }),
  /** How far the old generation grows between major collections (see heapGrowth.ts). */
  heapGrowthPercent: integer({
    env: 'HEAP_GROWTH_PERCENT',
    default: 100,
    min: 0,
    max: 1_000,
    doc: 'how far V8 lets the heap grow past what is live before it collects again, in percent (0: V8’s own factor, 2–4 times what is live); a lower value keeps the resident memory lower under load at the cost of more frequent collections. node’s own `--heap-growing-percent` (`node --heap-growing-percent=N dist/main.js`) takes precedence',
  }),
  /** How far the young generation grows once the gateway serves (see heapGrowth.ts). */
  heapSemiSpaceMiB: integer({
    env: 'HEAP_SEMI_SPACE_MIB',
    default: 8,
    min: 0,
    max: 1_024,
    doc: 'the largest each of the two semi-spaces of V8’s young generation may grow to once the gateway serves, in MiB (0: V8’s own largest, 16 MiB on Node 20); smaller ones keep the resident memory lower under load, at the cost of more frequent collections (4 halved the throughput). node’s own `--max-semi-space-size` (`node --max-semi-space-size=N dist/main.js`) takes precedence',
  }),
  /** Static limits of a GraphQL document. */
  queryLimits: {
    depth: integer({
      env: 'MAX_QUERY_DEPTH',
      default: 12,
      min: 1,
      max: 1000,
      doc: 'deepest field nesting of a document, fragments expanded',
    }),
    aliases: integer({
      env: 'MAX_QUERY_ALIASES',
      default: 50,
      min: 0,
      max: 100_000,
      doc: 'aliases in an operation, fragments expanded (an aliased __typename counts too)',
    }),
    tokens: integer({
      env: 'MAX_QUERY_TOKENS',
      default: 5_000,
      min: 1,
      max: 1_000_000,
      doc: 'lexical tokens in a document (the parser stops at the limit)',
    }),
    directives: integer({
      env: 'MAX_QUERY_DIRECTIVES',
      default: 50,
      min: 0,
      max: 100_000,
      doc: 'directives in an operation, fragments expanded',
    }),
    cost: integer({
      env: 'MAX_QUERY_COST',
      default: 350_000,
      min: 1,
      max: 1_000_000_000,
      doc: 'largest estimated cost of an operation: items × selected fields, each object fetched counting 40, pages at their `first` (literal, variable or default); see [limits.md](limits.md)',
    }),
    // The service's largest page: a client refetches at most a page of the objects it holds at once.
    nodeIds: integer({
      env: 'MAX_NODE_IDS',
      default: 200,
      min: 1,
      max: 100_000,
      doc: 'most ids one operation may name in `nodes(ids:)`, all its `nodes` selections together and a repeated id each time; more is refused before any upstream call with `COST_LIMIT_EXCEEDED`',
    }),
  },
  /** What the gateway accepts from its own clients. */
  http: {
    maxBodyBytes: integer({
      env: 'MAX_BODY_BYTES',
      default: MiB,
      min: 1024,
      max: 100 * MiB,
      doc: 'largest GraphQL request body accepted (413 above it, also for chunked bodies)',
    }),
    headersTimeoutMs: integer({
      env: 'HTTP_HEADERS_TIMEOUT_MS',
      default: 10_000,
      min: 100,
      max: 10_000,
      doc: 'a client must send its request headers within this time, else 408 and the connection is closed',
    }),
    requestTimeoutMs: integer({
      env: 'HTTP_REQUEST_TIMEOUT_MS',
      default: 10_000,
      min: 100,
      max: 600_000,
      doc: 'a client must send its whole request within this time, else 408 and the connection is closed',
    }),
    keepAliveTimeoutMs: integer({
      env: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
      default: 5_000,
      min: 100,
      max: 600_000,
      doc: 'idle keep-alive connections are closed after this time',
    }),
    /** A response whose client accepts no byte of it for this long is cut off, its buffered bytes freed. */
    writeTimeoutMs: integer({
      env: 'HTTP_WRITE_TIMEOUT_MS',
      default: 5_000,
      min: 100,
      max: 600_000,
      doc: 'a client that accepts no byte of its response for this long is cut off and the response’s memory freed; an operation still running is not affected',
    }),
    /** A response read slower than this on average, once it has started, is cut off: its memory is freed. */
    minWriteBytesPerSecond: integer({
      env: 'HTTP_MIN_WRITE_RATE',
      default: 64 * 1024,
      min: 0,
      max: 1024 ** 3,
      doc: 'bytes per second a client must accept of its answer on average: once the answer has started, it has `HTTP_WRITE_TIMEOUT_MS` plus its size at this rate to be written whole (an 8 MiB answer: 133 s), else the connection is cut and the answer’s memory freed (0: no minimum)',
    }),
    maxConnections: integer({
      env: 'MAX_CONNECTIONS',
      default: 1_000,
      min: 1,
      max: 1_000_000,
      doc: 'open client connections; further connections are refused until one closes',
    }),
    connectionAddressShare: decimal({
      env: 'CONNECTION_ADDRESS_SHARE',
      default: 0.1,
      range: 'more than 0, at most 1',
      problem: shareProblem,
      doc: 'the most of `MAX_CONNECTIONS` one client address may hold open (at least one connection; an IPv6 client by its /64): a connection past it is answered 503 `TOO_MANY_CONNECTIONS` and closed. A trusted proxy’s connections (`TRUSTED_PROXIES`) are not counted per address; 1: no share per address',
    }),
  },
  /** Origins allowed to call the gateway from a browser: undefined = none, `*` = any (never with credentials). */
  corsOrigins: origins({
    env: 'CORS_ORIGINS',
    doc: 'browser origins allowed to call the gateway: a list (`https://console.example.com`), with credentials; `*` for any origin without credentials; unset: none',
  }),
  /** Proxies whose X-Forwarded-For names the client; without any, the client is the connection's peer. */
  trustedProxies: addressList({
    env: 'TRUSTED_PROXIES',
    doc: 'proxies in front of the gateway (a list of IP addresses or CIDR ranges, e.g. `10.0.0.0/8`): a request from one of them is from the last address of its `X-Forwarded-For` that is no trusted proxy. Unset: the client is the connection’s peer and the header is ignored',
  }),
  /** The host names the gateway answers to; undefined: loopback names with the embedded emulator, else any. */
  allowedHosts: hostList({
    env: 'ALLOWED_HOSTS',
    doc: 'the host names the gateway answers to, as a request’s `Host` names them (its port aside): any other is answered 421 `HOST_NOT_ALLOWED` with no page and no operation, which is what a DNS-rebinding page gets. Unset: with the embedded emulator, the loopback names alone (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`) and `HOST` when it is one address; over `UPSTREAM_URL`, any. `*`: any. GraphiQL and the home page show the embedded emulator’s token only to a loopback `Host` with no `Origin` but the gateway’s own',
  }),
  graphiql: boolean({
    env: 'GRAPHIQL',
    default: true,
    doc: 'serve GraphiQL on `GET /graphql` (off: a browser opening it gets a 406 that says so)',
  }),
  /** GraphiQL's "Sign in" (docs/sign-in.md). */
  graphiqlSignIn: {
    clientId: token({
      env: 'GRAPHIQL_CLIENT_ID',
      default: undefined,
      doc: 'the public OAuth client (PKCE, no secret) GraphiQL’s “Sign in” uses with the upstream’s authorization server, which must allow the redirect URI `<gateway origin>/graphql/oauth-callback`. Unset: `graphiql` with the embedded emulator (registered for the gateway’s own URL), no Sign in over `UPSTREAM_URL`',
    }),
    scope: new Setting({
      env: 'GRAPHIQL_SCOPES',
      default: GRAPHIQL_SCOPES_DEFAULT,
      range:
        'space-separated scopes of the org authorization server: `openid`, `profile`, `email`, `offline_access` …, `okta.<resource>.read` / `.manage`',
      doc: 'the scopes GraphiQL’s “Sign in” asks for (the client must be granted them)',
      read: readScopes,
    }),
  },
  federation: boolean({
    env: 'FEDERATION',
    default: false,
    doc: 'serve `/graphql` as an Apollo Federation 2.3 subgraph: `@key` on policies, rules, user types and applications, `_service { sdl }`, `_entities` (each representation counts as an id of `MAX_NODE_IDS`), and references to groups, users and apps (docs/federation.md). Off: the schema of schema.graphql alone',
  }),
  introspection: boolean({
    env: 'INTROSPECTION',
    default: true,
    doc: 'off refuses introspection queries, drops "Did you mean …" suggestions from every error (validation and variable errors) and stops serving `/schema.graphql` (a 404 that says why)',
  }),
  log: {
    level: choice({
      env: 'LOG_LEVEL',
      values: LOG_LEVELS,
      default: 'info',
      doc: '`info` logs one line per operation, `debug` also one per upstream request',
    }),
    /** `json`: one JSON object a line; `pretty`: coloured lines for a terminal (needs pino-pretty). */
    format: choice({
      env: 'LOG_FORMAT',
      values: ['json', 'pretty'] as const,
      default: 'json',
      doc: '`json` (one JSON object a line) or `pretty` (for a terminal; needs the dev dependency pino-pretty)',
    }),
  },
  /** OpenTelemetry traces (docs/observability.md): off unless these variables turn them on. */
  tracing: TRACING_SETTINGS,
  readiness: {
    /** An API token for the readiness call; without one any upstream answer below 500 counts. */
    token: token({
      env: 'READINESS_TOKEN',
      default: undefined,
      doc: 'API token for the `/readyz` upstream call (`SSWS <token>`); unset: the call goes without one and a 401 counts as reachable',
    }),
    /** At most one upstream call per interval, whatever the probe rate. */
    intervalMs: integer({
      env: 'READINESS_INTERVAL_MS',
      default: 5_000,
      min: 100,
      max: 600_000,
      doc: 'at most one `/readyz` upstream call per interval, whatever the probe rate',
    }),
    timeoutMs: integer({
      env: 'READINESS_TIMEOUT_MS',
      default: 2_000,
      min: 1,
      max: 60_000,
      doc: 'connect, headers and body timeout of that call',
    }),
  },
  /** After SIGTERM or SIGINT: how long in-flight operations may take before their connections are cut. */
  shutdownGraceMs: integer({
    env: 'SHUTDOWN_GRACE_MS',
    default: 10_000,
    min: 0,
    max: 600_000,
    doc: 'after SIGTERM/SIGINT, how long operations in flight may take before their connections are cut',
  }),
  /** Redis, the upstream budget and idempotency: what replicas share. */
  shared: {
    redisUrl: redisUrl({
      env: 'REDIS_URL',
      doc: '`redis://[user:password@]host:port[/db]` (or `rediss://`): replicas share the upstream budget and idempotency records there. Unset: both in process. Never printed with its credentials',
    }),
    upstreamRateLimit: integer({
      env: 'UPSTREAM_RATE_LIMIT',
      default: 0,
      min: 0,
      max: 1_000_000,
      doc: 'upstream requests per minute assumed until the service’s `X-Rate-Limit-*` headers tell (0: learned from the first answer)',
    }),
    replicas: integer({
      env: 'REPLICAS',
      default: 1,
      min: 1,
      max: 1_000,
      doc: 'gateway replicas sharing the budget: while Redis is unreachable each one uses limit / `REPLICAS`',
    }),
    callerShare: decimal({
      env: 'CALLER_SHARE',
      default: 1,
      range: 'more than 0, at most 1',
      problem: shareProblem,
      doc: 'the most of one rate-limit window a single caller (one credential) may use, as a share of the org’s limit, even alone (1: all but the newcomer reserve). Active callers get equal parts of the window whatever this is',
    }),
    newcomerReserve: decimal({
      env: 'NEWCOMER_RESERVE',
      default: 0.08,
      range: 'at least 0, less than 1',
      problem: reserveProblem,
      doc: 'the share of each rate-limit window held back from callers past their equal part, so that a caller arriving mid-window is served at once (it also holds the unproven credentials’ share); 0: none',
    }),
    paceBurst: decimal({
      env: 'PACE_BURST',
      default: 0.1,
      range: 'more than 0, at most 1',
      problem: shareProblem,
      doc: 'the pace of the fair share: the part of each caller’s part of a rate-limit window there at the window’s start (the rest is released evenly until its end), and the most of what a caller was released but left unused that stays kept for it (the rest goes to whoever asks); 1: no pace, each part whole from the start',
    }),
    unprovenShare: decimal({
      env: 'UNPROVEN_SHARE',
      default: 0.05,
      range: 'more than 0, at most 1',
      problem: shareProblem,
      doc: 'the most of one window all credentials not yet answered 2xx may use together; their probe calls go one at a time',
    }),
    unprovenAddressShare: decimal({
      env: 'UNPROVEN_ADDRESS_SHARE',
      default: 0.25,
      range: 'more than 0, at most 1',
      problem: shareProblem,
      doc: 'the most of the unproven credentials’ share one client address may use in a window (at least one call): junk tokens from one client leave the rest to a new valid credential from another. Counted per replica; 1: no part per address',
    }),
    idempotencyTtlSeconds: integer({
      env: 'IDEMPOTENCY_TTL_SECONDS',
      default: 24 * 60 * 60,
      min: 1,
      max: 30 * 24 * 60 * 60,
      doc: 'how long the outcome of a create with an idempotency key is remembered, in seconds (at most 30 days)',
    }),
    idempotencyMaxRecords: integer({
      env: 'IDEMPOTENCY_MAX_RECORDS',
      default: 50_000,
      min: 1,
      max: 10_000_000,
      doc: 'idempotency records kept of all callers together (in Redis when REDIS_URL is set, else per process); over it the oldest records of the caller using the most of its own budget go first. A record is a digest of the input and the created object’s id, a few hundred bytes',
    }),
    policyPlanTtlSeconds: integer({
      env: 'POLICY_PLAN_TTL_SECONDS',
      default: 3600,
      min: 60,
      max: 7 * 24 * 60 * 60,
      doc: 'how long a policy plan (planPolicies) can be applied, in seconds (at most 7 days); kept in Redis when REDIS_URL is set, so any replica applies it',
    }),
    policyPlanMaxBytes: integer({
      env: 'POLICY_PLAN_MAX_BYTES',
      default: 64 * MiB,
      min: MiB,
      max: 4 * 1024 * MiB,
      doc: 'bytes of all policy plans kept (their JSON; in Redis when REDIS_URL is set, else per process); past it the oldest plans of the caller using the most of its own budget go first',
    }),
    policyPlanCallerMaxBytes: integer({
      env: 'POLICY_PLAN_CALLER_MAX_BYTES',
      default: 8 * MiB,
      min: 64 * 1024,
      max: 4 * 1024 * MiB,
      doc: 'bytes of one credential’s policy plans; past it that caller’s oldest plans go first, and a single larger plan is not kept (`LIMIT_EXCEEDED`)',
    }),
    idempotencyMaxBytes: integer({
      env: 'IDEMPOTENCY_MAX_BYTES',
      default: 32 * MiB,
      min: 64 * 1024,
      max: 64 * 1024 * MiB,
      doc: 'bytes of all idempotency records together (each counted as its id, its outcome and 264 bytes; in Redis when REDIS_URL is set, else per process); past it, or past `IDEMPOTENCY_MAX_RECORDS`, the oldest records of the caller using the most of its own budget go first',
    }),
    idempotencyCallerMaxRecords: integer({
      env: 'IDEMPOTENCY_CALLER_MAX_RECORDS',
      default: 5_000,
      min: 1,
      max: 10_000_000,
      doc: 'idempotency records of one caller (one credential, or the person behind a Bearer token); past it, or past `IDEMPOTENCY_CALLER_MAX_BYTES`, that caller’s oldest records go first, never another caller’s',
    }),
    idempotencyCallerMaxBytes: integer({
      env: 'IDEMPOTENCY_CALLER_MAX_BYTES',
      default: 4 * MiB,
      min: 4 * 1024,
      max: 64 * 1024 * MiB,
      doc: 'bytes of one caller’s idempotency records',
    }),
    policyPlanMaxPlans: integer({
      env: 'POLICY_PLAN_MAX_PLANS',
      default: 10_000,
      min: 1,
      max: 1_000_000,
      doc: 'policy plans kept of all callers together; past it, or past `POLICY_PLAN_MAX_BYTES`, the oldest plans of the caller using the most of its own budget go first',
    }),
    policyPlanCallerMaxPlans: integer({
      env: 'POLICY_PLAN_CALLER_MAX_PLANS',
      default: 100,
      min: 1,
      max: 1_000_000,
      doc: 'policy plans kept of one caller; past it that caller’s oldest plans go first, never another caller’s',
    }),
  },
  /** Trusted documents (docs/api.md): only the manifest's documents run. */
  trustedDocuments: {
    file: text({
      env: 'TRUSTED_DOCUMENTS',
      doc: 'a JSON manifest of id → document (graphql-codegen client preset’s `persisted-documents.json`), read and validated at start (a document that does not validate stops the start, naming it); requests then name a document by `documentId` or `extensions.persistedQuery.sha256Hash` (`PERSISTED_QUERY_NOT_FOUND` for an unknown id), and each document’s worst-case cost is on `/metrics` (`gateway_trusted_document_cost`). Unset: any document runs',
    }),
    allowArbitrary: new Setting<'none' | 'all' | string[]>({
      env: 'TRUSTED_DOCUMENTS_ALLOW_ARBITRARY',
      default: 'none',
      range:
        '`none`, `all`, or a comma-separated list of SHA-256 digests (hex) of credentials as `SSWS <token>` / `Bearer <token>`',
      doc: 'with `TRUSTED_DOCUMENTS`, who may still send a document that is not in the manifest: nobody (`PERSISTED_QUERY_ID_REQUIRED`), everyone (`all`: development, GraphiQL), or the callers whose credential has one of these digests (an admin tool’s token: `printf "SSWS %s" "$TOKEN" | sha256sum`). With `FEDERATION`, a router’s `_service` and `_entities` documents run in any case (docs/federation.md)',
      read: readArbitraryDocuments,
    }),
  },
};

const DIGEST = /^[0-9a-f]{64}$/i;

function readArbitraryDocuments(r: EnvReader): 'none' | 'all' | string[] {
  const value = r.text('TRUSTED_DOCUMENTS_ALLOW_ARBITRARY')?.trim();
  if (value === undefined || value === '' || value.toLowerCase() === 'none') return 'none';
  if (value.toLowerCase() === 'all') return 'all';
  const digests = value.split(',').map((entry) => entry.trim().toLowerCase());
  const bad = digests.filter((digest) => !DIGEST.test(digest));
  if (bad.length === 0) return digests;
  r.problem(
    `TRUSTED_DOCUMENTS_ALLOW_ARBITRARY: ${bad.map((b) => JSON.stringify(b)).join(', ')} is neither \`none\`, \`all\` nor a SHA-256 digest (64 hex digits) of a credential`,
  );
  return 'none';
}

export type GatewayConfig = SettingValues<typeof GATEWAY_SETTINGS>;
export type HttpLimits = GatewayConfig['http'];
export type LogConfig = GatewayConfig['log'];
export type ReadinessConfig = GatewayConfig['readiness'];
export type TracingConfig = GatewayConfig['tracing'];

/** The gateway's options when no variable is set; the modules' defaults. */
export const GATEWAY_DEFAULTS: Readonly<GatewayConfig> = defaultsOf(GATEWAY_SETTINGS);
