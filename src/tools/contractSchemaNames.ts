// The naming rules of the generated contract half of the schema (src/tools/contractSchema.ts), in
// one place: how a contract member becomes a GraphQL field, and the names of the types it reaches.
// A key is a GraphQL coordinate `Type.member` (the contract's member name), or `*.member` for every
// member of that name. Without an entry, a nested object's type is its member name in PascalCase, and
// a member keeps its name and the type its schema gives (non-null when required and not nullable).

import { ENUM_VALUE_NAMES } from '../gateway/resolvers/enums.ts';

/** Members no GraphQL type has: a policy's embedded rules are its `rules` field. */
export const OMITTED_MEMBERS: ReadonlySet<string> = new Set(['_embedded']);

/** Members whose schema is one of these components of the contract: a policy type's NoSettings is no `settings` field. */
export const OMITTED_COMPONENTS: ReadonlySet<string> = new Set(['NoSettings']);

/** Member renames everywhere: the REST `_links` is `links`. */
export const RENAMED: Record<string, string> = { _links: 'links' };

/** Member renames of one type. */
export const FIELD_NAMES: Record<string, string> = {
  'SimulatedPolicy.id': 'policyId',
  'SimulatedRule.id': 'ruleId',
};

/** String members that are identifiers: typed `ID`. */
export const isIdMember = (member: string): boolean => member === 'id' || /[a-z](Id|Ids)$/.test(member);

/** Contract members GraphQL leaves out, and why. */
export const OMITTED: Record<string, string> = {
  'Policy.settings': 'the interface has none: each implementation has its own settings type',
  'PolicyRule.actions': 'the interface has none: each implementation has its own actions type',
  'PolicyTypeEvaluation.status': 'not exposed: `matchedPolicy` and the lists say what it summarises',
};

/**
 * Where the GraphQL type is not the one the contract member gives: a list or nullability the schema
 * relaxes or tightens, an identifier list, or a String or enum where the contract says otherwise.
 */
export const FIELD_TYPES: Record<string, string> = {
  'AccessPolicyRuleActions.appSignOn': 'AppSignOnAction',
  'AuthProviderCondition.include': '[ID!]',
  'AuthenticatorKey.key': 'String!',
  'GlobalSessionRuleActions.signon': 'SignonAction',
  'GroupCondition.exclude': '[ID!]!',
  'GroupCondition.include': '[ID!]!',
  'IdpDiscoveryRuleActions.idp': 'IdpAction',
  'MfaEnrollRuleActions.enroll': 'EnrollAction',
  'PasswordComplexity.excludeAttributes': '[String!]',
  'PolicyTypeEvaluation.policyType': 'PolicyType!',
  'ProfileEnrollmentAction.uiSchemaId': 'String',
  'ProfileEnrollmentRuleActions.profileEnrollment': 'ProfileEnrollmentAction',
  'SimulatedCondition.type': 'SimulatedConditionType',
  'UserCondition.exclude': '[ID!]!',
  'UserCondition.include': '[ID!]!',
  'UserType.description': 'String',
  'UserTypeCondition.exclude': '[ID!]!',
  'UserTypeCondition.include': '[ID!]',
  'UserTypeLink.method': 'String!',
};

/**
 * The object types whose partial update merges member by member (an `XUpdateInput` twin): a member
 * of an update twin whose type is one of these is its update twin, any other nested object its
 * `Input` twin, replaced whole.
 */
export const UPDATE_TWINS: ReadonlySet<string> = new Set([
  'AppCondition',
  'AppSignOnAction',
  'AuthProviderCondition',
  'IdpAction',
  'PasswordRecoverySettings',
  'PeopleCondition',
  'PolicyConditions',
  'ProfileEnrollmentAction',
  'RecoveryEmailFactor',
  'RecoveryFactors',
  'RecoveryQuestionFactor',
  'SelfServicePasswordResetAction',
  'SignonAction',
  'UserIdentifierCondition',
  'VerificationMethod',
]);

/** Input fields whose type is not their output field's twin: the id lists share one input type. */
export const INPUT_FIELD_TYPES: Record<string, string> = {
  'PeopleConditionInput.groups': 'IdListConditionInput',
  'PeopleConditionInput.users': 'IdListConditionInput',
  'PeopleConditionUpdateInput.groups': 'IdListConditionUpdateInput',
  'PeopleConditionUpdateInput.users': 'IdListConditionUpdateInput',
  'PolicyConditionsUpdateInput.userType': 'IdListConditionUpdateInput',
};

/** A wrapper object of the contract that GraphQL answers as its one member (`result.policies` as `result`). */
export const FLATTENED: Record<string, string> = {
  'PolicyTypeEvaluation.result': 'policies',
  'PolicyTypeEvaluation.undefined': 'policies',
  'PolicyTypeEvaluation.evaluated': 'policies',
};

