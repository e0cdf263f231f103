// Composition of the example supergraph: each subgraph's SDL read from its `_service { sdl }`,
// composed with @theguild/federation-composition; a composition error fails with every error named.
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';

export interface Subgraph {
  name: string;
  /** Its GraphQL endpoint. */
  url: string;
}

/** A subgraph's SDL, read from its `_service { sdl }`. */
export async function subgraphSdlOf(url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = (await response.json()) as { data?: { _service?: { sdl?: string } }; errors?: unknown };
  const sdl = body.data?._service?.sdl;
  if (typeof sdl !== 'string') throw new Error(`${url} has no _service { sdl }: ${JSON.stringify(body.errors)}`);
  return sdl;
}

/** The supergraph SDL of the subgraphs (given as SDL texts); composition errors are thrown, every one named. */
export function composeSupergraph(subgraphs: readonly (Subgraph & { sdl: string })[]): string {
  const result = composeServices(subgraphs.map(({ name, url, sdl }) => ({ name, url, typeDefs: parse(sdl) })));
  if (!result.supergraphSdl) {
    throw new Error(`composition failed:\n${(result.errors ?? []).map((e) => `- ${e.message}`).join('\n')}`);
  }
  return result.supergraphSdl;
}
