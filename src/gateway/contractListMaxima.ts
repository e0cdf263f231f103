// The lists of a policy type's settings and rule actions with a maximum the contract states
// (`maxItems`), under the GraphQL names the cost estimate looks them up by (`<Type>.<field>`):
// each contract schema is walked beside the GraphQL type of its `settings` or `actions` field, so a
// new policy type's bounded lists are counted at their maximum without a list of its own here.
import { type GraphQLNamedType, type GraphQLSchema, getNamedType, isInputObjectType, isObjectType } from 'graphql';
import { NoSettingsSchema, POLICY_TYPE_CONTRACTS } from 'policy-service-emulator/contract';
import { POLICY_TYPENAME, RULE_TYPENAME } from './resolvers/typenames.ts';

/** What the walk reads of a contract schema (JSON Schema). */
interface Json {
  type?: string;
  maxItems?: number;
  items?: Json;
  anyOf?: Json[];
  properties?: Record<string, Json>;
}

/** `Type.field` → the most items the contract allows in that list. */
export function contractListMaxima(schema: GraphQLSchema): Record<string, number> {
  const maxima: Record<string, number> = {};
  const fieldType = (typeName: string, field: string) => {
    const type = schema.getType(typeName);
    const found = isObjectType(type) ? type.getFields()[field] : undefined;
    return found && getNamedType(found.type);
  };
  for (const contract of POLICY_TYPE_CONTRACTS) {
    if (contract.settings !== NoSettingsSchema) {
      walk(fieldType(POLICY_TYPENAME[contract.policyType], 'settings'), contract.settings as Json, maxima);
    }
    walk(fieldType(RULE_TYPENAME[contract.ruleType], 'actions'), contract.actions as Json, maxima);
  }
  return maxima;
}

/** Records the bounded lists of `contract` under the fields of `type` that hold them, at any depth. */
function walk(type: GraphQLNamedType | undefined, contract: Json, maxima: Record<string, number>): void {
  if (!type || !(isObjectType(type) || isInputObjectType(type))) return;
  // A nullable member or a union of objects: every branch's members belong to the one GraphQL type.
  for (const branch of contract.anyOf ?? [contract]) {
    for (const [name, member] of Object.entries(branch.properties ?? {})) {
      const field = type.getFields()[name];
      if (!field) continue;
      for (const value of member.anyOf ?? [member]) {
        if (value.type === 'array') {
          if (value.maxItems !== undefined) maxima[`${type.name}.${name}`] = value.maxItems;
          if (value.items) walk(getNamedType(field.type), value.items, maxima);
        } else walk(getNamedType(field.type), value, maxima);
      }
    }
  }
}
