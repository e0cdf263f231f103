// The floor of the throughput comparison: graphql-yoga with its defaults answering the one-policy
// query's shape from memory, with no upstream, no plugins and no logging.
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';

const policy = { id: '00p1', name: 'Default Policy', status: 'ACTIVE', priority: 1, type: 'PASSWORD' };
const yoga = createYoga({
  schema: createSchema({
    typeDefs: /* GraphQL */ `
      type Query { policy(id: ID!): Policy }
      type Policy { id: ID! name: String! status: String! priority: Int! type: String! }
    `,
    resolvers: { Query: { policy: (_, { id }) => ({ ...policy, id }) } },
  }),
  logging: false,
});
const server = createServer(yoga);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`trivial yoga at http://127.0.0.1:${server.address().port}/graphql`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
