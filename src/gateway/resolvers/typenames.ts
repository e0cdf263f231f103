// The GraphQL implementation of each REST policy and rule type, for `__resolveType`, read from the
// schema: each implementation of Policy and PolicyRule names its REST type with `@restType`, so a new
// type is written in schema.graphql alone.
import { Kind, type ObjectTypeDefinitionNode, type ValueNode } from 'graphql';
import { POLICY_TYPES, type PolicyType, RULE_TYPES, type RuleType } from '../../rest/types.ts';
import type { PolicyResolvers, PolicyRuleResolvers } from '../../generated/graphql.ts';
import { schemaDocument } from '../schemaSource.ts';

/** The object type names that implement an interface, as the generated `__resolveType` accepts them. */
type ImplementationOf<R extends { __resolveType: (...args: never[]) => unknown }> = NonNullable<
  Awaited<ReturnType<R['__resolveType']>>
>;

export const POLICY_TYPENAME = implementationsBy('policy', POLICY_TYPES) as Record<
  PolicyType,
  ImplementationOf<PolicyResolvers>
>;

export const RULE_TYPENAME = implementationsBy('rule', RULE_TYPES) as Record<
  RuleType,
  ImplementationOf<PolicyRuleResolvers>
>;

/**
 * REST type -> object type name, from every `@restType(<argument>: X)` of the schema. A REST type
 * without exactly one implementation is a mistake in the schema: the gateway does not start.
 */
function implementationsBy(argument: 'policy' | 'rule', restTypes: readonly string[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const definition of schemaDocument().definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
    const restType = restTypeOf(definition, argument);
    if (restType === undefined) continue;
    if (names[restType]) throw new Error(`schema.graphql: two implementations for the REST type ${restType}`);
    names[restType] = definition.name.value;
  }
  const missing = restTypes.filter((type) => !names[type]);
  if (missing.length) throw new Error(`schema.graphql: no @restType(${argument}:) for ${missing.join(', ')}`);
  return names;
}

function restTypeOf(definition: ObjectTypeDefinitionNode, argument: string): string | undefined {
  const directive = definition.directives?.find((d) => d.name.value === 'restType');
  const value: ValueNode | undefined = directive?.arguments?.find((a) => a.name.value === argument)?.value;
  return value?.kind === Kind.ENUM ? value.value : undefined;
}
