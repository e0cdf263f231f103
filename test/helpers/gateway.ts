// A whole stack for tests: a real emulator on a random port and a gateway on a random port over
// an UpstreamClient to it, with a small GraphQL client that speaks real HTTP. The emulator and
// its client alone serve the tests of the client and of what is built directly on it.
import type { GraphQLSchema } from 'graphql';
import type { EmulatorOptions } from '../../packages/emulator/src/emulator/index.ts';
import { buildSchema } from '../../src/gateway/schema.ts';
import { type GatewayOptions, type RunningGateway, startGateway, type Gateway } from '../../src/gateway/server.ts';
import { UpstreamClient, type RestApi, type UpstreamClientOptions } from '../../src/upstream/client.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from './emulator.ts';
import { type GqlClient, graphqlClient } from './graphqlClient.ts';
import { useForTests } from './lifecycle.ts';

export type { GqlResult } from './graphqlClient.ts';
import { silentLogger } from './logs.ts';

/** A real emulator with an UpstreamClient to it. */
export interface TestUpstream {
  emulator: TestEmulator;
  client: UpstreamClient;
  /** The client speaking for a caller with the test token: each read is a new operation, with its own limits. */
  readonly api: RestApi;
  /** Closes the client, then the emulator. */
  close(): Promise<void>;
}

export async function startTestUpstream(
  options: Partial<EmulatorOptions> = {},
  clientOptions: Omit<UpstreamClientOptions, 'baseUrl'> = {},
): Promise<TestUpstream> {
  const emulator = await startTestEmulator(options);
  const client = new UpstreamClient({ baseUrl: emulator.url, ...clientOptions });
  return {
    emulator,
    client,
    get api() {
      return client.forCaller(`SSWS ${TOKEN}`);
    },
    close: async () => {
      await client.close();
      await emulator.close();
    },
  };
}

/** Starts one emulator and client for the test file (or describe block), puts the org back to the fixture before each test and closes both after all. */
export function useUpstream(): () => TestUpstream {
  return useForTests('the emulator and its client', {
    start: () => startTestUpstream(),
    reset: async (upstream) => {
      await upstream.emulator.reset();
      await upstream.client.invalidateCache();
    },
    close: (upstream) => upstream.close(),
  });
}

let schema: GraphQLSchema | undefined;
/**
 * The gateway's schema, built once and handed to the test gateways: building it is most of what
 * starting a gateway costs, and a gateway only reads it (its answer meter wraps a schema once).
 */
export function gatewaySchema(): GraphQLSchema {
  schema ??= buildSchema();
  return schema;
}

/** What a test gateway may set besides its upstream: anything startGateway takes. */
export type TestGatewayOptions = Partial<Omit<Parameters<typeof startGateway>[0], 'upstream'>>;

/**
 * A gateway on a free port of 127.0.0.1 over `upstream`, with the shared schema (gatewaySchema())
 * and no log output, unless `options` say otherwise.
 */
export function startTestGateway(upstream: UpstreamClient, options: TestGatewayOptions = {}): Promise<RunningGateway> {
  // Masked errors are expected in tests; keep the output quiet.
  return startGateway({
    port: 0,
    host: '127.0.0.1',
    schema: gatewaySchema(),
    logger: silentLogger(),
    upstream,
    ...options,
  });
}

export interface TestStack {
  emulator: TestEmulator;
  /** Gateway base URL, e.g. http://127.0.0.1:PORT; GraphQL is at `${url}/graphql`. */
  url: string;
  /** The yoga app, for in-process `yoga.fetch` requests. */
  yoga: Gateway;
  upstream: UpstreamClient;
  /** One GraphQL request over HTTP; default auth `SSWS ${TOKEN}`, `auth: null` sends no header; extra `headers`. */
  gql: GqlClient;
  close(): Promise<void>;
}

export interface TestStackOptions {
  emulator?: Partial<EmulatorOptions>;
  /** A schema of the test's own over the real context and loaders; default: the gateway's. */
  schema?: GraphQLSchema;
  /** Upstream client settings (retries, operation limits, jitter source). */
  client?: Omit<UpstreamClientOptions, 'baseUrl'>;
  queryLimits?: GatewayOptions['queryLimits'];
  /** Where policy plans are kept; default: a store in process with the default budget. */
  policyPlans?: GatewayOptions['policyPlans'];
  /** Browser origins allowed (CORS_ORIGINS); default none. */
  corsOrigins?: GatewayOptions['corsOrigins'];
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const {
    emulator,
    client: upstream,
    close: closeUpstream,
  } = await startTestUpstream(options.emulator, options.client);
  const gateway = await startTestGateway(upstream, {
    schema: options.schema ?? gatewaySchema(),
    queryLimits: options.queryLimits,
    policyPlans: options.policyPlans,
    corsOrigins: options.corsOrigins,
  });
  return {
    emulator,
    url: gateway.url,
    yoga: gateway.yoga,
    upstream,
    gql: graphqlClient(gateway.url, `SSWS ${TOKEN}`),
    close: async () => {
      await gateway.close();
      await closeUpstream();
    },
  };
}

/** Starts one stack for the test file (or describe block), resets the emulator's org before each test and closes it after all. */
export function useStack(options: TestStackOptions = {}): () => TestStack {
  return useForTests('the stack', {
    start: () => startTestStack(options),
    // The org is back to its fixture behind the gateway's back: nothing read before may be served.
    reset: async (stack) => {
      await stack.emulator.reset();
      await stack.upstream.invalidateCache();
    },
    close: (stack) => stack.close(),
  });
}
