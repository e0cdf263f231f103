// The schema itself: the required surface, enums equal to the REST wire constants, one
// typed field per member of the spec's objects (no JSON except the application's unshown members),
// and the executable schema served in-process by yoga.fetch.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLObjectType,
  getNamedType,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  CONDITION_KEYS,
  IDP_PROVIDER_TYPES,
  LIFECYCLE_STATUSES,
  MFA_FACTOR_KEYS,
  PATTERN_MATCH_TYPES,
  POLICY_TYPES,
  RISK_DETECTION_TYPES,
  RULE_TYPES,
  SIMULATION_POLICY_TYPES,
} from '../../src/rest/types.ts';
import { PolicySettingsSchema, RuleActionsSchema } from 'policy-service-emulator/contract';
import { CONSTRAINT_METHODS, CONSTRAINT_TYPES } from '../../src/rest/types.ts';
import { buildSchema } from '../../src/gateway/schema.ts';
import { DateTime } from '../../src/gateway/resolvers/scalars.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from '../../src/gateway/resolvers/typenames.ts';
import { useStack } from '../helpers/gateway.ts';

const schema: GraphQLSchema = buildSchema();

function object(name: string): GraphQLObjectType {
  const type = schema.getType(name);
  if (!(type instanceof GraphQLObjectType)) throw new Error(`${name} is not an object type`);
  return type;
}
function input(name: string): GraphQLInputObjectType {
  const type = schema.getType(name);
  if (!(type instanceof GraphQLInputObjectType)) throw new Error(`${name} is not an input type`);
  return type;
}
function enumValues(name: string): string[] {
  const type = schema.getType(name);
  if (!(type instanceof GraphQLEnumType)) throw new Error(`${name} is not an enum`);
  return type.getValues().map((v) => v.value as string);
}
const fieldNames = (type: GraphQLObjectType | GraphQLInputObjectType | GraphQLInterfaceType) =>
  Object.keys(type.getFields()).sort();
const sorted = (values: readonly string[]) => [...values].sort();

describe('required surface', () => {
  it('has the required queries and mutations with their argument names', () => {
    const query = object('Query').getFields();
    expect(query.policies.args.map((a) => a.name)).toEqual(['type', 'status', 'q', 'sortBy', 'first', 'after']);
    expect(Object.keys(query).sort()).toEqual([
      'exportPolicies',
      'node',
      'nodes',
      'policies',
      'policy',
      'simulateAccess',
      'userType',
      'userTypes',
    ]);
    expect(fieldNames(object('Mutation'))).toEqual(
      sorted([
        'createPolicy',
        'replacePolicy',
        'updatePolicy',
        'deletePolicy',
        'activatePolicy',
        'deactivatePolicy',
        'clonePolicy',
        'createPolicyRule',
        'replacePolicyRule',
        'updatePolicyRule',
        'deletePolicyRule',
        'activatePolicyRule',
        'deactivatePolicyRule',
        'createUserType',
        'replaceUserType',
        'updateUserType',
        'deleteUserType',
        'planPolicies',
        'applyPolicies',
      ]),
    );
  });

  it('keeps the REST enum values', () => {
    expect(enumValues('PolicyType')).toEqual([...POLICY_TYPES]);
    expect(sorted(enumValues('PolicyRuleType'))).toEqual(sorted(RULE_TYPES));
    expect(enumValues('LifecycleStatus')).toEqual([...LIFECYCLE_STATUSES]);
    expect(enumValues('RiskDetectionType')).toEqual([...RISK_DETECTION_TYPES]);
    expect(enumValues('IdpProviderType')).toEqual([...IDP_PROVIDER_TYPES]);
    expect(enumValues('PatternMatchType')).toEqual([...PATTERN_MATCH_TYPES]);
    expect(enumValues('SimulationPolicyType')).toEqual([...SIMULATION_POLICY_TYPES]);
    expect(enumValues('SimulationStatus')).toEqual(['MATCH', 'NOT_MATCH', 'UNDEFINED']);
    expect(enumValues('AuthenticatorType')).toEqual([...CONSTRAINT_TYPES]);
    expect(enumValues('AuthenticatorMethodType')).toEqual([...CONSTRAINT_METHODS]);
  });

  it('has one implementation per policy and rule type, each rule type with its typed actions', () => {
    const policies = schema.getPossibleTypes(schema.getType('Policy') as GraphQLInterfaceType).map((t) => t.name);
    expect(sorted(policies)).toEqual(sorted(Object.values(POLICY_TYPENAME)));
    const rules = schema.getPossibleTypes(schema.getType('PolicyRule') as GraphQLInterfaceType).map((t) => t.name);
    expect(sorted(rules)).toEqual(sorted(Object.values(RULE_TYPENAME)));
    for (const rule of rules) expect(getNamedType(object(rule).getFields().actions.type).name).toBe(`${rule}Actions`);
    expect(getNamedType(object('PasswordPolicy').getFields().settings.type).name).toBe('PasswordPolicySettings');
    expect(getNamedType(object('MfaEnrollPolicy').getFields().settings.type).name).toBe('MfaEnrollPolicySettings');
  });

  it('narrows nested rules and the rule policy to the matching implementation', () => {
    for (const [type, policyName] of Object.entries(POLICY_TYPENAME)) {
      const ruleName = RULE_TYPENAME[RULE_TYPES[POLICY_TYPES.indexOf(type as (typeof POLICY_TYPES)[number])]];
      const fields = object(policyName).getFields();
      expect(getNamedType(fields.rules.type).name).toBe(ruleName);
      expect(getNamedType(fields.rule.type).name).toBe(ruleName);
      expect(getNamedType(object(ruleName).getFields().policy.type).name).toBe(policyName);
    }
  });
});

