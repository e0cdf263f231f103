// The cost link of examples/client/src/costLink.ts in Apollo Client against the emulator: each
// answer's `extensions.cost`, which Apollo Client keeps from its callers, reaches the link's callback
// with the operation's name, refusals included, and the data still reaches the caller.
import { ApolloClient, ApolloLink, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { costLink, type OperationCost } from '../../examples/client/src/costLink.ts';
import type { CostExtension } from '../../src/gateway/plugins/cost.ts';
import { TOKEN } from '../helpers/emulator.ts';
import { startTestStack, type TestStack } from '../helpers/gateway.ts';

let stack: TestStack;
let client: ApolloClient;
const seen: { cost: OperationCost; operationName: string | undefined }[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  client = new ApolloClient({
    cache: new InMemoryCache(),
    link: ApolloLink.from([
      costLink((cost, operationName) => seen.push({ cost, operationName })),
      new HttpLink({ uri: `${stack.url}/graphql`, headers: { authorization: `SSWS ${TOKEN}` } }),
    ]),
  });
});
afterAll(async () => {
  client?.stop();
  await stack?.close();
});

describe('costLink (examples/client)', () => {
  it('reads what the gateway sends', () => {
    expectTypeOf<CostExtension>().toExtend<OperationCost>();
  });

  it("hands each answer's extensions.cost to its callback, and the data to the caller", async () => {
    const { data } = await client.query<{ policies: { nodes: { id: string }[] } }>({
      query: gql`query Passwords { policies(type: PASSWORD) { nodes { id } } }`,
    });
    expect(data?.policies.nodes.length).toBeGreaterThan(0);
    expect(seen).toEqual([
      {
        operationName: 'Passwords',
        cost: {
          estimate: { calls: 1, size: expect.any(Number) },
          calls: 1,
          limits: { calls: expect.any(Number), size: expect.any(Number), responseBytes: expect.any(Number) },
          throttleStatus: null, // the emulator sends no rate-limit headers unless asked to
        },
      },
    ]);
  });

  it('hands it over for a refused document too', async () => {
    seen.length = 0;
    const error = await client
      .query({ query: gql`query Typo { policies(type: PASSWORD) { nodez { id } } }`, fetchPolicy: 'no-cache' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(seen).toEqual([{ operationName: 'Typo', cost: expect.objectContaining({ estimate: null, calls: 0 }) }]);
  });
});
