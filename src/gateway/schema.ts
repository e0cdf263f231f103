// The executable schema: the type definitions of schema.graphql with the gateway's resolvers.
import { existsSync, readFileSync } from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { resolvers } from './resolvers/index.ts';

// The build copies schema.graphql next to dist/main.js, so that dist/ runs alone; in the source tree
// it sits at the project root.
export const SCHEMA_PATH = [
  new URL('../schema.graphql', import.meta.url),
  new URL('../../schema.graphql', import.meta.url),
].find((url) => existsSync(url))!;

export function buildSchema(): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: readFileSync(SCHEMA_PATH, 'utf8'),
    resolvers,
    // A resolver for a field the schema does not have is a mistake, not something to ignore.
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
