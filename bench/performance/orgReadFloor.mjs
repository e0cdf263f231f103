// The reference of the org-size part: graphql-yoga with its defaults, no plugins and no logging,
// answering the scaling read's query shape (a page of policies with their rules) from the upstream
// with undici and nothing else: one GET per page, one GET per policy's rules, each sent as soon as
// graphql-js resolves its field. The least a GraphQL gateway over the REST service can do for that
// read (the framework, the calls and their JSON); what the gateway adds (limits, budget, shared
// reads, metering, metrics) is its distance from this.
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
import { Pool } from 'undici';

const pool = new Pool(process.env.UPSTREAM_URL, { connections: 64 });

async function get(path, authorization) {
  const res = await pool.request({ method: 'GET', path, headers: { accept: 'application/json', authorization } });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode}`);
  return { body: JSON.parse(text), link: res.headers.link };
}

/** The `after` cursor of a Link header's rel="next", or null. */
function nextCursor(link) {
  for (const part of [link ?? []].flat().join(',').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="next"/.exec(part);
    if (match) return new URL(match[1]).searchParams.get('after');
  }
  return null;
}

const yoga = createYoga({
  schema: createSchema({
    typeDefs: /* GraphQL */ `
      enum PolicyType { PASSWORD }
      type Query { policies(type: PolicyType!, first: Int!, after: String): PolicyConnection! }
      type PolicyConnection { pageInfo: PageInfo! nodes: [Policy!]! }
      type PageInfo { hasNextPage: Boolean! endCursor: String }
      type Policy { id: ID! name: String! rules: [Rule!] }
      type Rule { id: ID! name: String! priority: Int }
    `,
    resolvers: {
      Query: {
        policies: async (_, { type, first, after }, { request }) => {
          const authorization = request.headers.get('authorization') ?? '';
          const cursor = after ? `&after=${encodeURIComponent(after)}` : '';
          const { body, link } = await get(`/api/v1/policies?type=${type}&limit=${first}${cursor}`, authorization);
          const next = nextCursor(link);
          return { nodes: body, authorization, pageInfo: { hasNextPage: next !== null, endCursor: next } };
        },
      },
      PolicyConnection: {
        nodes: (page) => page.nodes.map((policy) => ({ ...policy, authorization: page.authorization })),
      },
      Policy: {
        rules: async (policy) => (await get(`/api/v1/policies/${policy.id}/rules`, policy.authorization)).body,
      },
    },
  }),
  logging: false,
});
const server = createServer(yoga);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`org read floor at http://127.0.0.1:${server.address().port}/graphql`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
