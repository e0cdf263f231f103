// The gateway's schema as a federation 2.3 subgraph: schema.graphql with the `@key` of every
// entity added by name (Policy and PolicyRule as entity interfaces, each implementation too, UserType
// and Application), the references to other teams' entities (federationSdl.ts), and `_service` /
// `_entities`. Also the SDL `_service` answers: the same definitions without the federation
// machinery, as the subgraph spec asks.
import { mergeTypeDefs } from '@graphql-tools/merge';
import {
  type DefinitionNode,
  type DirectiveNode,
  type DocumentNode,
  Kind,
  parse,
  print,
  type FieldDefinitionNode,
  visit,
} from 'graphql';
import { POLICY_TYPENAME, RULE_TYPENAME } from '../resolvers/typenames.ts';
import { MACHINERY_SDL, REFERENCES_SDL } from './federationSdl.ts';

/** The interfaces that are entities of this subgraph (federation 2.3 entity interfaces). */
export const ENTITY_INTERFACES = ['Policy', 'PolicyRule'] as const;

/** The object types `_entities` resolves, each by `id`: every policy and rule implementation, UserType, Application. */
export function entityObjectTypes(): string[] {
  return [...Object.values(POLICY_TYPENAME), ...Object.values(RULE_TYPENAME), 'UserType', 'Application'];
}

/**
 * Application's members that an applications team's subgraph answers as well (they are the app's
 * own): shareable, so that both subgraphs may define them.
 */
const SHAREABLE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Application: ['id', 'name', 'label', 'status'],
};

const KEY_ID: DirectiveNode = {
  kind: Kind.DIRECTIVE,
  name: { kind: Kind.NAME, value: 'key' },
  arguments: [
    {
      kind: Kind.ARGUMENT,
      name: { kind: Kind.NAME, value: 'fields' },
      value: { kind: Kind.STRING, value: 'id' },
    },
  ],
};

const SHAREABLE: DirectiveNode = { kind: Kind.DIRECTIVE, name: { kind: Kind.NAME, value: 'shareable' } };

/** schema.graphql with `@key(fields: "id")` on each entity and `@shareable` on the shared members. */
function withKeys(base: DocumentNode): DocumentNode {
  const keyed = new Set<string>([...ENTITY_INTERFACES, ...entityObjectTypes()]);
  const withDirective = <T extends { directives?: readonly DirectiveNode[] }>(
    node: T,
    directive: DirectiveNode,
  ): T => ({
    ...node,
    directives: [...(node.directives ?? []), directive],
  });
  return visit(base, {
    ObjectTypeDefinition: (node) => {
      const shared = SHAREABLE_FIELDS[node.name.value];
      const fields: readonly FieldDefinitionNode[] | undefined = shared
        ? node.fields?.map((field) => (shared.includes(field.name.value) ? withDirective(field, SHAREABLE) : field))
        : node.fields;
      const typed = { ...node, fields };
      return keyed.has(node.name.value) ? withDirective(typed, KEY_ID) : typed;
    },
    InterfaceTypeDefinition: (node) => (keyed.has(node.name.value) ? withDirective(node, KEY_ID) : node),
  });
}

/** The definitions of the subgraph's executable schema: schema.graphql and the federation parts. */
export function subgraphTypeDefs(base: DocumentNode): DocumentNode {
  const entityUnion = parse(`union _Entity = ${entityObjectTypes().join(' | ')}`);
  return mergeTypeDefs([withKeys(base), parse(REFERENCES_SDL), parse(MACHINERY_SDL), entityUnion], {
    // The order of schema.graphql stays: the SDL reads as the schema file does.
    sort: false,
    throwOnConflict: true,
  });
}

/** Definitions of the federation machinery: in the executable schema, not in `_service { sdl }`. */
const MACHINERY_TYPES = new Set([
  '_Any',
  '_Service',
  '_Entity',
  'link__Import',
  'link__Purpose',
  'federation__FieldSet',
]);
const MACHINERY_DIRECTIVES = new Set(['link', 'key', 'shareable']);
const MACHINERY_QUERY_FIELDS = new Set(['_service', '_entities']);

/** What `_service { sdl }` answers: the subgraph's definitions with their federation directives, without `_service`, `_entities` and the spec's own types. */
export function subgraphSdl(typeDefs: DocumentNode): string {
  const definitions: DefinitionNode[] = [];
  for (const definition of typeDefs.definitions) {
    if (definition.kind === Kind.DIRECTIVE_DEFINITION && MACHINERY_DIRECTIVES.has(definition.name.value)) continue;
    if ('name' in definition && definition.name && MACHINERY_TYPES.has(definition.name.value)) continue;
    if (definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.name.value === 'Query') {
      definitions.push({
        ...definition,
        fields: definition.fields?.filter((field) => !MACHINERY_QUERY_FIELDS.has(field.name.value)),
      });
      continue;
    }
    definitions.push(definition);
  }
  return print({ kind: Kind.DOCUMENT, definitions });
}
