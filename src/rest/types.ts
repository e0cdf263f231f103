// The REST wire contract of the Policy and User Types services, written once and shared by the
// emulator (which serves it) and the upstream client (which consumes it). Field names are the
// wire names; optional members are the ones the spec marks optional or "may be null".

export const POLICY_TYPES = [
  'PLATFORM_SIGN_ON',
  'PASSWORD',
  'MFA_ENROLL',
  'IDP_DISCOVERY',
  'ACCESS_POLICY',
  'PROFILE_ENROLLMENT',
  'CONTINUOUS_ACCESS',
  'ENTITY_RISK',
] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export const RULE_TYPES = [
  'SIGN_ON',
  'PASSWORD',
  'MFA_ENROLL',
  'IDP_DISCOVERY',
  'ACCESS_POLICY',
  'PROFILE_ENROLLMENT',
  'CONTINUOUS_ACCESS',
  'ENTITY_RISK',
] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** The rule type that belongs to each policy type. */
export const RULE_TYPE_OF: Record<PolicyType, RuleType> = {
  PLATFORM_SIGN_ON: 'SIGN_ON',
  PASSWORD: 'PASSWORD',
  MFA_ENROLL: 'MFA_ENROLL',
  IDP_DISCOVERY: 'IDP_DISCOVERY',
  ACCESS_POLICY: 'ACCESS_POLICY',
  PROFILE_ENROLLMENT: 'PROFILE_ENROLLMENT',
  CONTINUOUS_ACCESS: 'CONTINUOUS_ACCESS',
  ENTITY_RISK: 'ENTITY_RISK',
};

export const LIFECYCLE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

export type AccessDecision = 'ALLOW' | 'DENY';

// ---------------------------------------------------------------- links

export interface Link {
  href: string;
  hints?: { allow: string[] };
}
export interface PolicyLinks {
  self: Link;
  activate?: Link;
  deactivate?: Link;
  rules?: Link;
  mappings?: Link;
}
export interface RuleLinks {
  self: Link;
  activate?: Link;
  deactivate?: Link;
}
export interface UserTypeLink {
  rel: string;
  href: string;
  method: 'GET';
}
export interface UserTypeLinks {
  schema: UserTypeLink;
  self: UserTypeLink;
}

// ---------------------------------------------------------------- conditions

export interface IncludeExclude<T = string> {
  include: T[];
  exclude: T[];
}
export interface PeopleCondition {
  groups?: IncludeExclude;
  users?: IncludeExclude;
}
export interface AuthContextCondition {
  authType?: 'ANY' | 'LDAP_INTERFACE';
}
export interface NetworkCondition {
  connection?: 'ANYWHERE' | 'ZONE';
  include?: string[];
  exclude?: string[];
}
export interface AuthProviderCondition {
  provider: 'PLATFORM' | 'DIRECTORY_SERVICE';
  include?: string[];
}
export const PATTERN_MATCH_TYPES = ['EXPRESSION', 'EQUALS', 'CONTAINS', 'STARTS_WITH', 'SUFFIX'] as const;
export type PatternMatchType = (typeof PATTERN_MATCH_TYPES)[number];
export interface UserIdentifierPattern {
  matchType: PatternMatchType;
  value: string;
}
export interface UserIdentifierCondition {
  type: 'IDENTIFIER' | 'ATTRIBUTE';
  patterns: UserIdentifierPattern[];
  attribute?: string;
}
export type AppConditionEntry = { type: 'APP_TYPE'; name: string } | { type: 'APP'; id: string };
export interface AppCondition {
  include: AppConditionEntry[];
  exclude: AppConditionEntry[];
}
/** Device types of a platform condition: the spec shows MOBILE and DESKTOP; the real service also takes ANY and OTHER. */
export const PLATFORM_TYPES = ['ANY', 'MOBILE', 'DESKTOP', 'OTHER'] as const;
/** Operating systems: the spec shows IOS, ANDROID, WINDOWS, OSX; the real service also takes these others. */
export const PLATFORM_OS_TYPES = [
  'ANY',
  'IOS',
  'ANDROID',
  'WINDOWS',
  'OSX',
  'MACOS',
  'CHROMEOS',
  'LINUX',
  'OTHER',
] as const;
export interface PlatformConditionEntry {
  type: (typeof PLATFORM_TYPES)[number];
  os: { type: (typeof PLATFORM_OS_TYPES)[number] };
}
export interface PlatformCondition {
  include: PlatformConditionEntry[];
}
export interface DeviceCondition {
  registered?: boolean;
  managed?: boolean;
}
export type RiskLevel = 'ANY' | 'LOW' | 'MEDIUM' | 'HIGH';
export interface RiskScoreCondition {
  level: RiskLevel;
}
export interface ElCondition {
  condition: string;
}
export interface EntityRiskCondition {
  level: RiskLevel;
}
export const RISK_DETECTION_TYPES = [
  'ADMIN_REPORTED_USER_RISK',
  'BRUTE_FORCE_ATTACK',
  'ENTITY_CRITICAL_ACTION_FROM_HIGH_THREAT_IP',
  'PLATFORM_THREAT_INTELLIGENCE',
  'SESSION_INFLUENCED_USER_RISK',
  'SUSPICIOUS_APP_ACCESS',
  'USER_REPORTED_SUSPICIOUS_ACTIVITY',
  'SECURITY_EVENTS_PROVIDER_REPORTED_RISK',
] as const;
export type RiskDetectionType = (typeof RISK_DETECTION_TYPES)[number];
export interface RiskDetectionTypesCondition {
  include?: RiskDetectionType[];
  exclude?: RiskDetectionType[];
}

