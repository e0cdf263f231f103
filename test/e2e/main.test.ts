// `npm start` as a user runs it: the built entry point in a child process, configured by environment
// variables, printing where it serves, answering GraphQL, and stopping cleanly on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { readEmulatorConfig } from '../../packages/emulator/src/config/emulator.ts';
import { DEFAULT_CONNECTION_LIMITS } from '../../packages/emulator/src/emulator/http/connectionLimits.ts';
import { ConfigError } from '../../packages/emulator/src/config/env.ts';
import { readGatewayConfig, readStartConfig } from '../../src/config/gateway.ts';
import { ROOT, useBuiltTree } from '../helpers/built.ts';
import { settingsEnv } from '../helpers/settingsEnv.ts';
import { countFromNow, startTestEmulator, TOKEN } from '../helpers/emulator.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const SIGNING_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();
/**
 * Runs dist/main.js (what `npm start` runs) with only the given settings; killed when the test that
 * started it ends (its context's onTestFinished: the tests run at the same time). One shared by the
 * tests of a describe block is stopped by its own afterAll.
 */
function start(env: Record<string, string>, onTestFinished?: TestContext['onTestFinished']): Started {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: settingsEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished?.(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** The first stdout line naming the GraphQL endpoint, as soon as it is printed; rejects if the process exits first. */
function readyLine(s: Started): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const line = s
        .stdout()
        .split('\n')
        .find((l) => l.includes('/graphql'));
      if (!line) return;
      s.child.stdout!.off('data', check);
      s.child.off('exit', exited);
      resolve(line);
    };
    const exited = (code: number | null) => reject(new Error(`exited ${code}: ${s.stderr()}; stdout: ${s.stdout()}`));
    // Registered after start()'s own listener, so the output seen here already holds the chunk.
    s.child.stdout!.on('data', check);
    s.child.once('exit', exited);
    check();
  });
}

