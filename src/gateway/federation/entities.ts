// `_entities`: each representation `{ __typename, id }` is the object `nodes(ids:)` would give for
// that id, through the request's loaders, so a router's batch of references costs the calls of
// the objects and no more (a repeated id is loaded once). A policy representation may name the
// interface (`Policy`, as a subgraph that sees policies as an `@interfaceObject` sends it) or an
// implementation, which then must be the policy's own type. Also the `_Any` scalar, the `_Entity`
// union's type resolution, the `_service` answer and the references of conditions to groups and
// users, which other subgraphs resolve (apps: applications.ts).
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode, valueFromASTUntyped } from 'graphql';
import type { Application, Policy, UserType } from '../../rest/types.ts';
import type { GatewayContext } from '../context.ts';
import type { Loaders } from '../loaders.ts';
import type { RuleWithPolicyId } from '../resolvers/models.ts';
import { Node } from '../resolvers/nodes.ts';
import { everyRule } from '../resolvers/references.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from '../resolvers/typenames.ts';
import { applicationById, applicationReferenceResolvers } from './applications.ts';

/** A representation as `_Any` parses it: an object with a `__typename`. */
export interface Representation {
  __typename: string;
  [field: string]: unknown;
}

type EntityValue = Policy | RuleWithPolicyId | UserType | Application;

function badRepresentation(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function asRepresentation(value: unknown): Representation {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRepresentation('An entity representation is an object with `__typename` and the key fields.');
  const typename = (value as { __typename?: unknown }).__typename;
  if (typeof typename !== 'string') throw badRepresentation('An entity representation needs a `__typename` string.');
  return value as Representation;
}

export const AnyScalar = new GraphQLScalarType<Representation, unknown>({
  name: '_Any',
  serialize: (value) => value,
  parseValue: asRepresentation,
  parseLiteral: (ast: ValueNode, variables) => {
    if (ast.kind !== Kind.OBJECT) throw badRepresentation('An entity representation is an object literal.');
    return asRepresentation(valueFromASTUntyped(ast, variables));
  },
});

const POLICY_TYPENAMES = new Set<string>(Object.values(POLICY_TYPENAME));
const RULE_TYPENAMES = new Set<string>(Object.values(RULE_TYPENAME));

/** The object a representation stands for; null when nothing of that type has its id. */
export async function entityOf(loaders: Loaders, representation: Representation): Promise<EntityValue | null> {
  const { __typename: typename, id } = representation;
  if (typeof id !== 'string')
    throw badRepresentation(`A ${typename} representation needs its key field \`id\` (a string).`);
  if (typename === 'Policy' || POLICY_TYPENAMES.has(typename)) {
    const policy = await loaders.policy.load(id);
    return policy && (typename === 'Policy' || POLICY_TYPENAME[policy.type] === typename) ? policy : null;
  }
  if (typename === 'PolicyRule' || RULE_TYPENAMES.has(typename)) {
    const rule = (await everyRule(loaders)).find((r) => r.id === id) ?? null;
    return rule && (typename === 'PolicyRule' || RULE_TYPENAME[rule.type] === typename) ? rule : null;
  }
  if (typename === 'UserType') return loaders.userType.load(id);
  if (typename === 'Application') return applicationById(loaders, id);
  throw badRepresentation(`\`${typename}\` is no entity of this subgraph.`);
}

/** Applications are the only entities with a `label` and no `type`. */
function isApplication(value: EntityValue): value is Application {
  return 'label' in value && !('type' in value);
}

/** The id references of a condition's list. */
const references = (ids: readonly string[] | undefined) => (ids ?? []).map((id) => ({ id }));

interface IdList {
  include?: string[];
  exclude?: string[];
}

export function federationResolvers(sdl: string) {
  return {
    _Any: AnyScalar,
    Query: {
      _service: () => ({ sdl }),
      // A list of promises, which graphql-js resolves item by item: one failing representation nulls only its entry.
      _entities: (
        _: unknown,
        { representations }: { representations: Representation[] },
        { loaders }: GatewayContext,
      ) => representations.map((representation) => entityOf(loaders, representation)),
    },
    _Entity: {
      __resolveType: (value: EntityValue) =>
        isApplication(value)
          ? 'Application'
          : Node.__resolveType(value as never, undefined as never, undefined as never),
    },
    GroupCondition: {
      includedGroups: (condition: IdList) => references(condition.include),
      excludedGroups: (condition: IdList) => references(condition.exclude),
    },
    UserCondition: {
      includedUsers: (condition: IdList) => references(condition.include),
      excludedUsers: (condition: IdList) => references(condition.exclude),
    },
    ...applicationReferenceResolvers,
  };
}
