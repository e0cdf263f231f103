// The benchmark's GraphQL client: one kept-alive pool to the gateway; an answer with errors throws.
import { Pool } from 'undici';

// biome-ignore lint/suspicious/noExplicitAny: each operation reads the few members it needs from its answer
export type Gql = <T = any>(query: string, variables?: Record<string, unknown>) => Promise<T>;

export function graphqlClient(origin: string, authorization: string): { gql: Gql; close(): Promise<void> } {
  const pool = new Pool(origin, { connections: 64 });
  const gql: Gql = async (query, variables) => {
    const res = await pool.request({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await res.body.json()) as { data?: unknown; errors?: unknown[] };
    if (res.statusCode !== 200 || answer.errors) {
      throw new Error(`GraphQL answered ${res.statusCode}: ${JSON.stringify(answer.errors ?? answer).slice(0, 500)}`);
    }
    return answer.data as never;
  };
  return { gql, close: () => pool.close() };
}
