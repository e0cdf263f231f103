// The executable schema: the type definitions of schema.graphql with the gateway's resolvers; with
// `federation`, also the parts that make it a federation subgraph (federation/subgraph.ts).
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { federationResolvers } from './federation/entities.ts';
import { subgraphSdl, subgraphTypeDefs } from './federation/subgraph.ts';
import { resolvers } from './resolvers/index.ts';
import { schemaDocument } from './schemaSource.ts';

export { SCHEMA_PATH } from './schemaSource.ts';

export interface SchemaOptions {
  /** FEDERATION: `@key`, `_service` and `_entities`, and the references to other teams' entities. */
  federation?: boolean;
}

export function buildSchema(options: SchemaOptions = {}): GraphQLSchema {
  const typeDefs = options.federation ? subgraphTypeDefs(schemaDocument()) : schemaDocument();
  return makeExecutableSchema({
    typeDefs,
    resolvers: options.federation ? [resolvers, federationResolvers(subgraphSdl(typeDefs))] : resolvers,
    // A resolver for a field the schema does not have is a mistake, not something to ignore.
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
}