describe('every member of the spec objects is a typed field', () => {
  it('has one condition field per condition key, in the output and the input', () => {
    expect(fieldNames(object('PolicyConditions'))).toEqual(sorted(CONDITION_KEYS));
    expect(fieldNames(input('PolicyConditionsInput'))).toEqual(sorted(CONDITION_KEYS));
    expect(fieldNames(object('UserTypeCondition'))).toEqual([
      'exclude',
      'excludedUserTypes',
      'include',
      'includedUserTypes',
    ]);
  });

  it('has one field per MFA factor key', () => {
    expect(fieldNames(object('MfaFactorsConfiguration'))).toEqual(sorted(MFA_FACTOR_KEYS));
    expect(fieldNames(input('MfaFactorsConfigurationInput'))).toEqual(sorted(MFA_FACTOR_KEYS));
  });

  it('carries every settings object and every rule action in the inputs', () => {
    expect(fieldNames(input('PolicySettingsInput'))).toEqual(sorted(Object.keys(PolicySettingsSchema.properties)));
    expect(fieldNames(input('PolicyRuleActionsInput'))).toEqual(sorted(Object.keys(RuleActionsSchema.properties)));
    expect(fieldNames(input('PolicyInput'))).toEqual(
      sorted(['type', 'name', 'description', 'priority', 'status', 'conditions', 'settings']),
    );
    expect(fieldNames(input('AccessSimulationInput'))).toEqual(['appInstance', 'policyContext', 'policyTypes']);
    expect(fieldNames(input('AccessSimulationContextInput'))).toEqual(['device', 'network', 'risk', 'subject']);
    // The REST one-of members, grouped so that the schema enforces them.
    expect(fieldNames(input('SimulationSubjectInput'))).toEqual(['groups', 'user']);
    expect(fieldNames(input('SimulationNetworkInput'))).toEqual(['ip', 'zones']);
    expect(input('SimulationSubjectInput').isOneOf).toBe(true);
    expect(input('SimulationNetworkInput').isOneOf).toBe(true);
  });

  it('uses JSON only for the members of application objects the spec does not show, and the policy document', () => {
    const jsonFields: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (
        type.name.startsWith('__') ||
        !(
          type instanceof GraphQLObjectType ||
          type instanceof GraphQLInputObjectType ||
          type instanceof GraphQLInterfaceType
        )
      )
        continue;
      for (const field of Object.values(type.getFields())) {
        if (getNamedType(field.type as GraphQLType).name === 'JSON') jsonFields.push(`${type.name}.${field.name}`);
      }
    }
    // And for the policy document, whose JSON Schema is served at /policy-document.schema.json.
    expect(jsonFields.sort()).toEqual([
      'Application.additionalProperties',
      'PolicyChange.after',
      'PolicyChange.before',
      'PolicyExport.document',
    ]);
  });

  it('types 1FA/2FA as the FactorMode enum, whose internal values are the REST values', () => {
    const factorMode = getNamedType(object('VerificationMethod').getFields().factorMode.type) as GraphQLEnumType;
    expect(factorMode.name).toBe('FactorMode');
    expect(factorMode.getValues().map((v) => [v.name, v.value])).toEqual([
      ['ONE_FACTOR', '1FA'],
      ['TWO_FACTOR', '2FA'],
    ]);
    expect(getNamedType(input('VerificationMethodInput').getFields().factorMode.type).name).toBe('FactorMode');
  });

  it('types closed value sets as enums and the REST one-of inputs as @oneOf', () => {
    expect(getNamedType(object('UserError').getFields().reason.type).name).toBe('UserErrorReason');
    expect(getNamedType(object('SimulatedCondition').getFields().type.type).name).toBe('SimulatedConditionType');
    expect(input('AppConditionEntryInput').isOneOf).toBe(true);
  });
});

describe('DateTime', () => {
  it('serializes ISO 8601 timestamps and refuses anything else', () => {
    expect(DateTime.serialize('2024-01-31T09:15:00.000Z')).toBe('2024-01-31T09:15:00.000Z');
    expect(() => DateTime.serialize('yesterday')).toThrow(/ISO 8601/);
    expect(() => DateTime.serialize(42)).toThrow(/ISO 8601/);
    expect(() => DateTime.parseValue('2024-13-45T99:00:00Z')).toThrow(/ISO 8601/);
  });
});

describe('served in-process', () => {
  const stack = useStack();

  it('answers introspection through yoga.fetch without credentials', async () => {
    const res = await stack().yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __type(name: "Policy") { kind possibleTypes { name } } }' }),
    });
    const body = (await res.json()) as any;
    expect(body.data.__type.kind).toBe('INTERFACE');
    expect(body.data.__type.possibleTypes).toHaveLength(POLICY_TYPES.length);
  });

  it('answers a query through yoga.fetch with the caller credentials', async () => {
    const res = await stack().yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'SSWS test-token' },
      body: JSON.stringify({ query: '{ policies(type: ENTITY_RISK) { nodes { __typename name } } }' }),
    });
    expect(await res.json()).toEqual({
      data: { policies: { nodes: [{ __typename: 'EntityRiskPolicy', name: 'Entity Risk Policy' }] } },
      extensions: { cost: expect.objectContaining({ calls: 1 }) },
    });
  });
});
