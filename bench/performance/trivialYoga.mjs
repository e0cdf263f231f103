// The references of the throughput comparison: graphql-yoga with its defaults, no plugins and no
// logging, answering the one-policy query's shape. Without UPSTREAM_URL it answers from memory (the
// framework's floor); with it, each answer is one undici GET of the policy from the upstream (the
// least a gateway can do: the framework and the one call, nothing else).
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
import { Pool } from 'undici';

const upstream = process.env.UPSTREAM_URL;
const pool = upstream ? new Pool(upstream, { connections: 64 }) : undefined;
const policy = { id: '00p1', name: 'Default Policy', status: 'ACTIVE', priority: 1, type: 'PASSWORD' };

async function fetchPolicy(id, authorization) {
  const res = await pool.request({
    method: 'GET',
    path: `/api/v1/policies/${encodeURIComponent(id)}`,
    headers: { accept: 'application/json', authorization },
  });
  return res.body.json();
}

const yoga = createYoga({
  schema: createSchema({
    typeDefs: /* GraphQL */ `
      type Query { policy(id: ID!): Policy }
      type Policy { id: ID! name: String! status: String! priority: Int! type: String! }
    `,
    resolvers: {
      Query: {
        policy: (_, { id }, { request }) =>
          pool ? fetchPolicy(id, request.headers.get('authorization') ?? '') : { ...policy, id },
      },
    },
  }),
  logging: false,
});
const server = createServer(yoga);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`trivial yoga at http://127.0.0.1:${server.address().port}/graphql`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
