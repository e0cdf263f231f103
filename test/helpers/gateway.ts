// A whole stack for tests: a real emulator on a random port and a gateway on a random port over
// an UpstreamClient to it, with a small GraphQL client that speaks real HTTP.
import type { GraphQLSchema } from 'graphql';
import type { EmulatorOptions } from '../../src/emulator/index.ts';
import { createRedactingLogger, startGateway, type Gateway } from '../../src/gateway/server.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { startTestEmulator, TOKEN, type TestEmulator } from './emulator.ts';

export interface GqlResult<T = any> {
  data?: T;
  errors?: any[];
}

export interface TestStack {
  emulator: TestEmulator;
  /** Gateway base URL, e.g. http://127.0.0.1:PORT; GraphQL is at `${url}/graphql`. */
  url: string;
  /** The yoga app, for in-process `yoga.fetch` requests. */
  yoga: Gateway;
  upstream: UpstreamClient;
  /** One GraphQL request over HTTP; default auth `SSWS ${TOKEN}`, `auth: null` sends no header. */
  gql<T = any>(query: string, variables?: Record<string, unknown>, opts?: { auth?: string | null }): Promise<GqlResult<T>>;
  close(): Promise<void>;
}

export async function startTestStack(
  options: { emulator?: Partial<EmulatorOptions>; schema?: GraphQLSchema } = {},
): Promise<TestStack> {
  const emulator = await startTestEmulator(options.emulator);
  const upstream = new UpstreamClient({ baseUrl: emulator.url });
  const gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    upstream,
    schema: options.schema,
    // Masked errors are expected in tests; keep the output quiet.
    logger: createRedactingLogger('silent'),
  });
  const gql = async <T = any>(query: string, variables?: Record<string, unknown>, opts: { auth?: string | null } = {}) => {
    const auth = opts.auth === undefined ? `SSWS ${TOKEN}` : opts.auth;
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(auth === null ? {} : { authorization: auth }) },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as GqlResult<T>;
  };
  return {
    emulator,
    url: gateway.url,
    yoga: gateway.yoga,
    upstream,
    gql,
    close: async () => {
      await gateway.close();
      await upstream.close();
      await emulator.close();
    },
  };
}
