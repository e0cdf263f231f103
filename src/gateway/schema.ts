// The executable schema: the type definitions of schema.graphql with the gateway's resolvers.
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { resolvers } from './resolvers/index.ts';
import { schemaDocument } from './schemaSource.ts';

export { SCHEMA_PATH } from './schemaSource.ts';

export function buildSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: schemaDocument(),
    resolvers,
    // A resolver for a field the schema does not have is a mistake, not something to ignore.
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
