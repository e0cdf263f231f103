// The example supergraph's router: the subgraphs composed (compose.ts) and served by Hive Gateway,
// forwarding the caller's Authorization header (and Cache-Control) to every subgraph, so that the
// policy gateway reads with the caller's own rights, and keeping the errors of entities that failed
// to load (entityErrors.ts). Run alone, it serves the subgraphs named by
// SUBGRAPHS (`name=url,name=url`) on 127.0.0.1:PORT (0: a free one) and prints its URL.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeSupergraph, type Subgraph, subgraphSdlOf } from './compose.ts';
import { useEntityErrors } from './entityErrors.ts';

/** The headers the router forwards from the client to each subgraph. */
export const FORWARDED_HEADERS = ['authorization', 'cache-control'] as const;

export interface RunningRouter {
  /** The router's GraphQL endpoint (GraphiQL there in a browser). */
  url: string;
  supergraphSdl: string;
  close(): Promise<void>;
}

/** Reads each subgraph's SDL, composes them and serves the supergraph on 127.0.0.1:`port` (0: a free one). */
export async function startRouter(subgraphs: readonly Subgraph[], port = 0): Promise<RunningRouter> {
  const withSdl = await Promise.all(subgraphs.map(async (s) => ({ ...s, sdl: await subgraphSdlOf(s.url) })));
  const supergraphSdl = composeSupergraph(withSdl);
  const gateway = createGatewayRuntime({
    supergraph: supergraphSdl,
    // LOG_LEVEL=debug shows each subgraph request; errors only otherwise.
    logging: (process.env.LOG_LEVEL as 'debug' | 'info' | 'warn' | 'error' | undefined) ?? 'error',
    plugins: () => [useEntityErrors()],
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) =>
        Object.fromEntries(FORWARDED_HEADERS.map((name) => [name, request.headers.get(name)])),
    },
  });
  const server = createServer(gateway);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    supergraphSdl,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await gateway.dispose();
    },
  };
}

/** `name=url,name=url`. */
function subgraphsOf(text: string): Subgraph[] {
  return text.split(',').map((entry) => {
    const at = entry.indexOf('=');
    return { name: entry.slice(0, at), url: entry.slice(at + 1) };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const router = await startRouter(subgraphsOf(process.env.SUBGRAPHS ?? ''), Number(process.env.PORT ?? 0));
  console.log(`router: ${router.url}`);
  const stop = () => void router.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
