// The yoga server: auth from the request header (no header, no upstream call), masked unexpected
// errors, GraphiQL, a log without credentials, and loaders that live for one request only. Most
// tests use a small schema of their own over the real context and loaders, so that they check the
// server and not the resolvers.
import { makeExecutableSchema } from '@graphql-tools/schema';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { GatewayContext } from '../../src/gateway/context.ts';
import { toGraphQLError } from '../../src/errors/graphql.ts';
import { redact } from '../../src/gateway/logger.ts';
import { createGateway, startGateway } from '../../src/gateway/server.ts';
import { UpstreamClient } from '../../src/upstream/client.ts';
import { countRequests, TOKEN } from '../helpers/emulator.ts';
import { useStack } from '../helpers/gateway.ts';
import { captureLogs, silentLogger } from '../helpers/logs.ts';
import { postGraphql } from '../helpers/graphqlClient.ts';
import { serviceClient } from '../helpers/oauthTokens.ts';

const schema = makeExecutableSchema<GatewayContext>({
  typeDefs: /* GraphQL */ `
    type Query {
      policy(id: ID!): Policy
      passwordPolicies: [Policy!]!
      boom: String
      leak: String
    }
    type Policy {
      id: ID!
      name: String!
    }
  `,
  resolvers: {
    Query: {
      policy: (_: unknown, { id }: { id: string }, ctx: GatewayContext) =>
        ctx.loaders.policy.load(id).catch((e) => Promise.reject(toGraphQLError(e))),
      passwordPolicies: async (_: unknown, __: unknown, ctx: GatewayContext) => {
        try {
          return (await ctx.loaders.policyPage.load({ type: 'PASSWORD' })).items;
        } catch (e) {
          throw toGraphQLError(e);
        }
      },
      boom: () => {
        throw new Error('internal detail at /srv/app/secret.ts:12');
      },
      leak: (_: unknown, __: unknown, ctx: GatewayContext & { request: Request }) => {
        throw new Error(`failed for ${ctx.request.headers.get('authorization')}`);
      },
    },
  },
});

const stack = useStack({ schema });

async function defaultPasswordPolicyId(): Promise<string> {
  return (await stack().emulator.call('GET', '/api/v1/policies?type=PASSWORD')).body[0].id;
}

describe('authentication', () => {
  it('answers UNAUTHENTICATED without any upstream call when there is no header', async () => {
    const id = await defaultPasswordPolicyId();
    const { result: res, total } = await countRequests(stack().emulator, () =>
      stack().gql('query($id: ID!) { policy(id: $id) { id } passwordPolicies { id } }', { id }, { auth: null }),
    );
    expect(res.data).toBeNull(); // passwordPolicies is non-null, so the error reaches the root
    expect(res.errors!.map((e) => e.extensions.code)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
    expect(total).toBe(0);
  });

  it.each(['Basic dXNlcjpwYXNz', 'SSWS', 'Bearer ', 'Token abc', 'SSWStest-token'])(
    'treats %j as no header',
    async (auth) => {
      const { result: res, total } = await countRequests(stack().emulator, () =>
        stack().gql('{ policy(id: "00p1") { id } }', undefined, { auth }),
      );
      expect(res.errors![0].extensions.code).toBe('UNAUTHENTICATED');
      expect(total).toBe(0);
    },
  );

  it('serves __typename and introspection without a header', async () => {
    expect((await stack().gql('{ __typename }', undefined, { auth: null })).data).toEqual({ __typename: 'Query' });
    const res = await stack().gql('{ __schema { queryType { fields { name } } } }', undefined, { auth: null });
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.queryType.fields.map((f: { name: string }) => f.name)).toContain('policy');
  });

  it('forwards SSWS and Bearer headers (an API token, an access token), with any letter case of the scheme', async () => {
    const id = await defaultPasswordPolicyId();
    const accessToken = await (await serviceClient(stack().emulator)).token('okta.policies.read');
    for (const auth of [`SSWS ${TOKEN}`, `Bearer ${accessToken}`, `ssws ${TOKEN}`, `bearer ${accessToken}`]) {
      const res = await stack().gql('query($id: ID!) { policy(id: $id) { id name } }', { id }, { auth });
      expect(res).toEqual({
        data: { policy: { id, name: 'Default Policy' } },
        extensions: { cost: expect.any(Object) },
      });
    }
  });

  it('maps the upstream 401 of a wrong token to UNAUTHENTICATED with the upstream identifiers', async () => {
    const res = await stack().gql('{ policy(id: "00p1") { id } }', undefined, { auth: 'SSWS wrong' });
    expect(res.data).toEqual({ policy: null });
    expect(res.errors![0]).toMatchObject({
      path: ['policy'],
      extensions: {
        code: 'UNAUTHENTICATED',
        upstream: { status: 401, errorCode: 'E0000011', errorId: expect.any(String) },
      },
    });
  });
});