describe('npm start', () => {
  useBuiltTree();
  // One process for what a running gateway with its embedded emulator shows; the last test stops it.
  describe('with the embedded emulator', () => {
    let s: Started;
    let port: number;
    let endpoint: string;
    let emulator: string;
    beforeAll(async () => {
      // A port of its own (PORT=0 would register no GraphiQL callback): one that was free a moment ago.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      port = (probe.address() as AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));
      s = start({ PORT: String(port), EMULATOR_PORT: '0', EMULATOR_TOKEN: 'e2e-secret-token' });
      const line = await readyLine(s);
      expect(line).toMatch(/embedded emulator at http:\/\/127\.0\.0\.1:\d+\/api\/v1 \(token from EMULATOR_TOKEN\)/);
      endpoint = /(http:\/\/127\.0\.0\.1:\d+\/graphql)/.exec(line)![1];
      emulator = /embedded emulator at (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/.exec(line)![1];
    });
    afterAll(() => {
      if (s?.child.exitCode === null) s.child.kill('SIGKILL');
    });

    it('serves GraphQL over it', async () => {
      expect(endpoint).toBe(`http://127.0.0.1:${port}/graphql`);
      expect((await postGraphql(endpoint, '{ __typename }')).body).toEqual({
        data: { __typename: 'Query' },
        extensions: { cost: expect.any(Object) },
      });
      const types = (await postGraphql(endpoint, '{ userTypes { name default } }', { auth: 'SSWS e2e-secret-token' }))
        .body;
      expect(types.errors).toBeUndefined();
      expect(types.data.userTypes).toContainEqual({ name: 'user', default: true });
      expect((await postGraphql(endpoint, '{ userTypes { name } }')).body.errors![0].extensions.code).toBe(
        'UNAUTHENTICATED',
      );
      // GraphiQL's Headers tab holds the embedded emulator's token.
      const page = await (await fetch(endpoint, { headers: { accept: 'text/html' } })).text();
      expect(page).toContain('SSWS e2e-secret-token');
    });

    it("registers GraphiQL's callback with it, whose built-in client the page signs in with", async () => {
      const page = await (await fetch(`http://127.0.0.1:${port}/graphql`, { headers: { accept: 'text/html' } })).text();
      const signIn = JSON.parse(/id="graphiql-sign-in-config">(.*?)<\/script>/.exec(page)![1]);
      expect(signIn).toMatchObject({ clientId: 'graphiql', authorizationEndpoint: `${emulator}/oauth2/v1/authorize` });

      const authorize = (redirectUri: string) =>
        fetch(
          `${emulator}/oauth2/v1/authorize?${new URLSearchParams({
            client_id: 'graphiql',
            response_type: 'code',
            redirect_uri: redirectUri,
            scope: signIn.scope,
            state: 'e2e-state',
            code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
            code_challenge_method: 'S256',
          })}`,
          { redirect: 'manual' },
        );
      // The sign-in page for the gateway's callback as a browser names it; another is refused.
      for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
        const answer = await authorize(`${origin}/graphql/oauth-callback`);
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('name="password"');
      }
      expect((await authorize('http://127.0.0.1:1/graphql/oauth-callback')).status).toBe(400);
    });

    it('stops on SIGTERM, never having printed the token', async () => {
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.stdout() + s.stderr()).not.toContain('e2e-secret-token');
      await expect(fetch(endpoint)).rejects.toThrow();
    });
  });

  // The processes of the tests below start side by side: a start is mostly the child's own work.
  it.concurrent('uses UPSTREAM_URL instead of an embedded emulator', async ({ onTestFinished }) => {
    const emulator = await startTestEmulator();
    try {
      const s = start({ PORT: '0', UPSTREAM_URL: `${emulator.url}/`, EMULATOR_PORT: '1' }, onTestFinished);
      const line = await readyLine(s);
      expect(line).toContain(`upstream: ${emulator.url} `);
      const endpoint = /(http:\/\/127\.0\.0\.1:\d+\/graphql)/.exec(line)![1];
      const calls = countFromNow(emulator);
      const res = (await postGraphql(endpoint, '{ userType(id: "default") { default } }', { auth: `SSWS ${TOKEN}` }))
        .body;
      expect(res).toEqual({ data: { userType: { default: true } }, extensions: { cost: expect.any(Object) } });
      expect(calls().total).toBe(1);
      const page = await (await fetch(endpoint, { headers: { accept: 'text/html' } })).text();
      expect(page).toContain('SSWS \\u003cyour API token>');
      s.child.kill('SIGINT');
      expect(await s.exited).toBe(0);
    } finally {
      await emulator.close();
    }
  });

  it.concurrent('refuses bad settings with every problem named, exit code 2 and no stack', async ({
    onTestFinished,
  }) => {
    const s = start(
      { PORT: 'eighty', UPSTREAM_CONNECTIONS: '0', EMULATOR_ENGINE: 'modern', EMULATOR_ADMIN: 'maybe' },
      onTestFinished,
    );
    expect(await s.exited).toBe(2);
    const err = s.stderr();
    expect(err).toContain('PORT="eighty"');
    expect(err).toContain('UPSTREAM_CONNECTIONS="0"');
    expect(err).toContain('EMULATOR_ENGINE="modern": must be IE or CLASSIC');
    expect(err).toContain('EMULATOR_ADMIN="maybe"');
    expect(err).not.toMatch(/^\s+at /m);
    expect(s.stdout()).toBe('');
  });

  it.concurrent.for([
    ['EMULATOR_PORT', "the embedded emulator's port (EMULATOR_PORT)", 'UPSTREAM_URL'],
    ['PORT', "the gateway's port (PORT)", 'PORT=0 picks a free one'],
  ])(
    'names the setting whose port is busy (%s) and the ways past it',
    async ([setting, which, remedy], { onTestFinished }) => {
      const holder = createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const { port } = holder.address() as AddressInfo;
      try {
        const s = start({ PORT: '0', EMULATOR_PORT: '0', [setting]: String(port) }, onTestFinished);
        expect(await s.exited).toBe(1);
        const err = s.stderr();
        expect(err).toContain(
          `gateway: cannot start: ${which}, 127.0.0.1:${port}, is already in use: stop what listens`,
        );
        expect(err).toContain(remedy);
        expect(err).not.toMatch(/^\s+at /m);
      } finally {
        await new Promise((resolve) => holder.close(resolve));
      }
    },
  );

  it.concurrent('refuses a missing fixture file with exit code 2', async ({ onTestFinished }) => {
    const s = start({ PORT: '0', EMULATOR_PORT: '0', EMULATOR_FIXTURE: 'does-not-exist.json' }, onTestFinished);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toContain('does-not-exist.json');
    expect(s.stderr()).not.toMatch(/^\s+at /m);
  });
});

