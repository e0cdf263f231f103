// GraphQL Mesh for the one-policy throughput comparison, when it is installed for the bench
// (`npm install --prefix bench/mesh`: a manifest of its own, never a dependency of the project). It
// runs as its own process (bench/mesh/server.mjs) over the same emulator; absent, the bench says so
// in its report and goes on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LoadRequest } from './load.ts';
import { type BenchProcess, startBenchProcess } from './processes.ts';

const MANIFEST = new URL('../mesh/package.json', import.meta.url);
const PACKAGES = ['@graphql-hive/gateway-runtime', '@graphql-mesh/compose-cli', '@omnigraph/openapi'];

/** The installed Mesh packages with their versions, or why Mesh is not there. */
export function meshPackages(): { versions: string } | { absent: string } {
  const require = createRequire(MANIFEST);
  try {
    const versions = PACKAGES.map((name) => {
      const manifest = require.resolve(`${name}/package.json`);
      return `${name}@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
    });
    return { versions: versions.join(', ') };
  } catch {
    return { absent: 'GraphQL Mesh is not installed for the bench (`npm install --prefix bench/mesh`): not compared.' };
  }
}

/** Mesh over the emulator at `upstreamUrl`; `token` reads its OpenAPI document. */
export function startMesh(upstreamUrl: string, token: string): Promise<BenchProcess> {
  return startBenchProcess(
    'bench/mesh/server.mjs',
    { UPSTREAM_URL: upstreamUrl, UPSTREAM_TOKEN: token, PORT: '0' },
    /mesh at (http:\/\/[^\s/]+)\/graphql/,
  );
}

/** The one-policy query in Mesh's schema (generated from the OpenAPI document: a union of the answer and the error). */
const MESH_ONE_POLICY = `query OnePolicy($id: NonEmptyString!) {
  getPolicy(policyId: $id) { ... on getPolicy_200_response { id name status priority type } }
}`;

export function meshOnePolicyRequest(policyId: string, authorization: string): LoadRequest {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query: MESH_ONE_POLICY, variables: { id: policyId } }),
    accept: (text) => text.includes(policyId) && !text.includes('"errors"'),
  };
}
