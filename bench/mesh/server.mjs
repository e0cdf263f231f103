// GraphQL Mesh over the same REST services, for the bench's one-policy throughput comparison: the
// emulator's OpenAPI document (GET /__emulator/openapi.json) loaded by Mesh's OpenAPI source,
// composed by Mesh's compose library and served by Hive Gateway's runtime (what `mesh-compose` and
// `hive-gateway supergraph` do, in one process), forwarding the client's Authorization header.
// Env: UPSTREAM_URL, UPSTREAM_TOKEN (to read the document), PORT (0: any). Prints its URL.
import { createServer } from 'node:http';
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { getComposedSchemaFromConfig } from '@graphql-mesh/compose-cli';
import { loadOpenAPISubgraph } from '@omnigraph/openapi';

const upstream = process.env.UPSTREAM_URL;
// The runtime disposes itself on a signal but leaves the process running: a bench process must stop.
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => process.exit(0));
const quiet = { name: 'mesh', log() {}, info() {}, warn() {}, debug() {}, error: console.error, child: () => quiet };

const supergraph = await getComposedSchemaFromConfig(
  {
    subgraphs: [
      {
        sourceHandler: loadOpenAPISubgraph('Policies', {
          source: `${upstream}/__emulator/openapi.json`,
          schemaHeaders: { authorization: `SSWS ${process.env.UPSTREAM_TOKEN}` },
          endpoint: upstream,
          operationHeaders: { authorization: '{context.headers.authorization}' },
        }),
      },
    ],
  },
  quiet,
).catch((error) => {
  // Handles stay open after a failed composition: exit, so that the bench sees it.
  console.error(error);
  process.exit(1);
});

const gateway = createGatewayRuntime({ supergraph, logging: false, graphqlEndpoint: '/graphql' });
const server = createServer(gateway);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`mesh at http://127.0.0.1:${server.address().port}/graphql`);
});