describe('configuration', () => {
  it('has defaults for everything', () => {
    expect(readGatewayConfig({})).toEqual({
      port: 4000,
      host: '127.0.0.1',
      upstreamUrl: undefined,
      upstream: {
        connections: 64,
        pipelining: 1,
        connectTimeoutMs: 5000,
        headersTimeoutMs: 10000,
        bodyTimeoutMs: 10000,
        maxBodyBytes: 10 * 1024 * 1024,
        retries: 3,
        refusedCredentialMs: 60000,
        sharedReads: true,
        cacheTtlSeconds: 0,
        cacheMaxBytes: 32 * 1024 * 1024,
        operation: { timeoutMs: 10000, maxCalls: 250, concurrency: 32, maxResponseBytes: 8 * 1024 * 1024 },
      },
      queryLimits: { depth: 12, aliases: 50, tokens: 5000, directives: 50, cost: 350000, nodeIds: 200 },
      maxResolvedFields: 100_000,
      memoryBudgetBytes: 64 * 1024 * 1024,
      answerCacheMaxBytes: 8 * 1024 * 1024,
      heapGrowthPercent: 100,
      heapSemiSpaceMiB: 8,
      http: {
        maxBodyBytes: 1048576,
        headersTimeoutMs: 10000,
        requestTimeoutMs: 10000,
        keepAliveTimeoutMs: 5000,
        writeTimeoutMs: 5000,
        minWriteBytesPerSecond: 65536,
        maxConnections: 1000,
        connectionAddressShare: 0.1,
      },
      corsOrigins: undefined,
      trustedProxies: [],
      allowedHosts: undefined,
      graphiql: true,
      graphiqlSignIn: {
        clientId: undefined,
        scope: 'openid profile okta.policies.read okta.policies.manage okta.userTypes.read okta.userTypes.manage',
      },
      federation: false,
      introspection: true,
      log: { level: 'info', format: 'json' },
      readiness: { token: undefined, intervalMs: 5000, timeoutMs: 2000 },
      shutdownGraceMs: 10000,
      tracing: {
        exporter: undefined,
        endpoint: undefined,
        tracesEndpoint: undefined,
        protocol: 'http/protobuf',
        tracesProtocol: undefined,
        headers: {},
        timeoutMs: 10000,
        serviceName: 'policy-graphql-gateway',
        resourceAttributes: {},
        sampler: 'parentbased_always_on',
        samplerArg: 1,
        scheduleDelayMs: 5000,
        maxQueueSize: 2048,
        maxExportBatchSize: 512,
      },
      shared: {
        redisUrl: undefined,
        upstreamRateLimit: 0,
        replicas: 1,
        callerShare: 1,
        newcomerReserve: 0.08,
        paceBurst: 0.1,
        unprovenShare: 0.05,
        unprovenAddressShare: 0.25,
        idempotencyTtlSeconds: 86400,
        idempotencyMaxRecords: 50000,
        policyPlanTtlSeconds: 3600,
        policyPlanMaxBytes: 64 * 1024 * 1024,
        policyPlanCallerMaxBytes: 8 * 1024 * 1024,
        idempotencyMaxBytes: 32 * 1024 * 1024,
        idempotencyCallerMaxRecords: 5000,
        idempotencyCallerMaxBytes: 4 * 1024 * 1024,
        policyPlanMaxPlans: 10000,
        policyPlanCallerMaxPlans: 100,
      },
      trustedDocuments: { file: undefined, allowArbitrary: 'none' },
    });
    expect(readEmulatorConfig({})).toEqual({
      port: 4001,
      host: '127.0.0.1',
      token: 'dev-token',
      engine: 'IE',
      fixturePath: undefined,
      statePath: undefined,
      rateLimitPerMinute: 0,
      admin: true,
      journalCap: 1000,
      journalBytes: 16 * 1024 * 1024,
      journalBodyBytes: 64 * 1024,
      faults: { latencyMs: 0, jitterMs: 0, errorRate: 0, status: 503, resetRate: 0 },
      limits: DEFAULT_CONNECTION_LIMITS,
      oauth: { accessTokenSeconds: 3600, clockSkewSeconds: 30, refreshTokenLeewaySeconds: 30, signingKey: undefined },
    });
  });

  it('reads every variable', () => {
    const DIGEST = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);
    expect(
      readGatewayConfig({
        PORT: '0',
        HOST: '0.0.0.0',
        UPSTREAM_URL: 'https://org.example.com/base/',
        UPSTREAM_CONNECTIONS: '4',
        UPSTREAM_PIPELINING: '3',
        UPSTREAM_CONNECT_TIMEOUT_MS: '100',
        UPSTREAM_HEADERS_TIMEOUT_MS: '200',
        UPSTREAM_BODY_TIMEOUT_MS: '300',
        MAX_BODY_BYTES: '2048',
        HTTP_HEADERS_TIMEOUT_MS: '500',
        HTTP_REQUEST_TIMEOUT_MS: '600',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '700',
        HTTP_WRITE_TIMEOUT_MS: '800',
        HTTP_MIN_WRITE_RATE: '1000',
        MAX_CONNECTIONS: '50',
        CONNECTION_ADDRESS_SHARE: '0.5',
        ALLOWED_HOSTS: 'gateway.example, .corp.example',
        CORS_ORIGINS: 'https://console.example.com',
        TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1',
        GRAPHIQL: 'off',
        GRAPHIQL_CLIENT_ID: '0oa1graphiql',
        GRAPHIQL_SCOPES: 'openid okta.policies.read',
        FEDERATION: 'on',
        INTROSPECTION: 'off',
        LOG_LEVEL: 'DEBUG',
        LOG_FORMAT: 'pretty',
        READINESS_TOKEN: 'probe-token',
        READINESS_INTERVAL_MS: '1000',
        READINESS_TIMEOUT_MS: '500',
        SHUTDOWN_GRACE_MS: '0',
        OTEL_TRACES_EXPORTER: 'OTLP',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.example:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector.example:4318/v1/traces',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=k%20v',
        OTEL_EXPORTER_OTLP_TIMEOUT: '2000',
        OTEL_SERVICE_NAME: 'consoles-gateway',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_BSP_MAX_QUEUE_SIZE: '100',
        OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '10',
        UPSTREAM_MAX_BODY_BYTES: '2048',
        UPSTREAM_RETRIES: '0',
        OPERATION_TIMEOUT_MS: '400',
        MAX_UPSTREAM_CALLS: '5',
        UPSTREAM_CALLS_IN_FLIGHT: '2',
        MAX_QUERY_DEPTH: '6',
        MAX_QUERY_ALIASES: '7',
        MAX_QUERY_TOKENS: '800',
        MAX_QUERY_DIRECTIVES: '9',
        MAX_QUERY_COST: '900',
        MAX_NODE_IDS: '30',
        MAX_RESPONSE_BYTES: '4096',
        MEMORY_BUDGET_BYTES: '2097152',
        ANSWER_CACHE_MAX_BYTES: '1048576',
        HEAP_GROWTH_PERCENT: '35',
        HEAP_SEMI_SPACE_MIB: '4',
        MAX_RESOLVED_FIELDS: '1234',
        REDIS_URL: 'redis://:secret@127.0.0.1:6380/2',
        UPSTREAM_RATE_LIMIT: '600',
        REPLICAS: '3',
        IDEMPOTENCY_TTL_SECONDS: '3600',
        IDEMPOTENCY_MAX_RECORDS: '1000',
        POLICY_PLAN_TTL_SECONDS: '600',
        POLICY_PLAN_MAX_BYTES: '33554432',
        POLICY_PLAN_CALLER_MAX_BYTES: '1048576',
        IDEMPOTENCY_MAX_BYTES: '1048576',
        IDEMPOTENCY_CALLER_MAX_RECORDS: '100',
        IDEMPOTENCY_CALLER_MAX_BYTES: '65536',
        POLICY_PLAN_MAX_PLANS: '500',
        POLICY_PLAN_CALLER_MAX_PLANS: '5',
        CALLER_SHARE: '0.25',
        NEWCOMER_RESERVE: '0',
        PACE_BURST: '0.5',
        UNPROVEN_SHARE: '0.1',
        UNPROVEN_ADDRESS_SHARE: '0.5',
        REFUSED_CREDENTIAL_MS: '0',
        UPSTREAM_SHARED_READS: 'false',
        CACHE_TTL_SECONDS: '30',
        CACHE_MAX_BYTES: '4096',
        TRUSTED_DOCUMENTS: 'documents.json',
        TRUSTED_DOCUMENTS_ALLOW_ARBITRARY: `${DIGEST}, ${DIGEST.toUpperCase()}`,
      }),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      upstreamUrl: 'https://org.example.com/base',
      upstream: {
        connections: 4,
        pipelining: 3,
        connectTimeoutMs: 100,
        headersTimeoutMs: 200,
        bodyTimeoutMs: 300,
        maxBodyBytes: 2048,
        retries: 0,
        refusedCredentialMs: 0,
        sharedReads: false,
        cacheTtlSeconds: 30,
        cacheMaxBytes: 4096,
        operation: { timeoutMs: 400, maxCalls: 5, concurrency: 2, maxResponseBytes: 4096 },
      },
      queryLimits: { depth: 6, aliases: 7, tokens: 800, directives: 9, cost: 900, nodeIds: 30 },
      maxResolvedFields: 1234,
      memoryBudgetBytes: 2097152,
      answerCacheMaxBytes: 1048576,
      heapGrowthPercent: 35,
      heapSemiSpaceMiB: 4,
      http: {
        maxBodyBytes: 2048,
        headersTimeoutMs: 500,
        requestTimeoutMs: 600,
        keepAliveTimeoutMs: 700,
        writeTimeoutMs: 800,
        minWriteBytesPerSecond: 1000,
        maxConnections: 50,
        connectionAddressShare: 0.5,
      },
      corsOrigins: ['https://console.example.com'],
      trustedProxies: ['10.0.0.0/8', '192.0.2.1'],
      allowedHosts: ['gateway.example', '.corp.example'],
      graphiql: false,
      graphiqlSignIn: { clientId: '0oa1graphiql', scope: 'openid okta.policies.read' },
      federation: true,
      introspection: false,
      log: { level: 'debug', format: 'pretty' },
      readiness: { token: 'probe-token', intervalMs: 1000, timeoutMs: 500 },
      shutdownGraceMs: 0,
      tracing: {
        exporter: 'otlp',
        endpoint: 'http://collector.example:4318',
        tracesEndpoint: 'http://collector.example:4318/v1/traces',
        protocol: 'http/json',
        tracesProtocol: 'http/protobuf',
        headers: { 'x-api-key': 'k v' },
        timeoutMs: 2000,
        serviceName: 'consoles-gateway',
        resourceAttributes: { 'deployment.environment': 'test' },
        sampler: 'parentbased_traceidratio',
        samplerArg: 0.25,
        scheduleDelayMs: 100,
        maxQueueSize: 100,
        maxExportBatchSize: 10,
      },
      shared: {
        redisUrl: 'redis://:secret@127.0.0.1:6380/2',
        upstreamRateLimit: 600,
        replicas: 3,
        callerShare: 0.25,
        newcomerReserve: 0,
        paceBurst: 0.5,
        unprovenShare: 0.1,
        unprovenAddressShare: 0.5,
        idempotencyTtlSeconds: 3600,
        idempotencyMaxRecords: 1000,
        policyPlanTtlSeconds: 600,
        policyPlanMaxBytes: 33554432,
        policyPlanCallerMaxBytes: 1048576,
        idempotencyMaxBytes: 1048576,
        idempotencyCallerMaxRecords: 100,
        idempotencyCallerMaxBytes: 65536,
        policyPlanMaxPlans: 500,
        policyPlanCallerMaxPlans: 5,
      },
      trustedDocuments: { file: 'documents.json', allowArbitrary: [DIGEST, DIGEST] },
    });
    expect(
      readEmulatorConfig({
        EMULATOR_PORT: '5001',
        EMULATOR_HOST: '::1',
        EMULATOR_TOKEN: 'abc',
        EMULATOR_ENGINE: 'classic',
        EMULATOR_FIXTURE: 'org.json',
        EMULATOR_STATE: '.emulator-state.json',
        EMULATOR_RATE_LIMIT: '600',
        EMULATOR_ADMIN: 'false',
        EMULATOR_JOURNAL_CAP: '50',
        EMULATOR_JOURNAL_BYTES: '1048576',
        EMULATOR_JOURNAL_BODY_BYTES: '0',
        EMULATOR_ACCESS_TOKEN_SECONDS: '600',
        EMULATOR_CLOCK_SKEW_SECONDS: '0',
        EMULATOR_REFRESH_TOKEN_LEEWAY_SECONDS: '5',
        EMULATOR_SIGNING_KEY: SIGNING_KEY,
      }),
    ).toEqual({
      port: 5001,
      host: '::1',
      token: 'abc',
      engine: 'CLASSIC',
      fixturePath: 'org.json',
      statePath: '.emulator-state.json',
      rateLimitPerMinute: 600,
      admin: false,
      journalCap: 50,
      journalBytes: 1048576,
      journalBodyBytes: 0,
      faults: { latencyMs: 0, jitterMs: 0, errorRate: 0, status: 503, resetRate: 0 },
      limits: DEFAULT_CONNECTION_LIMITS,
      oauth: {
        accessTokenSeconds: 600,
        clockSkewSeconds: 0,
        refreshTokenLeewaySeconds: 5,
        signingKey: SIGNING_KEY.trim(),
      },
    });
  });

  it('treats empty values as unset and accepts the usual spellings of booleans and engines', () => {
    expect(readGatewayConfig({ PORT: '', UPSTREAM_URL: ' ' }).upstreamUrl).toBeUndefined();
    for (const [value, admin] of [
      ['0', false],
      ['OFF', false],
      ['no', false],
      ['1', true],
      ['True', true],
      ['on', true],
    ] as const) {
      expect(readEmulatorConfig({ EMULATOR_ADMIN: value }).admin).toBe(admin);
    }
    expect(readEmulatorConfig({ EMULATOR_ENGINE: 'ie' }).engine).toBe('IE');
  });

  it.each([
    [{ PORT: '65536' }, 'PORT="65536": must be a whole number from 0 to 65535'],
    [{ PORT: '-1' }, 'PORT="-1"'],
    [{ PORT: '1.5' }, 'PORT="1.5"'],
    [{ HOST: 'a b' }, 'HOST="a b"'],
    [{ UPSTREAM_URL: 'org.example.com' }, 'UPSTREAM_URL: must be an absolute http or https URL'],
    [{ UPSTREAM_URL: 'ftp://org.example.com' }, 'UPSTREAM_URL: must use http or https'],
    [{ UPSTREAM_URL: 'https://user:pw@org.example.com' }, 'UPSTREAM_URL: must not contain credentials'],
    [{ UPSTREAM_URL: 'https://org.example.com/?x=1' }, 'UPSTREAM_URL: must not contain a query or a fragment'],
    [{ UPSTREAM_CONNECTIONS: '0' }, 'UPSTREAM_CONNECTIONS="0"'],
    [{ UPSTREAM_BODY_TIMEOUT_MS: 'soon' }, 'UPSTREAM_BODY_TIMEOUT_MS="soon"'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL="verbose": must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT="xml": must be one of json, pretty'],
    [{ READINESS_INTERVAL_MS: '10' }, 'READINESS_INTERVAL_MS="10": must be a whole number from 100 to 600000'],
    [{ READINESS_TIMEOUT_MS: '0' }, 'READINESS_TIMEOUT_MS="0"'],
    [{ SHUTDOWN_GRACE_MS: '-1' }, 'SHUTDOWN_GRACE_MS="-1"'],
    [{ READINESS_TOKEN: 'two words' }, 'READINESS_TOKEN: must be printable ASCII without spaces'],
    [{ UPSTREAM_RETRIES: '11' }, 'UPSTREAM_RETRIES="11": must be a whole number from 0 to 10'],
    [{ MAX_UPSTREAM_CALLS: '0' }, 'MAX_UPSTREAM_CALLS="0"'],
    [{ OPERATION_TIMEOUT_MS: '10s' }, 'OPERATION_TIMEOUT_MS="10s"'],
    [{ UPSTREAM_MAX_BODY_BYTES: '100' }, 'UPSTREAM_MAX_BODY_BYTES="100"'],
    [{ MAX_QUERY_DEPTH: '0' }, 'MAX_QUERY_DEPTH="0"'],
    [{ POLICY_PLAN_TTL_SECONDS: '59' }, 'POLICY_PLAN_TTL_SECONDS="59": must be a whole number from 60 to 604800'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL: must be a redis:// or rediss:// URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: must be a redis:// or rediss:// URL'],
    [{ UPSTREAM_RATE_LIMIT: '-1' }, 'UPSTREAM_RATE_LIMIT="-1"'],
    [{ REPLICAS: '0' }, 'REPLICAS="0": must be a whole number from 1 to 1000'],
    [{ IDEMPOTENCY_TTL_SECONDS: '0' }, 'IDEMPOTENCY_TTL_SECONDS="0"'],
    [{ CALLER_SHARE: '0' }, 'CALLER_SHARE="0": must be a share of the window'],
    [{ UNPROVEN_SHARE: '5%' }, 'UNPROVEN_SHARE="5%": must be a number'],
    [{ NEWCOMER_RESERVE: '1' }, 'NEWCOMER_RESERVE="1": must be a share of the window, at least 0 and less than 1'],
    [{ PACE_BURST: '0' }, 'PACE_BURST="0": must be a share of the window, more than 0 and at most 1'],
  ])('refuses %j', (env, message) => {
    expect(() => readGatewayConfig(env)).toThrow(ConfigError);
    expect(() => readGatewayConfig(env)).toThrow(message);
  });

  it('never echoes a credential it refuses', () => {
    expect(() => readGatewayConfig({ UPSTREAM_URL: 'https://user:pw-secret@org.example.com' })).toThrow(
      /^(?!.*pw-secret)/s,
    );
    expect(() => readEmulatorConfig({ EMULATOR_TOKEN: 'has space-secret' })).toThrow(/^(?!.*space-secret)/s);
    expect(() => readGatewayConfig({ REDIS_URL: 'http://:pw-secret@127.0.0.1' })).toThrow(/^(?!.*pw-secret)/s);
  });

  it('reports all problems at once', () => {
    try {
      readEmulatorConfig({
        EMULATOR_PORT: 'x',
        EMULATOR_ENGINE: 'modern',
        EMULATOR_RATE_LIMIT: '-5',
        EMULATOR_ADMIN: 'maybe',
      });
      expect.unreachable();
    } catch (e) {
      expect((e as ConfigError).problems).toHaveLength(4);
    }
  });

  it('reads the emulator settings for npm start only when there is no UPSTREAM_URL', () => {
    expect(readStartConfig({ EMULATOR_ENGINE: 'classic' }).emulator?.engine).toBe('CLASSIC');
    expect(
      readStartConfig({ UPSTREAM_URL: 'http://org.example.com', EMULATOR_ENGINE: 'bad' }).emulator,
    ).toBeUndefined();
    expect(() => readStartConfig({ PORT: '5000', EMULATOR_PORT: '5000' })).toThrow(
      'PORT and EMULATOR_PORT are both 5000',
    );
    expect(readStartConfig({ PORT: '0', EMULATOR_PORT: '0' }).gateway.port).toBe(0);
  });
});