export interface Conditions {
  people?: PeopleCondition;
  userType?: { include?: string[]; exclude: string[] };
  authContext?: AuthContextCondition;
  network?: NetworkCondition;
  authProvider?: AuthProviderCondition;
  userIdentifier?: UserIdentifierCondition;
  app?: AppCondition;
  platform?: PlatformCondition;
  device?: DeviceCondition;
  riskScore?: RiskScoreCondition;
  elCondition?: ElCondition;
  entityRisk?: EntityRiskCondition;
  riskDetectionTypes?: RiskDetectionTypesCondition;
}
export const CONDITION_KEYS = [
  'people',
  'userType',
  'authContext',
  'network',
  'authProvider',
  'userIdentifier',
  'app',
  'platform',
  'device',
  'riskScore',
  'elCondition',
  'entityRisk',
  'riskDetectionTypes',
] as const;

// ---------------------------------------------------------------- policy settings

export type EnrollSelf = 'NOT_ALLOWED' | 'OPTIONAL' | 'REQUIRED';
export const MFA_FACTOR_KEYS = [
  'vendor_a_mfa',
  'fido_u2f',
  'fido_webauthn',
  'vendor_c_otp',
  'platform_call',
  'platform_email',
  'platform_otp',
  'platform_password',
  'platform_push',
  'platform_question',
  'platform_sms',
  'vendor_d_token',
  'vendor_b_vip',
  'vendor_e_token',
] as const;
export type MfaFactorKey = (typeof MFA_FACTOR_KEYS)[number];
export interface MfaFactor {
  enroll?: { self: EnrollSelf };
}
export type FactorsConfiguration = Partial<Record<MfaFactorKey, MfaFactor>>;
export interface PolicyAuthenticator {
  key: string;
  enroll: { self: EnrollSelf };
  constraints?: { aaguidGroups?: string[] };
}
export interface MfaEnrollPolicySettings {
  type?: 'FACTORS' | 'AUTHENTICATORS';
  authenticators?: PolicyAuthenticator[];
  factors?: FactorsConfiguration;
}

export interface PasswordComplexity {
  minLength?: number;
  minLowerCase?: number;
  minUpperCase?: number;
  minNumber?: number;
  minSymbol?: number;
  excludeUsername?: boolean;
  excludeAttributes?: string[];
  dictionary?: { common?: { exclude?: boolean } };
}
export interface PasswordAge {
  maxAgeDays?: number;
  expireWarnDays?: number;
  minAgeMinutes?: number;
  historyCount?: number;
}
export interface PasswordLockout {
  maxAttempts?: number;
  autoUnlockMinutes?: number;
  showLockoutFailures?: boolean;
}
export interface RecoveryFactors {
  recovery_question?: { status: LifecycleStatus; properties?: { complexity?: { minLength?: number } } };
  platform_email?: { status: 'ACTIVE'; properties?: { recoveryToken?: { tokenLifetimeMinutes?: number } } };
  platform_sms?: { status: LifecycleStatus };
  platform_call?: { status: LifecycleStatus };
}
export interface PasswordPolicySettings {
  password?: { complexity?: PasswordComplexity; age?: PasswordAge; lockout?: PasswordLockout };
  recovery?: { factors?: RecoveryFactors };
  delegation?: { options?: { skipUnlock?: boolean } };
}

/** Settings of every policy type, one optional member group per type (the wire object is flat). */
export type PolicySettings = MfaEnrollPolicySettings & PasswordPolicySettings;

// ---------------------------------------------------------------- rule actions

export interface SignonSession {
  maxSessionIdleMinutes?: number;
  maxSessionLifetimeMinutes?: number;
  usePersistentCookie?: boolean;
}
export interface SignonAction {
  access: AccessDecision;
  requireFactor?: boolean;
  primaryFactor?: 'PASSWORD_IDP_ANY_FACTOR' | 'PASSWORD_IDP';
  factorPromptMode?: 'DEVICE' | 'SESSION' | 'ALWAYS';
  rememberDeviceByDefault?: boolean;
  factorLifetime?: number;
  session?: SignonSession;
}