/** The GraphQL enum of each member the contract types as a string enum or a constant. */
export const ENUM_NAMES: Record<string, string> = {
  '*.access': 'AccessDecision',
  '*.action': 'ContinuousAccessFailureActionType',
  '*.appSelectionMode': 'AppSelectionMode',
  '*.authType': 'AuthType',
  '*.connection': 'NetworkConnection',
  '*.deviceBound': 'RequiredOrOptional',
  '*.enrollAuthenticators': 'EnrollAuthenticator',
  '*.exclude': 'RiskDetectionType',
  '*.factorMode': 'FactorMode',
  '*.factorPromptMode': 'FactorPromptMode',
  '*.hardwareProtection': 'RequiredOrOptional',
  '*.idpSelectionType': 'IdpSelectionType',
  '*.include': 'RiskDetectionType',
  '*.level': 'RiskLevel',
  '*.matchType': 'PatternMatchType',
  '*.method': 'SsprConstraintMethod',
  '*.methods': 'AuthenticatorMethodType',
  '*.phishingResistant': 'RequiredOrOptional',
  '*.primaryFactor': 'PrimaryFactor',
  '*.provider': 'AuthProviderType',
  '*.self': 'EnrollSelf',
  '*.status': 'LifecycleStatus',
  '*.types': 'AuthenticatorType',
  '*.unknownUserAction': 'UnknownUserAction',
  '*.userPresence': 'RequiredOrOptional',
  '*.userVerification': 'RequiredOrOptional',
  'AppConditionEntry.type': 'AppConditionEntryType',
  'EnrollAction.self': 'EnrollActionSelf',
  'EntityRiskActionItem.action': 'EntityRiskActionType',
  'IdpProvider.type': 'IdpProviderType',
  'MfaEnrollPolicySettings.type': 'MfaEnrollSettingsType',
  'PlatformConditionEntry.type': 'PlatformType',
  'PlatformOs.type': 'PlatformOsType',
  'RecoveryEmailFactor.status': 'RecoveryEmailStatus',
  'SelfServicePasswordResetAction.type': 'SelfServicePasswordResetType',
  'SimulatedCondition.status': 'ConditionStatus',
  'SimulatedPolicy.status': 'SimulationStatus',
  'SimulatedRule.status': 'SimulationStatus',
  'SsprPrimaryRequirement.methods': 'SsprMethod',
  'SsprStepUpRequirement.methods': 'SsprStepUpMethod',
  'UserIdentifierCondition.type': 'UserIdentifierType',
  'VerificationMethod.type': 'VerificationMethodType',
};

/**
 * The GraphQL name of an enum's value: the REST value, but where that is no legal GraphQL name (the
 * resolvers map them back, src/gateway/resolvers/enums.ts).
 */
export function enumValueName(enumName: string, restValue: string): string {
  const renamed = ENUM_VALUE_NAMES[enumName];
  if (!renamed) return restValue;
  const name = Object.entries(renamed).find(([, rest]) => rest === restValue)?.[0];
  if (!name) throw new Error(`${enumName}: name the value ${restValue} in src/gateway/resolvers/enums.ts`);
  return name;
}

