// The example client against a gateway started with its own manifest (TRUSTED_DOCUMENTS=
// examples/client/src/gql/persisted-documents.json, as the client preset writes it): the plain fetch
// client sends ids and runs; the same client sending text is refused; Apollo Client 4 names its
// documents by Apollo's persisted-query hash (the manifest's id) and receives a deferred dashboard
// part by part, in order, the rows first and the rules after.
import { fileURLToPath } from 'node:url';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { getOperationAST, parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, GraphQLRequestError } from '../../examples/client/src/client.ts';
import { DeferredDashboard } from '../../examples/client/src/dashboard.ts';
import { passwordPolicies, rulesAllowingReset } from '../../examples/client/src/policies.ts';
import type { RunningGateway } from '../../src/gateway/server.ts';
import { readTrustedManifest } from '../../src/gateway/trustedDocuments.ts';
import { countFromNow, TOKEN } from '../helpers/emulator.ts';
import { startTestGateway, startTestUpstream, type TestUpstream } from '../helpers/gateway.ts';

const MANIFEST_FILE = fileURLToPath(new URL('../../examples/client/src/gql/persisted-documents.json', import.meta.url));
const manifest = readTrustedManifest(MANIFEST_FILE);

let upstream: TestUpstream;
let gateway: RunningGateway;

beforeAll(async () => {
  upstream = await startTestUpstream();
  gateway = await startTestGateway(upstream.client, { trustedDocuments: { manifest } });
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe('examples/client with its manifest as the trusted documents', () => {
  it('holds every document of the client, each by its SHA-256', () => {
    expect(Object.keys(manifest).length).toBeGreaterThanOrEqual(4);
    const printed = Object.values(manifest).map((text) => print(parse(text)));
    expect(printed).toContain(print(parse(DeferredDashboard.toString())));
  });

  it('runs by documentId with the plain fetch client; the same document sent as text is refused', async () => {
    const endpoint = `${gateway.url}/graphql`;
    const trusted = createClient({ endpoint, authorization: `SSWS ${TOKEN}`, trustedDocuments: true });
    const policies = await passwordPolicies(trusted);
    expect(policies.length).toBeGreaterThan(0);
    expect(Array.isArray(await rulesAllowingReset(trusted, policies[0].id))).toBe(true);
    const calls = countFromNow(upstream.emulator);
    const text = createClient({ endpoint, authorization: `SSWS ${TOKEN}` });
    const refusal = await passwordPolicies(text).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GraphQLRequestError);
    expect((refusal as GraphQLRequestError).errors[0].extensions?.code).toBe('PERSISTED_QUERY_ID_REQUIRED');
    expect(calls().total).toBe(0);
  });

  it('Apollo Client 4 names the document by its hash and receives the deferred dashboard part by part, in order', async () => {
    // The manifest's id of each document, by its operation's name (Apollo Client's cache adds
    // `__typename` where a document lacks it, so the document it sends is not always the one hashed).
    const ids = new Map(Object.entries(manifest).map(([id, text]) => [getOperationAST(parse(text))?.name?.value, id]));
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      incrementalHandler: new Defer20220824Handler(),
      link: new PersistedQueryLink({
        generateHash: (document) => ids.get(getOperationAST(document)?.name?.value) ?? '',
      }).concat(new HttpLink({ uri: `${gateway.url}/graphql`, headers: { authorization: `SSWS ${TOKEN}` } })),
    });
    try {
      const seen: { rules: number; dataState: string }[] = [];
      await new Promise<void>((resolve, reject) => {
        const subscription = client.watchQuery({ query: gql(DeferredDashboard.toString()) }).subscribe({
          next(result) {
            if (result.error) reject(result.error);
            const data = result.data as any;
            if (!data?.password) return;
            const rows = [...data.password.nodes, ...data.signOn.nodes];
            seen.push({ rules: rows.filter((row: any) => row.rules).length, dataState: result.dataState });
            if (result.dataState === 'complete') {
              subscription.unsubscribe();
              resolve();
            }
          },
          error: reject,
        });
      });
      // The rows first (no rules yet), then each deferred fragment, until every row has its rules.
      expect(seen[0]).toEqual({ rules: 0, dataState: 'streaming' });
      expect(seen.at(-1)?.dataState).toBe('complete');
      expect(seen.at(-1)?.rules).toBe(2);
      for (let i = 1; i < seen.length; i++) expect(seen[i].rules).toBeGreaterThanOrEqual(seen[i - 1].rules);
    } finally {
      client.stop();
    }
  });
});
