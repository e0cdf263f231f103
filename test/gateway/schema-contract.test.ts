// schema.graphql against the REST contract, in both directions: every member of a settings, rule
// actions or conditions object of the contract is a field of the matching GraphQL object type and
// of its input types, and every field of those types is a member of the contract. Names, enum
// values, lists, nested objects and the nullability GraphQL promises are compared. A failure names
// the type, the member and what to add (or remove).
import type { TSchema } from '@sinclair/typebox';
import {
  buildSchema as buildSdl,
  type GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { Type } from '@sinclair/typebox';
import {
  ConditionsSchema,
  NoSettingsSchema,
  PasswordComplexitySchema,
  POLICY_TYPE_CONTRACTS,
  PolicySettingsSchema,
  RuleActionsSchema,
} from 'policy-service-emulator/contract';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/gateway/schema.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from '../../src/gateway/resolvers/typenames.ts';
import { type Json, mergedObject, withoutNull } from '../../src/tools/contractSchema.ts';

/**
 * Where schema.graphql deliberately differs from the contract, and why: a whole `Type` that is not
 * compared, a `Type.field` with no contract member (or the reverse), or a `Type.field` that is a
 * String where the contract lists values. An entry nothing uses fails the test.
 */
const EXCEPTIONS: Record<string, string> = {
  'UserTypeCondition.includedUserTypes': 'computed: the user types of `include`, resolved',
  'UserTypeCondition.excludedUserTypes': 'computed: the user types of `exclude`, resolved',
  AppConditionEntryInput: 'the wire one-of `{type, id | name}` as the @oneOf input `{app | appType}`',
  'PasswordComplexity.excludeAttributes': 'String: the service, not the type, refuses other attribute names',
  'PasswordComplexityInput.excludeAttributes': 'String: the service, not the type, refuses other attribute names',
  'AuthenticatorKey.key': 'String: the service, not the type, refuses keys other than vendor_c_otp',
  'AuthenticatorKeyInput.key': 'String: the service, not the type, refuses keys other than vendor_c_otp',
};

type Composite = GraphQLObjectType | GraphQLInputObjectType;

/** What a contract member would be in GraphQL, for the message that says what to add. */
function graphqlTypeOf(schema: Json, input: boolean): string {
  const { schema: s } = withoutNull(schema);
  if (s.type === 'array' && s.items) return `[${graphqlTypeOf(s.items, input)}!]`;
  if (s.enum || s.const !== undefined) return `an enum of ${(s.enum ?? [s.const]).join(', ')}`;
  if (s.type === 'object' || s.anyOf) return `a new ${input ? 'input' : 'object'} type`;
  if (s.format === 'date-time') return 'DateTime';
  return ({ integer: 'Int', number: 'Float', boolean: 'Boolean' } as Record<string, string>)[s.type ?? ''] ?? 'String';
}

const SCALARS: Record<string, string[]> = {
  integer: ['Int'],
  number: ['Float'],
  boolean: ['Boolean'],
  string: ['String', 'ID'],
};

/** Compares GraphQL types with contract schemas; `problems` collects what differs. */
class Comparison {
  readonly problems: string[] = [];
  readonly usedExceptions = new Set<string>();
  private readonly seen = new Map<string, Set<Json>>();

  /** An object type and its contract object. `where` says which contract object it is (for messages). */
  object(type: Composite, contract: Json, where: string): void {
    if (this.excepted(type.name)) return;
    const seen = this.seen.get(type.name) ?? new Set();
    if (seen.has(contract)) return;
    this.seen.set(type.name, seen.add(contract));
    const input = isInputObjectType(type);
    const fields = type.getFields();
    const members = contract.properties ?? {};
    const required = new Set(contract.required ?? []);
    for (const [name, member] of Object.entries(members)) {
      const coordinate = `${type.name}.${name}`;
      const field = fields[name];
      if (!field) {
        if (this.excepted(coordinate)) continue;
        this.problems.push(
          `${type.name} lacks the contract member \`${where}.${name}\`: add the field ` +
            `\`${name}: ${graphqlTypeOf(member, input)}\` (with a description) to ${type.name} in schema.graphql`,
        );
        continue;
      }
      this.member(field.type, member, required.has(name), coordinate, `${where}.${name}`, input);
    }
    for (const name of Object.keys(fields)) {
      const coordinate = `${type.name}.${name}`;
      if (name in members || this.excepted(coordinate)) continue;
      this.problems.push(
        `${coordinate} has no member in the contract's \`${where}\`: add \`${name}\` to the contract, ` +
          `remove the field, or list ${coordinate} in EXCEPTIONS with the reason`,
      );
    }
  }

  private member(
    type: GraphQLType,
    contract: Json,
    required: boolean,
    coordinate: string,
    where: string,
    input: boolean,
  ): void {
    const { schema, nullable } = withoutNull(contract);
    if (isNonNullType(type)) {
      // An output field GraphQL promises non-null must always be answered; an input field it
      // requires must be one the service requires.
      if (nullable || !required) {
        this.problems.push(
          `${coordinate} is ${type} but the contract's \`${where}\` is ${nullable ? 'nullable' : 'optional'}: ` +
            `make it ${type.ofType}`,
        );
      }
      this.value(type.ofType, schema, coordinate, where, input);
      return;
    }
    this.value(type, schema, coordinate, where, input);
  }

  private value(type: GraphQLType, schema: Json, coordinate: string, where: string, input: boolean): void {
    const differs = (what: string): void => {
      this.problems.push(`${coordinate} is ${type} but the contract's \`${where}\` is ${what}`);
    };
    if (schema.type === 'array' && schema.items) {
      if (!isListType(type)) return differs(`a list of ${graphqlTypeOf(schema.items, input)}`);
      return this.member(type.ofType, schema.items, true, coordinate, `${where}[]`, input);
    }
    if (isListType(type)) return differs(`not a list (${graphqlTypeOf(schema, input)})`);
    if (schema.anyOf?.every((b) => b.const !== undefined)) schema = { enum: schema.anyOf.map((b) => b.const) };
    else if (schema.anyOf) schema = mergedObject(schema.anyOf);
    if (schema.type === 'object') {
      if (!isObjectType(type) && !isInputObjectType(type)) return differs('an object');
      return this.object(type, schema, where);
    }
    if (schema.enum || schema.const !== undefined) {
      const values = (schema.enum ?? [schema.const]) as string[];
      if (!isEnumType(type)) {
        const stringByChoice = isScalarType(type) && type.name === 'String' && this.excepted(coordinate);
        if (!stringByChoice) differs(`the enum ${values.join(', ')}`);
        return;
      }
      return this.enumValues(type, values, coordinate, where);
    }
    const expected = schema.format === 'date-time' ? ['DateTime'] : (SCALARS[schema.type ?? ''] ?? []);
    if (!isScalarType(type) || !expected.includes(type.name)) differs(expected.join(' or ') || String(schema.type));
  }

  private enumValues(type: GraphQLEnumType, values: string[], coordinate: string, where: string): void {
    // The internal values, which are the wire values (`FactorMode.ONE_FACTOR` is `1FA`).
    const actual = type.getValues().map((v) => String(v.value));
    for (const value of values) {
      if (!actual.includes(value)) {
        this.problems.push(`enum ${type.name} (${coordinate}) lacks ${value} of the contract's \`${where}\`: add it`);
      }
    }
    for (const value of actual) {
      if (!values.includes(value)) {
        this.problems.push(`enum ${type.name} (${coordinate}) has ${value}, which the contract's \`${where}\` lacks`);
      }
    }
  }

  private excepted(coordinate: string): boolean {
    if (!(coordinate in EXCEPTIONS)) return false;
    this.usedExceptions.add(coordinate);
    return true;
  }
}

function composite(schema: GraphQLSchema, name: string): Composite {
  const type = schema.getType(name);
  if (!(type instanceof GraphQLObjectType || type instanceof GraphQLInputObjectType)) {
    throw new Error(`${name} is not an object or input type`);
  }
  return type;
}

/** The type of a field, without its list and non-null wrappers. */
function fieldTypeOf(type: GraphQLObjectType, field: string): Composite {
  let wrapped: GraphQLType = type.getFields()[field].type;
  while (isNonNullType(wrapped) || isListType(wrapped)) wrapped = wrapped.ofType;
  if (!isObjectType(wrapped)) throw new Error(`${type.name}.${field} is not an object`);
  return wrapped;
}

/** Compares every settings, rule actions and conditions type of `schema` with the contract. */
function compareWithContract(schema: GraphQLSchema): Comparison {
  const comparison = new Comparison();
  for (const contract of POLICY_TYPE_CONTRACTS) {
    const policy = composite(schema, POLICY_TYPENAME[contract.policyType]) as GraphQLObjectType;
    const hasSettings = contract.settings !== (NoSettingsSchema as TSchema);
    if (hasSettings !== 'settings' in policy.getFields()) {
      comparison.problems.push(
        hasSettings
          ? `${policy.name} lacks \`settings\`: the contract gives ${contract.policyType} policies settings; add ` +
              `\`settings: ${policy.name}Settings\` and that type`
          : `${policy.name}.settings: the contract gives ${contract.policyType} policies no settings`,
      );
    } else if (hasSettings) {
      comparison.object(fieldTypeOf(policy, 'settings'), contract.settings, 'settings');
    }
    const rule = composite(schema, RULE_TYPENAME[contract.ruleType]) as GraphQLObjectType;
    comparison.object(fieldTypeOf(rule, 'actions'), contract.actions, 'actions');
  }
  comparison.object(composite(schema, 'PolicyConditions'), ConditionsSchema, 'conditions');
  // The inputs hold every type's settings and actions in one flat object, as on the wire.
  for (const name of ['PolicySettingsInput', 'PolicySettingsUpdateInput']) {
    comparison.object(composite(schema, name), PolicySettingsSchema, 'settings');
  }
  for (const name of ['PolicyRuleActionsInput', 'PolicyRuleActionsUpdateInput']) {
    comparison.object(composite(schema, name), RuleActionsSchema, 'actions');
  }
  for (const name of ['PolicyConditionsInput', 'PolicyConditionsUpdateInput']) {
    comparison.object(composite(schema, name), ConditionsSchema, 'conditions');
  }
  return comparison;
}

describe('schema.graphql against the REST contract', () => {
  const comparison = compareWithContract(buildSchema());

  it('has every settings, actions and conditions member of the contract, and nothing else', () => {
    expect(comparison.problems).toEqual([]);
  });

  it('lists no exception that nothing uses', () => {
    expect(Object.keys(EXCEPTIONS).filter((e) => !comparison.usedExceptions.has(e))).toEqual([]);
  });
});

describe('the comparison', () => {
  const sdl = `
    type PasswordComplexity { minLength: Int! extra: Int kind: Kind }
    input PasswordComplexityInput { minLength: Int! }
    enum Kind { A C }
    type Query { c: PasswordComplexity }
  `;
  const schema = buildSdl(sdl);
  const compare = (type: string, contract: TSchema) => {
    const comparison = new Comparison();
    comparison.object(composite(schema, type), contract, 'settings.password.complexity');
    return comparison.problems;
  };

  it('names a contract member the GraphQL type lacks, a field the contract lacks, and nullability', () => {
    const contract = Type.Object({
      minLength: Type.Optional(Type.Integer()),
      minUnique: Type.Optional(Type.Integer()),
      kind: Type.Union([Type.Literal('A'), Type.Literal('B')]),
    });
    expect(compare('PasswordComplexity', contract)).toEqual([
      "PasswordComplexity.minLength is Int! but the contract's `settings.password.complexity.minLength` is optional: make it Int",
      'PasswordComplexity lacks the contract member `settings.password.complexity.minUnique`: add the field `minUnique: Int` (with a description) to PasswordComplexity in schema.graphql',
      "enum Kind (PasswordComplexity.kind) lacks B of the contract's `settings.password.complexity.kind`: add it",
      "enum Kind (PasswordComplexity.kind) has C, which the contract's `settings.password.complexity.kind` lacks",
      "PasswordComplexity.extra has no member in the contract's `settings.password.complexity`: add `extra` to the contract, remove the field, or list PasswordComplexity.extra in EXCEPTIONS with the reason",
    ]);
  });

  it('finds the members the real contract has and a stripped-down GraphQL type lacks', () => {
    const problems = compare('PasswordComplexityInput', PasswordComplexitySchema);
    expect(problems).toContain(
      'PasswordComplexityInput lacks the contract member `settings.password.complexity.excludeUsername`: add the field `excludeUsername: Boolean` (with a description) to PasswordComplexityInput in schema.graphql',
    );
    expect(problems.some((p) => p.startsWith('PasswordComplexityInput.minLength is Int!'))).toBe(true);
  });
});
