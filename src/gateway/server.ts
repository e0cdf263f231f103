// The yoga application and its HTTP server. Unexpected errors are masked, GraphQLErrors with
// extensions pass; the context is built per request from the caller's Authorization header; the
// log never shows a credential.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLSchema } from 'graphql';
import { createLogger, createYoga, type LogLevel, type YogaLogger, type YogaServerInstance } from 'graphql-yoga';
import { HTTP_DEFAULTS, type HttpLimits } from '../config/gateway.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { createContext, type GatewayContext } from './context.ts';
import { corsPolicy } from './cors.ts';
import { useNoOriginalError } from './plugins/errorHygiene.ts';
import { useNoIntrospection } from './plugins/introspection.ts';
import { useJsonOnly } from './plugins/jsonOnly.ts';
import { useGraphiQL } from './plugins/graphiql.ts';
import { useSchemaFile } from './plugins/schemaFile.ts';
import { buildSchema } from './schema.ts';

export const GRAPHQL_PATH = '/graphql';

export type Gateway = YogaServerInstance<Record<string, never>, GatewayContext>;

export interface GatewayOptions {
  upstream: UpstreamClient;
  /** Default: the schema of schema.graphql with the gateway's resolvers. */
  schema?: GraphQLSchema;
  /** Default: a console logger at `info` that redacts credentials. */
  logger?: YogaLogger;
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
}

export function createGateway(options: GatewayOptions): Gateway {
  const http = { ...HTTP_DEFAULTS, ...options.http };
  return createYoga<Record<string, never>, GatewayContext>({
    schema: options.schema ?? buildSchema(),
    graphqlEndpoint: GRAPHQL_PATH,
    maxRequestBodySize: http.maxBodyBytes,
    multipart: false,
    cors: corsPolicy(options.corsOrigins),
    plugins: [
      useJsonOnly(GRAPHQL_PATH),
      options.introspection === false ? useNoIntrospection() : {},
      useNoOriginalError(),
      // The SDL tells what introspection does: served only where introspection is.
      options.introspection === false ? {} : useSchemaFile(),
      options.graphiql === false
        ? {}
        : useGraphiQL({
            graphqlPath: GRAPHQL_PATH,
            title: 'Policy GraphQL gateway',
            emulatorToken: options.emulatorToken,
          }),
    ],
    graphiql: false, // served by useGraphiQL above: a small page and cacheable, precompressed assets
    // isDev false: never attach the original error or its stack, whatever NODE_ENV says.
    maskedErrors: { isDev: false },
    logging: options.logger ?? createRedactingLogger('info'),
    context: ({ request }) => createContext(options.upstream, request.headers.get('authorization')),
  });
}

export interface RunningGateway {
  /** Base URL, e.g. http://127.0.0.1:4000 (GraphQL is served at `${url}/graphql`). */
  url: string;
  yoga: Gateway;
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions & { port: number; host?: string }): Promise<RunningGateway> {
  const yoga = createGateway(options);
  const http = { ...HTTP_DEFAULTS, ...options.http };
  const server = createServer(
    {
      // A client that sends headers or a body too slowly is cut off, so idle sockets cannot starve others.
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      keepAliveTimeout: http.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, http.headersTimeoutMs),
    },
    yoga,
  );
  server.maxConnections = http.maxConnections;
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still running get a moment to finish, then their connections are cut.
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      }),
  };
}

const CREDENTIAL = /\b(SSWS|Bearer)\s+[^\s"',;]+/gi;

/** A yoga logger that replaces every `SSWS …` / `Bearer …` credential and every authorization member with [redacted]. */
export function createRedactingLogger(level: LogLevel | 'silent', base: YogaLogger = createLogger(level)): YogaLogger {
  const wrap =
    (log: (...args: unknown[]) => void) =>
    (...args: unknown[]) =>
      log(...args.map(redact));
  return { debug: wrap(base.debug), info: wrap(base.info), warn: wrap(base.warn), error: wrap(base.error) };
}

export function redact(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CREDENTIAL, '$1 [redacted]');
  if (value instanceof Error) {
    const copy = new Error(redact(value.message) as string);
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : (redact(value.stack) as string);
    return copy;
  }
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.parse(
        JSON.stringify(value, (key, v: unknown) =>
          /^authorization$/i.test(key) ? '[redacted]' : typeof v === 'string' ? redact(v) : v,
        ),
      );
    } catch {
      return '[unserializable value]';
    }
  }
  return value;
}