export type SsprMethod = 'PUSH' | 'SMS' | 'VOICE' | 'EMAIL' | 'OTP';
export interface SelfServicePasswordResetAction {
  access: AccessDecision;
  type?: 'selfServicePasswordReset';
  requirement?: {
    primary?: {
      methods?: SsprMethod[];
      methodConstraints?: { method: 'OTP'; allowedAuthenticators: { key: string }[] }[];
    };
    stepUp?: { required?: boolean; methods?: 'security_question'[] };
  };
}

export interface EnrollAction {
  self: 'CHALLENGE' | 'LOGIN' | 'NEVER';
}

export const IDP_PROVIDER_TYPES = [
  'PLATFORM',
  'AgentlessDSSO',
  'IWA',
  'X509',
  'SAML2',
  'OIDC',
  'IDP_TYPE_A',
  'IDP_TYPE_B',
  'IDP_TYPE_C',
  'IDP_TYPE_D',
  'IDP_TYPE_E',
] as const;
export type IdpProviderType = (typeof IDP_PROVIDER_TYPES)[number];
export interface IdpProvider {
  id?: string;
  type: IdpProviderType;
  name?: string;
}
export interface IdpAction {
  providers: IdpProvider[];
  idpSelectionType: 'SPECIFIC' | 'DYNAMIC';
  matchCriteria?: { providerExpression: string; propertyName?: string }[];
}

export interface AuthenticationMethod {
  key: string;
  method?: string;
}
export type RequiredOrOptional = 'REQUIRED' | 'OPTIONAL';
export const CONSTRAINT_TYPES = [
  'SECURITY_KEY',
  'PHONE',
  'EMAIL',
  'PASSWORD',
  'SECURITY_QUESTION',
  'APP',
  'FEDERATED',
] as const;
export type ConstraintType = (typeof CONSTRAINT_TYPES)[number];
export const CONSTRAINT_METHODS = [
  'PASSWORD',
  'SECURITY_QUESTION',
  'SMS',
  'VOICE',
  'EMAIL',
  'PUSH',
  'SIGNED_NONCE',
  'OTP',
  'TOTP',
  'WEBAUTHN',
  'VENDOR_A_MFA',
  'IDP',
  'CERT',
] as const;
export type ConstraintMethod = (typeof CONSTRAINT_METHODS)[number];
export interface ConstraintProperties {
  types?: ConstraintType[];
  methods?: ConstraintMethod[];
  hardwareProtection?: RequiredOrOptional;
  deviceBound?: RequiredOrOptional;
  phishingResistant?: RequiredOrOptional;
  userPresence?: RequiredOrOptional;
  userVerification?: RequiredOrOptional;
  reauthenticateIn?: string;
  authenticationMethods?: AuthenticationMethod[];
  excludedAuthenticationMethods?: AuthenticationMethod[];
  required?: boolean;
}
export interface VerificationConstraint {
  knowledge?: ConstraintProperties;
  possession?: ConstraintProperties;
}
export interface VerificationMethod {
  type: 'ASSURANCE';
  factorMode?: '1FA' | '2FA';
  constraints?: VerificationConstraint[];
  reauthenticateIn?: string;
  inactivityPeriod?: string;
}
export interface AppSignOnAction {
  access: AccessDecision;
  verificationMethod: VerificationMethod;
}

export interface ProfileAttribute {
  name: string;
  label: string;
  required?: boolean;
}
export interface ProfileEnrollmentAction {
  access: AccessDecision;
  activationRequirements: { emailVerification: boolean };
  preRegistrationInlineHooks?: { inlineHookId: string }[] | null;
  allowedIdentifiers?: string[];
  profileAttributes: ProfileAttribute[];
  targetGroupIds?: string[] | null;
  unknownUserAction: 'DENY' | 'REGISTER';
  uiSchemaId?: string;
  enrollAuthenticators?: 'password'[] | null;
}

export type EntityRiskActionItem =
  | { action: 'TERMINATE_ALL_SESSIONS' }
  | { action: 'RUN_WORKFLOW'; workflow: { id: string } };
export interface EntityRiskAction {
  actions: EntityRiskActionItem[];
}

export interface SloSettings {
  appSelectionMode: 'SPECIFIC' | 'NONE' | 'ALL';
  appInstanceIds?: string[] | null;
}
export type ContinuousAccessFailureAction =
  | { action: 'TERMINATE_SESSION'; slo: SloSettings }
  | { action: 'RUN_WORKFLOW'; workflow: { id: string } };
export interface ContinuousAccessAction {
  failureActions: ContinuousAccessFailureAction[];
}

