// The custom scalars. DateTime travels as the service's ISO 8601 string; JSON passes any value.
// Their descriptions are schema.graphql's: only the behaviour is defined here.
import { GraphQLError, GraphQLScalarType, type GraphQLScalarTypeConfig, Kind, type ValueNode } from 'graphql';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

function asDateTime(value: unknown): string {
  if (typeof value === 'string' && ISO_8601.test(value) && !Number.isNaN(Date.parse(value))) return value;
  throw new GraphQLError(`DateTime must be an ISO 8601 timestamp, got ${JSON.stringify(value)}`);
}

/**
 * A scalar without a description of its own: graphql-tools copies every member of a resolver's
 * scalar onto the schema's, and an undefined `description` would erase the one schema.graphql gives.
 */
function scalarBehaviour<TInternal, TExternal>(
  config: Omit<GraphQLScalarTypeConfig<TInternal, TExternal>, 'description'>,
): GraphQLScalarType<TInternal, TExternal> {
  const scalar = new GraphQLScalarType(config);
  Reflect.deleteProperty(scalar, 'description');
  return scalar;
}

export const DateTime = scalarBehaviour<string, string>({
  name: 'DateTime',
  serialize: asDateTime,
  parseValue: asDateTime,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string literal', { nodes: ast });
    return asDateTime(ast.value);
  },
});

export const JSONScalar = scalarBehaviour<unknown, unknown>({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => literalValue(ast, variables),
});

function literalValue(ast: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map((v) => literalValue(v, variables));
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalValue(f.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[ast.name.value];
  }
}
