// Generates resolver and model types from schema.graphql. GraphQL object types are mapped to the
// REST wire types they are resolved from (src/rest/types.ts), or to the few gateway models that add
// what the wire object lacks (src/gateway/resolvers/models.ts).
import { readFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { buildSchema, type GraphQLInterfaceType } from 'graphql';
import { clientOutputs } from './examples/client/codegen.ts';
import { FACTOR_MODE } from './src/gateway/resolvers/enums.ts';

const wire = (name: string) => `../rest/types.ts#${name}`;
const model = (name: string) => `../gateway/resolvers/models.ts#${name}`;

// The implementations of the Policy and PolicyRule interfaces, read from the schema itself.
const schema = buildSchema(readFileSync('schema.graphql', 'utf8'));
const implementationsOf = (name: string) =>
  schema.getPossibleTypes(schema.getType(name) as GraphQLInterfaceType).map((type) => type.name);
const POLICY_TYPES = implementationsOf('Policy');
const RULE_TYPES = implementationsOf('PolicyRule');
const RULE_ACTIONS_TYPES = RULE_TYPES.map((t) => `${t}Actions`);

const mappers: Record<string, string> = {
  ...Object.fromEntries(POLICY_TYPES.map((t) => [t, wire('Policy')])),
  ...Object.fromEntries(RULE_TYPES.map((t) => [t, model('RuleWithPolicyId')])),
  ...Object.fromEntries(RULE_ACTIONS_TYPES.map((t) => [t, wire('RuleActions')])),
  PolicyConnection: model('PolicyPage'),
  PolicyPayload: model('PolicyPayloadModel'),
  PolicyRulePayload: model('PolicyRulePayloadModel'),
  DeletePolicyPayload: model('DeletePolicyPayloadModel'),
  DeletePolicyRulePayload: model('DeletePolicyRulePayloadModel'),
  Application: wire('Application'),
  UserType: wire('UserType'),
  Link: wire('Link'),
  PolicyLinks: wire('PolicyLinks'),
  PolicyRuleLinks: wire('RuleLinks'),
  UserTypeLinks: wire('UserTypeLinks'),
  UserTypeLink: wire('UserTypeLink'),
  // conditions
  PolicyConditions: wire('Conditions'),
  PeopleCondition: wire('PeopleCondition'),
  GroupCondition: wire('IncludeExclude'),
  UserCondition: wire('IncludeExclude'),
  UserTypeCondition: model('UserTypeConditionShape'),
  AuthContextCondition: wire('AuthContextCondition'),
  NetworkCondition: wire('NetworkCondition'),
  AuthProviderCondition: wire('AuthProviderCondition'),
  UserIdentifierCondition: wire('UserIdentifierCondition'),
  UserIdentifierPattern: wire('UserIdentifierPattern'),
  AppCondition: wire('AppCondition'),
  AppConditionEntry: wire('AppConditionEntry'),
  PlatformCondition: wire('PlatformCondition'),
  PlatformConditionEntry: wire('PlatformConditionEntry'),
  DeviceCondition: wire('DeviceCondition'),
  RiskScoreCondition: wire('RiskScoreCondition'),
  ElCondition: wire('ElCondition'),
  EntityRiskCondition: wire('EntityRiskCondition'),
  RiskDetectionTypesCondition: wire('RiskDetectionTypesCondition'),
  // policy settings
  PasswordPolicySettings: wire('PasswordPolicySettings'),
  PasswordComplexity: wire('PasswordComplexity'),
  PasswordAge: wire('PasswordAge'),
  PasswordLockout: wire('PasswordLockout'),
  RecoveryFactors: wire('RecoveryFactors'),
  MfaEnrollPolicySettings: wire('MfaEnrollPolicySettings'),
  PolicyAuthenticator: wire('PolicyAuthenticator'),
  MfaFactorsConfiguration: wire('FactorsConfiguration'),
  MfaFactor: wire('MfaFactor'),
  // rule actions
  SignonAction: wire('SignonAction'),
  SignonSession: wire('SignonSession'),
  SelfServicePasswordResetAction: wire('SelfServicePasswordResetAction'),
  EnrollAction: wire('EnrollAction'),
  IdpAction: wire('IdpAction'),
  IdpProvider: wire('IdpProvider'),
  AppSignOnAction: wire('AppSignOnAction'),
  VerificationMethod: wire('VerificationMethod'),
  VerificationConstraint: wire('VerificationConstraint'),
  KnowledgeConstraint: wire('ConstraintProperties'),
  PossessionConstraint: wire('ConstraintProperties'),
  AuthenticationMethod: wire('AuthenticationMethod'),
  ProfileEnrollmentAction: wire('ProfileEnrollmentAction'),
  ProfileAttribute: wire('ProfileAttribute'),
  EntityRiskAction: wire('EntityRiskAction'),
  EntityRiskActionItem: wire('EntityRiskActionItem'),
  ContinuousAccessAction: wire('ContinuousAccessAction'),
  ContinuousAccessFailureAction: wire('ContinuousAccessFailureAction'),
  SloSettings: wire('SloSettings'),
  // access simulation
  AccessSimulation: wire('SimulationResponse'),
  PolicyTypeEvaluation: wire('PolicyTypeEvaluation'),
  SimulatedPolicy: wire('SimulatedPolicy'),
  SimulatedRule: model('SimulatedRuleWithPolicyId'),
  SimulatedCondition: wire('SimulatedCondition'),
  DeleteUserTypePayload: model('DeleteUserTypePayloadModel'),
};

const config: CodegenConfig = {
  overwrite: true,
  schema: 'schema.graphql',
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
    // The example frontend client's typed documents: regenerated and checked with the rest.
    ...clientOutputs,
  },
};

export default config;