export interface RuleActions {
  signon?: SignonAction;
  passwordChange?: { access: AccessDecision };
  selfServiceUnlock?: { access: AccessDecision };
  selfServicePasswordReset?: SelfServicePasswordResetAction;
  enroll?: EnrollAction;
  idp?: IdpAction;
  appSignOn?: AppSignOnAction;
  profileEnrollment?: ProfileEnrollmentAction;
  entityRisk?: EntityRiskAction;
  continuousAccess?: ContinuousAccessAction;
}

// ---------------------------------------------------------------- resources

export interface Policy {
  id: string;
  type: PolicyType;
  name: string;
  system: boolean;
  description: string | null;
  priority: number;
  status: LifecycleStatus;
  conditions: Conditions | null;
  settings?: PolicySettings;
  created: string;
  lastUpdated: string;
  _links: PolicyLinks;
  /** Present only with `expand=rules` (classic orgs only). */
  _embedded?: { rules: PolicyRule[] };
}

export interface PolicyRule {
  id: string;
  type: RuleType;
  name: string;
  status: LifecycleStatus;
  priority: number;
  system: boolean;
  created: string;
  lastUpdated: string;
  conditions: Conditions | null;
  actions: RuleActions;
  _links: RuleLinks;
}

/** Bodies accepted on create/replace: everything optional on the wire, validated by the service. */
export type PolicyInput = Partial<Omit<Policy, 'system' | 'created' | 'lastUpdated' | '_links'>>;
export type PolicyRuleInput = Partial<Omit<PolicyRule, 'system' | 'created' | 'lastUpdated' | '_links'>>;

export interface UserType {
  id: string;
  displayName: string;
  name: string;
  description: string;
  createdBy: string;
  lastUpdatedBy: string;
  default: boolean;
  created: string;
  lastUpdated: string;
  _links: UserTypeLinks;
}
export interface CreateUserTypeInput {
  name: string;
  displayName: string;
  description?: string;
}
export interface ReplaceUserTypeInput {
  name: string;
  displayName: string;
  description: string;
}
export interface UpdateUserTypeInput {
  displayName?: string;
  description?: string;
}

/** Application objects are "not shown" in the spec beyond these members. */
export interface Application {
  id: string;
  name: string;
  label: string;
  status: LifecycleStatus;
  [key: string]: unknown;
}

// ---------------------------------------------------------------- access simulation

export type SimulationStatus = 'MATCH' | 'NOT_MATCH' | 'UNDEFINED';
export const SIMULATION_POLICY_TYPES = [
  'PLATFORM_SIGN_ON',
  'MFA_ENROLL',
  'PROFILE_ENROLLMENT',
  'ACCESS_POLICY',
] as const;
export type SimulationPolicyType = (typeof SIMULATION_POLICY_TYPES)[number];
export type SimulationExpand = 'EVALUATED' | 'RULE';

export interface SimulationRequest {
  policyTypes?: SimulationPolicyType[] | null;
  appInstance: string;
  policyContext?: {
    user?: { id: string };
    groups?: { ids: string[] };
    ip?: string;
    zones?: { ids: string[] };
    risk?: { level: 'LOW' | 'MEDIUM' | 'HIGH' };
    device?: { registered?: boolean; managed?: boolean; platform?: string; assuranceId?: string };
  };
}
export interface SimulatedCondition {
  type: string;
  status: SimulationStatus;
}
export interface SimulatedRule {
  id: string;
  name: string | null;
  status: SimulationStatus;
  conditions: SimulatedCondition[];
}
export interface SimulatedPolicy extends SimulatedRule {
  rules: SimulatedRule[];
}
export interface PolicyTypeEvaluation {
  policyType: string;
  status: string | null;
  result: { policies: SimulatedPolicy[] };
  undefined: { policies: SimulatedPolicy[] };
  evaluated: { policies: SimulatedPolicy[] };
}
export interface SimulationResponse {
  evaluation: PolicyTypeEvaluation[];
}

// ---------------------------------------------------------------- errors

/** The reasons of an E0000142 refusal. */
export const REFUSAL_REASONS = ['PROHIBITED', 'UNMET_REQUIREMENTS'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface ErrorBody {
  errorCode: string;
  errorSummary: string;
  errorLink: string;
  errorId: string;
  errorCauses: { errorSummary: string }[];
  /** Set on E0000142 (PROHIBITED, UNMET_REQUIREMENTS). */
  reason?: string;
}

export const ERROR_CODES = {
  VALIDATION: 'E0000001',
  MALFORMED: 'E0000003',
  FORBIDDEN: 'E0000006',
  NOT_FOUND: 'E0000007',
  UNAUTHENTICATED: 'E0000011',
  METHOD_NOT_ALLOWED: 'E0000022',
  RATE_LIMITED: 'E0000047',
  OPERATION_NOT_ALLOWED: 'E0000142',
} as const;