/** The object type of each nested contract object whose name is not its member name in PascalCase. */
export const TYPE_NAMES: Record<string, string> = {
  '*._links': 'PolicyLinks',
  '*.activate': 'Link',
  '*.age': 'PasswordAge',
  '*.allowedAuthenticators': 'AuthenticatorKey',
  '*.app': 'AppCondition',
  '*.appSignOn': 'AppSignOnAction',
  '*.authContext': 'AuthContextCondition',
  '*.authProvider': 'AuthProviderCondition',
  '*.authenticationMethods': 'AuthenticationMethod',
  '*.authenticators': 'PolicyAuthenticator',
  '*.common': 'PasswordCommonDictionary',
  '*.complexity': 'PasswordComplexity',
  '*.conditions': 'PolicyConditions',
  '*.constraints': 'AuthenticatorConstraints',
  '*.continuousAccess': 'ContinuousAccessAction',
  '*.deactivate': 'Link',
  '*.delegation': 'PasswordDelegationSettings',
  '*.device': 'DeviceCondition',
  '*.dictionary': 'PasswordDictionary',
  '*.enroll': 'FactorEnrollment',
  '*.entityRisk': 'EntityRiskCondition',
  '*.evaluated': 'SimulatedPolicy',
  '*.evaluation': 'PolicyTypeEvaluation',
  '*.exclude': 'AppConditionEntry',
  '*.excludedAuthenticationMethods': 'AuthenticationMethod',
  '*.factors': 'RecoveryFactors',
  '*.failureActions': 'ContinuousAccessFailureAction',
  '*.fido_u2f': 'MfaFactor',
  '*.fido_webauthn': 'MfaFactor',
  '*.groups': 'GroupCondition',
  '*.hints': 'LinkHints',
  '*.idp': 'IdpAction',
  '*.include': 'AppConditionEntry',
  '*.knowledge': 'KnowledgeConstraint',
  '*.lockout': 'PasswordLockout',
  '*.mappings': 'Link',
  '*.matchCriteria': 'IdpMatchCriteria',
  '*.methodConstraints': 'SsprMethodConstraint',
  '*.network': 'NetworkCondition',
  '*.options': 'PasswordDelegationOptions',
  '*.os': 'PlatformOs',
  '*.password': 'PasswordSettings',
  '*.passwordChange': 'AccessAction',
  '*.patterns': 'UserIdentifierPattern',
  '*.people': 'PeopleCondition',
  '*.platform': 'PlatformCondition',
  '*.platform_call': 'RecoveryFactor',
  '*.platform_email': 'RecoveryEmailFactor',
  '*.platform_otp': 'MfaFactor',
  '*.platform_password': 'MfaFactor',
  '*.platform_push': 'MfaFactor',
  '*.platform_question': 'MfaFactor',
  '*.platform_sms': 'RecoveryFactor',
  '*.possession': 'PossessionConstraint',
  '*.preRegistrationInlineHooks': 'InlineHookRef',
  '*.primary': 'SsprPrimaryRequirement',
  '*.profileAttributes': 'ProfileAttribute',
  '*.profileEnrollment': 'ProfileEnrollmentAction',
  '*.properties': 'RecoveryQuestionProperties',
  '*.providers': 'IdpProvider',
  '*.recovery': 'PasswordRecoverySettings',
  '*.recovery_question': 'RecoveryQuestionFactor',
  '*.requirement': 'SsprRequirement',
  '*.result': 'SimulatedPolicy',
  '*.riskDetectionTypes': 'RiskDetectionTypesCondition',
  '*.riskScore': 'RiskScoreCondition',
  '*.rules': 'Link',
  '*.schema': 'UserTypeLink',
  '*.self': 'Link',
  '*.selfServicePasswordReset': 'SelfServicePasswordResetAction',
  '*.selfServiceUnlock': 'AccessAction',
  '*.session': 'SignonSession',
  '*.signon': 'SignonAction',
  '*.slo': 'SloSettings',
  '*.stepUp': 'SsprStepUpRequirement',
  '*.undefined': 'SimulatedPolicy',
  '*.userIdentifier': 'UserIdentifierCondition',
  '*.userType': 'UserTypeCondition',
  '*.users': 'UserCondition',
  '*.vendor_a_mfa': 'MfaFactor',
  '*.vendor_b_vip': 'MfaFactor',
  '*.vendor_c_otp': 'MfaFactor',
  '*.vendor_d_token': 'MfaFactor',
  '*.vendor_e_token': 'MfaFactor',
  '*.workflow': 'WorkflowRef',
  'AccessPolicyRule._links': 'PolicyRuleLinks',
  'ContinuousAccessRule._links': 'PolicyRuleLinks',
  'EntityRiskAction.actions': 'EntityRiskActionItem',
  'EntityRiskRule._links': 'PolicyRuleLinks',
  'EntityRiskRuleActions.entityRisk': 'EntityRiskAction',
  'GlobalSessionRule._links': 'PolicyRuleLinks',
  'IdpDiscoveryRule._links': 'PolicyRuleLinks',
  'MfaEnrollPolicySettings.factors': 'MfaFactorsConfiguration',
  'MfaEnrollRule._links': 'PolicyRuleLinks',
  'MfaEnrollRuleActions.enroll': 'EnrollAction',
  'MfaFactorsConfiguration.platform_call': 'MfaFactor',
  'MfaFactorsConfiguration.platform_email': 'MfaFactor',
  'MfaFactorsConfiguration.platform_sms': 'MfaFactor',
  'PasswordRule._links': 'PolicyRuleLinks',
  'PlatformCondition.include': 'PlatformConditionEntry',
  'PolicyRule._links': 'PolicyRuleLinks',
  'ProfileEnrollmentRule._links': 'PolicyRuleLinks',
  'RecoveryEmailFactor.properties': 'RecoveryEmailProperties',
  'RecoveryQuestionProperties.complexity': 'RecoveryQuestionComplexity',
  'SimulatedPolicy.conditions': 'SimulatedCondition',
  'SimulatedPolicy.rules': 'SimulatedRule',
  'SimulatedRule.conditions': 'SimulatedCondition',
  'UserType._links': 'UserTypeLinks',
  'UserTypeLinks.self': 'UserTypeLink',
  'VerificationMethod.constraints': 'VerificationConstraint',
};
