// The REST wire types of the Policy and User Types services, shared by the emulator (which serves
// them) and the upstream client (which consumes them). Every type here is inferred from the REST
// contract's JSON Schemas (src/rest/contract/), which are the one place a field is written; this
// module only gives the inferred types the names the code uses. Field names are the wire names;
// optional members are the ones the spec marks optional or "may be null".
import type { Static } from '@sinclair/typebox';
import type * as C from './contract/index.ts';

export {
  CONDITION_KEYS,
  CONSTRAINT_METHODS,
  CONSTRAINT_TYPES,
  IDP_PROVIDER_TYPES,
  LIFECYCLE_STATUSES,
  MFA_FACTOR_KEYS,
  PATTERN_MATCH_TYPES,
  PLATFORM_OS_TYPES,
  PLATFORM_TYPES,
  POLICY_TYPES,
  REFUSAL_REASONS,
  RISK_DETECTION_TYPES,
  RULE_TYPE_OF,
  RULE_TYPES,
  SIMULATION_POLICY_TYPES,
} from './contract/index.ts';
export type {
  Application,
  Conditions,
  CreateUserInput,
  CreateUserTypeInput,
  Group,
  GroupInput,
  NetworkZone,
  NetworkZoneInput,
  ReplaceUserInput,
  UpdateUserInput,
  User,
  ErrorBody,
  Policy,
  PolicyInput,
  PolicyRule,
  PolicyRuleInput,
  ReplaceUserTypeInput,
  SimulationRequest,
  SimulationResponse,
  UpdateUserTypeInput,
  UserType,
} from './contract/index.ts';

export type LifecycleStatus = Static<typeof C.LifecycleStatusSchema>;
export type AccessDecision = Static<typeof C.AccessDecisionSchema>;

// ---------------------------------------------------------------- links

export type Link = Static<typeof C.LinkSchema>;
export type PolicyLinks = Static<typeof C.PolicyLinksSchema>;
export type RuleLinks = Static<typeof C.RuleLinksSchema>;
export type UserTypeLink = Static<typeof C.UserTypeLinkSchema>;
export type UserTypeLinks = Static<typeof C.UserTypeLinksSchema>;

// ---------------------------------------------------------------- conditions

export type IncludeExclude = Static<typeof C.IncludeExcludeSchema>;
export type PeopleCondition = Static<typeof C.PeopleConditionSchema>;
export type AuthContextCondition = Static<typeof C.AuthContextConditionSchema>;
export type NetworkCondition = Static<typeof C.NetworkConditionSchema>;
export type AuthProviderCondition = Static<typeof C.AuthProviderConditionSchema>;
export type PatternMatchType = (typeof C.PATTERN_MATCH_TYPES)[number];
export type UserIdentifierPattern = Static<typeof C.UserIdentifierPatternSchema>;
export type UserIdentifierCondition = Static<typeof C.UserIdentifierConditionSchema>;
export type AppConditionEntry = Static<typeof C.AppConditionEntrySchema>;
export type AppCondition = Static<typeof C.AppConditionSchema>;
export type PlatformConditionEntry = Static<typeof C.PlatformConditionEntrySchema>;
export type PlatformCondition = Static<typeof C.PlatformConditionSchema>;
export type DeviceCondition = Static<typeof C.DeviceConditionSchema>;
export type RiskLevel = Static<typeof C.RiskLevelSchema>;
export type RiskScoreCondition = Static<typeof C.RiskScoreConditionSchema>;
export type ElCondition = Static<typeof C.ElConditionSchema>;
export type EntityRiskCondition = Static<typeof C.EntityRiskConditionSchema>;
export type RiskDetectionType = (typeof C.RISK_DETECTION_TYPES)[number];
export type RiskDetectionTypesCondition = Static<typeof C.RiskDetectionTypesConditionSchema>;

// ---------------------------------------------------------------- policy types

// Each policy type's settings and actions types, declared next to their schemas in the contract's
// module of that type (src/rest/contract/policyTypes.<type>.ts), so that a new type needs no line here.
export type * from './contract/policyTypes.ts';

// ---------------------------------------------------------------- access simulation

export type SimulationStatus = (typeof C.SIMULATION_STATUSES)[number];
export type SimulationPolicyType = (typeof C.SIMULATION_POLICY_TYPES)[number];
export type SimulationExpand = (typeof C.SIMULATION_EXPANDS)[number];
export type SimulatedCondition = Static<typeof C.SimulatedConditionSchema>;
export type SimulatedRule = Static<typeof C.SimulatedRuleSchema>;
export type SimulatedPolicy = Static<typeof C.SimulatedPolicySchema>;
export type PolicyTypeEvaluation = Static<typeof C.PolicyTypeEvaluationSchema>;

// ---------------------------------------------------------------- errors

export type RefusalReason = (typeof C.REFUSAL_REASONS)[number];

export { ERROR_CODES } from './contract/errors.ts';
