// The executable schema: the type definitions of schema.graphql with the gateway's resolvers.
import { readFileSync } from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { resolvers } from './resolvers/index.ts';

export const SCHEMA_PATH = new URL('../../schema.graphql', import.meta.url);

export function buildSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers,
    // A resolver for a field the schema does not have is a mistake, not something to ignore.
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