describe('errors', () => {
  it('masks unexpected errors: a generic message, no stack, no detail', async () => {
    const res = await stack().gql('{ boom __typename }');
    expect(res.data).toEqual({ boom: null, __typename: 'Query' });
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0].message).toBe('Unexpected error.');
    expect(res.errors![0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(JSON.stringify(res)).not.toMatch(/secret|srv|stack/);
  });

  it('lets the rest of the query resolve when the upstream is unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const upstream = new UpstreamClient({ baseUrl: `http://127.0.0.1:${port}` });
    const yoga = createGateway({ upstream, schema, logger: silentLogger() });
    try {
      const { body } = await postGraphql('http://gateway/graphql', '{ __typename policy(id: "00p1") { id } }', {
        auth: `SSWS ${TOKEN}`,
        fetch: yoga.fetch,
      });
      expect(body.data).toEqual({ __typename: 'Query', policy: null });
      expect(body.errors[0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(JSON.stringify(body)).not.toContain(String(port));
    } finally {
      await upstream.close();
    }
  });
});

describe('loaders', () => {
  it('are shared by the fields of one request and never between requests', async () => {
    const id = await defaultPasswordPolicyId();
    const { byRoute } = await countRequests(stack().emulator, async () => {
      const res = await stack().gql(
        'query($id: ID!) { a: policy(id: $id) { id } b: policy(id: $id) { name } passwordPolicies { id } }',
        { id },
      );
      expect(res.errors).toBeUndefined();
      await stack().gql('query($id: ID!) { policy(id: $id) { id } }', { id });
    });
    expect(byRoute).toEqual({ 'GET /api/v1/policies/{policyId}': 2, 'GET /api/v1/policies': 1 });
  });
});

describe('HTTP', () => {
  it('serves GraphiQL on GET /graphql for a browser', async () => {
    const res = await fetch(`${stack().url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Policy GraphQL gateway');
    expect(html).not.toContain(TOKEN);
  });

  it('answers in-process through yoga.fetch', async () => {
    const res = await stack().yoga.fetch('http://gateway/graphql?query=%7B__typename%7D', {
      headers: { accept: 'application/json' },
    });
    expect(await res.json()).toEqual({ data: { __typename: 'Query' }, extensions: { cost: expect.any(Object) } });
  });

  it('listens on a random port and closes', async () => {
    const upstream = new UpstreamClient({ baseUrl: stack().emulator.url });
    const gateway = await startGateway({ port: 0, upstream, schema, logger: silentLogger() });
    expect(gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${gateway.url}/graphql?query=%7B__typename%7D`)).json()).toEqual({
      data: { __typename: 'Query' },
      extensions: { cost: expect.any(Object) },
    });
    await gateway.close();
    await upstream.close();
    await expect(fetch(`${gateway.url}/graphql?query=%7B__typename%7D`)).rejects.toThrow();
  });
});

describe('logging', () => {
  it('never writes a credential, even when an error message carries one', async () => {
    const logs = captureLogs('trace');
    const upstream = new UpstreamClient({ baseUrl: stack().emulator.url });
    const yoga = createGateway({ upstream, schema, logger: logs.logger });
    try {
      const res = await yoga.fetch('http://gateway/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `SSWS ${TOKEN}` },
        body: JSON.stringify({ query: '{ leak }' }),
      });
      expect((await res.json()).errors[0].message).toBe('Unexpected error.');
    } finally {
      await upstream.close();
    }
    expect(logs.text()).toContain('failed for SSWS [redacted]');
    expect(logs.text()).not.toContain(TOKEN);
  });

  it('redacts strings, errors and authorization members', () => {
    expect(redact('Bearer abc.def and SSWS 123')).toBe('Bearer [redacted] and SSWS [redacted]');
    expect(redact({ headers: { Authorization: 'anything', other: 'Bearer x' } })).toEqual({
      headers: { Authorization: '[redacted]', other: 'Bearer [redacted]' },
    });
    const e = redact(new TypeError('with SSWS tok')) as Error;
    expect([e.name, e.message]).toEqual(['TypeError', 'with SSWS [redacted]']);
    expect(e.stack).not.toContain('tok\n');
  });
});
