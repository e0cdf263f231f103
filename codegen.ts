// Generates resolver and model types from the whole schema (src/generated/schema.graphql). GraphQL object types are mapped to the
// REST wire types they are resolved from (src/rest/types.ts), or to the few gateway models that add
// what the wire object lacks (src/gateway/resolvers/models.ts).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { buildSchema, type GraphQLInterfaceType, isObjectType } from 'graphql';
import { clientOutputs } from './examples/client/codegen.ts';
import { FACTOR_MODE } from './src/gateway/resolvers/enums.ts';

/** The whole schema: schema.graphql joined with the contract half (src/tools/contractSchema.ts writes it first). */
const SCHEMA = 'src/generated/schema.graphql';

const wire = (name: string) => `../rest/types.ts#${name}`;
const model = (name: string) => `../gateway/resolvers/models.ts#${name}`;

// The implementations of the Policy and PolicyRule interfaces, read from the schema itself.
const schema = buildSchema(readFileSync(SCHEMA, 'utf8'));
const implementationsOf = (name: string) =>
  schema.getPossibleTypes(schema.getType(name) as GraphQLInterfaceType).map((type) => type.name);
const POLICY_TYPES = implementationsOf('Policy');
const RULE_TYPES = implementationsOf('PolicyRule');
const RULE_ACTIONS_TYPES = RULE_TYPES.map((t) => `${t}Actions`);

/**
 * Every object type of the schema with a wire type of the same name maps to it: the names exported
 * by the wire types module (a new type written there under its GraphQL name needs no line here).
 */
function exportedTypeNames(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...[...text.matchAll(/^export type (\w+)/gm)].map((m) => m[1]),
    ...[...text.matchAll(/^export type \{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((n) => n.trim())),
    // `export type * from` and `export * from` (the contract's per-type modules): followed.
    ...[...text.matchAll(/^export (?:type )?\* from '(\.[^']+)'/gm)].flatMap((m) =>
      exportedTypeNames(join(dirname(file), m[1])),
    ),
  ];
}
const wireNames = new Set(exportedTypeNames('packages/emulator/src/rest/types.ts'));
const sameNamed = Object.values(schema.getTypeMap())
  .filter((type) => isObjectType(type) && wireNames.has(type.name))
  .map((type) => type.name);

const mappers: Record<string, string> = {
  ...Object.fromEntries(sameNamed.map((t) => [t, wire(t)])),
  // The rest: models of the gateway's own, and wire types under another name.
  ...Object.fromEntries(POLICY_TYPES.map((t) => [t, wire('Policy')])),
  ...Object.fromEntries(RULE_TYPES.map((t) => [t, model('RuleWithPolicyId')])),
  ...Object.fromEntries(RULE_ACTIONS_TYPES.map((t) => [t, wire('RuleActions')])),
  PolicyConnection: model('PolicyPage'),
  PolicyPayload: model('PolicyPayloadModel'),
  PolicyRulePayload: model('PolicyRulePayloadModel'),
  DeletePolicyPayload: model('DeletePolicyPayloadModel'),
  DeletePolicyRulePayload: model('DeletePolicyRulePayloadModel'),
  DeleteUserTypePayload: model('DeleteUserTypePayloadModel'),
  PolicyRuleLinks: wire('RuleLinks'),
  PolicyConditions: wire('Conditions'),
  GroupCondition: wire('IncludeExclude'),
  UserCondition: wire('IncludeExclude'),
  UserTypeCondition: model('UserTypeConditionShape'),
  MfaFactorsConfiguration: wire('FactorsConfiguration'),
  KnowledgeConstraint: wire('ConstraintProperties'),
  PossessionConstraint: wire('ConstraintProperties'),
  AccessSimulation: wire('SimulationResponse'),
  SimulatedRule: model('SimulatedRuleWithPolicyId'),
};

const config: CodegenConfig = {
  overwrite: true,
  schema: SCHEMA,
  generates: {
    'src/generated/graphql.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../gateway/context.ts#GatewayContext',
        mappers,
        // Mapped wire types are imported under this suffix so that they never clash with the
        // GraphQL type of the same name (Policy, UserType ...).
        mapperTypeSuffix: 'Wire',
        scalars: { DateTime: 'string', JSON: 'unknown' },
        // Enum values that are not legal GraphQL names travel under their REST value (see resolvers/enums.ts).
        enumValues: { FactorMode: FACTOR_MODE },
      },
    },
    // The schema's enums alone, with no import: modules below the gateway (errors/, the plan
    // engine) use them without loading the resolvers' types.
    'src/generated/enums.ts': {
      plugins: ['typescript'],
      config: { onlyEnums: true, enumsAsTypes: true, enumValues: { FactorMode: FACTOR_MODE } },
    },
    // The example frontend client's typed documents: regenerated and checked with the rest.
    ...clientOutputs,
  },
};

export default config;
