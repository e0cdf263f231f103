import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { PeopleCondition as PeopleConditionWire, AuthContextCondition as AuthContextConditionWire, NetworkCondition as NetworkConditionWire, AuthProviderCondition as AuthProviderConditionWire, UserIdentifierCondition as UserIdentifierConditionWire, UserIdentifierPattern as UserIdentifierPatternWire, AppCondition as AppConditionWire, AppConditionEntry as AppConditionEntryWire, PlatformCondition as PlatformConditionWire, PlatformConditionEntry as PlatformConditionEntryWire, DeviceCondition as DeviceConditionWire, RiskScoreCondition as RiskScoreConditionWire, ElCondition as ElConditionWire, EntityRiskCondition as EntityRiskConditionWire, RiskDetectionTypesCondition as RiskDetectionTypesConditionWire, PolicyLinks as PolicyLinksWire, Link as LinkWire, PasswordPolicySettings as PasswordPolicySettingsWire, PasswordComplexity as PasswordComplexityWire, PasswordAge as PasswordAgeWire, PasswordLockout as PasswordLockoutWire, RecoveryFactors as RecoveryFactorsWire, MfaEnrollPolicySettings as MfaEnrollPolicySettingsWire, PolicyAuthenticator as PolicyAuthenticatorWire, MfaFactor as MfaFactorWire, SignonAction as SignonActionWire, SignonSession as SignonSessionWire, SelfServicePasswordResetAction as SelfServicePasswordResetActionWire, EnrollAction as EnrollActionWire, IdpAction as IdpActionWire, IdpProvider as IdpProviderWire, AppSignOnAction as AppSignOnActionWire, VerificationMethod as VerificationMethodWire, VerificationConstraint as VerificationConstraintWire, AuthenticationMethod as AuthenticationMethodWire, ProfileEnrollmentAction as ProfileEnrollmentActionWire, ProfileAttribute as ProfileAttributeWire, ContinuousAccessAction as ContinuousAccessActionWire, ContinuousAccessFailureAction as ContinuousAccessFailureActionWire, SloSettings as SloSettingsWire, EntityRiskAction as EntityRiskActionWire, EntityRiskActionItem as EntityRiskActionItemWire, UserType as UserTypeWire, UserTypeLinks as UserTypeLinksWire, UserTypeLink as UserTypeLinkWire, PolicyTypeEvaluation as PolicyTypeEvaluationWire, SimulatedPolicy as SimulatedPolicyWire, SimulatedCondition as SimulatedConditionWire, Application as ApplicationWire, Policy as PolicyWire, RuleActions as RuleActionsWire, RuleLinks as RuleLinksWire, Conditions as ConditionsWire, IncludeExclude as IncludeExcludeWire, FactorsConfiguration as FactorsConfigurationWire, ConstraintProperties as ConstraintPropertiesWire, SimulationResponse as SimulationResponseWire } from '../rest/types.ts';
import type { SimulatedRuleWithPolicyId as SimulatedRuleWithPolicyIdWire, RuleWithPolicyId as RuleWithPolicyIdWire, PolicyPage as PolicyPageWire, PolicyPayloadModel as PolicyPayloadModelWire, PolicyRulePayloadModel as PolicyRulePayloadModelWire, DeletePolicyPayloadModel as DeletePolicyPayloadModelWire, DeletePolicyRulePayloadModel as DeletePolicyRulePayloadModelWire, DeleteUserTypePayloadModel as DeleteUserTypePayloadModelWire, UserTypeConditionShape as UserTypeConditionShapeWire } from '../gateway/resolvers/models.ts';
import type { GatewayContext } from '../gateway/context.ts';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO 8601 UTC timestamp with milliseconds, e.g. `2024-01-31T09:15:00.000Z`. */
  DateTime: { input: string; output: string; }
  /** Any JSON value. Used only for what the REST contract does not show (members of application objects) and for the policy document (see `exportPolicies`). */
  JSON: { input: unknown; output: unknown; }
};

/** An allow-or-deny action. */
export type AccessAction = {
  __typename?: 'AccessAction';
  /** ALLOW or DENY. */
  access: AccessDecision;
};

/** An allow-or-deny action. */
export type AccessActionInput = {
  /** ALLOW or DENY. */
  access: AccessDecision;
};

/** Allow or deny the operation a rule action governs. */
export type AccessDecision =
  /** The operation is allowed. */
  | 'ALLOW'
  /** The operation is denied. */
  | 'DENY';

/**
 * Authentication policy (identity engine, type ACCESS_POLICY): extra authentication before an application
 * can be invoked; always mapped to applications. Creating one creates its default rule (priority 99).
 */
export type AccessPolicy = Node & Policy & {
  __typename?: 'AccessPolicy';
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<AccessPolicyRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<AccessPolicyRule>>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/**
 * Authentication policy (identity engine, type ACCESS_POLICY): extra authentication before an application
 * can be invoked; always mapped to applications. Creating one creates its default rule (priority 99).
 */
export type AccessPolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** Rule of an authentication policy (identity engine, type ACCESS_POLICY): the assurance required for an app. */
export type AccessPolicyRule = Node & PolicyRule & {
  __typename?: 'AccessPolicyRule';
  /** What the rule does: access and the required assurance. */
  actions: AccessPolicyRuleActions;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<AccessPolicy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** Actions of an authentication policy rule. */
export type AccessPolicyRuleActions = {
  __typename?: 'AccessPolicyRuleActions';
  /** Access to the application and the assurance it requires. */
  appSignOn?: Maybe<AppSignOnAction>;
};

/** The result of an access simulation. */
export type AccessSimulation = {
  __typename?: 'AccessSimulation';
  /** One entry per evaluated policy type. */
  evaluation: Array<PolicyTypeEvaluation>;
};

/**
 * The sign-in context. The REST object's one-of members are grouped so that the schema enforces them:
 * `subject` is the REST `user` or `groups`, `network` the REST `ip` or `zones`.
 */
export type AccessSimulationContextInput = {
  /** The device signed in from; absent when unknown. */
  device?: InputMaybe<SimulationDeviceInput>;
  /** Where from: an address or zones; absent when unknown. */
  network?: InputMaybe<SimulationNetworkInput>;
  /** The sign-in's risk; absent when unknown. */
  risk?: InputMaybe<SimulationRiskInput>;
  /** Who signs in: exactly one of a user or groups. */
  subject: SimulationSubjectInput;
};

/** Extra detail of an access simulation (the REST `expand`). */
export type AccessSimulationExpand =
  /** Also list the policies and rules that were evaluated but did not match. */
  | 'EVALUATED'
  /** Also give the per-condition detail of why a rule matched or not. */
  | 'RULE';

/** The REST simulation body; field names are the REST names except in `policyContext` (see there). */
export type AccessSimulationInput = {
  /** The application instance signed in to. */
  appInstance: Scalars['ID']['input'];
  /** The sign-in context (required). */
  policyContext: AccessSimulationContextInput;
  /** Default: all simulated types. */
  policyTypes?: InputMaybe<Array<SimulationPolicyType>>;
};

/** What a registered user's activation needs. */
export type ActivationRequirements = {
  __typename?: 'ActivationRequirements';
  /** Default false. */
  emailVerification: Scalars['Boolean']['output'];
};

/** What a registered user's activation needs. */
export type ActivationRequirementsInput = {
  /** Default false. */
  emailVerification: Scalars['Boolean']['input'];
};

/** Applications included and excluded. */
export type AppCondition = {
  __typename?: 'AppCondition';
  /** Applications or application types excluded. */
  exclude: Array<AppConditionEntry>;
  /** Applications or application types included. */
  include: Array<AppConditionEntry>;
};

/** An element of an app condition: `{type: APP_TYPE, name}` or `{type: APP, id}` on the wire. */
export type AppConditionEntry = {
  __typename?: 'AppConditionEntry';
  /** Application id, with APP. */
  id?: Maybe<Scalars['ID']['output']>;
  /** Application type name, with APP_TYPE. */
  name?: Maybe<Scalars['String']['output']>;
  /** APP_TYPE or APP. */
  type: AppConditionEntryType;
};

/** One application or every application of a type: the REST `{type: APP, id}` or `{type: APP_TYPE, name}`. */
export type AppConditionEntryInput =
  /** An application id (REST `{type: APP, id}`). */
  { app: Scalars['ID']['input']; appType?: never; }
  |  /** An application type name (REST `{type: APP_TYPE, name}`). */
  { app?: never; appType: Scalars['String']['input']; };

/** Kinds of app condition entries. */
export type AppConditionEntryType =
  /** One application: `id` is set. */
  | 'APP'
  /** Every application of a type: `name` is set. */
  | 'APP_TYPE';

/** Applications included and excluded. */
export type AppConditionInput = {
  /** Applications or application types excluded. */
  exclude: Array<AppConditionEntryInput>;
  /** Applications or application types included. */
  include: Array<AppConditionEntryInput>;
};

/** Applications included and excluded. */
export type AppConditionUpdateInput = {
  /** Applications or application types excluded. */
  exclude?: InputMaybe<Array<AppConditionEntryInput>>;
  /** Applications or application types included. */
  include?: InputMaybe<Array<AppConditionEntryInput>>;
};

/** Which applications single logout covers. */
export type AppSelectionMode =
  /** Every application. */
  | 'ALL'
  /** No application. */
  | 'NONE'
  /** The applications of `appInstanceIds`. */
  | 'SPECIFIC';

/** Action of an authentication policy rule (the REST `actions.appSignOn`). */
export type AppSignOnAction = {
  __typename?: 'AppSignOnAction';
  /** ALLOW or DENY access to the application (required). */
  access: AccessDecision;
  /** The assurance the user must meet (required). */
  verificationMethod: VerificationMethod;
};

/** Action of an authentication policy rule (the REST `actions.appSignOn`). */
export type AppSignOnActionInput = {
  /** ALLOW or DENY access to the application (required). */
  access: AccessDecision;
  /** The assurance the user must meet (required). */
  verificationMethod: VerificationMethodInput;
};

/** Action of an authentication policy rule (the REST `actions.appSignOn`). */
export type AppSignOnActionUpdateInput = {
  /** ALLOW or DENY access to the application (required). */
  access?: InputMaybe<AccessDecision>;
  /** The assurance the user must meet (required). */
  verificationMethod?: InputMaybe<VerificationMethodUpdateInput>;
};

/** An application mapped to a policy. The spec shows only these members. */
export type Application = {
  __typename?: 'Application';
  /**
   * The authentication policy the application is mapped to, from its `accessPolicy` link (through the
   * policy loader: a list of apps costs one read per distinct policy at most). Null when the link is absent.
   */
  accessPolicy?: Maybe<AccessPolicy>;
  /** Every other member of the application object as the service returns it (not shown in the spec). */
  additionalProperties: Scalars['JSON']['output'];
  /** The application id. */
  id: Scalars['ID']['output'];
  /** The application's display label (the REST `label`). */
  label: Scalars['String']['output'];
  /** The application's name (the REST `name`). */
  name: Scalars['String']['output'];
  /** The application's status (the REST `status`). */
  status: LifecycleStatus;
};

/** The authentication context condition. */
export type AuthContextCondition = {
  __typename?: 'AuthContextCondition';
  /** Default ANY. */
  authType?: Maybe<AuthType>;
};

/** The authentication context condition. */
export type AuthContextConditionInput = {
  /** Default ANY. */
  authType?: InputMaybe<AuthType>;
};

/** The authentication provider condition. */
export type AuthProviderCondition = {
  __typename?: 'AuthProviderCondition';
  /** Directory integration ids (default: all integrations). */
  include?: Maybe<Array<Scalars['ID']['output']>>;
  /** Default PLATFORM. */
  provider: AuthProviderType;
};

/** The authentication provider condition. */
export type AuthProviderConditionInput = {
  /** Directory integration ids (default: all integrations). */
  include?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Default PLATFORM. */
  provider: AuthProviderType;
};

/** The authentication provider condition. */
export type AuthProviderConditionUpdateInput = {
  /** Directory integration ids (default: all integrations). */
  include?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Default PLATFORM. */
  provider?: InputMaybe<AuthProviderType>;
};

/** Where users are authenticated. */
export type AuthProviderType =
  /** A directory integration. */
  | 'DIRECTORY_SERVICE'
  /** The platform itself (the default). */
  | 'PLATFORM';

/** Authentication context types. */
export type AuthType =
  /** Any context (the default). */
  | 'ANY'
  /** Early access. */
  | 'LDAP_INTERFACE';

/** An authenticator, and optionally one of its methods. */
export type AuthenticationMethod = {
  __typename?: 'AuthenticationMethod';
  /** Authenticator key, e.g. platform_password, phone_number, webauthn. */
  key: Scalars['String']['output'];
  /** The method, e.g. SMS or VOICE for phone_number; all methods when absent. */
  method?: Maybe<Scalars['String']['output']>;
};

/** An authenticator, and optionally one of its methods. */
export type AuthenticationMethodInput = {
  /** Authenticator key, e.g. platform_password, phone_number, webauthn. */
  key: Scalars['String']['input'];
  /** The method, e.g. SMS or VOICE for phone_number; all methods when absent. */
  method?: InputMaybe<Scalars['String']['input']>;
};

/** Constraints on an authenticator's enrollments (early access). */
export type AuthenticatorConstraints = {
  __typename?: 'AuthenticatorConstraints';
  /** Names of FIDO2 WebAuthn authenticator groups allowed for new enrollments. */
  aaguidGroups?: Maybe<Array<Scalars['String']['output']>>;
};

/** Constraints on an authenticator's enrollments (early access). */
export type AuthenticatorConstraintsInput = {
  /** Names of FIDO2 WebAuthn authenticator groups allowed for new enrollments. */
  aaguidGroups?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** An authenticator named by key. */
export type AuthenticatorKey = {
  __typename?: 'AuthenticatorKey';
  /** The authenticator key. */
  key: Scalars['String']['output'];
};

/** An authenticator named by key. */
export type AuthenticatorKeyInput = {
  /** The authenticator key. */
  key: Scalars['String']['input'];
};

/** Authenticator methods. */
export type AuthenticatorMethodType =
  /** A certificate (smart card). */
  | 'CERT'
  /** Email. */
  | 'EMAIL'
  /** A federated identity provider. */
  | 'IDP'
  /** One-time password. */
  | 'OTP'
  /** Password (knowledge). */
  | 'PASSWORD'
  /** Push notification to an app. */
  | 'PUSH'
  /** Security question (knowledge). */
  | 'SECURITY_QUESTION'
  /** Signed nonce from the platform's verify app. */
  | 'SIGNED_NONCE'
  /** SMS to a phone number. */
  | 'SMS'
  /** Time-based one-time password. */
  | 'TOTP'
  /** Vendor A MFA. */
  | 'VENDOR_A_MFA'
  /** Voice call to a phone number. */
  | 'VOICE'
  /** WebAuthn security key or biometric. */
  | 'WEBAUTHN';

/** Authenticator types. */
export type AuthenticatorType =
  /** Authenticator app (push, OTP, TOTP). */
  | 'APP'
  /** Email. */
  | 'EMAIL'
  /** A federated identity provider or smart card. */
  | 'FEDERATED'
  /** Password. */
  | 'PASSWORD'
  /** Phone (SMS, voice). */
  | 'PHONE'
  /** Security key or hardware token (webauthn, OTP tokens). */
  | 'SECURITY_KEY'
  /** Security question. */
  | 'SECURITY_QUESTION';

/** How one condition fared in a simulation. */
export type ConditionStatus =
  /** The condition is met. */
  | 'MATCH'
  /** The condition is not met. */
  | 'NOT_MATCH'
  /** The context gave no data to decide the condition. */
  | 'UNDEFINED';

/** Action of a continuous access evaluation rule (the REST `actions.continuousAccess`). */
export type ContinuousAccessAction = {
  __typename?: 'ContinuousAccessAction';
  /** Empty: only log. */
  failureActions: Array<ContinuousAccessFailureAction>;
};

/** Action of a continuous access evaluation rule (the REST `actions.continuousAccess`). */
export type ContinuousAccessActionInput = {
  /** Empty: only log. */
  failureActions: Array<ContinuousAccessFailureActionInput>;
};

/** `{action: TERMINATE_SESSION, slo}` or `{action: RUN_WORKFLOW, workflow: {id}}` on the wire. */
export type ContinuousAccessFailureAction = {
  __typename?: 'ContinuousAccessFailureAction';
  /** The response. */
  action: ContinuousAccessFailureActionType;
  /** With TERMINATE_SESSION. */
  slo?: Maybe<SloSettings>;
  /** With RUN_WORKFLOW. */
  workflow?: Maybe<WorkflowRef>;
};

/** `{action: TERMINATE_SESSION, slo}` or `{action: RUN_WORKFLOW, workflow: {id}}`. */
export type ContinuousAccessFailureActionInput = {
  /** The response. */
  action: ContinuousAccessFailureActionType;
  /** With TERMINATE_SESSION. */
  slo?: InputMaybe<SloSettingsInput>;
  /** With RUN_WORKFLOW. */
  workflow?: InputMaybe<WorkflowRefInput>;
};

/** Continuous access failure responses. */
export type ContinuousAccessFailureActionType =
  /** Run a workflow (`workflow.id`). */
  | 'RUN_WORKFLOW'
  /** End the session, with single logout settings. */
  | 'TERMINATE_SESSION';

/**
 * Continuous access evaluation policy (identity engine, early access, type CONTINUOUS_ACCESS): decides the
 * action after a session event. Policy-level conditions are unsupported.
 */
export type ContinuousAccessPolicy = Node & Policy & {
  __typename?: 'ContinuousAccessPolicy';
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<ContinuousAccessRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<ContinuousAccessRule>>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/**
 * Continuous access evaluation policy (identity engine, early access, type CONTINUOUS_ACCESS): decides the
 * action after a session event. Policy-level conditions are unsupported.
 */
export type ContinuousAccessPolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** Rule of a continuous access evaluation policy (identity engine, early access, type CONTINUOUS_ACCESS). */
export type ContinuousAccessRule = Node & PolicyRule & {
  __typename?: 'ContinuousAccessRule';
  /** What the rule does: the responses when re-evaluation fails. */
  actions: ContinuousAccessRuleActions;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<ContinuousAccessPolicy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** Actions of a continuous access evaluation rule. */
export type ContinuousAccessRuleActions = {
  __typename?: 'ContinuousAccessRuleActions';
  /** What to do when re-evaluation fails. */
  continuousAccess?: Maybe<ContinuousAccessAction>;
};

/** The REST user type body of a create. */
export type CreateUserTypeInput = {
  /** Human-readable description; optional. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The display name. */
  displayName: Scalars['String']['input'];
  /** Starts with a letter; letters, digits or underscore; cannot change later. */
  name: Scalars['String']['input'];
};

/** The result of `deletePolicy`. */
export type DeletePolicyPayload = {
  __typename?: 'DeletePolicyPayload';
  /** The id of the deleted policy; null when refused. */
  deletedId?: Maybe<Scalars['ID']['output']>;
  /**
   * The remaining policies of the deleted policy's type in their new priority order. When selected, the
   * policy is read before it is deleted (to learn its type), then listed after. Null when refused.
   */
  policiesOfType?: Maybe<Array<Policy>>;
  /** Why the deletion was refused; empty on success. */
  userErrors: Array<UserError>;
};

/** The result of `deletePolicyRule`. */
export type DeletePolicyRulePayload = {
  __typename?: 'DeletePolicyRulePayload';
  /** The id of the deleted rule; null when refused. */
  deletedId?: Maybe<Scalars['ID']['output']>;
  /** The rule's policy, whose `rules` are in their new priority order. Null when the deletion was refused. */
  policy?: Maybe<Policy>;
  /** Why the deletion was refused; empty on success. */
  userErrors: Array<UserError>;
};

/** The result of `deleteUserType`. */
export type DeleteUserTypePayload = {
  __typename?: 'DeleteUserTypePayload';
  /** The id of the deleted user type; null when refused. */
  deletedId?: Maybe<Scalars['ID']['output']>;
  /**
   * The rules whose userType condition names the type, read before the delete (whatever the service then
   * does, deleted or refused). Only when selected: it costs one list call per policy type and one rules
   * list per policy.
   */
  referencingRules?: Maybe<Array<PolicyRule>>;
  /** Why the deletion was refused; empty on success. */
  userErrors: Array<UserError>;
};

/** Device state (identity engine). */
export type DeviceCondition = {
  __typename?: 'DeviceCondition';
  /** When sent, `registered` must also be sent and be true. */
  managed?: Maybe<Scalars['Boolean']['output']>;
  /** The device is registered. */
  registered?: Maybe<Scalars['Boolean']['output']>;
};

/** Device state (identity engine). */
export type DeviceConditionInput = {
  /** When sent, `registered` must also be sent and be true. */
  managed?: InputMaybe<Scalars['Boolean']['input']>;
  /** The device is registered. */
  registered?: InputMaybe<Scalars['Boolean']['input']>;
};

/** An expression-language condition. */
export type ElCondition = {
  __typename?: 'ElCondition';
  /** The expression (required). */
  condition: Scalars['String']['output'];
};

/** An expression-language condition. */
export type ElConditionInput = {
  /** The expression (required). */
  condition: Scalars['String']['input'];
};

/** Enrollment action of an MFA / authenticator enrollment rule (the REST `actions.enroll`). */
export type EnrollAction = {
  __typename?: 'EnrollAction';
  /** When the user enrolls (required). */
  self: EnrollActionSelf;
};

/** Enrollment action of an MFA / authenticator enrollment rule (the REST `actions.enroll`). */
export type EnrollActionInput = {
  /** When the user enrolls (required). */
  self: EnrollActionSelf;
};

/** When the user enrolls. */
export type EnrollActionSelf =
  /** Enroll at the next challenge. */
  | 'CHALLENGE'
  /** Enroll at first login. */
  | 'LOGIN'
  /** Never. */
  | 'NEVER';

/** Authenticators enrolled at registration. */
export type EnrollAuthenticator =
  /** Password (the only value). */
  | 'password';

/** Whether users may, must or cannot enroll a factor or authenticator. */
export type EnrollSelf =
  /** Enrollment not allowed (the default). */
  | 'NOT_ALLOWED'
  /** Users may enroll. */
  | 'OPTIONAL'
  /** Users must enroll. */
  | 'REQUIRED';

/** Action of an entity risk rule (the REST `actions.entityRisk`). */
export type EntityRiskAction = {
  __typename?: 'EntityRiskAction';
  /** Empty: only log the risk event. */
  actions: Array<EntityRiskActionItem>;
};

/** Action of an entity risk rule (the REST `actions.entityRisk`). */
export type EntityRiskActionInput = {
  /** Empty: only log the risk event. */
  actions: Array<EntityRiskActionItemInput>;
};

/** `{action: TERMINATE_ALL_SESSIONS}` or `{action: RUN_WORKFLOW, workflow: {id}}` on the wire. */
export type EntityRiskActionItem = {
  __typename?: 'EntityRiskActionItem';
  /** The response. */
  action: EntityRiskActionType;
  /** With RUN_WORKFLOW. */
  workflow?: Maybe<WorkflowRef>;
};

/** `{action: TERMINATE_ALL_SESSIONS}` or `{action: RUN_WORKFLOW, workflow: {id}}`. */
export type EntityRiskActionItemInput = {
  /** The response. */
  action: EntityRiskActionType;
  /** With RUN_WORKFLOW. */
  workflow?: InputMaybe<WorkflowRefInput>;
};

/** Entity risk responses. */
export type EntityRiskActionType =
  /** Run a workflow (`workflow.id`). */
  | 'RUN_WORKFLOW'
  /** End all the user's sessions. */
  | 'TERMINATE_ALL_SESSIONS';

/** The entity risk condition (identity engine). */
export type EntityRiskCondition = {
  __typename?: 'EntityRiskCondition';
  /** The entity risk level (required). */
  level: RiskLevel;
};

/** The entity risk condition (identity engine). */
export type EntityRiskConditionInput = {
  /** The entity risk level (required). */
  level: RiskLevel;
};

/** Entity risk policy (identity engine, early access, type ENTITY_RISK). Policy-level conditions are unsupported. */
export type EntityRiskPolicy = Node & Policy & {
  __typename?: 'EntityRiskPolicy';
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<EntityRiskRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<EntityRiskRule>>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/** Entity risk policy (identity engine, early access, type ENTITY_RISK). Policy-level conditions are unsupported. */
export type EntityRiskPolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** Rule of an entity risk policy (identity engine, early access, type ENTITY_RISK). */
export type EntityRiskRule = Node & PolicyRule & {
  __typename?: 'EntityRiskRule';
  /** What the rule does: the responses to a risk event. */
  actions: EntityRiskRuleActions;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<EntityRiskPolicy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** Actions of an entity risk rule. */
export type EntityRiskRuleActions = {
  __typename?: 'EntityRiskRuleActions';
  /** What to do on a risk event. */
  entityRisk?: Maybe<EntityRiskAction>;
};

/** Enrollment of a factor or authenticator. */
export type FactorEnrollment = {
  __typename?: 'FactorEnrollment';
  /** Default NOT_ALLOWED. */
  self: EnrollSelf;
};

/** Enrollment of a factor or authenticator. */
export type FactorEnrollmentInput = {
  /** Default NOT_ALLOWED. */
  self: EnrollSelf;
};

/** How many factor classes the assurance needs; the REST values `1FA` and `2FA` are not legal GraphQL names. */
export type FactorMode =
  /** `1FA` on the wire. */
  | '1FA'
  /** `2FA` on the wire. */
  | '2FA';

/** When the user is asked for an MFA factor. */
export type FactorPromptMode =
  /** At every sign-in. */
  | 'ALWAYS'
  /** Once per device. */
  | 'DEVICE'
  /** Once per session, then again after `factorLifetime`. */
  | 'SESSION';

/** Global session policy (type PLATFORM_SIGN_ON). It has no policy-level settings: all its data is in its rules. */
export type GlobalSessionPolicy = Node & Policy & {
  __typename?: 'GlobalSessionPolicy';
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<GlobalSessionRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<GlobalSessionRule>>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/** Global session policy (type PLATFORM_SIGN_ON). It has no policy-level settings: all its data is in its rules. */
export type GlobalSessionPolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** Rule of a global session policy (type SIGN_ON). */
export type GlobalSessionRule = Node & PolicyRule & {
  __typename?: 'GlobalSessionRule';
  /** What the rule does: the sign-on action. */
  actions: GlobalSessionRuleActions;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<GlobalSessionPolicy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** Actions of a global session rule. */
export type GlobalSessionRuleActions = {
  __typename?: 'GlobalSessionRuleActions';
  /** Sign-on and session settings (the REST `actions.signon`). */
  signon?: Maybe<SignonAction>;
};

/** Groups included and excluded. */
export type GroupCondition = {
  __typename?: 'GroupCondition';
  /** Group ids. */
  exclude: Array<Scalars['ID']['output']>;
  /** Group ids. */
  include: Array<Scalars['ID']['output']>;
};

/** Include and exclude lists of group or user ids. */
export type IdListConditionInput = {
  /** Ids excluded (required). */
  exclude: Array<Scalars['ID']['input']>;
  /** Ids included (required). */
  include: Array<Scalars['ID']['input']>;
};

/** Include and exclude lists of ids (groups, users, user types); each list is replaced whole. */
export type IdListConditionUpdateInput = {
  /** Ids excluded. */
  exclude?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Ids included. */
  include?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** Routing action of an IdP discovery rule (the REST `actions.idp`). */
export type IdpAction = {
  __typename?: 'IdpAction';
  /** SPECIFIC or DYNAMIC (required). */
  idpSelectionType: IdpSelectionType;
  /** Required with DYNAMIC. */
  matchCriteria?: Maybe<Array<IdpMatchCriteria>>;
  /** At most 10; several only on the identity engine; none with DYNAMIC. */
  providers: Array<IdpProvider>;
};

/** Routing action of an IdP discovery rule (the REST `actions.idp`). */
export type IdpActionInput = {
  /** SPECIFIC or DYNAMIC (required). */
  idpSelectionType: IdpSelectionType;
  /** Required with DYNAMIC. */
  matchCriteria?: InputMaybe<Array<IdpMatchCriteriaInput>>;
  /** At most 10; several only on the identity engine; none with DYNAMIC. */
  providers: Array<IdpProviderInput>;
};

/** Routing action of an IdP discovery rule (the REST `actions.idp`). */
export type IdpActionUpdateInput = {
  /** SPECIFIC or DYNAMIC (required). */
  idpSelectionType?: InputMaybe<IdpSelectionType>;
  /** Required with DYNAMIC. */
  matchCriteria?: InputMaybe<Array<IdpMatchCriteriaInput>>;
  /** At most 10; several only on the identity engine; none with DYNAMIC. */
  providers?: InputMaybe<Array<IdpProviderInput>>;
};

/** IdP discovery (routing) policy (type IDP_DISCOVERY). Exactly one exists per org. */
export type IdpDiscoveryPolicy = Node & Policy & {
  __typename?: 'IdpDiscoveryPolicy';
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<IdpDiscoveryRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<IdpDiscoveryRule>>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/** IdP discovery (routing) policy (type IDP_DISCOVERY). Exactly one exists per org. */
export type IdpDiscoveryPolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** Rule of the IdP discovery policy (type IDP_DISCOVERY): which identity provider users are routed to. */
export type IdpDiscoveryRule = Node & PolicyRule & {
  __typename?: 'IdpDiscoveryRule';
  /** What the rule does: the identity provider routing. */
  actions: IdpDiscoveryRuleActions;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<IdpDiscoveryPolicy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** Actions of an IdP discovery rule. */
export type IdpDiscoveryRuleActions = {
  __typename?: 'IdpDiscoveryRuleActions';
  /** Which identity provider users are routed to. */
  idp?: Maybe<IdpAction>;
};

/** How a DYNAMIC action picks the identity provider. */
export type IdpMatchCriteria = {
  __typename?: 'IdpMatchCriteria';
  /** The IdP property the evaluated result must equal (default `name`). */
  propertyName?: Maybe<Scalars['String']['output']>;
  /** Expression-language expression (required with DYNAMIC). */
  providerExpression: Scalars['String']['output'];
};

/** How a DYNAMIC action picks the identity provider. */
export type IdpMatchCriteriaInput = {
  /** The IdP property the evaluated result must equal (default `name`). */
  propertyName?: InputMaybe<Scalars['String']['input']>;
  /** Expression-language expression (required with DYNAMIC). */
  providerExpression: Scalars['String']['input'];
};

/** An identity provider users are routed to. */
export type IdpProvider = {
  __typename?: 'IdpProvider';
  /** Required except for the types PLATFORM, AgentlessDSSO and IWA. */
  id?: Maybe<Scalars['ID']['output']>;
  /** Identity engine. */
  name?: Maybe<Scalars['String']['output']>;
  /** The provider type (required). */
  type: IdpProviderType;
};

/** An identity provider users are routed to. */
export type IdpProviderInput = {
  /** Required except for the types PLATFORM, AgentlessDSSO and IWA. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Identity engine. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** The provider type (required). */
  type: IdpProviderType;
};

/** Identity provider types. */
export type IdpProviderType =
  /** Agentless desktop single sign-on; at most one per action. */
  | 'AgentlessDSSO'
  /** Social identity provider type A. */
  | 'IDP_TYPE_A'
  /** Social identity provider type B. */
  | 'IDP_TYPE_B'
  /** Social identity provider type C. */
  | 'IDP_TYPE_C'
  /** Social identity provider type D. */
  | 'IDP_TYPE_D'
  /** Social identity provider type E. */
  | 'IDP_TYPE_E'
  /** Integrated Windows authentication; at most one per action. */
  | 'IWA'
  /** An OpenID Connect identity provider. */
  | 'OIDC'
  /** The platform's own sign-in page. */
  | 'PLATFORM'
  /** A SAML 2.0 identity provider. */
  | 'SAML2'
  /** X.509 certificate (smart card); at most one per action. */
  | 'X509';

/** How the identity provider is chosen. */
export type IdpSelectionType =
  /** From the user's attributes by `matchCriteria`; no providers. */
  | 'DYNAMIC'
  /** One of the listed `providers`. */
  | 'SPECIFIC';

/** A registration inline hook. */
export type InlineHookRef = {
  __typename?: 'InlineHookRef';
  /** The inline hook id. */
  inlineHookId: Scalars['ID']['output'];
};

/** A registration inline hook. */
export type InlineHookRefInput = {
  /** The inline hook id. */
  inlineHookId: Scalars['ID']['input'];
};

/** Requirements on the knowledge factor. */
export type KnowledgeConstraint = {
  __typename?: 'KnowledgeConstraint';
  /** Allow list: authenticators not listed are not allowed. */
  authenticationMethods?: Maybe<Array<AuthenticationMethod>>;
  /** Deny list. */
  excludedAuthenticationMethods?: Maybe<Array<AuthenticationMethod>>;
  /** Authenticator methods allowed. */
  methods?: Maybe<Array<AuthenticatorMethodType>>;
  /** ISO 8601 duration; overrides the verification method's value. */
  reauthenticateIn?: Maybe<Scalars['String']['output']>;
  /** Always returned; default true, false when excludedAuthenticationMethods has values. */
  required?: Maybe<Scalars['Boolean']['output']>;
  /** Authenticator types allowed. */
  types?: Maybe<Array<AuthenticatorType>>;
};

/** Requirements on the knowledge factor. */
export type KnowledgeConstraintInput = {
  /** Allow list: authenticators not listed are not allowed. */
  authenticationMethods?: InputMaybe<Array<AuthenticationMethodInput>>;
  /** Deny list. */
  excludedAuthenticationMethods?: InputMaybe<Array<AuthenticationMethodInput>>;
  /** Authenticator methods allowed. */
  methods?: InputMaybe<Array<AuthenticatorMethodType>>;
  /** ISO 8601 duration; overrides the verification method's value. */
  reauthenticateIn?: InputMaybe<Scalars['String']['input']>;
  /** Optional; default true, false when excludedAuthenticationMethods has values. */
  required?: InputMaybe<Scalars['Boolean']['input']>;
  /** Authenticator types allowed. */
  types?: InputMaybe<Array<AuthenticatorType>>;
};

/** Lifecycle status of a policy or rule; the default on create is ACTIVE. */
export type LifecycleStatus =
  /** In force: evaluated. */
  | 'ACTIVE'
  /** Not in force: skipped by evaluation. */
  | 'INACTIVE';

/** A relation of a REST object. */
export type Link = {
  __typename?: 'Link';
  /** What the target accepts. */
  hints?: Maybe<LinkHints>;
  /** The target URL. */
  href: Scalars['String']['output'];
};

/** Hints about a link's target (the REST `hints`). */
export type LinkHints = {
  __typename?: 'LinkHints';
  /** HTTP methods the link accepts. */
  allow: Array<Scalars['String']['output']>;
};

/** MFA enrollment policy (classic) or authenticator enrollment policy (identity engine), type MFA_ENROLL. */
export type MfaEnrollPolicy = Node & Policy & {
  __typename?: 'MfaEnrollPolicy';
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<MfaEnrollRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<MfaEnrollRule>>;
  /** The factors or authenticators users enroll. */
  settings?: Maybe<MfaEnrollPolicySettings>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/** MFA enrollment policy (classic) or authenticator enrollment policy (identity engine), type MFA_ENROLL. */
export type MfaEnrollPolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** Settings of an MFA / authenticator enrollment policy. `factors` and `authenticators` are mutually exclusive. */
export type MfaEnrollPolicySettings = {
  __typename?: 'MfaEnrollPolicySettings';
  /** Settings of the enabled authenticators (identity engine). */
  authenticators?: Maybe<Array<PolicyAuthenticator>>;
  /** Settings of the enabled factors. */
  factors?: Maybe<MfaFactorsConfiguration>;
  /** Default FACTORS. */
  type?: Maybe<MfaEnrollSettingsType>;
};

/** Rule of an MFA / authenticator enrollment policy (type MFA_ENROLL): when users enroll. */
export type MfaEnrollRule = Node & PolicyRule & {
  __typename?: 'MfaEnrollRule';
  /** What the rule does: when users enroll. */
  actions: MfaEnrollRuleActions;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<MfaEnrollPolicy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** Actions of an MFA / authenticator enrollment rule. */
export type MfaEnrollRuleActions = {
  __typename?: 'MfaEnrollRuleActions';
  /** When the user enrolls. */
  enroll?: Maybe<EnrollAction>;
};

/** What an MFA / authenticator enrollment policy's settings list. */
export type MfaEnrollSettingsType =
  /** Authenticators (`authenticators`, identity engine). */
  | 'AUTHENTICATORS'
  /** Factors (`factors`); the default. */
  | 'FACTORS';

/** Enrollment settings of one MFA factor. */
export type MfaFactor = {
  __typename?: 'MfaFactor';
  /** Whether users enroll this factor (default NOT_ALLOWED). */
  enroll?: Maybe<FactorEnrollment>;
};

/** Enrollment settings of one MFA factor. */
export type MfaFactorInput = {
  /** Whether users enroll this factor (default NOT_ALLOWED). */
  enroll?: InputMaybe<FactorEnrollmentInput>;
};

/** One member per factor key of the REST map; only enabled factors are present. */
export type MfaFactorsConfiguration = {
  __typename?: 'MfaFactorsConfiguration';
  /** FIDO U2F security key. */
  fido_u2f?: Maybe<MfaFactor>;
  /** FIDO2 WebAuthn. */
  fido_webauthn?: Maybe<MfaFactor>;
  /** Voice call. */
  platform_call?: Maybe<MfaFactor>;
  /** Email. */
  platform_email?: Maybe<MfaFactor>;
  /** Platform one-time password. */
  platform_otp?: Maybe<MfaFactor>;
  /** Password. */
  platform_password?: Maybe<MfaFactor>;
  /** Platform push. */
  platform_push?: Maybe<MfaFactor>;
  /** Security question. */
  platform_question?: Maybe<MfaFactor>;
  /** SMS. */
  platform_sms?: Maybe<MfaFactor>;
  /** Vendor A MFA. */
  vendor_a_mfa?: Maybe<MfaFactor>;
  /** Vendor B VIP. */
  vendor_b_vip?: Maybe<MfaFactor>;
  /** Vendor C one-time password. */
  vendor_c_otp?: Maybe<MfaFactor>;
  /** Vendor D token. */
  vendor_d_token?: Maybe<MfaFactor>;
  /** Vendor E token. */
  vendor_e_token?: Maybe<MfaFactor>;
};

/** One member per factor key of the REST map; only enabled factors are present. */
export type MfaFactorsConfigurationInput = {
  /** FIDO U2F security key. */
  fido_u2f?: InputMaybe<MfaFactorInput>;
  /** FIDO2 WebAuthn. */
  fido_webauthn?: InputMaybe<MfaFactorInput>;
  /** Voice call. */
  platform_call?: InputMaybe<MfaFactorInput>;
  /** Email. */
  platform_email?: InputMaybe<MfaFactorInput>;
  /** Platform one-time password. */
  platform_otp?: InputMaybe<MfaFactorInput>;
  /** Password. */
  platform_password?: InputMaybe<MfaFactorInput>;
  /** Platform push. */
  platform_push?: InputMaybe<MfaFactorInput>;
  /** Security question. */
  platform_question?: InputMaybe<MfaFactorInput>;
  /** SMS. */
  platform_sms?: InputMaybe<MfaFactorInput>;
  /** Vendor A MFA. */
  vendor_a_mfa?: InputMaybe<MfaFactorInput>;
  /** Vendor B VIP. */
  vendor_b_vip?: InputMaybe<MfaFactorInput>;
  /** Vendor C one-time password. */
  vendor_c_otp?: InputMaybe<MfaFactorInput>;
  /** Vendor D token. */
  vendor_d_token?: InputMaybe<MfaFactorInput>;
  /** Vendor E token. */
  vendor_e_token?: InputMaybe<MfaFactorInput>;
};

/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type Mutation = {
  __typename?: 'Mutation';
  /** Returns the policy as it now is. */
  activatePolicy?: Maybe<PolicyPayload>;
  /** Returns the rule as it now is. */
  activatePolicyRule?: Maybe<PolicyRulePayload>;
  /**
   * Applies a plan: refuses a plan with a refused change (its code, nothing read or written); reads the org
   * again and refuses (STALE_PLAN, nothing written) when it changed other than by this plan, or (its code,
   * nothing written) when a delete is refused now; otherwise writes what is left of the plan in an order the service accepts, every create with
   * an idempotency key derived from the plan. On a refusal or a failure midway it stops and reports what was
   * applied and what was not; applying the same plan again (or a new plan of the same document) finishes it.
   */
  applyPolicies?: Maybe<PolicyApplyPayload>;
  /** Authentication policies only (identity engine): copies the policy and its rules. */
  clonePolicy?: Maybe<PolicyPayload>;
  /** Creates a policy (`type` and `name` required). Authentication and profile enrollment policies get their default rule. */
  createPolicy?: Maybe<PolicyPayload>;
  /** Creates a rule in a policy; `type` and `name` are required. A profile enrollment policy takes no more rules. */
  createPolicyRule?: Maybe<PolicyRulePayload>;
  /** Creates a user type (at most 10 per org); it is created with `default` false. */
  createUserType?: Maybe<UserTypePayload>;
  /** Returns the policy as it now is. */
  deactivatePolicy?: Maybe<PolicyPayload>;
  /** Returns the rule as it now is. */
  deactivatePolicyRule?: Maybe<PolicyRulePayload>;
  /** System policies cannot be deleted. */
  deletePolicy?: Maybe<DeletePolicyPayload>;
  /** System (default) rules cannot be deleted. */
  deletePolicyRule?: Maybe<DeletePolicyRulePayload>;
  /** Not permitted for the default type or a type that still has users. */
  deleteUserType?: Maybe<DeleteUserTypePayload>;
  /**
   * Compares a policy document (validated against /policy-document.schema.json) with the org and keeps the
   * plan: every change that would make the org match it, the upstream calls its apply costs, and user errors
   * for anything the service would refuse (a missing group or zone, a system object to create or delete, a
   * limit). A delete the org's state refuses (a user type that users still have: asked of the platform's
   * Users API) is kept in the plan, marked with its `refusal`. Nothing is written.
   */
  planPolicies?: Maybe<PolicyPlanPayload>;
  /**
   * A full replace: members left out take their REST default (settings excepted: the service keeps them).
   * Without `type` the policy is read first to learn it (the type cannot change).
   */
  replacePolicy?: Maybe<PolicyPayload>;
  /** A full replace. Without `type` the rule is read first to learn it (the type cannot change). */
  replacePolicyRule?: Maybe<PolicyRulePayload>;
  /** A full replace: `name` must equal the existing name. */
  replaceUserType?: Maybe<UserTypePayload>;
  /**
   * A partial update: the gateway reads the policy, applies the input as a merge patch (an absent member
   * keeps its value, an object is merged member by member, a list is replaced whole, an explicit `null`
   * clears the member so that its REST default applies) and sends the result as a full replace. Changing
   * only `priority` moves the policy. The service has no version check: a change made by someone else
   * between the read and the write is overwritten (last writer wins).
   */
  updatePolicy?: Maybe<PolicyPayload>;
  /**
   * A partial update with the merge rules of `updatePolicy` (read, merge, full replace; last writer wins).
   * Changing only `priority` moves the rule.
   */
  updatePolicyRule?: Maybe<PolicyRulePayload>;
  /** A partial update. */
  updateUserType?: Maybe<UserTypePayload>;
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationActivatePolicyArgs = {
  id: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationActivatePolicyRuleArgs = {
  policyId: Scalars['ID']['input'];
  ruleId: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationApplyPoliciesArgs = {
  planId: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationClonePolicyArgs = {
  id: Scalars['ID']['input'];
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationCreatePolicyArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: PolicyInput;
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationCreatePolicyRuleArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: PolicyRuleInput;
  policyId: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationCreateUserTypeArgs = {
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  input: CreateUserTypeInput;
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationDeactivatePolicyArgs = {
  id: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationDeactivatePolicyRuleArgs = {
  policyId: Scalars['ID']['input'];
  ruleId: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationDeletePolicyArgs = {
  id: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationDeletePolicyRuleArgs = {
  policyId: Scalars['ID']['input'];
  ruleId: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationDeleteUserTypeArgs = {
  id: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationPlanPoliciesArgs = {
  document: Scalars['JSON']['input'];
  prune?: InputMaybe<Scalars['Boolean']['input']>;
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationReplacePolicyArgs = {
  id: Scalars['ID']['input'];
  input: PolicyInput;
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationReplacePolicyRuleArgs = {
  input: PolicyRuleInput;
  policyId: Scalars['ID']['input'];
  ruleId: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationReplaceUserTypeArgs = {
  id: Scalars['ID']['input'];
  input: ReplaceUserTypeInput;
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationUpdatePolicyArgs = {
  id: Scalars['ID']['input'];
  input: UpdatePolicyInput;
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationUpdatePolicyRuleArgs = {
  input: UpdatePolicyRuleInput;
  policyId: Scalars['ID']['input'];
  ruleId: Scalars['ID']['input'];
};


/**
 * Upstream 400, 403 and 404 answers come back as `userErrors`; other failures are GraphQL errors.
 * `null` in an input means "not sent": the REST default applies (in update inputs it clears the member,
 * which comes to the same; a member left out keeps its value).
 */
export type MutationUpdateUserTypeArgs = {
  id: Scalars['ID']['input'];
  input: UpdateUserTypeInput;
};

/** Network zones the request comes from. */
export type NetworkCondition = {
  __typename?: 'NetworkCondition';
  /** ANYWHERE or ZONE. */
  connection?: Maybe<NetworkConnection>;
  /** Network zone ids excluded, or ALL_ZONES. */
  exclude?: Maybe<Array<Scalars['String']['output']>>;
  /** Network zone ids, or the single element ALL_ZONES. With ZONE, include or exclude is required. */
  include?: Maybe<Array<Scalars['String']['output']>>;
};

/** Network zones the request comes from. */
export type NetworkConditionInput = {
  /** ANYWHERE or ZONE. */
  connection?: InputMaybe<NetworkConnection>;
  /** Network zone ids excluded, or ALL_ZONES. */
  exclude?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Network zone ids, or the single element ALL_ZONES. With ZONE, include or exclude is required. */
  include?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Which networks a network condition covers. */
export type NetworkConnection =
  /** Any network. */
  | 'ANYWHERE'
  /** The zones listed in `include` / `exclude`. */
  | 'ZONE';

/**
 * An object that a client can refetch by its id alone with `Query.node`. Ids are the REST ids: unique
 * across policies (`00p…`), rules (`0pr…`) and user types (`oty…`).
 */
export type Node = {
  /** The REST id of the object. */
  id: Scalars['ID']['output'];
};

/**
 * Where a page of a list stands, for forward paging. There is no `totalCount` and no backward paging
 * (`before`, `last`, `hasPreviousPage`): the service gives neither a count nor a previous-page cursor, so
 * a count would cost reading every page. Page forward from the start to reach earlier policies.
 */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** The cursor to pass as `after` for the next page: the upstream's next-page cursor, else the last edge's cursor. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** True when the service has more policies after this page. */
  hasNextPage: Scalars['Boolean']['output'];
  /** The first edge's cursor (the first policy's id); null on an empty page. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** Password expiry and history. */
export type PasswordAge = {
  __typename?: 'PasswordAge';
  /** 0: no warning. */
  expireWarnDays?: Maybe<Scalars['Int']['output']>;
  /** Previous passwords that cannot be reused; 0: none. */
  historyCount?: Maybe<Scalars['Int']['output']>;
  /** 0: no limit. */
  maxAgeDays?: Maybe<Scalars['Int']['output']>;
  /** 0: no limit. */
  minAgeMinutes?: Maybe<Scalars['Int']['output']>;
};

/** Password expiry and history. */
export type PasswordAgeInput = {
  /** Days of warning before expiry (default 0: no warning). */
  expireWarnDays?: InputMaybe<Scalars['Int']['input']>;
  /** Previous passwords that cannot be reused (default 0: none). */
  historyCount?: InputMaybe<Scalars['Int']['input']>;
  /** Days before the password expires (default 0: no limit). */
  maxAgeDays?: InputMaybe<Scalars['Int']['input']>;
  /** Minutes before the password can be changed again (default 0: no limit). */
  minAgeMinutes?: InputMaybe<Scalars['Int']['input']>;
};

/** The common-password dictionary check. */
export type PasswordCommonDictionary = {
  __typename?: 'PasswordCommonDictionary';
  /** Check the password against a common-password dictionary (default false). */
  exclude?: Maybe<Scalars['Boolean']['output']>;
};

/** The common-password dictionary check. */
export type PasswordCommonDictionaryInput = {
  /** Check the password against a common-password dictionary (default false). */
  exclude?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Password complexity requirements. */
export type PasswordComplexity = {
  __typename?: 'PasswordComplexity';
  /** Dictionary checks. */
  dictionary?: Maybe<PasswordDictionary>;
  /** Profile attributes excluded from the password; only firstName and lastName are supported. */
  excludeAttributes?: Maybe<Array<Scalars['String']['output']>>;
  /** The username may not be part of the password (default true). */
  excludeUsername?: Maybe<Scalars['Boolean']['output']>;
  /** Minimum length (default 8). */
  minLength?: Maybe<Scalars['Int']['output']>;
  /** Lower-case letters required: 0 no, 1 yes (default 1). */
  minLowerCase?: Maybe<Scalars['Int']['output']>;
  /** Digits required: 0 no, 1 yes (default 1). */
  minNumber?: Maybe<Scalars['Int']['output']>;
  /** Symbols required: 0 no, 1 yes (default 1). */
  minSymbol?: Maybe<Scalars['Int']['output']>;
  /** Upper-case letters required: 0 no, 1 yes (default 1). */
  minUpperCase?: Maybe<Scalars['Int']['output']>;
};

/** Password complexity requirements. */
export type PasswordComplexityInput = {
  /** Dictionary checks. */
  dictionary?: InputMaybe<PasswordDictionaryInput>;
  /** Profile attributes excluded from the password; only firstName and lastName are supported. */
  excludeAttributes?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The username may not be part of the password (default true). */
  excludeUsername?: InputMaybe<Scalars['Boolean']['input']>;
  /** Minimum length (default 8). */
  minLength?: InputMaybe<Scalars['Int']['input']>;
  /** Lower-case letters required: 0 no, 1 yes (default 1). */
  minLowerCase?: InputMaybe<Scalars['Int']['input']>;
  /** Digits required: 0 no, 1 yes (default 1). */
  minNumber?: InputMaybe<Scalars['Int']['input']>;
  /** Symbols required: 0 no, 1 yes (default 1). */
  minSymbol?: InputMaybe<Scalars['Int']['input']>;
  /** Upper-case letters required: 0 no, 1 yes (default 1). */
  minUpperCase?: InputMaybe<Scalars['Int']['input']>;
};

/** Delegated authentication options. */
export type PasswordDelegationOptions = {
  __typename?: 'PasswordDelegationOptions';
  /** When unlocking a directory-sourced user, also try to unlock the directory account (default false). */
  skipUnlock?: Maybe<Scalars['Boolean']['output']>;
};

/** Delegated authentication options. */
export type PasswordDelegationOptionsInput = {
  /** When unlocking a directory-sourced user, also try to unlock the directory account (default false). */
  skipUnlock?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Delegated authentication settings of a password policy. */
export type PasswordDelegationSettings = {
  __typename?: 'PasswordDelegationSettings';
  /** Delegation options. */
  options?: Maybe<PasswordDelegationOptions>;
};

/** Delegated authentication settings of a password policy. */
export type PasswordDelegationSettingsInput = {
  /** Delegation options. */
  options?: InputMaybe<PasswordDelegationOptionsInput>;
};

/** Dictionaries the password is checked against. */
export type PasswordDictionary = {
  __typename?: 'PasswordDictionary';
  /** The common-password dictionary. */
  common?: Maybe<PasswordCommonDictionary>;
};

/** Dictionaries the password is checked against. */
export type PasswordDictionaryInput = {
  /** The common-password dictionary. */
  common?: InputMaybe<PasswordCommonDictionaryInput>;
};

/** Account lockout after failed sign-ins. */
export type PasswordLockout = {
  __typename?: 'PasswordLockout';
  /** 0: no automatic unlock. */
  autoUnlockMinutes?: Maybe<Scalars['Int']['output']>;
  /** Failed attempts before the account locks; 0: no limit. */
  maxAttempts?: Maybe<Scalars['Int']['output']>;
  /** Tell the user that the account is locked. */
  showLockoutFailures?: Maybe<Scalars['Boolean']['output']>;
};

/** Account lockout after failed sign-ins. */
export type PasswordLockoutInput = {
  /** Minutes before a locked account unlocks (default 0: no automatic unlock). */
  autoUnlockMinutes?: InputMaybe<Scalars['Int']['input']>;
  /** Failed attempts before the account locks (default 0: no limit). */
  maxAttempts?: InputMaybe<Scalars['Int']['input']>;
  /** Tell the user that the account is locked (default false). */
  showLockoutFailures?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Password policy (type PASSWORD). Enforced only for platform-sourced and directory-sourced users. */
export type PasswordPolicy = Node & Policy & {
  __typename?: 'PasswordPolicy';
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<PasswordRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<PasswordRule>>;
  /** Password, recovery and delegation settings. */
  settings?: Maybe<PasswordPolicySettings>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/** Password policy (type PASSWORD). Enforced only for platform-sourced and directory-sourced users. */
export type PasswordPolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** Settings of a password policy; all members optional. */
export type PasswordPolicySettings = {
  __typename?: 'PasswordPolicySettings';
  /** Delegated authentication options. */
  delegation?: Maybe<PasswordDelegationSettings>;
  /** Complexity, age and lockout rules. */
  password?: Maybe<PasswordSettings>;
  /** Recovery settings (the identity engine recommends configuring recovery in the rule instead). */
  recovery?: Maybe<PasswordRecoverySettings>;
};

/** Password recovery settings of a password policy. */
export type PasswordRecoverySettings = {
  __typename?: 'PasswordRecoverySettings';
  /** The recovery factors. */
  factors?: Maybe<RecoveryFactors>;
};

/** Password recovery settings of a password policy. */
export type PasswordRecoverySettingsInput = {
  /** The recovery factors. */
  factors?: InputMaybe<RecoveryFactorsInput>;
};

/** Password recovery settings of a password policy. */
export type PasswordRecoverySettingsUpdateInput = {
  /** The recovery factors. */
  factors?: InputMaybe<RecoveryFactorsUpdateInput>;
};

/** Rule of a password policy (type PASSWORD): which self-service password operations are allowed. */
export type PasswordRule = Node & PolicyRule & {
  __typename?: 'PasswordRule';
  /** What the rule does: password change, unlock and reset. */
  actions: PasswordRuleActions;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<PasswordPolicy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** Actions of a password rule: which self-service operations are allowed. */
export type PasswordRuleActions = {
  __typename?: 'PasswordRuleActions';
  /** Default DENY. */
  passwordChange?: Maybe<AccessAction>;
  /** Self-service password reset. */
  selfServicePasswordReset?: Maybe<SelfServicePasswordResetAction>;
  /** Default DENY. */
  selfServiceUnlock?: Maybe<AccessAction>;
};

/** The password rules of a password policy. */
export type PasswordSettings = {
  __typename?: 'PasswordSettings';
  /** Expiry and reuse. */
  age?: Maybe<PasswordAge>;
  /** What a password must contain. */
  complexity?: Maybe<PasswordComplexity>;
  /** Locking after failed attempts. */
  lockout?: Maybe<PasswordLockout>;
};

/** The password rules of a password policy. */
export type PasswordSettingsInput = {
  /** Expiry and reuse. */
  age?: InputMaybe<PasswordAgeInput>;
  /** What a password must contain. */
  complexity?: InputMaybe<PasswordComplexityInput>;
  /** Locking after failed attempts. */
  lockout?: InputMaybe<PasswordLockoutInput>;
};

/** How a user identifier pattern matches. */
export type PatternMatchType =
  /** Contains the value. */
  | 'CONTAINS'
  /** Equals the value. */
  | 'EQUALS'
  /** A regular expression. */
  | 'EXPRESSION'
  /** Starts with the value. */
  | 'STARTS_WITH'
  /** Ends with the value. */
  | 'SUFFIX';

/** On policies only groups can be included. */
export type PeopleCondition = {
  __typename?: 'PeopleCondition';
  /** Groups (required on the wire). */
  groups?: Maybe<GroupCondition>;
  /** Users (required on the wire); policies cannot include users. */
  users?: Maybe<UserCondition>;
};

/** On policies only groups can be included. */
export type PeopleConditionInput = {
  /** Groups (required on the wire). */
  groups?: InputMaybe<IdListConditionInput>;
  /** Users (required on the wire); policies cannot include users. */
  users?: InputMaybe<IdListConditionInput>;
};

/** On policies only groups can be included. */
export type PeopleConditionUpdateInput = {
  /** Groups (required on the wire). */
  groups?: InputMaybe<IdListConditionUpdateInput>;
  /** Users (required on the wire); policies cannot include users. */
  users?: InputMaybe<IdListConditionUpdateInput>;
};

/** Client platforms. */
export type PlatformCondition = {
  __typename?: 'PlatformCondition';
  /** Platforms included (required). */
  include: Array<PlatformConditionEntry>;
};

/** A device type and operating system. */
export type PlatformConditionEntry = {
  __typename?: 'PlatformConditionEntry';
  /** The operating system. */
  os: PlatformOs;
  /** The device type. */
  type: PlatformType;
};

/** A device type and operating system. */
export type PlatformConditionEntryInput = {
  /** The operating system. */
  os: PlatformOsInput;
  /** The device type. */
  type: PlatformType;
};

/** Client platforms. */
export type PlatformConditionInput = {
  /** Platforms included (required). */
  include: Array<PlatformConditionEntryInput>;
};

/** An operating system. */
export type PlatformOs = {
  __typename?: 'PlatformOs';
  /** The operating system type. */
  type: PlatformOsType;
};

/** An operating system. */
export type PlatformOsInput = {
  /** The operating system type. */
  type: PlatformOsType;
};

/** Operating systems of a platform condition (the spec shows IOS, ANDROID, WINDOWS, OSX; the service also takes the others). */
export type PlatformOsType =
  /** Android. */
  | 'ANDROID'
  /** Any operating system. */
  | 'ANY'
  /** ChromeOS. */
  | 'CHROMEOS'
  /** iOS. */
  | 'IOS'
  /** Linux. */
  | 'LINUX'
  /** macOS. */
  | 'MACOS'
  /** macOS (the older name). */
  | 'OSX'
  /** Any other operating system. */
  | 'OTHER'
  /** Windows. */
  | 'WINDOWS';

/** Device types of a platform condition (the spec shows MOBILE and DESKTOP; the service also takes ANY and OTHER). */
export type PlatformType =
  /** Any device type. */
  | 'ANY'
  /** Desktop computers. */
  | 'DESKTOP'
  /** Mobile devices. */
  | 'MOBILE'
  /** Any other device type. */
  | 'OTHER';

/** A policy. Each policy type has its own implementation, with its own typed `settings` where the type has settings. */
export type Policy = {
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<PolicyRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<PolicyRule>>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/** A policy. Each policy type has its own implementation, with its own typed `settings` where the type has settings. */
export type PolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** The result of `applyPolicies`. */
export type PolicyApplyPayload = {
  __typename?: 'PolicyApplyPayload';
  /** The changes written, in order. */
  applied: Array<PolicyChangeRef>;
  /** The changes of the plan not written (after a refusal or failure). */
  notApplied: Array<PolicyChangeRef>;
  userErrors: Array<PolicyDocumentError>;
};

/** Enrollment settings of one authenticator (identity engine). */
export type PolicyAuthenticator = {
  __typename?: 'PolicyAuthenticator';
  /** Early access. */
  constraints?: Maybe<AuthenticatorConstraints>;
  /** Whether users enroll this authenticator. */
  enroll: FactorEnrollment;
  /** Authenticator key. */
  key: Scalars['String']['output'];
};

/** Enrollment settings of one authenticator (identity engine). */
export type PolicyAuthenticatorInput = {
  /** Early access. */
  constraints?: InputMaybe<AuthenticatorConstraintsInput>;
  /** Whether users enroll this authenticator. */
  enroll: FactorEnrollmentInput;
  /** Authenticator key. */
  key: Scalars['String']['input'];
};

/** One change of a plan. */
export type PolicyChange = {
  __typename?: 'PolicyChange';
  action: PolicyChangeAction;
  /** The value after the apply; null for a DELETE. */
  after?: Maybe<Scalars['JSON']['output']>;
  /** The value now (a priority for a MOVE); null for a CREATE. */
  before?: Maybe<Scalars['JSON']['output']>;
  /** The object as the document keys it: `Contractor`, `PASSWORD/Corp password`, `PASSWORD/Corp password/Allow change`. */
  key: Scalars['String']['output'];
  kind: PolicyChangeKind;
  /** The member path of an UPDATE; null otherwise, and for a new policy's default rule, which is set whole. */
  path?: Maybe<Array<Scalars['String']['output']>>;
  /**
   * The service's refusal of this change, foreseen by the plan from what the service states before any write
   * (a user type that users still have, a policy whose links offer no delete); null when none is foreseen.
   * A plan with a refused change is not applied: `applyPolicies` refuses it before its first write.
   */
  refusal?: Maybe<PolicyChangeRefusal>;
};

/** What a plan or an apply does to an object. */
export type PolicyChangeAction =
  | 'CREATE'
  | 'DELETE'
  /** A new priority, for the fewest objects that put the list in the document's order. */
  | 'MOVE'
  /** One member of an existing object (its `path`). */
  | 'UPDATE';

/** The kind of object a change is about. */
export type PolicyChangeKind =
  | 'POLICY'
  | 'RULE'
  | 'USER_TYPE';

/** A change as applied (or not). */
export type PolicyChangeRef = {
  __typename?: 'PolicyChangeRef';
  action: PolicyChangeAction;
  key: Scalars['String']['output'];
  kind: PolicyChangeKind;
  path?: Maybe<Array<Scalars['String']['output']>>;
};

/** A refusal of the service that a plan foresaw for one of its changes. */
export type PolicyChangeRefusal = {
  __typename?: 'PolicyChangeRefusal';
  /** What the service will answer: CONFLICT (the org's state, e.g. users of the type) or FORBIDDEN. */
  code: PolicyDocumentErrorCode;
  /** Why, in the service's terms, e.g. `1 or more users have this type`. */
  message: Scalars['String']['output'];
};

/** Conditions of a policy or rule: all of them must be met. One member per condition key of the REST object. */
export type PolicyConditions = {
  __typename?: 'PolicyConditions';
  /** When both lists are empty the condition is met for all applications. */
  app?: Maybe<AppCondition>;
  /** The authentication context. */
  authContext?: Maybe<AuthContextCondition>;
  /** Where the user is authenticated (platform or a directory). */
  authProvider?: Maybe<AuthProviderCondition>;
  /** Identity engine. */
  device?: Maybe<DeviceCondition>;
  /** An expression in the platform expression language. */
  elCondition?: Maybe<ElCondition>;
  /** Identity engine. */
  entityRisk?: Maybe<EntityRiskCondition>;
  /** Network zones the request comes from. */
  network?: Maybe<NetworkCondition>;
  /** Users and groups; on policies only groups can be included. */
  people?: Maybe<PeopleCondition>;
  /** Client platforms (device type and OS). */
  platform?: Maybe<PlatformCondition>;
  /** Identity engine. */
  riskDetectionTypes?: Maybe<RiskDetectionTypesCondition>;
  /** Sign-in risk level. */
  riskScore?: Maybe<RiskScoreCondition>;
  /** Patterns the user's identifier or an attribute must match. */
  userIdentifier?: Maybe<UserIdentifierCondition>;
  /** Identity engine. */
  userType?: Maybe<UserTypeCondition>;
};

/** Conditions of a policy or rule: all of them must be met. One member per condition key of the REST object. */
export type PolicyConditionsInput = {
  /** When both lists are empty the condition is met for all applications. */
  app?: InputMaybe<AppConditionInput>;
  /** The authentication context. */
  authContext?: InputMaybe<AuthContextConditionInput>;
  /** Where the user is authenticated (platform or a directory). */
  authProvider?: InputMaybe<AuthProviderConditionInput>;
  /** Identity engine. */
  device?: InputMaybe<DeviceConditionInput>;
  /** An expression in the platform expression language. */
  elCondition?: InputMaybe<ElConditionInput>;
  /** Identity engine. */
  entityRisk?: InputMaybe<EntityRiskConditionInput>;
  /** Network zones the request comes from. */
  network?: InputMaybe<NetworkConditionInput>;
  /** Users and groups; on policies only groups can be included. */
  people?: InputMaybe<PeopleConditionInput>;
  /** Client platforms (device type and OS). */
  platform?: InputMaybe<PlatformConditionInput>;
  /** Identity engine. */
  riskDetectionTypes?: InputMaybe<RiskDetectionTypesConditionInput>;
  /** Sign-in risk level. */
  riskScore?: InputMaybe<RiskScoreConditionInput>;
  /** Patterns the user's identifier or an attribute must match. */
  userIdentifier?: InputMaybe<UserIdentifierConditionInput>;
  /** Identity engine. */
  userType?: InputMaybe<UserTypeConditionInput>;
};

/** Conditions of a partial update: each condition is merged member by member; lists are replaced whole. */
export type PolicyConditionsUpdateInput = {
  /** When both lists are empty the condition is met for all applications. */
  app?: InputMaybe<AppConditionUpdateInput>;
  /** The authentication context. */
  authContext?: InputMaybe<AuthContextConditionInput>;
  /** Where the user is authenticated (platform or a directory). */
  authProvider?: InputMaybe<AuthProviderConditionUpdateInput>;
  /** Identity engine. */
  device?: InputMaybe<DeviceConditionInput>;
  /** An expression in the platform expression language. */
  elCondition?: InputMaybe<ElConditionInput>;
  /** Identity engine. */
  entityRisk?: InputMaybe<EntityRiskConditionInput>;
  /** Network zones the request comes from. */
  network?: InputMaybe<NetworkConditionInput>;
  /** Users and groups; on policies only groups can be included. */
  people?: InputMaybe<PeopleConditionUpdateInput>;
  /** Client platforms (device type and OS). */
  platform?: InputMaybe<PlatformConditionInput>;
  /** Identity engine. */
  riskDetectionTypes?: InputMaybe<RiskDetectionTypesConditionInput>;
  /** Sign-in risk level. */
  riskScore?: InputMaybe<RiskScoreConditionInput>;
  /** Patterns the user's identifier or an attribute must match. */
  userIdentifier?: InputMaybe<UserIdentifierConditionUpdateInput>;
  /** Identity engine. */
  userType?: InputMaybe<IdListConditionUpdateInput>;
};

/** A page of policies. */
export type PolicyConnection = {
  __typename?: 'PolicyConnection';
  /** The policies of the page, each with its cursor. */
  edges: Array<PolicyEdge>;
  /** The policies of the page, in order. */
  nodes: Array<Policy>;
  /** How to get the next page. */
  pageInfo: PageInfo;
};

/** A refusal of `planPolicies` or `applyPolicies`. */
export type PolicyDocumentError = {
  __typename?: 'PolicyDocumentError';
  code: PolicyDocumentErrorCode;
  /** The object as the document keys it, `document` for a schema error, or the plan id. */
  key: Scalars['String']['output'];
  message: Scalars['String']['output'];
  /** The member path at fault (of the document for a schema error); null when none. */
  path?: Maybe<Array<Scalars['String']['output']>>;
};

/** Why a document, plan or apply was refused. */
export type PolicyDocumentErrorCode =
  /** The caller's token lacks the scope of a write, or its admin role does not allow it: the message names which. */
  | 'ACCESS_DENIED'
  /** The service refused a write because of the org's state. */
  | 'CONFLICT'
  /** A system object to create or delete, or a change of `system`. */
  | 'FORBIDDEN'
  /** The document breaks its schema, or names an object twice. */
  | 'INVALID'
  /** A count limit of the service would be passed, or the plan is larger than one caller's plans may hold (POLICY_PLAN_CALLER_MAX_BYTES). */
  | 'LIMIT_EXCEEDED'
  /** An object the apply needed no longer exists. */
  | 'NOT_FOUND'
  /** No such plan: it expired, or another credential made it. */
  | 'PLAN_NOT_FOUND'
  /** The document names a group, zone, app or user the org does not have. */
  | 'REFERENCE_NOT_FOUND'
  /** The org changed since the plan, other than by the plan: nothing was written; plan again. */
  | 'STALE_PLAN'
  /** A write may or may not have happened: apply the plan again; its fresh read tells. */
  | 'UPSTREAM_OUTCOME_UNKNOWN'
  /** The service was unavailable midway: apply the plan again to finish. */
  | 'UPSTREAM_UNAVAILABLE';

/** A policy with its cursor. */
export type PolicyEdge = {
  __typename?: 'PolicyEdge';
  /** The policy id, which the service accepts as `after` to continue after this policy. */
  cursor: Scalars['String']['output'];
  /** The policy. */
  node: Policy;
};

/** An exported policy document. */
export type PolicyExport = {
  __typename?: 'PolicyExport';
  /** The document, as /policy-document.schema.json describes it. */
  document: Scalars['JSON']['output'];
};

/** The REST policy body; field names are the REST names. */
export type PolicyInput = {
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: InputMaybe<PolicyConditionsInput>;
  /** Required when creating an ACCESS_POLICY or PROFILE_ENROLLMENT policy (a user error names it otherwise); default null. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The policy name (required). */
  name: Scalars['String']['input'];
  /** Inserts at this priority and shifts the others; past the end lands just above the default policy. */
  priority?: InputMaybe<Scalars['Int']['input']>;
  /** The policy type's settings (the REST `settings`); PASSWORD and MFA_ENROLL only. */
  settings?: InputMaybe<PolicySettingsInput>;
  /** Default ACTIVE. */
  status?: InputMaybe<LifecycleStatus>;
  /** Required by `createPolicy`; `replacePolicy` reads it from the policy when left out (it cannot change). */
  type?: InputMaybe<PolicyType>;
};

/** The REST `_links` of a policy (read-only). */
export type PolicyLinks = {
  __typename?: 'PolicyLinks';
  /** Present only while the policy is inactive. */
  activate?: Maybe<Link>;
  /** Present only while the policy is active. */
  deactivate?: Maybe<Link>;
  /** The resources mapped to the policy. */
  mappings?: Maybe<Link>;
  /** The policy's rules (GET lists, POST creates). */
  rules?: Maybe<Link>;
  /** The policy itself. */
  self: Link;
};

/** The result of a policy mutation. */
export type PolicyPayload = {
  __typename?: 'PolicyPayload';
  /**
   * Every policy of the changed policy's type in its new priority order (a create, move or clone renumbers
   * the others): one list call, made only when selected. Null when the mutation was refused.
   */
  policiesOfType?: Maybe<Array<Policy>>;
  /** The policy as it now is; null when refused. */
  policy?: Maybe<Policy>;
  /** Why the mutation was refused; empty on success. */
  userErrors: Array<UserError>;
};

/** A kept plan: what `applyPolicies(planId)` would do. */
export type PolicyPlan = {
  __typename?: 'PolicyPlan';
  /** Every change, in the order of the document. */
  changes: Array<PolicyChange>;
  id: Scalars['ID']['output'];
  summary: PolicyPlanSummary;
  /** Upstream calls the apply will make: its read of the org plus one per write; 0 for a plan without changes, whose apply reads nothing. */
  upstreamCalls: Scalars['Int']['output'];
  /** The checks the plan could not make (e.g. users it may not read); empty when it made them all. */
  warnings: Array<PolicyPlanWarning>;
};

/** The result of `planPolicies`. */
export type PolicyPlanPayload = {
  __typename?: 'PolicyPlanPayload';
  /** The plan; null when the document was refused. */
  plan?: Maybe<PolicyPlan>;
  userErrors: Array<PolicyDocumentError>;
};

/** How many changes of each action a plan has; `unchanged` counts the document's objects it leaves as they are. */
export type PolicyPlanSummary = {
  __typename?: 'PolicyPlanSummary';
  create: Scalars['Int']['output'];
  delete: Scalars['Int']['output'];
  move: Scalars['Int']['output'];
  /** Changes the service will refuse (`PolicyChange.refusal`): more than 0, and the plan cannot be applied. */
  refused: Scalars['Int']['output'];
  unchanged: Scalars['Int']['output'];
  update: Scalars['Int']['output'];
};

/** A check the plan could not make; the plan is still valid. */
export type PolicyPlanWarning = {
  __typename?: 'PolicyPlanWarning';
  code: PolicyPlanWarningCode;
  /** The change's object, as the document keys it. */
  key: Scalars['String']['output'];
  message: Scalars['String']['output'];
};

/** What a plan could not check. */
export type PolicyPlanWarningCode =
  /** The credential may not read users (scope okta.users.read, or its admin role): whether a user type to delete still has users was not checked, and the apply may stop at that delete. */
  | 'USERS_NOT_READ';

/** A policy rule. Each rule type has its own implementation with its own typed `actions`. */
export type PolicyRule = {
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<Policy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** The actions of every rule type in one flat object, as on the wire: send the members of the rule's type. */
export type PolicyRuleActionsInput = {
  /** ACCESS_POLICY. */
  appSignOn?: InputMaybe<AppSignOnActionInput>;
  /** CONTINUOUS_ACCESS. */
  continuousAccess?: InputMaybe<ContinuousAccessActionInput>;
  /** MFA_ENROLL. */
  enroll?: InputMaybe<EnrollActionInput>;
  /** ENTITY_RISK. */
  entityRisk?: InputMaybe<EntityRiskActionInput>;
  /** IDP_DISCOVERY. */
  idp?: InputMaybe<IdpActionInput>;
  /** PASSWORD. */
  passwordChange?: InputMaybe<AccessActionInput>;
  /** PROFILE_ENROLLMENT. */
  profileEnrollment?: InputMaybe<ProfileEnrollmentActionInput>;
  /** PASSWORD. */
  selfServicePasswordReset?: InputMaybe<SelfServicePasswordResetActionInput>;
  /** PASSWORD. */
  selfServiceUnlock?: InputMaybe<AccessActionInput>;
  /** SIGN_ON. */
  signon?: InputMaybe<SignonActionInput>;
};

/** The actions of every rule type in one flat object, as on the wire: send the members of the rule's type. */
export type PolicyRuleActionsUpdateInput = {
  /** ACCESS_POLICY. */
  appSignOn?: InputMaybe<AppSignOnActionUpdateInput>;
  /** CONTINUOUS_ACCESS. */
  continuousAccess?: InputMaybe<ContinuousAccessActionInput>;
  /** MFA_ENROLL. */
  enroll?: InputMaybe<EnrollActionInput>;
  /** ENTITY_RISK. */
  entityRisk?: InputMaybe<EntityRiskActionInput>;
  /** IDP_DISCOVERY. */
  idp?: InputMaybe<IdpActionUpdateInput>;
  /** PASSWORD. */
  passwordChange?: InputMaybe<AccessActionInput>;
  /** PROFILE_ENROLLMENT. */
  profileEnrollment?: InputMaybe<ProfileEnrollmentActionUpdateInput>;
  /** PASSWORD. */
  selfServicePasswordReset?: InputMaybe<SelfServicePasswordResetActionUpdateInput>;
  /** PASSWORD. */
  selfServiceUnlock?: InputMaybe<AccessActionInput>;
  /** SIGN_ON. */
  signon?: InputMaybe<SignonActionUpdateInput>;
};

/** The REST rule body; field names are the REST names. */
export type PolicyRuleInput = {
  /** ENTITY_RISK and CONTINUOUS_ACCESS rules may leave it out: their action list is then empty (log only). */
  actions?: InputMaybe<PolicyRuleActionsInput>;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: InputMaybe<PolicyConditionsInput>;
  /** The rule name (required). */
  name: Scalars['String']['input'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority?: InputMaybe<Scalars['Int']['input']>;
  /** Default ACTIVE. */
  status?: InputMaybe<LifecycleStatus>;
  /**
   * The rule type of the policy's type. Required by `createPolicyRule`; `replacePolicyRule` reads it from the
   * rule when left out (it cannot change).
   */
  type?: InputMaybe<PolicyRuleType>;
};

/** The REST `_links` of a rule (read-only). */
export type PolicyRuleLinks = {
  __typename?: 'PolicyRuleLinks';
  /** Present only while the rule is inactive. */
  activate?: Maybe<Link>;
  /** Present only while the rule is active. */
  deactivate?: Maybe<Link>;
  /** The rule itself. */
  self: Link;
};

/** The result of a rule mutation. */
export type PolicyRulePayload = {
  __typename?: 'PolicyRulePayload';
  /** The rule's policy, whose `rules` are in their new priority order. Null when the mutation was refused. */
  policy?: Maybe<Policy>;
  /** The rule as it now is; null when refused. */
  rule?: Maybe<PolicyRule>;
  /** Why the mutation was refused; empty on success. */
  userErrors: Array<UserError>;
};

/** Rule types; each policy type has one rule type (see `PolicyType`). */
export type PolicyRuleType =
  /** Rule of an authentication policy (identity engine). */
  | 'ACCESS_POLICY'
  /** Rule of a continuous access evaluation policy (identity engine, early access). */
  | 'CONTINUOUS_ACCESS'
  /** Rule of an entity risk policy (identity engine, early access). */
  | 'ENTITY_RISK'
  /** Rule of the IdP discovery policy. */
  | 'IDP_DISCOVERY'
  /** Rule of an MFA / authenticator enrollment policy. */
  | 'MFA_ENROLL'
  /** Rule of a password policy. */
  | 'PASSWORD'
  /** Rule of a profile enrollment policy (identity engine). */
  | 'PROFILE_ENROLLMENT'
  /** Rule of a global session policy. */
  | 'SIGN_ON';

/** The settings of every policy type in one flat object, as on the wire: send the members of the policy's type. */
export type PolicySettingsInput = {
  /** MFA_ENROLL (identity engine); exclusive with factors. */
  authenticators?: InputMaybe<Array<PolicyAuthenticatorInput>>;
  /** PASSWORD. */
  delegation?: InputMaybe<PasswordDelegationSettingsInput>;
  /** MFA_ENROLL; exclusive with authenticators. */
  factors?: InputMaybe<MfaFactorsConfigurationInput>;
  /** PASSWORD. */
  password?: InputMaybe<PasswordSettingsInput>;
  /** PASSWORD. */
  recovery?: InputMaybe<PasswordRecoverySettingsInput>;
  /** MFA_ENROLL: default FACTORS. */
  type?: InputMaybe<MfaEnrollSettingsType>;
};

/** The settings of every policy type in one flat object, as on the wire: send the members of the policy's type. */
export type PolicySettingsUpdateInput = {
  /** A list: replaced whole. */
  authenticators?: InputMaybe<Array<PolicyAuthenticatorInput>>;
  /** PASSWORD. */
  delegation?: InputMaybe<PasswordDelegationSettingsInput>;
  /** Merged factor by factor. */
  factors?: InputMaybe<MfaFactorsConfigurationInput>;
  /** PASSWORD. */
  password?: InputMaybe<PasswordSettingsInput>;
  /** PASSWORD. */
  recovery?: InputMaybe<PasswordRecoverySettingsUpdateInput>;
  /** MFA_ENROLL: default FACTORS. */
  type?: InputMaybe<MfaEnrollSettingsType>;
};

/** Sort orders of the policy list (the REST `sortBy`). */
export type PolicySortBy =
  /** Name ascending. */
  | 'NAME';

/** Policy types. The rule type of each policy type is the `PolicyRuleType` of the same position. */
export type PolicyType =
  /** Authentication policy (identity engine), always mapped to applications. */
  | 'ACCESS_POLICY'
  /** Continuous access evaluation policy (identity engine, early access). */
  | 'CONTINUOUS_ACCESS'
  /** Entity risk policy (identity engine, early access). */
  | 'ENTITY_RISK'
  /** IdP discovery (routing) policy; one per org. */
  | 'IDP_DISCOVERY'
  /** MFA enrollment (classic) or authenticator enrollment (identity engine) policy. */
  | 'MFA_ENROLL'
  /** Password policy. */
  | 'PASSWORD'
  /** Global session policy. */
  | 'PLATFORM_SIGN_ON'
  /** Profile enrollment policy (identity engine). */
  | 'PROFILE_ENROLLMENT';

/**
 * The verdict for one policy type. The gateway asks the service for what the selection needs (`evaluated`
 * or a simulated policy's `rules` add EVALUATED, `conditions` adds RULE); `expand` only adds to that.
 */
export type PolicyTypeEvaluation = {
  __typename?: 'PolicyTypeEvaluation';
  /** Policies evaluated but not matched. */
  evaluated: Array<SimulatedPolicy>;
  /** The policy that applies, as a full object; null when no policy matched. */
  matchedPolicy?: Maybe<Policy>;
  /** The rule that applies (a rule of `matchedPolicy`), as a full object; null when no rule matched. */
  matchedRule?: Maybe<PolicyRule>;
  /** The policy type evaluated. */
  policyType: PolicyType;
  /** The policy that decided the outcome (at most one) with its rules. */
  result: Array<SimulatedPolicy>;
  /** Policies that could be decided only by a condition the context gave no data for. */
  undecidedPolicies?: Maybe<Array<Policy>>;
  /** Policies that could be decided only by a condition the context gave no data for. */
  undefined: Array<SimulatedPolicy>;
};

/** Requirements on the possession factor. */
export type PossessionConstraint = {
  __typename?: 'PossessionConstraint';
  /** Allow list: authenticators not listed are not allowed. */
  authenticationMethods?: Maybe<Array<AuthenticationMethod>>;
  /** Default OPTIONAL. */
  deviceBound?: Maybe<RequiredOrOptional>;
  /** Deny list. */
  excludedAuthenticationMethods?: Maybe<Array<AuthenticationMethod>>;
  /** Default OPTIONAL. */
  hardwareProtection?: Maybe<RequiredOrOptional>;
  /** Authenticator methods allowed. */
  methods?: Maybe<Array<AuthenticatorMethodType>>;
  /** Default OPTIONAL. */
  phishingResistant?: Maybe<RequiredOrOptional>;
  /** ISO 8601 duration; overrides the verification method's value. */
  reauthenticateIn?: Maybe<Scalars['String']['output']>;
  /** Always returned; default true, false when excludedAuthenticationMethods has values. */
  required?: Maybe<Scalars['Boolean']['output']>;
  /** Authenticator types allowed. */
  types?: Maybe<Array<AuthenticatorType>>;
  /** Default REQUIRED. */
  userPresence?: Maybe<RequiredOrOptional>;
  /** Default OPTIONAL. */
  userVerification?: Maybe<RequiredOrOptional>;
};

/** Requirements on the possession factor. */
export type PossessionConstraintInput = {
  /** Allow list: authenticators not listed are not allowed. */
  authenticationMethods?: InputMaybe<Array<AuthenticationMethodInput>>;
  /** Default OPTIONAL. */
  deviceBound?: InputMaybe<RequiredOrOptional>;
  /** Deny list. */
  excludedAuthenticationMethods?: InputMaybe<Array<AuthenticationMethodInput>>;
  /** Default OPTIONAL. */
  hardwareProtection?: InputMaybe<RequiredOrOptional>;
  /** Authenticator methods allowed. */
  methods?: InputMaybe<Array<AuthenticatorMethodType>>;
  /** Default OPTIONAL. */
  phishingResistant?: InputMaybe<RequiredOrOptional>;
  /** ISO 8601 duration; overrides the verification method's value. */
  reauthenticateIn?: InputMaybe<Scalars['String']['input']>;
  /** Optional; default true, false when excludedAuthenticationMethods has values. */
  required?: InputMaybe<Scalars['Boolean']['input']>;
  /** Authenticator types allowed. */
  types?: InputMaybe<Array<AuthenticatorType>>;
  /** Default REQUIRED. */
  userPresence?: InputMaybe<RequiredOrOptional>;
  /** Default OPTIONAL. */
  userVerification?: InputMaybe<RequiredOrOptional>;
};

/** What a user presents first (identity engine). */
export type PrimaryFactor =
  /** A password or an identity provider. */
  | 'PASSWORD_IDP'
  /** A password, an identity provider or any factor. */
  | 'PASSWORD_IDP_ANY_FACTOR';

/** A profile attribute asked for at registration. */
export type ProfileAttribute = {
  __typename?: 'ProfileAttribute';
  /** The label shown to the user. */
  label: Scalars['String']['output'];
  /** The attribute name; schema attributes persist in the profile, others go to the registration hook only. */
  name: Scalars['String']['output'];
  /** Default false. */
  required?: Maybe<Scalars['Boolean']['output']>;
};

/** A profile attribute asked for at registration. */
export type ProfileAttributeInput = {
  /** The label shown to the user. */
  label: Scalars['String']['input'];
  /** The attribute name; schema attributes persist in the profile, others go to the registration hook only. */
  name: Scalars['String']['input'];
  /** Default false. */
  required?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Self-service registration action of a profile enrollment rule. */
export type ProfileEnrollmentAction = {
  __typename?: 'ProfileEnrollmentAction';
  /** Cannot be changed to DENY after the policy is created. */
  access: AccessDecision;
  /** What activation needs (required). */
  activationRequirements: ActivationRequirements;
  /** Early access; default [login]. Attributes identifying an end user in sign-in, unlock and recovery. */
  allowedIdentifiers?: Maybe<Array<Scalars['String']['output']>>;
  /** Authenticators to enroll at registration (only `password`). */
  enrollAuthenticators?: Maybe<Array<EnrollAuthenticator>>;
  /** At most one registration inline hook. */
  preRegistrationInlineHooks?: Maybe<Array<InlineHookRef>>;
  /** At most 10. */
  profileAttributes: Array<ProfileAttribute>;
  /** At most one group id. */
  targetGroupIds?: Maybe<Array<Scalars['ID']['output']>>;
  /** Created by the service; once present, every update must include it. */
  uiSchemaId?: Maybe<Scalars['String']['output']>;
  /** What happens for a new user (required). */
  unknownUserAction: UnknownUserAction;
};

/** Self-service registration action of a profile enrollment rule. */
export type ProfileEnrollmentActionInput = {
  /** Cannot be changed to DENY after the policy is created. */
  access: AccessDecision;
  /** What activation needs (required). */
  activationRequirements: ActivationRequirementsInput;
  /** Early access; default [login]. Attributes identifying an end user in sign-in, unlock and recovery. */
  allowedIdentifiers?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Authenticators to enroll at registration (only `password`). */
  enrollAuthenticators?: InputMaybe<Array<EnrollAuthenticator>>;
  /** At most one registration inline hook. */
  preRegistrationInlineHooks?: InputMaybe<Array<InlineHookRefInput>>;
  /** At most 10. */
  profileAttributes: Array<ProfileAttributeInput>;
  /** At most one group id. */
  targetGroupIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Must be sent once the service has created it. */
  uiSchemaId?: InputMaybe<Scalars['String']['input']>;
  /** What happens for a new user (required). */
  unknownUserAction: UnknownUserAction;
};

/** Self-service registration action of a profile enrollment rule. */
export type ProfileEnrollmentActionUpdateInput = {
  /** Cannot be changed to DENY after the policy is created. */
  access?: InputMaybe<AccessDecision>;
  /** What activation needs (required). */
  activationRequirements?: InputMaybe<ActivationRequirementsInput>;
  /** Early access; default [login]. Attributes identifying an end user in sign-in, unlock and recovery. */
  allowedIdentifiers?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Authenticators to enroll at registration (only `password`). */
  enrollAuthenticators?: InputMaybe<Array<EnrollAuthenticator>>;
  /** At most one registration inline hook. */
  preRegistrationInlineHooks?: InputMaybe<Array<InlineHookRefInput>>;
  /** At most 10. */
  profileAttributes?: InputMaybe<Array<ProfileAttributeInput>>;
  /** At most one group id. */
  targetGroupIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Must be sent once the service has created it. */
  uiSchemaId?: InputMaybe<Scalars['String']['input']>;
  /** What happens for a new user (required). */
  unknownUserAction?: InputMaybe<UnknownUserAction>;
};

/**
 * Profile enrollment policy (identity engine, type PROFILE_ENROLLMENT): which profile attributes
 * self-service registration asks for. It has exactly one rule, created with the policy.
 */
export type ProfileEnrollmentPolicy = Node & Policy & {
  __typename?: 'ProfileEnrollmentPolicy';
  /**
   * Applications mapped to this policy (the deprecated list-applications operation).
   * @deprecated Deprecated by the service: list the resources mapped to the policy (`links.mappings`) instead.
   */
  applications?: Maybe<Array<Application>>;
  /** Policy-level conditions; unsupported (null) for authentication, profile enrollment, entity risk and continuous access policies. */
  conditions?: Maybe<PolicyConditions>;
  /** When the policy was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** Free text; default null. */
  description?: Maybe<Scalars['String']['output']>;
  /** The policy id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the policy was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate, rules, mappings (read-only). */
  links: PolicyLinks;
  /** The policy name (required). */
  name: Scalars['String']['output'];
  /** 1 is the highest; the default policy is always last. */
  priority: Scalars['Int']['output'];
  /** One rule of this policy; null when it does not exist. */
  rule?: Maybe<ProfileEnrollmentRule>;
  /** The policy's rules in priority order (fetched only when asked for). */
  rules?: Maybe<Array<ProfileEnrollmentRule>>;
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicy` / `deactivatePolicy`. */
  status: LifecycleStatus;
  /** True on system policies, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The policy type; cannot change after creation. */
  type: PolicyType;
  /** The policy has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The policy has a `deactivate` link (it is active and not a system policy). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the policy (system policies and policies mapped to applications cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the policy (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};


/**
 * Profile enrollment policy (identity engine, type PROFILE_ENROLLMENT): which profile attributes
 * self-service registration asks for. It has exactly one rule, created with the policy.
 */
export type ProfileEnrollmentPolicyRuleArgs = {
  id: Scalars['ID']['input'];
};

/** The one rule of a profile enrollment policy (identity engine, type PROFILE_ENROLLMENT). */
export type ProfileEnrollmentRule = Node & PolicyRule & {
  __typename?: 'ProfileEnrollmentRule';
  /** What the rule does: the registration settings. */
  actions: ProfileEnrollmentRuleActions;
  /** Conditions that must all be met for the rule to match; unsupported on profile enrollment rules. */
  conditions?: Maybe<PolicyConditions>;
  /** When the rule was created (assigned by the service). */
  created: Scalars['DateTime']['output'];
  /** The rule id, assigned by the service. */
  id: Scalars['ID']['output'];
  /** When the rule was last changed (assigned by the service). */
  lastUpdated: Scalars['DateTime']['output'];
  /** The REST `_links`: self, activate or deactivate (read-only). */
  links: PolicyRuleLinks;
  /** The rule name (required). */
  name: Scalars['String']['output'];
  /** The policy the rule belongs to. */
  policy?: Maybe<ProfileEnrollmentPolicy>;
  /** The id of the policy the rule belongs to (no upstream call). */
  policyId: Scalars['ID']['output'];
  /** 1 is the highest (authentication policy rules: 0 is the highest, the default rule is 99). */
  priority: Scalars['Int']['output'];
  /** ACTIVE or INACTIVE (default ACTIVE on create); changed by `activatePolicyRule` / `deactivatePolicyRule`. */
  status: LifecycleStatus;
  /** True only on the default rule, which cannot be deleted. */
  system: Scalars['Boolean']['output'];
  /** The rule type: the one matching its policy's type; cannot change. */
  type: PolicyRuleType;
  /** The rule has an `activate` link (it is inactive and can be activated). */
  viewerCanActivate: Scalars['Boolean']['output'];
  /** The rule has a `deactivate` link (it is active and not the default rule). */
  viewerCanDeactivate: Scalars['Boolean']['output'];
  /** The service's links allow a DELETE of the rule (the default rule cannot be deleted). */
  viewerCanDelete: Scalars['Boolean']['output'];
  /** The service's links allow a PUT of the rule (its `self` hints). */
  viewerCanUpdate: Scalars['Boolean']['output'];
};

/** Actions of a profile enrollment rule. */
export type ProfileEnrollmentRuleActions = {
  __typename?: 'ProfileEnrollmentRuleActions';
  /** Self-service registration settings. */
  profileEnrollment?: Maybe<ProfileEnrollmentAction>;
};

/** Read operations. */
export type Query = {
  __typename?: 'Query';
  /**
   * The org's policies (and user types) as a policy document: no ids of managed objects, REST defaults left
   * out, user types named by name, and the ids of the groups, zones, apps and users it needs listed in
   * `references`. Read at the lower bound of upstream calls: one for the user types, one per policy type
   * (per 200 policies) and one per policy for its rules. See docs/policy-as-code.md.
   */
  exportPolicies?: Maybe<PolicyExport>;
  /**
   * Any policy, rule or user type by its id alone, for a client cache that refetches an object it holds;
   * null when nothing has that id. Ids are the REST ids, unique across kinds, and their prefix says the
   * kind: `00p…` a policy and `oty…` a user type (one GET each), `0pr…` a rule. A rule id does not name its
   * policy and the service has no rule lookup by id alone, so a rule is found among the org's rules: one
   * list call per policy type and one rules list per policy, in two waves, each call shared with the rest
   * of the operation. When the policy is known, `policy(id:) { rule(id:) }` costs one call.
   */
  node?: Maybe<Node>;
  /**
   * Several objects by id, in the order of `ids` (null where nothing has that id), each found as `node`
   * finds it. Every call is shared: two ids of one kind cost what the objects cost, no more (two or more user
   * types: one list call; every rule id: one search).
   */
  nodes?: Maybe<Array<Maybe<Node>>>;
  /**
   * Policies of one type, in priority order unless `sortBy` is given. `first` is the upstream page size
   * (`limit`); `after` is a cursor: `pageInfo.endCursor` of the previous page, or any edge's cursor.
   */
  policies?: Maybe<PolicyConnection>;
  /** A policy by id; null when it does not exist. */
  policy?: Maybe<Policy>;
  /**
   * Evaluates the org's policies and rules against a sign-in context, as an actual authentication flow
   * would. Each simulated policy and rule can be joined to its full object.
   */
  simulateAccess?: Maybe<AccessSimulation>;
  /** A user type by id; the id `default` selects the default type; null when it does not exist. */
  userType?: Maybe<UserType>;
  /** Every user type of the org, the default type included. */
  userTypes?: Maybe<Array<UserType>>;
};


/** Read operations. */
export type QueryExportPoliciesArgs = {
  types?: InputMaybe<Array<PolicyType>>;
};


/** Read operations. */
export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


/** Read operations. */
export type QueryNodesArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** Read operations. */
export type QueryPoliciesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  sortBy?: InputMaybe<PolicySortBy>;
  status?: InputMaybe<LifecycleStatus>;
  type: PolicyType;
};


/** Read operations. */
export type QueryPolicyArgs = {
  id: Scalars['ID']['input'];
};


/** Read operations. */
export type QuerySimulateAccessArgs = {
  expand?: InputMaybe<Array<AccessSimulationExpand>>;
  input: AccessSimulationInput;
};


/** Read operations. */
export type QueryUserTypeArgs = {
  id: Scalars['ID']['input'];
};

/** The email recovery factor. */
export type RecoveryEmailFactor = {
  __typename?: 'RecoveryEmailFactor';
  /** Recovery token settings. */
  properties?: Maybe<RecoveryEmailProperties>;
  /** Read-only, always ACTIVE. */
  status: RecoveryEmailStatus;
};

/** The email recovery factor. */
export type RecoveryEmailFactorInput = {
  /** Recovery token settings. */
  properties?: InputMaybe<RecoveryEmailPropertiesInput>;
  /** Read-only, always ACTIVE. */
  status: RecoveryEmailStatus;
};

/** The email recovery factor. */
export type RecoveryEmailFactorUpdateInput = {
  /** Recovery token settings. */
  properties?: InputMaybe<RecoveryEmailPropertiesInput>;
  /** Read-only, always ACTIVE. */
  status?: InputMaybe<RecoveryEmailStatus>;
};

/** Properties of the email recovery factor. */
export type RecoveryEmailProperties = {
  __typename?: 'RecoveryEmailProperties';
  /** The emailed recovery token. */
  recoveryToken?: Maybe<RecoveryToken>;
};

/** Properties of the email recovery factor. */
export type RecoveryEmailPropertiesInput = {
  /** The emailed recovery token. */
  recoveryToken?: InputMaybe<RecoveryTokenInput>;
};

/** The status of the email recovery factor: read-only, always ACTIVE. */
export type RecoveryEmailStatus =
  /** Active (the only value). */
  | 'ACTIVE';

/** An SMS or voice call recovery factor. */
export type RecoveryFactor = {
  __typename?: 'RecoveryFactor';
  /** Default INACTIVE. */
  status: LifecycleStatus;
};

/** An SMS or voice call recovery factor. */
export type RecoveryFactorInput = {
  /** Default INACTIVE. */
  status: LifecycleStatus;
};

/** Recovery factors; the keys are the REST keys. */
export type RecoveryFactors = {
  __typename?: 'RecoveryFactors';
  /** Voice call (default INACTIVE). */
  platform_call?: Maybe<RecoveryFactor>;
  /** Email (always active). */
  platform_email?: Maybe<RecoveryEmailFactor>;
  /** SMS (default INACTIVE). */
  platform_sms?: Maybe<RecoveryFactor>;
  /** Security question. */
  recovery_question?: Maybe<RecoveryQuestionFactor>;
};

/** Recovery factors; the keys are the REST keys. */
export type RecoveryFactorsInput = {
  /** Voice call (default INACTIVE). */
  platform_call?: InputMaybe<RecoveryFactorInput>;
  /** Email (always active). */
  platform_email?: InputMaybe<RecoveryEmailFactorInput>;
  /** SMS (default INACTIVE). */
  platform_sms?: InputMaybe<RecoveryFactorInput>;
  /** Security question. */
  recovery_question?: InputMaybe<RecoveryQuestionFactorInput>;
};

/** Recovery factors; the keys are the REST keys. */
export type RecoveryFactorsUpdateInput = {
  /** Voice call (default INACTIVE). */
  platform_call?: InputMaybe<RecoveryFactorInput>;
  /** Email (always active). */
  platform_email?: InputMaybe<RecoveryEmailFactorUpdateInput>;
  /** SMS (default INACTIVE). */
  platform_sms?: InputMaybe<RecoveryFactorInput>;
  /** Security question. */
  recovery_question?: InputMaybe<RecoveryQuestionFactorUpdateInput>;
};

/** Answer complexity of the security question. */
export type RecoveryQuestionComplexity = {
  __typename?: 'RecoveryQuestionComplexity';
  /** Minimum answer length (default 4). */
  minLength?: Maybe<Scalars['Int']['output']>;
};

/** Answer complexity of the security question. */
export type RecoveryQuestionComplexityInput = {
  /** Minimum answer length (default 4). */
  minLength?: InputMaybe<Scalars['Int']['input']>;
};

/** The security-question recovery factor. */
export type RecoveryQuestionFactor = {
  __typename?: 'RecoveryQuestionFactor';
  /** Answer requirements. */
  properties?: Maybe<RecoveryQuestionProperties>;
  /** ACTIVE, or INACTIVE (early access). */
  status: LifecycleStatus;
};

/** The security-question recovery factor. */
export type RecoveryQuestionFactorInput = {
  /** Answer requirements. */
  properties?: InputMaybe<RecoveryQuestionPropertiesInput>;
  /** ACTIVE, or INACTIVE (early access). */
  status: LifecycleStatus;
};

/** The security-question recovery factor. */
export type RecoveryQuestionFactorUpdateInput = {
  /** Answer requirements. */
  properties?: InputMaybe<RecoveryQuestionPropertiesInput>;
  /** ACTIVE, or INACTIVE (early access). */
  status?: InputMaybe<LifecycleStatus>;
};

/** Properties of the security-question recovery factor. */
export type RecoveryQuestionProperties = {
  __typename?: 'RecoveryQuestionProperties';
  /** Answer complexity. */
  complexity?: Maybe<RecoveryQuestionComplexity>;
};

/** Properties of the security-question recovery factor. */
export type RecoveryQuestionPropertiesInput = {
  /** Answer complexity. */
  complexity?: InputMaybe<RecoveryQuestionComplexityInput>;
};

/** The emailed recovery token. */
export type RecoveryToken = {
  __typename?: 'RecoveryToken';
  /** Lifetime of the recovery token (default 10080). */
  tokenLifetimeMinutes?: Maybe<Scalars['Int']['output']>;
};

/** The emailed recovery token. */
export type RecoveryTokenInput = {
  /** Lifetime of the recovery token in minutes (default 10080, 7 days). */
  tokenLifetimeMinutes?: InputMaybe<Scalars['Int']['input']>;
};

/** The REST user type body of a full replace: only `displayName` and `description` can change. */
export type ReplaceUserTypeInput = {
  /** Human-readable description (required by a replace). */
  description: Scalars['String']['input'];
  /** The display name. */
  displayName: Scalars['String']['input'];
  /** Must equal the existing name. */
  name: Scalars['String']['input'];
};

/** Whether an authenticator characteristic is required. */
export type RequiredOrOptional =
  /** Optional. */
  | 'OPTIONAL'
  /** Required. */
  | 'REQUIRED';

/** Detected risk events. */
export type RiskDetectionType =
  /** An administrator reported the user as risky. */
  | 'ADMIN_REPORTED_USER_RISK'
  /** Brute-force attack. */
  | 'BRUTE_FORCE_ATTACK'
  /** A critical action from a high-threat IP address. */
  | 'ENTITY_CRITICAL_ACTION_FROM_HIGH_THREAT_IP'
  /** The platform's threat intelligence. */
  | 'PLATFORM_THREAT_INTELLIGENCE'
  /** A security events provider reported risk. */
  | 'SECURITY_EVENTS_PROVIDER_REPORTED_RISK'
  /** User risk influenced by a session. */
  | 'SESSION_INFLUENCED_USER_RISK'
  /** Suspicious application access. */
  | 'SUSPICIOUS_APP_ACCESS'
  /** The user reported suspicious activity. */
  | 'USER_REPORTED_SUSPICIOUS_ACTIVITY';

/** Either `include` or `exclude`, not both. */
export type RiskDetectionTypesCondition = {
  __typename?: 'RiskDetectionTypesCondition';
  /** Risk events excluded. */
  exclude?: Maybe<Array<RiskDetectionType>>;
  /** Risk events included. */
  include?: Maybe<Array<RiskDetectionType>>;
};

/** Either `include` or `exclude`, not both. */
export type RiskDetectionTypesConditionInput = {
  /** Risk events excluded. */
  exclude?: InputMaybe<Array<RiskDetectionType>>;
  /** Risk events included. */
  include?: InputMaybe<Array<RiskDetectionType>>;
};

/** Risk levels of risk conditions. */
export type RiskLevel =
  /** Any level. */
  | 'ANY'
  /** High risk. */
  | 'HIGH'
  /** Low risk. */
  | 'LOW'
  /** Medium risk. */
  | 'MEDIUM';

/** The sign-in risk condition. */
export type RiskScoreCondition = {
  __typename?: 'RiskScoreCondition';
  /** The risk level (required). */
  level: RiskLevel;
};

/** The sign-in risk condition. */
export type RiskScoreConditionInput = {
  /** The risk level (required). */
  level: RiskLevel;
};

/** Self-service password reset action of a password rule. */
export type SelfServicePasswordResetAction = {
  __typename?: 'SelfServicePasswordResetAction';
  /** Default DENY. */
  access: AccessDecision;
  /** Identity engine. When access is ALLOW and this is absent, the policy's recovery factors decide. */
  requirement?: Maybe<SsprRequirement>;
  /** Identity engine; read-only. */
  type?: Maybe<SelfServicePasswordResetType>;
};

/** Self-service password reset action of a password rule. */
export type SelfServicePasswordResetActionInput = {
  /** Default DENY. */
  access: AccessDecision;
  /** Identity engine. When access is ALLOW and this is absent, the policy's recovery factors decide. */
  requirement?: InputMaybe<SsprRequirementInput>;
  /** Read-only; accepted so that a body read from the service can be sent back. */
  type?: InputMaybe<SelfServicePasswordResetType>;
};

/** Self-service password reset action of a password rule. */
export type SelfServicePasswordResetActionUpdateInput = {
  /** Default DENY. */
  access?: InputMaybe<AccessDecision>;
  /** Identity engine. When access is ALLOW and this is absent, the policy's recovery factors decide. */
  requirement?: InputMaybe<SsprRequirementInput>;
  /** Read-only; accepted so that a body read from the service can be sent back. */
  type?: InputMaybe<SelfServicePasswordResetType>;
};

/** The read-only type of a self-service password reset action (identity engine). */
export type SelfServicePasswordResetType =
  /** The only value. */
  | 'selfServicePasswordReset';

/** Sign-on action of a global session rule. */
export type SignonAction = {
  __typename?: 'SignonAction';
  /** ALLOW or DENY the sign-in (required). */
  access: AccessDecision;
  /** Minutes before an MFA challenge when factorPromptMode is SESSION; required when requireFactor is true. */
  factorLifetime?: Maybe<Scalars['Int']['output']>;
  /** Required when requireFactor is true. */
  factorPromptMode?: Maybe<FactorPromptMode>;
  /** Identity engine; required when access is ALLOW. */
  primaryFactor?: Maybe<PrimaryFactor>;
  /** Default false. */
  rememberDeviceByDefault?: Maybe<Scalars['Boolean']['output']>;
  /** Default false. */
  requireFactor?: Maybe<Scalars['Boolean']['output']>;
  /** Session lifetime settings. */
  session?: Maybe<SignonSession>;
};

/** Sign-on action of a global session rule. */
export type SignonActionInput = {
  /** ALLOW or DENY the sign-in (required). */
  access: AccessDecision;
  /** Minutes before an MFA challenge when factorPromptMode is SESSION; required when requireFactor is true. */
  factorLifetime?: InputMaybe<Scalars['Int']['input']>;
  /** Required when requireFactor is true. */
  factorPromptMode?: InputMaybe<FactorPromptMode>;
  /** Identity engine; required when access is ALLOW. */
  primaryFactor?: InputMaybe<PrimaryFactor>;
  /** Default false. */
  rememberDeviceByDefault?: InputMaybe<Scalars['Boolean']['input']>;
  /** Default false. */
  requireFactor?: InputMaybe<Scalars['Boolean']['input']>;
  /** Session lifetime settings. */
  session?: InputMaybe<SignonSessionInput>;
};

/** Sign-on action of a global session rule. */
export type SignonActionUpdateInput = {
  /** ALLOW or DENY the sign-in (required). */
  access?: InputMaybe<AccessDecision>;
  /** Minutes before an MFA challenge when factorPromptMode is SESSION; required when requireFactor is true. */
  factorLifetime?: InputMaybe<Scalars['Int']['input']>;
  /** Required when requireFactor is true. */
  factorPromptMode?: InputMaybe<FactorPromptMode>;
  /** Identity engine; required when access is ALLOW. */
  primaryFactor?: InputMaybe<PrimaryFactor>;
  /** Default false. */
  rememberDeviceByDefault?: InputMaybe<Scalars['Boolean']['input']>;
  /** Default false. */
  requireFactor?: InputMaybe<Scalars['Boolean']['input']>;
  /** Session lifetime settings. */
  session?: InputMaybe<SignonSessionInput>;
};

/** Session settings of a global session rule. */
export type SignonSession = {
  __typename?: 'SignonSession';
  /** Default 120. */
  maxSessionIdleMinutes?: Maybe<Scalars['Int']['output']>;
  /** Default 0 (no limit). Read-only on the default rule of the default global session policy. */
  maxSessionLifetimeMinutes?: Maybe<Scalars['Int']['output']>;
  /** Default false; never applies to administrators. Read-only on the default rule of the default global session policy. */
  usePersistentCookie?: Maybe<Scalars['Boolean']['output']>;
};

/** Session settings of a global session rule. */
export type SignonSessionInput = {
  /** Default 120. */
  maxSessionIdleMinutes?: InputMaybe<Scalars['Int']['input']>;
  /** Default 0 (no limit). Read-only on the default rule of the default global session policy. */
  maxSessionLifetimeMinutes?: InputMaybe<Scalars['Int']['input']>;
  /** Default false; never applies to administrators. Read-only on the default rule of the default global session policy. */
  usePersistentCookie?: InputMaybe<Scalars['Boolean']['input']>;
};

/** How one condition of a policy or rule fared in a simulation. */
export type SimulatedCondition = {
  __typename?: 'SimulatedCondition';
  /** The dotted condition path as the service reports it, e.g. people.groups.include. */
  path: Scalars['String']['output'];
  /** MATCH, NOT_MATCH or UNDEFINED. */
  status: ConditionStatus;
  /** Null only for a condition this schema does not know yet (`path` has it). */
  type?: Maybe<SimulatedConditionType>;
};

/** The condition a simulated condition reports on: the dotted REST path in constant case. */
export type SimulatedConditionType =
  /** app.exclude */
  | 'APP_EXCLUDE'
  /** app.include */
  | 'APP_INCLUDE'
  /** authContext.authType */
  | 'AUTH_CONTEXT_AUTH_TYPE'
  /** authProvider.provider */
  | 'AUTH_PROVIDER_PROVIDER'
  /** device.managed */
  | 'DEVICE_MANAGED'
  /** device.registered */
  | 'DEVICE_REGISTERED'
  /** elCondition.condition */
  | 'EL_CONDITION_CONDITION'
  /** entityRisk.level */
  | 'ENTITY_RISK_LEVEL'
  /** network.connection */
  | 'NETWORK_CONNECTION'
  /** network.exclude */
  | 'NETWORK_EXCLUDE'
  /** network.include */
  | 'NETWORK_INCLUDE'
  /** people.groups.exclude */
  | 'PEOPLE_GROUPS_EXCLUDE'
  /** people.groups.include */
  | 'PEOPLE_GROUPS_INCLUDE'
  /** people.users.exclude */
  | 'PEOPLE_USERS_EXCLUDE'
  /** people.users.include */
  | 'PEOPLE_USERS_INCLUDE'
  /** platform.include */
  | 'PLATFORM_INCLUDE'
  /** riskDetectionTypes.exclude */
  | 'RISK_DETECTION_TYPES_EXCLUDE'
  /** riskDetectionTypes.include */
  | 'RISK_DETECTION_TYPES_INCLUDE'
  /** riskScore.level */
  | 'RISK_SCORE_LEVEL'
  /** userIdentifier.patterns */
  | 'USER_IDENTIFIER_PATTERNS'
  /** userType.exclude */
  | 'USER_TYPE_EXCLUDE'
  /** userType.include */
  | 'USER_TYPE_INCLUDE';

/**
 * How one policy fared in one simulation: a value, not an entity (it has no `id`, so that a client cache
 * keeps it under its own simulation); `policy` joins the entity.
 */
export type SimulatedPolicy = {
  __typename?: 'SimulatedPolicy';
  /** Why it matched or not, condition by condition. */
  conditions: Array<SimulatedCondition>;
  /** May be null (the spec). */
  name?: Maybe<Scalars['String']['output']>;
  /** The full policy, joined by id; null when it no longer exists. */
  policy?: Maybe<Policy>;
  /** The policy id (the REST `id`). */
  policyId: Scalars['ID']['output'];
  /** The rules evaluated in this policy, the one that matched included. */
  rules: Array<SimulatedRule>;
  /** MATCH, NOT_MATCH or UNDEFINED. */
  status: SimulationStatus;
};

/** How one rule fared in one simulation: a value, not an entity; `rule` joins the entity. */
export type SimulatedRule = {
  __typename?: 'SimulatedRule';
  /** Why it matched or not, condition by condition. */
  conditions: Array<SimulatedCondition>;
  /** May be null (the spec). */
  name?: Maybe<Scalars['String']['output']>;
  /** The policy the rule was evaluated in. */
  policyId: Scalars['ID']['output'];
  /** The full rule, joined by id; null when it no longer exists. */
  rule?: Maybe<PolicyRule>;
  /** The rule id (the REST `id`). */
  ruleId: Scalars['ID']['output'];
  /** MATCH, NOT_MATCH or UNDEFINED. */
  status: SimulationStatus;
};

/** The device of a simulated sign-in. */
export type SimulationDeviceInput = {
  /** Device assurance policy id. */
  assuranceId?: InputMaybe<Scalars['String']['input']>;
  /** The device is managed. */
  managed?: InputMaybe<Scalars['Boolean']['input']>;
  /** e.g. IOS. */
  platform?: InputMaybe<Scalars['String']['input']>;
  /** The device is registered. */
  registered?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A list of ids. */
export type SimulationIdsInput = {
  /** Group or zone ids. */
  ids: Array<Scalars['ID']['input']>;
};

/** Exactly one of an IP address or zones. */
export type SimulationNetworkInput =
  /** The client address matched against network zones. */
  { ip: Scalars['String']['input']; zones?: never; }
  |  /** Network zones (the REST `zones`). */
  { ip?: never; zones: SimulationIdsInput; };

/** The policy types the access simulation evaluates. */
export type SimulationPolicyType =
  /** Authentication policies. */
  | 'ACCESS_POLICY'
  /** Authenticator enrollment policies. */
  | 'MFA_ENROLL'
  /** Global session policies. */
  | 'PLATFORM_SIGN_ON'
  /** Profile enrollment policies. */
  | 'PROFILE_ENROLLMENT';

/** The risk of a simulated sign-in. */
export type SimulationRiskInput = {
  /** LOW, MEDIUM or HIGH. */
  level: SimulationRiskLevel;
};

/** Risk levels of a simulated sign-in. */
export type SimulationRiskLevel =
  /** High risk. */
  | 'HIGH'
  /** Low risk. */
  | 'LOW'
  /** Medium risk. */
  | 'MEDIUM';

/** How a policy or rule fared in a simulation. */
export type SimulationStatus =
  /** It matched. */
  | 'MATCH'
  /** It did not match. */
  | 'NOT_MATCH'
  /** The context gave no data to decide a condition. */
  | 'UNDEFINED';

/** Exactly one of a user or groups. */
export type SimulationSubjectInput =
  /** Groups (the REST `groups`). */
  { groups: SimulationIdsInput; user?: never; }
  |  /** A user (the REST `user`). */
  { groups?: never; user: SimulationUserInput; };

/** A user named by id. */
export type SimulationUserInput = {
  /** The user id. */
  id: Scalars['ID']['input'];
};

/** Single logout settings of a TERMINATE_SESSION action. */
export type SloSettings = {
  __typename?: 'SloSettings';
  /** Only with SPECIFIC. */
  appInstanceIds?: Maybe<Array<Scalars['ID']['output']>>;
  /** Which applications are logged out (required). */
  appSelectionMode: AppSelectionMode;
};

/** Single logout settings of a TERMINATE_SESSION action. */
export type SloSettingsInput = {
  /** Only with SPECIFIC. */
  appInstanceIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Which applications are logged out (required). */
  appSelectionMode: AppSelectionMode;
};

/** The only method that takes a constraint. */
export type SsprConstraintMethod =
  /** One-time password. */
  | 'OTP';

/** Methods of the primary self-service password reset requirement. */
export type SsprMethod =
  /** Email. */
  | 'EMAIL'
  /** One-time password; needs a method constraint. */
  | 'OTP'
  /** Push notification. */
  | 'PUSH'
  /** SMS. */
  | 'SMS'
  /** Voice call. */
  | 'VOICE';

/** The only accepted constraint: `{method: OTP, allowedAuthenticators: [{key: vendor_c_otp}]}`. */
export type SsprMethodConstraint = {
  __typename?: 'SsprMethodConstraint';
  /** The authenticators allowed for the method (vendor_c_otp). */
  allowedAuthenticators: Array<AuthenticatorKey>;
  /** The constrained method (OTP). */
  method: SsprConstraintMethod;
};

/** The only accepted constraint: `{method: OTP, allowedAuthenticators: [{key: vendor_c_otp}]}`. */
export type SsprMethodConstraintInput = {
  /** The authenticators allowed for the method (vendor_c_otp). */
  allowedAuthenticators: Array<AuthenticatorKeyInput>;
  /** The constrained method (OTP). */
  method: SsprConstraintMethod;
};

/** The primary verification of a self-service password reset. */
export type SsprPrimaryRequirement = {
  __typename?: 'SsprPrimaryRequirement';
  /** Constraints per method; only OTP takes one. */
  methodConstraints?: Maybe<Array<SsprMethodConstraint>>;
  /** OTP needs a method constraint. */
  methods?: Maybe<Array<SsprMethod>>;
};

/** The primary verification of a self-service password reset. */
export type SsprPrimaryRequirementInput = {
  /** Constraints per method; only OTP takes one. */
  methodConstraints?: InputMaybe<Array<SsprMethodConstraintInput>>;
  /** OTP needs a method constraint. */
  methods?: InputMaybe<Array<SsprMethod>>;
};

/** What self-service password reset requires (identity engine). */
export type SsprRequirement = {
  __typename?: 'SsprRequirement';
  /** The first verification. */
  primary?: Maybe<SsprPrimaryRequirement>;
  /** An additional verification. */
  stepUp?: Maybe<SsprStepUpRequirement>;
};

/** What self-service password reset requires (identity engine). */
export type SsprRequirementInput = {
  /** The first verification. */
  primary?: InputMaybe<SsprPrimaryRequirementInput>;
  /** An additional verification. */
  stepUp?: InputMaybe<SsprStepUpRequirementInput>;
};

/** Methods of the step-up requirement. */
export type SsprStepUpMethod =
  /** Security question (the only value). */
  | 'security_question';

/**
 * Valid combinations: `required` false; `required` true without `methods` (any sign-on authenticator);
 * `required` true with `methods` containing security_question.
 */
export type SsprStepUpRequirement = {
  __typename?: 'SsprStepUpRequirement';
  /** The step-up methods (security_question only). */
  methods?: Maybe<Array<SsprStepUpMethod>>;
  /** Whether a step-up verification is required. */
  required?: Maybe<Scalars['Boolean']['output']>;
};

/**
 * Valid combinations: `required` false; `required` true without `methods` (any sign-on authenticator);
 * `required` true with `methods` containing security_question.
 */
export type SsprStepUpRequirementInput = {
  /** The step-up methods (security_question only). */
  methods?: InputMaybe<Array<SsprStepUpMethod>>;
  /** Whether a step-up verification is required. */
  required?: InputMaybe<Scalars['Boolean']['input']>;
};

/** What happens when an unknown user signs in. */
export type UnknownUserAction =
  /** Deny the sign-in. */
  | 'DENY'
  /** Offer self-service registration. */
  | 'REGISTER';

/**
 * A partial update of a policy (see `updatePolicy`): every member is optional; an explicit `null` clears
 * the member. Nested objects with required members have update variants whose members are all optional.
 */
export type UpdatePolicyInput = {
  /** Condition changes, merged member by member. */
  conditions?: InputMaybe<PolicyConditionsUpdateInput>;
  /** The new description. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The new name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Moves the policy (the others are renumbered). */
  priority?: InputMaybe<Scalars['Int']['input']>;
  /** `null` resets the settings to the type's defaults. */
  settings?: InputMaybe<PolicySettingsUpdateInput>;
  /** The new status, sent in the replace body. */
  status?: InputMaybe<LifecycleStatus>;
};

/** A partial update of a rule (see `updatePolicyRule`): every member is optional; an explicit `null` clears the member. */
export type UpdatePolicyRuleInput = {
  /** Action changes, merged member by member. */
  actions?: InputMaybe<PolicyRuleActionsUpdateInput>;
  /** Condition changes, merged member by member. */
  conditions?: InputMaybe<PolicyConditionsUpdateInput>;
  /** The new name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Moves the rule (the others are renumbered). */
  priority?: InputMaybe<Scalars['Int']['input']>;
  /** The new status, sent in the replace body. */
  status?: InputMaybe<LifecycleStatus>;
};

/** A partial update of a user type: members left out keep their value. */
export type UpdateUserTypeInput = {
  /** The new description. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The new display name. */
  displayName?: InputMaybe<Scalars['String']['input']>;
};

/** Users included and excluded. */
export type UserCondition = {
  __typename?: 'UserCondition';
  /** User ids. */
  exclude: Array<Scalars['ID']['output']>;
  /** User ids. */
  include: Array<Scalars['ID']['output']>;
};

/**
 * A refusal of a mutation: by the service (an upstream 400, 403 or 404), or by the gateway (an idempotency
 * key). A client branches on `code`; `message` is for people.
 */
export type UserError = {
  __typename?: 'UserError';
  /** What the client does next. */
  code: UserErrorCode;
  /**
   * The argument or input member at fault: `["ruleId"]` or `["policyId"]` for an id that does not exist,
   * `["input", "settings", "password", "complexity", "minLength"]` for an input member. Null when the refusal
   * is about no member of the input (a default policy that cannot be deleted, a policy at its rule limit).
   */
  field?: Maybe<Array<Scalars['String']['output']>>;
  /** What went wrong and how to fix it, in GraphQL names (`settings.password.complexity.minLength: must be at least 4`). */
  message: Scalars['String']['output'];
  /** Why an operation is not allowed, with the service's code E0000142. */
  reason?: Maybe<UserErrorReason>;
  /**
   * The OAuth scope the operation needs (`okta.policies.manage`, …), with code `ACCESS_DENIED`: the token
   * lacks it, or its admin role does not allow the operation. Null otherwise.
   */
  requiredScope?: Maybe<Scalars['String']['output']>;
  /** The service's own error code (e.g. `E0000001`), for support; null when the gateway refused. */
  upstreamCode?: Maybe<Scalars['String']['output']>;
};

/** What a client does next about a refused mutation. */
export type UserErrorCode =
  /**
   * The caller may not do this (E0000006 for the caller's rights): the access token lacks the scope
   * `requiredScope` names, or the admin role behind the token does not allow the change. Nothing was
   * written; ask for a token with that scope, or have an admin with a role that allows it make the change.
   */
  | 'ACCESS_DENIED'
  /**
   * The org's state refuses it now (a name already used, E0000142 with reason `UNMET_REQUIREMENTS`): change
   * the other object first, or pick another name.
   */
  | 'CONFLICT'
  /**
   * The operation is never allowed on this object (E0000006, or E0000142 with reason `PROHIBITED`): a system
   * policy or rule, a policy still mapped to applications, the default user type.
   */
  | 'FORBIDDEN'
  /** The idempotency key is not 1 to 255 printable ASCII characters. */
  | 'IDEMPOTENCY_KEY_INVALID'
  /** The idempotency key was used before with a different input: use a new key. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** An input value is not accepted (E0000001, E0000003): fix the member `field` names. */
  | 'INVALID'
  /** A count limit is reached (policies of a type, rules of a policy, user types): delete one first. */
  | 'LIMIT_EXCEEDED'
  /** An id argument names nothing (E0000007): `field` says which one; refetch, the object may have been deleted. */
  | 'NOT_FOUND';

/** The reason of an E0000142 refusal. */
export type UserErrorReason =
  /** Never allowed (e.g. deleting the default user type). */
  | 'PROHIBITED'
  /** Not allowed now (e.g. deleting a user type that still has users). */
  | 'UNMET_REQUIREMENTS';

/** Patterns the user's identifier or a profile attribute must match. */
export type UserIdentifierCondition = {
  __typename?: 'UserIdentifierCondition';
  /** The profile attribute matched, used only when type is ATTRIBUTE. */
  attribute?: Maybe<Scalars['String']['output']>;
  /** Exactly one pattern with EXPRESSION or with type ATTRIBUTE. */
  patterns: Array<UserIdentifierPattern>;
  /** IDENTIFIER or ATTRIBUTE. */
  type: UserIdentifierType;
};

/** Patterns the user's identifier or a profile attribute must match. */
export type UserIdentifierConditionInput = {
  /** The profile attribute matched, used only when type is ATTRIBUTE. */
  attribute?: InputMaybe<Scalars['String']['input']>;
  /** Exactly one pattern with EXPRESSION or with type ATTRIBUTE. */
  patterns: Array<UserIdentifierPatternInput>;
  /** IDENTIFIER or ATTRIBUTE. */
  type: UserIdentifierType;
};

/** Patterns the user's identifier or a profile attribute must match. */
export type UserIdentifierConditionUpdateInput = {
  /** The profile attribute matched, used only when type is ATTRIBUTE. */
  attribute?: InputMaybe<Scalars['String']['input']>;
  /** Exactly one pattern with EXPRESSION or with type ATTRIBUTE. */
  patterns?: InputMaybe<Array<UserIdentifierPatternInput>>;
  /** IDENTIFIER or ATTRIBUTE. */
  type?: InputMaybe<UserIdentifierType>;
};

/** A pattern of a user identifier condition. */
export type UserIdentifierPattern = {
  __typename?: 'UserIdentifierPattern';
  /** How `value` matches. */
  matchType: PatternMatchType;
  /** The value (a regular expression with EXPRESSION). */
  value: Scalars['String']['output'];
};

/** A pattern of a user identifier condition. */
export type UserIdentifierPatternInput = {
  /** How `value` matches. */
  matchType: PatternMatchType;
  /** The value (a regular expression with EXPRESSION). */
  value: Scalars['String']['input'];
};

/** What a user identifier condition matches. */
export type UserIdentifierType =
  /** A profile attribute (named by `attribute`). */
  | 'ATTRIBUTE'
  /** The user's sign-in identifier. */
  | 'IDENTIFIER';

/** A template a user belongs to. Every org has a default type and at most 10 types. */
export type UserType = Node & {
  __typename?: 'UserType';
  /** When the type was created (read-only). */
  created: Scalars['DateTime']['output'];
  /** User id of the creator. */
  createdBy: Scalars['String']['output'];
  /** True for the default type. */
  default: Scalars['Boolean']['output'];
  /** Human-readable description. */
  description?: Maybe<Scalars['String']['output']>;
  /** The display name (required). */
  displayName: Scalars['String']['output'];
  /** The user type id (read-only). */
  id: Scalars['ID']['output'];
  /** When the type was last changed (read-only). */
  lastUpdated: Scalars['DateTime']['output'];
  /** User id of the last editor. */
  lastUpdatedBy: Scalars['String']['output'];
  /** The REST `_links`: schema and self. */
  links: UserTypeLinks;
  /** Unique, immutable; starts with a letter and holds only letters, digits or underscore. */
  name: Scalars['String']['output'];
};

/** User types included and excluded (identity engine). */
export type UserTypeCondition = {
  __typename?: 'UserTypeCondition';
  /** User type ids (required). */
  exclude: Array<Scalars['ID']['output']>;
  /** One entry per id of `exclude`, in order: null where the user type no longer exists (the rule still names it). */
  excludedUserTypes?: Maybe<Array<Maybe<UserType>>>;
  /** User type ids. */
  include?: Maybe<Array<Scalars['ID']['output']>>;
  /** One entry per id of `include`, in order: null where the user type no longer exists (the rule still names it). */
  includedUserTypes?: Maybe<Array<Maybe<UserType>>>;
};

/** User types included and excluded (identity engine). */
export type UserTypeConditionInput = {
  /** User type ids (required). */
  exclude: Array<Scalars['ID']['input']>;
  /** User type ids. */
  include?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** A link of a user type. */
export type UserTypeLink = {
  __typename?: 'UserTypeLink';
  /** The target URL. */
  href: Scalars['String']['output'];
  /** Always GET. */
  method: Scalars['String']['output'];
  /** The relation name. */
  rel: Scalars['String']['output'];
};

/** The REST `_links` of a user type. */
export type UserTypeLinks = {
  __typename?: 'UserTypeLinks';
  /** The type's schema resource. */
  schema: UserTypeLink;
  /** The user type itself. */
  self: UserTypeLink;
};

/** The result of a user type mutation. */
export type UserTypePayload = {
  __typename?: 'UserTypePayload';
  /** Why the mutation was refused; empty on success. */
  userErrors: Array<UserError>;
  /** The user type as it now is; null when refused. */
  userType?: Maybe<UserType>;
};

/** One acceptable set of authenticators: every property given must be met. */
export type VerificationConstraint = {
  __typename?: 'VerificationConstraint';
  /** Requirements on the knowledge factor (something the user knows). */
  knowledge?: Maybe<KnowledgeConstraint>;
  /** Requirements on the possession factor (something the user has). */
  possession?: Maybe<PossessionConstraint>;
};

/** One acceptable set of authenticators: every property given must be met. */
export type VerificationConstraintInput = {
  /** Requirements on the knowledge factor (something the user knows). */
  knowledge?: InputMaybe<KnowledgeConstraintInput>;
  /** Requirements on the possession factor (something the user has). */
  possession?: InputMaybe<PossessionConstraintInput>;
};

/** The assurance an authentication policy rule requires. */
export type VerificationMethod = {
  __typename?: 'VerificationMethod';
  /** Only one element must be satisfied; inside one element every property must be. */
  constraints?: Maybe<Array<VerificationConstraint>>;
  /** Default TWO_FACTOR. */
  factorMode?: Maybe<FactorMode>;
  /** ISO 8601 duration of inactivity after which re-authentication is required. */
  inactivityPeriod?: Maybe<Scalars['String']['output']>;
  /** ISO 8601 duration; constraint-level values take precedence. */
  reauthenticateIn?: Maybe<Scalars['String']['output']>;
  /** ASSURANCE. */
  type: VerificationMethodType;
};

/** The assurance an authentication policy rule requires. */
export type VerificationMethodInput = {
  /** Only one element must be satisfied; inside one element every property must be. */
  constraints?: InputMaybe<Array<VerificationConstraintInput>>;
  /** Default TWO_FACTOR. */
  factorMode?: InputMaybe<FactorMode>;
  /** ISO 8601 duration of inactivity after which re-authentication is required. */
  inactivityPeriod?: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601 duration; constraint-level values take precedence. */
  reauthenticateIn?: InputMaybe<Scalars['String']['input']>;
  /** ASSURANCE. */
  type: VerificationMethodType;
};

/** Verification method types. */
export type VerificationMethodType =
  /** Assurance: factors and constraints (the only value). */
  | 'ASSURANCE';

/** The assurance an authentication policy rule requires. */
export type VerificationMethodUpdateInput = {
  /** A list: replaced whole. */
  constraints?: InputMaybe<Array<VerificationConstraintInput>>;
  /** Default TWO_FACTOR. */
  factorMode?: InputMaybe<FactorMode>;
  /** ISO 8601 duration of inactivity after which re-authentication is required. */
  inactivityPeriod?: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601 duration; constraint-level values take precedence. */
  reauthenticateIn?: InputMaybe<Scalars['String']['input']>;
  /** ASSURANCE. */
  type?: InputMaybe<VerificationMethodType>;
};

/** A workflow. */
export type WorkflowRef = {
  __typename?: 'WorkflowRef';
  /** The workflow id. */
  id: Scalars['ID']['output'];
};

/** A workflow. */
export type WorkflowRefInput = {
  /** The workflow id. */
  id: Scalars['ID']['input'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;




/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = {
  Node:
    | ( PolicyWire )
    | ( RuleWithPolicyIdWire )
    | ( PolicyWire )
    | ( RuleWithPolicyIdWire )
    | ( PolicyWire )
    | ( RuleWithPolicyIdWire )
    | ( PolicyWire )
    | ( RuleWithPolicyIdWire )
    | ( PolicyWire )
    | ( RuleWithPolicyIdWire )
    | ( PolicyWire )
    | ( RuleWithPolicyIdWire )
    | ( PolicyWire )
    | ( RuleWithPolicyIdWire )
    | ( PolicyWire )
    | ( RuleWithPolicyIdWire )
    | ( UserTypeWire )
  ;
  Policy:
    | ( PolicyWire )
    | ( PolicyWire )
    | ( PolicyWire )
    | ( PolicyWire )
    | ( PolicyWire )
    | ( PolicyWire )
    | ( PolicyWire )
    | ( PolicyWire )
  ;
  PolicyRule:
    | ( RuleWithPolicyIdWire )
    | ( RuleWithPolicyIdWire )
    | ( RuleWithPolicyIdWire )
    | ( RuleWithPolicyIdWire )
    | ( RuleWithPolicyIdWire )
    | ( RuleWithPolicyIdWire )
    | ( RuleWithPolicyIdWire )
    | ( RuleWithPolicyIdWire )
  ;
};

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AccessAction: ResolverTypeWrapper<AccessAction>;
  AccessActionInput: AccessActionInput;
  AccessDecision: AccessDecision;
  AccessPolicy: ResolverTypeWrapper<PolicyWire>;
  AccessPolicyRule: ResolverTypeWrapper<RuleWithPolicyIdWire>;
  AccessPolicyRuleActions: ResolverTypeWrapper<RuleActionsWire>;
  AccessSimulation: ResolverTypeWrapper<SimulationResponseWire>;
  AccessSimulationContextInput: AccessSimulationContextInput;
  AccessSimulationExpand: AccessSimulationExpand;
  AccessSimulationInput: AccessSimulationInput;
  ActivationRequirements: ResolverTypeWrapper<ActivationRequirements>;
  ActivationRequirementsInput: ActivationRequirementsInput;
  AppCondition: ResolverTypeWrapper<AppConditionWire>;
  AppConditionEntry: ResolverTypeWrapper<AppConditionEntryWire>;
  AppConditionEntryInput: AppConditionEntryInput;
  AppConditionEntryType: AppConditionEntryType;
  AppConditionInput: AppConditionInput;
  AppConditionUpdateInput: AppConditionUpdateInput;
  AppSelectionMode: AppSelectionMode;
  AppSignOnAction: ResolverTypeWrapper<AppSignOnActionWire>;
  AppSignOnActionInput: AppSignOnActionInput;
  AppSignOnActionUpdateInput: AppSignOnActionUpdateInput;
  Application: ResolverTypeWrapper<ApplicationWire>;
  AuthContextCondition: ResolverTypeWrapper<AuthContextConditionWire>;
  AuthContextConditionInput: AuthContextConditionInput;
  AuthProviderCondition: ResolverTypeWrapper<AuthProviderConditionWire>;
  AuthProviderConditionInput: AuthProviderConditionInput;
  AuthProviderConditionUpdateInput: AuthProviderConditionUpdateInput;
  AuthProviderType: AuthProviderType;
  AuthType: AuthType;
  AuthenticationMethod: ResolverTypeWrapper<AuthenticationMethodWire>;
  AuthenticationMethodInput: AuthenticationMethodInput;
  AuthenticatorConstraints: ResolverTypeWrapper<AuthenticatorConstraints>;
  AuthenticatorConstraintsInput: AuthenticatorConstraintsInput;
  AuthenticatorKey: ResolverTypeWrapper<AuthenticatorKey>;
  AuthenticatorKeyInput: AuthenticatorKeyInput;
  AuthenticatorMethodType: AuthenticatorMethodType;
  AuthenticatorType: AuthenticatorType;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  ConditionStatus: ConditionStatus;
  ContinuousAccessAction: ResolverTypeWrapper<ContinuousAccessActionWire>;
  ContinuousAccessActionInput: ContinuousAccessActionInput;
  ContinuousAccessFailureAction: ResolverTypeWrapper<ContinuousAccessFailureActionWire>;
  ContinuousAccessFailureActionInput: ContinuousAccessFailureActionInput;
  ContinuousAccessFailureActionType: ContinuousAccessFailureActionType;
  ContinuousAccessPolicy: ResolverTypeWrapper<PolicyWire>;
  ContinuousAccessRule: ResolverTypeWrapper<RuleWithPolicyIdWire>;
  ContinuousAccessRuleActions: ResolverTypeWrapper<RuleActionsWire>;
  CreateUserTypeInput: CreateUserTypeInput;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DeletePolicyPayload: ResolverTypeWrapper<DeletePolicyPayloadModelWire>;
  DeletePolicyRulePayload: ResolverTypeWrapper<DeletePolicyRulePayloadModelWire>;
  DeleteUserTypePayload: ResolverTypeWrapper<DeleteUserTypePayloadModelWire>;
  DeviceCondition: ResolverTypeWrapper<DeviceConditionWire>;
  DeviceConditionInput: DeviceConditionInput;
  ElCondition: ResolverTypeWrapper<ElConditionWire>;
  ElConditionInput: ElConditionInput;
  EnrollAction: ResolverTypeWrapper<EnrollActionWire>;
  EnrollActionInput: EnrollActionInput;
  EnrollActionSelf: EnrollActionSelf;
  EnrollAuthenticator: EnrollAuthenticator;
  EnrollSelf: EnrollSelf;
  EntityRiskAction: ResolverTypeWrapper<EntityRiskActionWire>;
  EntityRiskActionInput: EntityRiskActionInput;
  EntityRiskActionItem: ResolverTypeWrapper<EntityRiskActionItemWire>;
  EntityRiskActionItemInput: EntityRiskActionItemInput;
  EntityRiskActionType: EntityRiskActionType;
  EntityRiskCondition: ResolverTypeWrapper<EntityRiskConditionWire>;
  EntityRiskConditionInput: EntityRiskConditionInput;
  EntityRiskPolicy: ResolverTypeWrapper<PolicyWire>;
  EntityRiskRule: ResolverTypeWrapper<RuleWithPolicyIdWire>;
  EntityRiskRuleActions: ResolverTypeWrapper<RuleActionsWire>;
  FactorEnrollment: ResolverTypeWrapper<FactorEnrollment>;
  FactorEnrollmentInput: FactorEnrollmentInput;
  FactorMode: null;
  FactorPromptMode: FactorPromptMode;
  GlobalSessionPolicy: ResolverTypeWrapper<PolicyWire>;
  GlobalSessionRule: ResolverTypeWrapper<RuleWithPolicyIdWire>;
  GlobalSessionRuleActions: ResolverTypeWrapper<RuleActionsWire>;
  GroupCondition: ResolverTypeWrapper<IncludeExcludeWire>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  IdListConditionInput: IdListConditionInput;
  IdListConditionUpdateInput: IdListConditionUpdateInput;
  IdpAction: ResolverTypeWrapper<IdpActionWire>;
  IdpActionInput: IdpActionInput;
  IdpActionUpdateInput: IdpActionUpdateInput;
  IdpDiscoveryPolicy: ResolverTypeWrapper<PolicyWire>;
  IdpDiscoveryRule: ResolverTypeWrapper<RuleWithPolicyIdWire>;
  IdpDiscoveryRuleActions: ResolverTypeWrapper<RuleActionsWire>;
  IdpMatchCriteria: ResolverTypeWrapper<IdpMatchCriteria>;
  IdpMatchCriteriaInput: IdpMatchCriteriaInput;
  IdpProvider: ResolverTypeWrapper<IdpProviderWire>;
  IdpProviderInput: IdpProviderInput;
  IdpProviderType: IdpProviderType;
  IdpSelectionType: IdpSelectionType;
  InlineHookRef: ResolverTypeWrapper<InlineHookRef>;
  InlineHookRefInput: InlineHookRefInput;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  KnowledgeConstraint: ResolverTypeWrapper<ConstraintPropertiesWire>;
  KnowledgeConstraintInput: KnowledgeConstraintInput;
  LifecycleStatus: LifecycleStatus;
  Link: ResolverTypeWrapper<LinkWire>;
  LinkHints: ResolverTypeWrapper<LinkHints>;
  MfaEnrollPolicy: ResolverTypeWrapper<PolicyWire>;
  MfaEnrollPolicySettings: ResolverTypeWrapper<MfaEnrollPolicySettingsWire>;
  MfaEnrollRule: ResolverTypeWrapper<RuleWithPolicyIdWire>;
  MfaEnrollRuleActions: ResolverTypeWrapper<RuleActionsWire>;
  MfaEnrollSettingsType: MfaEnrollSettingsType;
  MfaFactor: ResolverTypeWrapper<MfaFactorWire>;
  MfaFactorInput: MfaFactorInput;
  MfaFactorsConfiguration: ResolverTypeWrapper<FactorsConfigurationWire>;
  MfaFactorsConfigurationInput: MfaFactorsConfigurationInput;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  NetworkCondition: ResolverTypeWrapper<NetworkConditionWire>;
  NetworkConditionInput: NetworkConditionInput;
  NetworkConnection: NetworkConnection;
  Node: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Node']>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PasswordAge: ResolverTypeWrapper<PasswordAgeWire>;
  PasswordAgeInput: PasswordAgeInput;
  PasswordCommonDictionary: ResolverTypeWrapper<PasswordCommonDictionary>;
  PasswordCommonDictionaryInput: PasswordCommonDictionaryInput;
  PasswordComplexity: ResolverTypeWrapper<PasswordComplexityWire>;
  PasswordComplexityInput: PasswordComplexityInput;
  PasswordDelegationOptions: ResolverTypeWrapper<PasswordDelegationOptions>;
  PasswordDelegationOptionsInput: PasswordDelegationOptionsInput;
  PasswordDelegationSettings: ResolverTypeWrapper<PasswordDelegationSettings>;
  PasswordDelegationSettingsInput: PasswordDelegationSettingsInput;
  PasswordDictionary: ResolverTypeWrapper<PasswordDictionary>;
  PasswordDictionaryInput: PasswordDictionaryInput;
  PasswordLockout: ResolverTypeWrapper<PasswordLockoutWire>;
  PasswordLockoutInput: PasswordLockoutInput;
  PasswordPolicy: ResolverTypeWrapper<PolicyWire>;
  PasswordPolicySettings: ResolverTypeWrapper<PasswordPolicySettingsWire>;
  PasswordRecoverySettings: ResolverTypeWrapper<Omit<PasswordRecoverySettings, 'factors'> & { factors?: Maybe<ResolversTypes['RecoveryFactors']> }>;
  PasswordRecoverySettingsInput: PasswordRecoverySettingsInput;
  PasswordRecoverySettingsUpdateInput: PasswordRecoverySettingsUpdateInput;
  PasswordRule: ResolverTypeWrapper<RuleWithPolicyIdWire>;
  PasswordRuleActions: ResolverTypeWrapper<RuleActionsWire>;
  PasswordSettings: ResolverTypeWrapper<Omit<PasswordSettings, 'age' | 'complexity' | 'lockout'> & { age?: Maybe<ResolversTypes['PasswordAge']>, complexity?: Maybe<ResolversTypes['PasswordComplexity']>, lockout?: Maybe<ResolversTypes['PasswordLockout']> }>;
  PasswordSettingsInput: PasswordSettingsInput;
  PatternMatchType: PatternMatchType;
  PeopleCondition: ResolverTypeWrapper<PeopleConditionWire>;
  PeopleConditionInput: PeopleConditionInput;
  PeopleConditionUpdateInput: PeopleConditionUpdateInput;
  PlatformCondition: ResolverTypeWrapper<PlatformConditionWire>;
  PlatformConditionEntry: ResolverTypeWrapper<PlatformConditionEntryWire>;
  PlatformConditionEntryInput: PlatformConditionEntryInput;
  PlatformConditionInput: PlatformConditionInput;
  PlatformOs: ResolverTypeWrapper<PlatformOs>;
  PlatformOsInput: PlatformOsInput;
  PlatformOsType: PlatformOsType;
  PlatformType: PlatformType;
  Policy: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['Policy']>;
  PolicyApplyPayload: ResolverTypeWrapper<PolicyApplyPayload>;
  PolicyAuthenticator: ResolverTypeWrapper<PolicyAuthenticatorWire>;
  PolicyAuthenticatorInput: PolicyAuthenticatorInput;
  PolicyChange: ResolverTypeWrapper<PolicyChange>;
  PolicyChangeAction: PolicyChangeAction;
  PolicyChangeKind: PolicyChangeKind;
  PolicyChangeRef: ResolverTypeWrapper<PolicyChangeRef>;
  PolicyChangeRefusal: ResolverTypeWrapper<PolicyChangeRefusal>;
  PolicyConditions: ResolverTypeWrapper<ConditionsWire>;
  PolicyConditionsInput: PolicyConditionsInput;
  PolicyConditionsUpdateInput: PolicyConditionsUpdateInput;
  PolicyConnection: ResolverTypeWrapper<PolicyPageWire>;
  PolicyDocumentError: ResolverTypeWrapper<PolicyDocumentError>;
  PolicyDocumentErrorCode: PolicyDocumentErrorCode;
  PolicyEdge: ResolverTypeWrapper<Omit<PolicyEdge, 'node'> & { node: ResolversTypes['Policy'] }>;
  PolicyExport: ResolverTypeWrapper<PolicyExport>;
  PolicyInput: PolicyInput;
  PolicyLinks: ResolverTypeWrapper<PolicyLinksWire>;
  PolicyPayload: ResolverTypeWrapper<PolicyPayloadModelWire>;
  PolicyPlan: ResolverTypeWrapper<PolicyPlan>;
  PolicyPlanPayload: ResolverTypeWrapper<PolicyPlanPayload>;
  PolicyPlanSummary: ResolverTypeWrapper<PolicyPlanSummary>;
  PolicyPlanWarning: ResolverTypeWrapper<PolicyPlanWarning>;
  PolicyPlanWarningCode: PolicyPlanWarningCode;
  PolicyRule: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['PolicyRule']>;
  PolicyRuleActionsInput: PolicyRuleActionsInput;
  PolicyRuleActionsUpdateInput: PolicyRuleActionsUpdateInput;
  PolicyRuleInput: PolicyRuleInput;
  PolicyRuleLinks: ResolverTypeWrapper<RuleLinksWire>;
  PolicyRulePayload: ResolverTypeWrapper<PolicyRulePayloadModelWire>;
  PolicyRuleType: PolicyRuleType;
  PolicySettingsInput: PolicySettingsInput;
  PolicySettingsUpdateInput: PolicySettingsUpdateInput;
  PolicySortBy: PolicySortBy;
  PolicyType: PolicyType;
  PolicyTypeEvaluation: ResolverTypeWrapper<PolicyTypeEvaluationWire>;
  PossessionConstraint: ResolverTypeWrapper<ConstraintPropertiesWire>;
  PossessionConstraintInput: PossessionConstraintInput;
  PrimaryFactor: PrimaryFactor;
  ProfileAttribute: ResolverTypeWrapper<ProfileAttributeWire>;
  ProfileAttributeInput: ProfileAttributeInput;
  ProfileEnrollmentAction: ResolverTypeWrapper<ProfileEnrollmentActionWire>;
  ProfileEnrollmentActionInput: ProfileEnrollmentActionInput;
  ProfileEnrollmentActionUpdateInput: ProfileEnrollmentActionUpdateInput;
  ProfileEnrollmentPolicy: ResolverTypeWrapper<PolicyWire>;
  ProfileEnrollmentRule: ResolverTypeWrapper<RuleWithPolicyIdWire>;
  ProfileEnrollmentRuleActions: ResolverTypeWrapper<RuleActionsWire>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RecoveryEmailFactor: ResolverTypeWrapper<RecoveryEmailFactor>;
  RecoveryEmailFactorInput: RecoveryEmailFactorInput;
  RecoveryEmailFactorUpdateInput: RecoveryEmailFactorUpdateInput;
  RecoveryEmailProperties: ResolverTypeWrapper<RecoveryEmailProperties>;
  RecoveryEmailPropertiesInput: RecoveryEmailPropertiesInput;
  RecoveryEmailStatus: RecoveryEmailStatus;
  RecoveryFactor: ResolverTypeWrapper<RecoveryFactor>;
  RecoveryFactorInput: RecoveryFactorInput;
  RecoveryFactors: ResolverTypeWrapper<RecoveryFactorsWire>;
  RecoveryFactorsInput: RecoveryFactorsInput;
  RecoveryFactorsUpdateInput: RecoveryFactorsUpdateInput;
  RecoveryQuestionComplexity: ResolverTypeWrapper<RecoveryQuestionComplexity>;
  RecoveryQuestionComplexityInput: RecoveryQuestionComplexityInput;
  RecoveryQuestionFactor: ResolverTypeWrapper<RecoveryQuestionFactor>;
  RecoveryQuestionFactorInput: RecoveryQuestionFactorInput;
  RecoveryQuestionFactorUpdateInput: RecoveryQuestionFactorUpdateInput;
  RecoveryQuestionProperties: ResolverTypeWrapper<RecoveryQuestionProperties>;
  RecoveryQuestionPropertiesInput: RecoveryQuestionPropertiesInput;
  RecoveryToken: ResolverTypeWrapper<RecoveryToken>;
  RecoveryTokenInput: RecoveryTokenInput;
  ReplaceUserTypeInput: ReplaceUserTypeInput;
  RequiredOrOptional: RequiredOrOptional;
  RiskDetectionType: RiskDetectionType;
  RiskDetectionTypesCondition: ResolverTypeWrapper<RiskDetectionTypesConditionWire>;
  RiskDetectionTypesConditionInput: RiskDetectionTypesConditionInput;
  RiskLevel: RiskLevel;
  RiskScoreCondition: ResolverTypeWrapper<RiskScoreConditionWire>;
  RiskScoreConditionInput: RiskScoreConditionInput;
  SelfServicePasswordResetAction: ResolverTypeWrapper<SelfServicePasswordResetActionWire>;
  SelfServicePasswordResetActionInput: SelfServicePasswordResetActionInput;
  SelfServicePasswordResetActionUpdateInput: SelfServicePasswordResetActionUpdateInput;
  SelfServicePasswordResetType: SelfServicePasswordResetType;
  SignonAction: ResolverTypeWrapper<SignonActionWire>;
  SignonActionInput: SignonActionInput;
  SignonActionUpdateInput: SignonActionUpdateInput;
  SignonSession: ResolverTypeWrapper<SignonSessionWire>;
  SignonSessionInput: SignonSessionInput;
  SimulatedCondition: ResolverTypeWrapper<SimulatedConditionWire>;
  SimulatedConditionType: SimulatedConditionType;
  SimulatedPolicy: ResolverTypeWrapper<SimulatedPolicyWire>;
  SimulatedRule: ResolverTypeWrapper<SimulatedRuleWithPolicyIdWire>;
  SimulationDeviceInput: SimulationDeviceInput;
  SimulationIdsInput: SimulationIdsInput;
  SimulationNetworkInput: SimulationNetworkInput;
  SimulationPolicyType: SimulationPolicyType;
  SimulationRiskInput: SimulationRiskInput;
  SimulationRiskLevel: SimulationRiskLevel;
  SimulationStatus: SimulationStatus;
  SimulationSubjectInput: SimulationSubjectInput;
  SimulationUserInput: SimulationUserInput;
  SloSettings: ResolverTypeWrapper<SloSettingsWire>;
  SloSettingsInput: SloSettingsInput;
  SsprConstraintMethod: SsprConstraintMethod;
  SsprMethod: SsprMethod;
  SsprMethodConstraint: ResolverTypeWrapper<SsprMethodConstraint>;
  SsprMethodConstraintInput: SsprMethodConstraintInput;
  SsprPrimaryRequirement: ResolverTypeWrapper<SsprPrimaryRequirement>;
  SsprPrimaryRequirementInput: SsprPrimaryRequirementInput;
  SsprRequirement: ResolverTypeWrapper<SsprRequirement>;
  SsprRequirementInput: SsprRequirementInput;
  SsprStepUpMethod: SsprStepUpMethod;
  SsprStepUpRequirement: ResolverTypeWrapper<SsprStepUpRequirement>;
  SsprStepUpRequirementInput: SsprStepUpRequirementInput;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  UnknownUserAction: UnknownUserAction;
  UpdatePolicyInput: UpdatePolicyInput;
  UpdatePolicyRuleInput: UpdatePolicyRuleInput;
  UpdateUserTypeInput: UpdateUserTypeInput;
  UserCondition: ResolverTypeWrapper<IncludeExcludeWire>;
  UserError: ResolverTypeWrapper<UserError>;
  UserErrorCode: UserErrorCode;
  UserErrorReason: UserErrorReason;
  UserIdentifierCondition: ResolverTypeWrapper<UserIdentifierConditionWire>;
  UserIdentifierConditionInput: UserIdentifierConditionInput;
  UserIdentifierConditionUpdateInput: UserIdentifierConditionUpdateInput;
  UserIdentifierPattern: ResolverTypeWrapper<UserIdentifierPatternWire>;
  UserIdentifierPatternInput: UserIdentifierPatternInput;
  UserIdentifierType: UserIdentifierType;
  UserType: ResolverTypeWrapper<UserTypeWire>;
  UserTypeCondition: ResolverTypeWrapper<UserTypeConditionShapeWire>;
  UserTypeConditionInput: UserTypeConditionInput;
  UserTypeLink: ResolverTypeWrapper<UserTypeLinkWire>;
  UserTypeLinks: ResolverTypeWrapper<UserTypeLinksWire>;
  UserTypePayload: ResolverTypeWrapper<Omit<UserTypePayload, 'userType'> & { userType?: Maybe<ResolversTypes['UserType']> }>;
  VerificationConstraint: ResolverTypeWrapper<VerificationConstraintWire>;
  VerificationConstraintInput: VerificationConstraintInput;
  VerificationMethod: ResolverTypeWrapper<VerificationMethodWire>;
  VerificationMethodInput: VerificationMethodInput;
  VerificationMethodType: VerificationMethodType;
  VerificationMethodUpdateInput: VerificationMethodUpdateInput;
  WorkflowRef: ResolverTypeWrapper<WorkflowRef>;
  WorkflowRefInput: WorkflowRefInput;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AccessAction: AccessAction;
  AccessActionInput: AccessActionInput;
  AccessPolicy: PolicyWire;
  AccessPolicyRule: RuleWithPolicyIdWire;
  AccessPolicyRuleActions: RuleActionsWire;
  AccessSimulation: SimulationResponseWire;
  AccessSimulationContextInput: AccessSimulationContextInput;
  AccessSimulationInput: AccessSimulationInput;
  ActivationRequirements: ActivationRequirements;
  ActivationRequirementsInput: ActivationRequirementsInput;
  AppCondition: AppConditionWire;
  AppConditionEntry: AppConditionEntryWire;
  AppConditionEntryInput: AppConditionEntryInput;
  AppConditionInput: AppConditionInput;
  AppConditionUpdateInput: AppConditionUpdateInput;
  AppSignOnAction: AppSignOnActionWire;
  AppSignOnActionInput: AppSignOnActionInput;
  AppSignOnActionUpdateInput: AppSignOnActionUpdateInput;
  Application: ApplicationWire;
  AuthContextCondition: AuthContextConditionWire;
  AuthContextConditionInput: AuthContextConditionInput;
  AuthProviderCondition: AuthProviderConditionWire;
  AuthProviderConditionInput: AuthProviderConditionInput;
  AuthProviderConditionUpdateInput: AuthProviderConditionUpdateInput;
  AuthenticationMethod: AuthenticationMethodWire;
  AuthenticationMethodInput: AuthenticationMethodInput;
  AuthenticatorConstraints: AuthenticatorConstraints;
  AuthenticatorConstraintsInput: AuthenticatorConstraintsInput;
  AuthenticatorKey: AuthenticatorKey;
  AuthenticatorKeyInput: AuthenticatorKeyInput;
  Boolean: Scalars['Boolean']['output'];
  ContinuousAccessAction: ContinuousAccessActionWire;
  ContinuousAccessActionInput: ContinuousAccessActionInput;
  ContinuousAccessFailureAction: ContinuousAccessFailureActionWire;
  ContinuousAccessFailureActionInput: ContinuousAccessFailureActionInput;
  ContinuousAccessPolicy: PolicyWire;
  ContinuousAccessRule: RuleWithPolicyIdWire;
  ContinuousAccessRuleActions: RuleActionsWire;
  CreateUserTypeInput: CreateUserTypeInput;
  DateTime: Scalars['DateTime']['output'];
  DeletePolicyPayload: DeletePolicyPayloadModelWire;
  DeletePolicyRulePayload: DeletePolicyRulePayloadModelWire;
  DeleteUserTypePayload: DeleteUserTypePayloadModelWire;
  DeviceCondition: DeviceConditionWire;
  DeviceConditionInput: DeviceConditionInput;
  ElCondition: ElConditionWire;
  ElConditionInput: ElConditionInput;
  EnrollAction: EnrollActionWire;
  EnrollActionInput: EnrollActionInput;
  EntityRiskAction: EntityRiskActionWire;
  EntityRiskActionInput: EntityRiskActionInput;
  EntityRiskActionItem: EntityRiskActionItemWire;
  EntityRiskActionItemInput: EntityRiskActionItemInput;
  EntityRiskCondition: EntityRiskConditionWire;
  EntityRiskConditionInput: EntityRiskConditionInput;
  EntityRiskPolicy: PolicyWire;
  EntityRiskRule: RuleWithPolicyIdWire;
  EntityRiskRuleActions: RuleActionsWire;
  FactorEnrollment: FactorEnrollment;
  FactorEnrollmentInput: FactorEnrollmentInput;
  GlobalSessionPolicy: PolicyWire;
  GlobalSessionRule: RuleWithPolicyIdWire;
  GlobalSessionRuleActions: RuleActionsWire;
  GroupCondition: IncludeExcludeWire;
  ID: Scalars['ID']['output'];
  IdListConditionInput: IdListConditionInput;
  IdListConditionUpdateInput: IdListConditionUpdateInput;
  IdpAction: IdpActionWire;
  IdpActionInput: IdpActionInput;
  IdpActionUpdateInput: IdpActionUpdateInput;
  IdpDiscoveryPolicy: PolicyWire;
  IdpDiscoveryRule: RuleWithPolicyIdWire;
  IdpDiscoveryRuleActions: RuleActionsWire;
  IdpMatchCriteria: IdpMatchCriteria;
  IdpMatchCriteriaInput: IdpMatchCriteriaInput;
  IdpProvider: IdpProviderWire;
  IdpProviderInput: IdpProviderInput;
  InlineHookRef: InlineHookRef;
  InlineHookRefInput: InlineHookRefInput;
  Int: Scalars['Int']['output'];
  JSON: Scalars['JSON']['output'];
  KnowledgeConstraint: ConstraintPropertiesWire;
  KnowledgeConstraintInput: KnowledgeConstraintInput;
  Link: LinkWire;
  LinkHints: LinkHints;
  MfaEnrollPolicy: PolicyWire;
  MfaEnrollPolicySettings: MfaEnrollPolicySettingsWire;
  MfaEnrollRule: RuleWithPolicyIdWire;
  MfaEnrollRuleActions: RuleActionsWire;
  MfaFactor: MfaFactorWire;
  MfaFactorInput: MfaFactorInput;
  MfaFactorsConfiguration: FactorsConfigurationWire;
  MfaFactorsConfigurationInput: MfaFactorsConfigurationInput;
  Mutation: Record<PropertyKey, never>;
  NetworkCondition: NetworkConditionWire;
  NetworkConditionInput: NetworkConditionInput;
  Node: ResolversInterfaceTypes<ResolversParentTypes>['Node'];
  PageInfo: PageInfo;
  PasswordAge: PasswordAgeWire;
  PasswordAgeInput: PasswordAgeInput;
  PasswordCommonDictionary: PasswordCommonDictionary;
  PasswordCommonDictionaryInput: PasswordCommonDictionaryInput;
  PasswordComplexity: PasswordComplexityWire;
  PasswordComplexityInput: PasswordComplexityInput;
  PasswordDelegationOptions: PasswordDelegationOptions;
  PasswordDelegationOptionsInput: PasswordDelegationOptionsInput;
  PasswordDelegationSettings: PasswordDelegationSettings;
  PasswordDelegationSettingsInput: PasswordDelegationSettingsInput;
  PasswordDictionary: PasswordDictionary;
  PasswordDictionaryInput: PasswordDictionaryInput;
  PasswordLockout: PasswordLockoutWire;
  PasswordLockoutInput: PasswordLockoutInput;
  PasswordPolicy: PolicyWire;
  PasswordPolicySettings: PasswordPolicySettingsWire;
  PasswordRecoverySettings: Omit<PasswordRecoverySettings, 'factors'> & { factors?: Maybe<ResolversParentTypes['RecoveryFactors']> };
  PasswordRecoverySettingsInput: PasswordRecoverySettingsInput;
  PasswordRecoverySettingsUpdateInput: PasswordRecoverySettingsUpdateInput;
  PasswordRule: RuleWithPolicyIdWire;
  PasswordRuleActions: RuleActionsWire;
  PasswordSettings: Omit<PasswordSettings, 'age' | 'complexity' | 'lockout'> & { age?: Maybe<ResolversParentTypes['PasswordAge']>, complexity?: Maybe<ResolversParentTypes['PasswordComplexity']>, lockout?: Maybe<ResolversParentTypes['PasswordLockout']> };
  PasswordSettingsInput: PasswordSettingsInput;
  PeopleCondition: PeopleConditionWire;
  PeopleConditionInput: PeopleConditionInput;
  PeopleConditionUpdateInput: PeopleConditionUpdateInput;
  PlatformCondition: PlatformConditionWire;
  PlatformConditionEntry: PlatformConditionEntryWire;
  PlatformConditionEntryInput: PlatformConditionEntryInput;
  PlatformConditionInput: PlatformConditionInput;
  PlatformOs: PlatformOs;
  PlatformOsInput: PlatformOsInput;
  Policy: ResolversInterfaceTypes<ResolversParentTypes>['Policy'];
  PolicyApplyPayload: PolicyApplyPayload;
  PolicyAuthenticator: PolicyAuthenticatorWire;
  PolicyAuthenticatorInput: PolicyAuthenticatorInput;
  PolicyChange: PolicyChange;
  PolicyChangeRef: PolicyChangeRef;
  PolicyChangeRefusal: PolicyChangeRefusal;
  PolicyConditions: ConditionsWire;
  PolicyConditionsInput: PolicyConditionsInput;
  PolicyConditionsUpdateInput: PolicyConditionsUpdateInput;
  PolicyConnection: PolicyPageWire;
  PolicyDocumentError: PolicyDocumentError;
  PolicyEdge: Omit<PolicyEdge, 'node'> & { node: ResolversParentTypes['Policy'] };
  PolicyExport: PolicyExport;
  PolicyInput: PolicyInput;
  PolicyLinks: PolicyLinksWire;
  PolicyPayload: PolicyPayloadModelWire;
  PolicyPlan: PolicyPlan;
  PolicyPlanPayload: PolicyPlanPayload;
  PolicyPlanSummary: PolicyPlanSummary;
  PolicyPlanWarning: PolicyPlanWarning;
  PolicyRule: ResolversInterfaceTypes<ResolversParentTypes>['PolicyRule'];
  PolicyRuleActionsInput: PolicyRuleActionsInput;
  PolicyRuleActionsUpdateInput: PolicyRuleActionsUpdateInput;
  PolicyRuleInput: PolicyRuleInput;
  PolicyRuleLinks: RuleLinksWire;
  PolicyRulePayload: PolicyRulePayloadModelWire;
  PolicySettingsInput: PolicySettingsInput;
  PolicySettingsUpdateInput: PolicySettingsUpdateInput;
  PolicyTypeEvaluation: PolicyTypeEvaluationWire;
  PossessionConstraint: ConstraintPropertiesWire;
  PossessionConstraintInput: PossessionConstraintInput;
  ProfileAttribute: ProfileAttributeWire;
  ProfileAttributeInput: ProfileAttributeInput;
  ProfileEnrollmentAction: ProfileEnrollmentActionWire;
  ProfileEnrollmentActionInput: ProfileEnrollmentActionInput;
  ProfileEnrollmentActionUpdateInput: ProfileEnrollmentActionUpdateInput;
  ProfileEnrollmentPolicy: PolicyWire;
  ProfileEnrollmentRule: RuleWithPolicyIdWire;
  ProfileEnrollmentRuleActions: RuleActionsWire;
  Query: Record<PropertyKey, never>;
  RecoveryEmailFactor: RecoveryEmailFactor;
  RecoveryEmailFactorInput: RecoveryEmailFactorInput;
  RecoveryEmailFactorUpdateInput: RecoveryEmailFactorUpdateInput;
  RecoveryEmailProperties: RecoveryEmailProperties;
  RecoveryEmailPropertiesInput: RecoveryEmailPropertiesInput;
  RecoveryFactor: RecoveryFactor;
  RecoveryFactorInput: RecoveryFactorInput;
  RecoveryFactors: RecoveryFactorsWire;
  RecoveryFactorsInput: RecoveryFactorsInput;
  RecoveryFactorsUpdateInput: RecoveryFactorsUpdateInput;
  RecoveryQuestionComplexity: RecoveryQuestionComplexity;
  RecoveryQuestionComplexityInput: RecoveryQuestionComplexityInput;
  RecoveryQuestionFactor: RecoveryQuestionFactor;
  RecoveryQuestionFactorInput: RecoveryQuestionFactorInput;
  RecoveryQuestionFactorUpdateInput: RecoveryQuestionFactorUpdateInput;
  RecoveryQuestionProperties: RecoveryQuestionProperties;
  RecoveryQuestionPropertiesInput: RecoveryQuestionPropertiesInput;
  RecoveryToken: RecoveryToken;
  RecoveryTokenInput: RecoveryTokenInput;
  ReplaceUserTypeInput: ReplaceUserTypeInput;
  RiskDetectionTypesCondition: RiskDetectionTypesConditionWire;
  RiskDetectionTypesConditionInput: RiskDetectionTypesConditionInput;
  RiskScoreCondition: RiskScoreConditionWire;
  RiskScoreConditionInput: RiskScoreConditionInput;
  SelfServicePasswordResetAction: SelfServicePasswordResetActionWire;
  SelfServicePasswordResetActionInput: SelfServicePasswordResetActionInput;
  SelfServicePasswordResetActionUpdateInput: SelfServicePasswordResetActionUpdateInput;
  SignonAction: SignonActionWire;
  SignonActionInput: SignonActionInput;
  SignonActionUpdateInput: SignonActionUpdateInput;
  SignonSession: SignonSessionWire;
  SignonSessionInput: SignonSessionInput;
  SimulatedCondition: SimulatedConditionWire;
  SimulatedPolicy: SimulatedPolicyWire;
  SimulatedRule: SimulatedRuleWithPolicyIdWire;
  SimulationDeviceInput: SimulationDeviceInput;
  SimulationIdsInput: SimulationIdsInput;
  SimulationNetworkInput: SimulationNetworkInput;
  SimulationRiskInput: SimulationRiskInput;
  SimulationSubjectInput: SimulationSubjectInput;
  SimulationUserInput: SimulationUserInput;
  SloSettings: SloSettingsWire;
  SloSettingsInput: SloSettingsInput;
  SsprMethodConstraint: SsprMethodConstraint;
  SsprMethodConstraintInput: SsprMethodConstraintInput;
  SsprPrimaryRequirement: SsprPrimaryRequirement;
  SsprPrimaryRequirementInput: SsprPrimaryRequirementInput;
  SsprRequirement: SsprRequirement;
  SsprRequirementInput: SsprRequirementInput;
  SsprStepUpRequirement: SsprStepUpRequirement;
  SsprStepUpRequirementInput: SsprStepUpRequirementInput;
  String: Scalars['String']['output'];
  UpdatePolicyInput: UpdatePolicyInput;
  UpdatePolicyRuleInput: UpdatePolicyRuleInput;
  UpdateUserTypeInput: UpdateUserTypeInput;
  UserCondition: IncludeExcludeWire;
  UserError: UserError;
  UserIdentifierCondition: UserIdentifierConditionWire;
  UserIdentifierConditionInput: UserIdentifierConditionInput;
  UserIdentifierConditionUpdateInput: UserIdentifierConditionUpdateInput;
  UserIdentifierPattern: UserIdentifierPatternWire;
  UserIdentifierPatternInput: UserIdentifierPatternInput;
  UserType: UserTypeWire;
  UserTypeCondition: UserTypeConditionShapeWire;
  UserTypeConditionInput: UserTypeConditionInput;
  UserTypeLink: UserTypeLinkWire;
  UserTypeLinks: UserTypeLinksWire;
  UserTypePayload: Omit<UserTypePayload, 'userType'> & { userType?: Maybe<ResolversParentTypes['UserType']> };
  VerificationConstraint: VerificationConstraintWire;
  VerificationConstraintInput: VerificationConstraintInput;
  VerificationMethod: VerificationMethodWire;
  VerificationMethodInput: VerificationMethodInput;
  VerificationMethodUpdateInput: VerificationMethodUpdateInput;
  WorkflowRef: WorkflowRef;
  WorkflowRefInput: WorkflowRefInput;
};

export type RestTypeDirectiveArgs = {
  policy?: Maybe<PolicyType>;
  rule?: Maybe<PolicyRuleType>;
};

export type RestTypeDirectiveResolver<Result, Parent, ContextType = GatewayContext, Args = RestTypeDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type UpstreamDirectiveArgs = { };

export type UpstreamDirectiveResolver<Result, Parent, ContextType = GatewayContext, Args = UpstreamDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type AccessActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AccessAction'] = ResolversParentTypes['AccessAction']> = {
  access?: Resolver<ResolversTypes['AccessDecision'], ParentType, ContextType>;
};

export type AccessPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AccessPolicy'] = ResolversParentTypes['AccessPolicy']> = {
  applications?: Resolver<Maybe<Array<ResolversTypes['Application']>>, ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['AccessPolicyRule']>, ParentType, ContextType, RequireFields<AccessPolicyRuleArgs, 'id'>>;
  rules?: Resolver<Maybe<Array<ResolversTypes['AccessPolicyRule']>>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AccessPolicyRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AccessPolicyRule'] = ResolversParentTypes['AccessPolicyRule']> = {
  actions?: Resolver<ResolversTypes['AccessPolicyRuleActions'], ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyRuleLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['AccessPolicy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyRuleType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type AccessPolicyRuleActionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AccessPolicyRuleActions'] = ResolversParentTypes['AccessPolicyRuleActions']> = {
  appSignOn?: Resolver<Maybe<ResolversTypes['AppSignOnAction']>, ParentType, ContextType>;
};

export type AccessSimulationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AccessSimulation'] = ResolversParentTypes['AccessSimulation']> = {
  evaluation?: Resolver<Array<ResolversTypes['PolicyTypeEvaluation']>, ParentType, ContextType>;
};

export type ActivationRequirementsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ActivationRequirements'] = ResolversParentTypes['ActivationRequirements']> = {
  emailVerification?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type AppConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AppCondition'] = ResolversParentTypes['AppCondition']> = {
  exclude?: Resolver<Array<ResolversTypes['AppConditionEntry']>, ParentType, ContextType>;
  include?: Resolver<Array<ResolversTypes['AppConditionEntry']>, ParentType, ContextType>;
};

export type AppConditionEntryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AppConditionEntry'] = ResolversParentTypes['AppConditionEntry']> = {
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['AppConditionEntryType'], ParentType, ContextType>;
};

export type AppSignOnActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AppSignOnAction'] = ResolversParentTypes['AppSignOnAction']> = {
  access?: Resolver<ResolversTypes['AccessDecision'], ParentType, ContextType>;
  verificationMethod?: Resolver<ResolversTypes['VerificationMethod'], ParentType, ContextType>;
};

export type ApplicationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Application'] = ResolversParentTypes['Application']> = {
  accessPolicy?: Resolver<Maybe<ResolversTypes['AccessPolicy']>, ParentType, ContextType>;
  additionalProperties?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
};

export type AuthContextConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthContextCondition'] = ResolversParentTypes['AuthContextCondition']> = {
  authType?: Resolver<Maybe<ResolversTypes['AuthType']>, ParentType, ContextType>;
};

export type AuthProviderConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthProviderCondition'] = ResolversParentTypes['AuthProviderCondition']> = {
  include?: Resolver<Maybe<Array<ResolversTypes['ID']>>, ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['AuthProviderType'], ParentType, ContextType>;
};

export type AuthenticationMethodResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthenticationMethod'] = ResolversParentTypes['AuthenticationMethod']> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  method?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AuthenticatorConstraintsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthenticatorConstraints'] = ResolversParentTypes['AuthenticatorConstraints']> = {
  aaguidGroups?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
};

export type AuthenticatorKeyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['AuthenticatorKey'] = ResolversParentTypes['AuthenticatorKey']> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ContinuousAccessActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ContinuousAccessAction'] = ResolversParentTypes['ContinuousAccessAction']> = {
  failureActions?: Resolver<Array<ResolversTypes['ContinuousAccessFailureAction']>, ParentType, ContextType>;
};

export type ContinuousAccessFailureActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ContinuousAccessFailureAction'] = ResolversParentTypes['ContinuousAccessFailureAction']> = {
  action?: Resolver<ResolversTypes['ContinuousAccessFailureActionType'], ParentType, ContextType>;
  slo?: Resolver<Maybe<ResolversTypes['SloSettings']>, ParentType, ContextType>;
  workflow?: Resolver<Maybe<ResolversTypes['WorkflowRef']>, ParentType, ContextType>;
};

export type ContinuousAccessPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ContinuousAccessPolicy'] = ResolversParentTypes['ContinuousAccessPolicy']> = {
  applications?: Resolver<Maybe<Array<ResolversTypes['Application']>>, ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['ContinuousAccessRule']>, ParentType, ContextType, RequireFields<ContinuousAccessPolicyRuleArgs, 'id'>>;
  rules?: Resolver<Maybe<Array<ResolversTypes['ContinuousAccessRule']>>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ContinuousAccessRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ContinuousAccessRule'] = ResolversParentTypes['ContinuousAccessRule']> = {
  actions?: Resolver<ResolversTypes['ContinuousAccessRuleActions'], ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyRuleLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['ContinuousAccessPolicy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyRuleType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ContinuousAccessRuleActionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ContinuousAccessRuleActions'] = ResolversParentTypes['ContinuousAccessRuleActions']> = {
  continuousAccess?: Resolver<Maybe<ResolversTypes['ContinuousAccessAction']>, ParentType, ContextType>;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DeletePolicyPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeletePolicyPayload'] = ResolversParentTypes['DeletePolicyPayload']> = {
  deletedId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  policiesOfType?: Resolver<Maybe<Array<ResolversTypes['Policy']>>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type DeletePolicyRulePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeletePolicyRulePayload'] = ResolversParentTypes['DeletePolicyRulePayload']> = {
  deletedId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['Policy']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type DeleteUserTypePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeleteUserTypePayload'] = ResolversParentTypes['DeleteUserTypePayload']> = {
  deletedId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  referencingRules?: Resolver<Maybe<Array<ResolversTypes['PolicyRule']>>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type DeviceConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['DeviceCondition'] = ResolversParentTypes['DeviceCondition']> = {
  managed?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  registered?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type ElConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ElCondition'] = ResolversParentTypes['ElCondition']> = {
  condition?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type EnrollActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EnrollAction'] = ResolversParentTypes['EnrollAction']> = {
  self?: Resolver<ResolversTypes['EnrollActionSelf'], ParentType, ContextType>;
};

export type EntityRiskActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EntityRiskAction'] = ResolversParentTypes['EntityRiskAction']> = {
  actions?: Resolver<Array<ResolversTypes['EntityRiskActionItem']>, ParentType, ContextType>;
};

export type EntityRiskActionItemResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EntityRiskActionItem'] = ResolversParentTypes['EntityRiskActionItem']> = {
  action?: Resolver<ResolversTypes['EntityRiskActionType'], ParentType, ContextType>;
  workflow?: Resolver<Maybe<ResolversTypes['WorkflowRef']>, ParentType, ContextType>;
};

export type EntityRiskConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EntityRiskCondition'] = ResolversParentTypes['EntityRiskCondition']> = {
  level?: Resolver<ResolversTypes['RiskLevel'], ParentType, ContextType>;
};

export type EntityRiskPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EntityRiskPolicy'] = ResolversParentTypes['EntityRiskPolicy']> = {
  applications?: Resolver<Maybe<Array<ResolversTypes['Application']>>, ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['EntityRiskRule']>, ParentType, ContextType, RequireFields<EntityRiskPolicyRuleArgs, 'id'>>;
  rules?: Resolver<Maybe<Array<ResolversTypes['EntityRiskRule']>>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type EntityRiskRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EntityRiskRule'] = ResolversParentTypes['EntityRiskRule']> = {
  actions?: Resolver<ResolversTypes['EntityRiskRuleActions'], ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyRuleLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['EntityRiskPolicy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyRuleType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type EntityRiskRuleActionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['EntityRiskRuleActions'] = ResolversParentTypes['EntityRiskRuleActions']> = {
  entityRisk?: Resolver<Maybe<ResolversTypes['EntityRiskAction']>, ParentType, ContextType>;
};

export type FactorEnrollmentResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['FactorEnrollment'] = ResolversParentTypes['FactorEnrollment']> = {
  self?: Resolver<ResolversTypes['EnrollSelf'], ParentType, ContextType>;
};

export type FactorModeResolvers = { ONE_FACTOR: '1FA', TWO_FACTOR: '2FA' };

export type GlobalSessionPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['GlobalSessionPolicy'] = ResolversParentTypes['GlobalSessionPolicy']> = {
  applications?: Resolver<Maybe<Array<ResolversTypes['Application']>>, ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['GlobalSessionRule']>, ParentType, ContextType, RequireFields<GlobalSessionPolicyRuleArgs, 'id'>>;
  rules?: Resolver<Maybe<Array<ResolversTypes['GlobalSessionRule']>>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type GlobalSessionRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['GlobalSessionRule'] = ResolversParentTypes['GlobalSessionRule']> = {
  actions?: Resolver<ResolversTypes['GlobalSessionRuleActions'], ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyRuleLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['GlobalSessionPolicy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyRuleType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type GlobalSessionRuleActionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['GlobalSessionRuleActions'] = ResolversParentTypes['GlobalSessionRuleActions']> = {
  signon?: Resolver<Maybe<ResolversTypes['SignonAction']>, ParentType, ContextType>;
};

export type GroupConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['GroupCondition'] = ResolversParentTypes['GroupCondition']> = {
  exclude?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  include?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type IdpActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IdpAction'] = ResolversParentTypes['IdpAction']> = {
  idpSelectionType?: Resolver<ResolversTypes['IdpSelectionType'], ParentType, ContextType>;
  matchCriteria?: Resolver<Maybe<Array<ResolversTypes['IdpMatchCriteria']>>, ParentType, ContextType>;
  providers?: Resolver<Array<ResolversTypes['IdpProvider']>, ParentType, ContextType>;
};

export type IdpDiscoveryPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IdpDiscoveryPolicy'] = ResolversParentTypes['IdpDiscoveryPolicy']> = {
  applications?: Resolver<Maybe<Array<ResolversTypes['Application']>>, ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['IdpDiscoveryRule']>, ParentType, ContextType, RequireFields<IdpDiscoveryPolicyRuleArgs, 'id'>>;
  rules?: Resolver<Maybe<Array<ResolversTypes['IdpDiscoveryRule']>>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type IdpDiscoveryRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IdpDiscoveryRule'] = ResolversParentTypes['IdpDiscoveryRule']> = {
  actions?: Resolver<ResolversTypes['IdpDiscoveryRuleActions'], ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyRuleLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['IdpDiscoveryPolicy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyRuleType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type IdpDiscoveryRuleActionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IdpDiscoveryRuleActions'] = ResolversParentTypes['IdpDiscoveryRuleActions']> = {
  idp?: Resolver<Maybe<ResolversTypes['IdpAction']>, ParentType, ContextType>;
};

export type IdpMatchCriteriaResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IdpMatchCriteria'] = ResolversParentTypes['IdpMatchCriteria']> = {
  propertyName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  providerExpression?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type IdpProviderResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['IdpProvider'] = ResolversParentTypes['IdpProvider']> = {
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['IdpProviderType'], ParentType, ContextType>;
};

export type InlineHookRefResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['InlineHookRef'] = ResolversParentTypes['InlineHookRef']> = {
  inlineHookId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type KnowledgeConstraintResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['KnowledgeConstraint'] = ResolversParentTypes['KnowledgeConstraint']> = {
  authenticationMethods?: Resolver<Maybe<Array<ResolversTypes['AuthenticationMethod']>>, ParentType, ContextType>;
  excludedAuthenticationMethods?: Resolver<Maybe<Array<ResolversTypes['AuthenticationMethod']>>, ParentType, ContextType>;
  methods?: Resolver<Maybe<Array<ResolversTypes['AuthenticatorMethodType']>>, ParentType, ContextType>;
  reauthenticateIn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  required?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  types?: Resolver<Maybe<Array<ResolversTypes['AuthenticatorType']>>, ParentType, ContextType>;
};

export type LinkResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Link'] = ResolversParentTypes['Link']> = {
  hints?: Resolver<Maybe<ResolversTypes['LinkHints']>, ParentType, ContextType>;
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type LinkHintsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['LinkHints'] = ResolversParentTypes['LinkHints']> = {
  allow?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type MfaEnrollPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MfaEnrollPolicy'] = ResolversParentTypes['MfaEnrollPolicy']> = {
  applications?: Resolver<Maybe<Array<ResolversTypes['Application']>>, ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['MfaEnrollRule']>, ParentType, ContextType, RequireFields<MfaEnrollPolicyRuleArgs, 'id'>>;
  rules?: Resolver<Maybe<Array<ResolversTypes['MfaEnrollRule']>>, ParentType, ContextType>;
  settings?: Resolver<Maybe<ResolversTypes['MfaEnrollPolicySettings']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MfaEnrollPolicySettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MfaEnrollPolicySettings'] = ResolversParentTypes['MfaEnrollPolicySettings']> = {
  authenticators?: Resolver<Maybe<Array<ResolversTypes['PolicyAuthenticator']>>, ParentType, ContextType>;
  factors?: Resolver<Maybe<ResolversTypes['MfaFactorsConfiguration']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['MfaEnrollSettingsType']>, ParentType, ContextType>;
};

export type MfaEnrollRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MfaEnrollRule'] = ResolversParentTypes['MfaEnrollRule']> = {
  actions?: Resolver<ResolversTypes['MfaEnrollRuleActions'], ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyRuleLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['MfaEnrollPolicy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyRuleType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MfaEnrollRuleActionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MfaEnrollRuleActions'] = ResolversParentTypes['MfaEnrollRuleActions']> = {
  enroll?: Resolver<Maybe<ResolversTypes['EnrollAction']>, ParentType, ContextType>;
};

export type MfaFactorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MfaFactor'] = ResolversParentTypes['MfaFactor']> = {
  enroll?: Resolver<Maybe<ResolversTypes['FactorEnrollment']>, ParentType, ContextType>;
};

export type MfaFactorsConfigurationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['MfaFactorsConfiguration'] = ResolversParentTypes['MfaFactorsConfiguration']> = {
  fido_u2f?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  fido_webauthn?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  platform_call?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  platform_email?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  platform_otp?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  platform_password?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  platform_push?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  platform_question?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  platform_sms?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  vendor_a_mfa?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  vendor_b_vip?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  vendor_c_otp?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  vendor_d_token?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
  vendor_e_token?: Resolver<Maybe<ResolversTypes['MfaFactor']>, ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  activatePolicy?: Resolver<Maybe<ResolversTypes['PolicyPayload']>, ParentType, ContextType, RequireFields<MutationActivatePolicyArgs, 'id'>>;
  activatePolicyRule?: Resolver<Maybe<ResolversTypes['PolicyRulePayload']>, ParentType, ContextType, RequireFields<MutationActivatePolicyRuleArgs, 'policyId' | 'ruleId'>>;
  applyPolicies?: Resolver<Maybe<ResolversTypes['PolicyApplyPayload']>, ParentType, ContextType, RequireFields<MutationApplyPoliciesArgs, 'planId'>>;
  clonePolicy?: Resolver<Maybe<ResolversTypes['PolicyPayload']>, ParentType, ContextType, RequireFields<MutationClonePolicyArgs, 'id'>>;
  createPolicy?: Resolver<Maybe<ResolversTypes['PolicyPayload']>, ParentType, ContextType, RequireFields<MutationCreatePolicyArgs, 'input'>>;
  createPolicyRule?: Resolver<Maybe<ResolversTypes['PolicyRulePayload']>, ParentType, ContextType, RequireFields<MutationCreatePolicyRuleArgs, 'input' | 'policyId'>>;
  createUserType?: Resolver<Maybe<ResolversTypes['UserTypePayload']>, ParentType, ContextType, RequireFields<MutationCreateUserTypeArgs, 'input'>>;
  deactivatePolicy?: Resolver<Maybe<ResolversTypes['PolicyPayload']>, ParentType, ContextType, RequireFields<MutationDeactivatePolicyArgs, 'id'>>;
  deactivatePolicyRule?: Resolver<Maybe<ResolversTypes['PolicyRulePayload']>, ParentType, ContextType, RequireFields<MutationDeactivatePolicyRuleArgs, 'policyId' | 'ruleId'>>;
  deletePolicy?: Resolver<Maybe<ResolversTypes['DeletePolicyPayload']>, ParentType, ContextType, RequireFields<MutationDeletePolicyArgs, 'id'>>;
  deletePolicyRule?: Resolver<Maybe<ResolversTypes['DeletePolicyRulePayload']>, ParentType, ContextType, RequireFields<MutationDeletePolicyRuleArgs, 'policyId' | 'ruleId'>>;
  deleteUserType?: Resolver<Maybe<ResolversTypes['DeleteUserTypePayload']>, ParentType, ContextType, RequireFields<MutationDeleteUserTypeArgs, 'id'>>;
  planPolicies?: Resolver<Maybe<ResolversTypes['PolicyPlanPayload']>, ParentType, ContextType, RequireFields<MutationPlanPoliciesArgs, 'document' | 'prune'>>;
  replacePolicy?: Resolver<Maybe<ResolversTypes['PolicyPayload']>, ParentType, ContextType, RequireFields<MutationReplacePolicyArgs, 'id' | 'input'>>;
  replacePolicyRule?: Resolver<Maybe<ResolversTypes['PolicyRulePayload']>, ParentType, ContextType, RequireFields<MutationReplacePolicyRuleArgs, 'input' | 'policyId' | 'ruleId'>>;
  replaceUserType?: Resolver<Maybe<ResolversTypes['UserTypePayload']>, ParentType, ContextType, RequireFields<MutationReplaceUserTypeArgs, 'id' | 'input'>>;
  updatePolicy?: Resolver<Maybe<ResolversTypes['PolicyPayload']>, ParentType, ContextType, RequireFields<MutationUpdatePolicyArgs, 'id' | 'input'>>;
  updatePolicyRule?: Resolver<Maybe<ResolversTypes['PolicyRulePayload']>, ParentType, ContextType, RequireFields<MutationUpdatePolicyRuleArgs, 'input' | 'policyId' | 'ruleId'>>;
  updateUserType?: Resolver<Maybe<ResolversTypes['UserTypePayload']>, ParentType, ContextType, RequireFields<MutationUpdateUserTypeArgs, 'id' | 'input'>>;
};

export type NetworkConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['NetworkCondition'] = ResolversParentTypes['NetworkCondition']> = {
  connection?: Resolver<Maybe<ResolversTypes['NetworkConnection']>, ParentType, ContextType>;
  exclude?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  include?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
};

export type NodeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Node'] = ResolversParentTypes['Node']> = {
  __resolveType: TypeResolveFn<'AccessPolicy' | 'AccessPolicyRule' | 'ContinuousAccessPolicy' | 'ContinuousAccessRule' | 'EntityRiskPolicy' | 'EntityRiskRule' | 'GlobalSessionPolicy' | 'GlobalSessionRule' | 'IdpDiscoveryPolicy' | 'IdpDiscoveryRule' | 'MfaEnrollPolicy' | 'MfaEnrollRule' | 'PasswordPolicy' | 'PasswordRule' | 'ProfileEnrollmentPolicy' | 'ProfileEnrollmentRule' | 'UserType', ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PasswordAgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordAge'] = ResolversParentTypes['PasswordAge']> = {
  expireWarnDays?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  historyCount?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  maxAgeDays?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  minAgeMinutes?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type PasswordCommonDictionaryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordCommonDictionary'] = ResolversParentTypes['PasswordCommonDictionary']> = {
  exclude?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type PasswordComplexityResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordComplexity'] = ResolversParentTypes['PasswordComplexity']> = {
  dictionary?: Resolver<Maybe<ResolversTypes['PasswordDictionary']>, ParentType, ContextType>;
  excludeAttributes?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  excludeUsername?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  minLength?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  minLowerCase?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  minNumber?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  minSymbol?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  minUpperCase?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type PasswordDelegationOptionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordDelegationOptions'] = ResolversParentTypes['PasswordDelegationOptions']> = {
  skipUnlock?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type PasswordDelegationSettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordDelegationSettings'] = ResolversParentTypes['PasswordDelegationSettings']> = {
  options?: Resolver<Maybe<ResolversTypes['PasswordDelegationOptions']>, ParentType, ContextType>;
};

export type PasswordDictionaryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordDictionary'] = ResolversParentTypes['PasswordDictionary']> = {
  common?: Resolver<Maybe<ResolversTypes['PasswordCommonDictionary']>, ParentType, ContextType>;
};

export type PasswordLockoutResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordLockout'] = ResolversParentTypes['PasswordLockout']> = {
  autoUnlockMinutes?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  maxAttempts?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  showLockoutFailures?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type PasswordPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordPolicy'] = ResolversParentTypes['PasswordPolicy']> = {
  applications?: Resolver<Maybe<Array<ResolversTypes['Application']>>, ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['PasswordRule']>, ParentType, ContextType, RequireFields<PasswordPolicyRuleArgs, 'id'>>;
  rules?: Resolver<Maybe<Array<ResolversTypes['PasswordRule']>>, ParentType, ContextType>;
  settings?: Resolver<Maybe<ResolversTypes['PasswordPolicySettings']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PasswordPolicySettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordPolicySettings'] = ResolversParentTypes['PasswordPolicySettings']> = {
  delegation?: Resolver<Maybe<ResolversTypes['PasswordDelegationSettings']>, ParentType, ContextType>;
  password?: Resolver<Maybe<ResolversTypes['PasswordSettings']>, ParentType, ContextType>;
  recovery?: Resolver<Maybe<ResolversTypes['PasswordRecoverySettings']>, ParentType, ContextType>;
};

export type PasswordRecoverySettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordRecoverySettings'] = ResolversParentTypes['PasswordRecoverySettings']> = {
  factors?: Resolver<Maybe<ResolversTypes['RecoveryFactors']>, ParentType, ContextType>;
};

export type PasswordRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordRule'] = ResolversParentTypes['PasswordRule']> = {
  actions?: Resolver<ResolversTypes['PasswordRuleActions'], ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyRuleLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['PasswordPolicy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyRuleType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PasswordRuleActionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordRuleActions'] = ResolversParentTypes['PasswordRuleActions']> = {
  passwordChange?: Resolver<Maybe<ResolversTypes['AccessAction']>, ParentType, ContextType>;
  selfServicePasswordReset?: Resolver<Maybe<ResolversTypes['SelfServicePasswordResetAction']>, ParentType, ContextType>;
  selfServiceUnlock?: Resolver<Maybe<ResolversTypes['AccessAction']>, ParentType, ContextType>;
};

export type PasswordSettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PasswordSettings'] = ResolversParentTypes['PasswordSettings']> = {
  age?: Resolver<Maybe<ResolversTypes['PasswordAge']>, ParentType, ContextType>;
  complexity?: Resolver<Maybe<ResolversTypes['PasswordComplexity']>, ParentType, ContextType>;
  lockout?: Resolver<Maybe<ResolversTypes['PasswordLockout']>, ParentType, ContextType>;
};

export type PeopleConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PeopleCondition'] = ResolversParentTypes['PeopleCondition']> = {
  groups?: Resolver<Maybe<ResolversTypes['GroupCondition']>, ParentType, ContextType>;
  users?: Resolver<Maybe<ResolversTypes['UserCondition']>, ParentType, ContextType>;
};

export type PlatformConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PlatformCondition'] = ResolversParentTypes['PlatformCondition']> = {
  include?: Resolver<Array<ResolversTypes['PlatformConditionEntry']>, ParentType, ContextType>;
};

export type PlatformConditionEntryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PlatformConditionEntry'] = ResolversParentTypes['PlatformConditionEntry']> = {
  os?: Resolver<ResolversTypes['PlatformOs'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PlatformType'], ParentType, ContextType>;
};

export type PlatformOsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PlatformOs'] = ResolversParentTypes['PlatformOs']> = {
  type?: Resolver<ResolversTypes['PlatformOsType'], ParentType, ContextType>;
};

export type PolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Policy'] = ResolversParentTypes['Policy']> = {
  __resolveType: TypeResolveFn<'AccessPolicy' | 'ContinuousAccessPolicy' | 'EntityRiskPolicy' | 'GlobalSessionPolicy' | 'IdpDiscoveryPolicy' | 'MfaEnrollPolicy' | 'PasswordPolicy' | 'ProfileEnrollmentPolicy', ParentType, ContextType>;
};

export type PolicyApplyPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyApplyPayload'] = ResolversParentTypes['PolicyApplyPayload']> = {
  applied?: Resolver<Array<ResolversTypes['PolicyChangeRef']>, ParentType, ContextType>;
  notApplied?: Resolver<Array<ResolversTypes['PolicyChangeRef']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['PolicyDocumentError']>, ParentType, ContextType>;
};

export type PolicyAuthenticatorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyAuthenticator'] = ResolversParentTypes['PolicyAuthenticator']> = {
  constraints?: Resolver<Maybe<ResolversTypes['AuthenticatorConstraints']>, ParentType, ContextType>;
  enroll?: Resolver<ResolversTypes['FactorEnrollment'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PolicyChangeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyChange'] = ResolversParentTypes['PolicyChange']> = {
  action?: Resolver<ResolversTypes['PolicyChangeAction'], ParentType, ContextType>;
  after?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  before?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['PolicyChangeKind'], ParentType, ContextType>;
  path?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  refusal?: Resolver<Maybe<ResolversTypes['PolicyChangeRefusal']>, ParentType, ContextType>;
};

export type PolicyChangeRefResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyChangeRef'] = ResolversParentTypes['PolicyChangeRef']> = {
  action?: Resolver<ResolversTypes['PolicyChangeAction'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['PolicyChangeKind'], ParentType, ContextType>;
  path?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
};

export type PolicyChangeRefusalResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyChangeRefusal'] = ResolversParentTypes['PolicyChangeRefusal']> = {
  code?: Resolver<ResolversTypes['PolicyDocumentErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PolicyConditionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyConditions'] = ResolversParentTypes['PolicyConditions']> = {
  app?: Resolver<Maybe<ResolversTypes['AppCondition']>, ParentType, ContextType>;
  authContext?: Resolver<Maybe<ResolversTypes['AuthContextCondition']>, ParentType, ContextType>;
  authProvider?: Resolver<Maybe<ResolversTypes['AuthProviderCondition']>, ParentType, ContextType>;
  device?: Resolver<Maybe<ResolversTypes['DeviceCondition']>, ParentType, ContextType>;
  elCondition?: Resolver<Maybe<ResolversTypes['ElCondition']>, ParentType, ContextType>;
  entityRisk?: Resolver<Maybe<ResolversTypes['EntityRiskCondition']>, ParentType, ContextType>;
  network?: Resolver<Maybe<ResolversTypes['NetworkCondition']>, ParentType, ContextType>;
  people?: Resolver<Maybe<ResolversTypes['PeopleCondition']>, ParentType, ContextType>;
  platform?: Resolver<Maybe<ResolversTypes['PlatformCondition']>, ParentType, ContextType>;
  riskDetectionTypes?: Resolver<Maybe<ResolversTypes['RiskDetectionTypesCondition']>, ParentType, ContextType>;
  riskScore?: Resolver<Maybe<ResolversTypes['RiskScoreCondition']>, ParentType, ContextType>;
  userIdentifier?: Resolver<Maybe<ResolversTypes['UserIdentifierCondition']>, ParentType, ContextType>;
  userType?: Resolver<Maybe<ResolversTypes['UserTypeCondition']>, ParentType, ContextType>;
};

export type PolicyConnectionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyConnection'] = ResolversParentTypes['PolicyConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PolicyEdge']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Policy']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PolicyDocumentErrorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyDocumentError'] = ResolversParentTypes['PolicyDocumentError']> = {
  code?: Resolver<ResolversTypes['PolicyDocumentErrorCode'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  path?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
};

export type PolicyEdgeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyEdge'] = ResolversParentTypes['PolicyEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Policy'], ParentType, ContextType>;
};

export type PolicyExportResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyExport'] = ResolversParentTypes['PolicyExport']> = {
  document?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
};

export type PolicyLinksResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyLinks'] = ResolversParentTypes['PolicyLinks']> = {
  activate?: Resolver<Maybe<ResolversTypes['Link']>, ParentType, ContextType>;
  deactivate?: Resolver<Maybe<ResolversTypes['Link']>, ParentType, ContextType>;
  mappings?: Resolver<Maybe<ResolversTypes['Link']>, ParentType, ContextType>;
  rules?: Resolver<Maybe<ResolversTypes['Link']>, ParentType, ContextType>;
  self?: Resolver<ResolversTypes['Link'], ParentType, ContextType>;
};

export type PolicyPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyPayload'] = ResolversParentTypes['PolicyPayload']> = {
  policiesOfType?: Resolver<Maybe<Array<ResolversTypes['Policy']>>, ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['Policy']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type PolicyPlanResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyPlan'] = ResolversParentTypes['PolicyPlan']> = {
  changes?: Resolver<Array<ResolversTypes['PolicyChange']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['PolicyPlanSummary'], ParentType, ContextType>;
  upstreamCalls?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  warnings?: Resolver<Array<ResolversTypes['PolicyPlanWarning']>, ParentType, ContextType>;
};

export type PolicyPlanPayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyPlanPayload'] = ResolversParentTypes['PolicyPlanPayload']> = {
  plan?: Resolver<Maybe<ResolversTypes['PolicyPlan']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['PolicyDocumentError']>, ParentType, ContextType>;
};

export type PolicyPlanSummaryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyPlanSummary'] = ResolversParentTypes['PolicyPlanSummary']> = {
  create?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  delete?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  move?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  refused?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  unchanged?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  update?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PolicyPlanWarningResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyPlanWarning'] = ResolversParentTypes['PolicyPlanWarning']> = {
  code?: Resolver<ResolversTypes['PolicyPlanWarningCode'], ParentType, ContextType>;
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PolicyRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyRule'] = ResolversParentTypes['PolicyRule']> = {
  __resolveType: TypeResolveFn<'AccessPolicyRule' | 'ContinuousAccessRule' | 'EntityRiskRule' | 'GlobalSessionRule' | 'IdpDiscoveryRule' | 'MfaEnrollRule' | 'PasswordRule' | 'ProfileEnrollmentRule', ParentType, ContextType>;
};

export type PolicyRuleLinksResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyRuleLinks'] = ResolversParentTypes['PolicyRuleLinks']> = {
  activate?: Resolver<Maybe<ResolversTypes['Link']>, ParentType, ContextType>;
  deactivate?: Resolver<Maybe<ResolversTypes['Link']>, ParentType, ContextType>;
  self?: Resolver<ResolversTypes['Link'], ParentType, ContextType>;
};

export type PolicyRulePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyRulePayload'] = ResolversParentTypes['PolicyRulePayload']> = {
  policy?: Resolver<Maybe<ResolversTypes['Policy']>, ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['PolicyRule']>, ParentType, ContextType>;
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
};

export type PolicyTypeEvaluationResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PolicyTypeEvaluation'] = ResolversParentTypes['PolicyTypeEvaluation']> = {
  evaluated?: Resolver<Array<ResolversTypes['SimulatedPolicy']>, ParentType, ContextType>;
  matchedPolicy?: Resolver<Maybe<ResolversTypes['Policy']>, ParentType, ContextType>;
  matchedRule?: Resolver<Maybe<ResolversTypes['PolicyRule']>, ParentType, ContextType>;
  policyType?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  result?: Resolver<Array<ResolversTypes['SimulatedPolicy']>, ParentType, ContextType>;
  undecidedPolicies?: Resolver<Maybe<Array<ResolversTypes['Policy']>>, ParentType, ContextType>;
  undefined?: Resolver<Array<ResolversTypes['SimulatedPolicy']>, ParentType, ContextType>;
};

export type PossessionConstraintResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['PossessionConstraint'] = ResolversParentTypes['PossessionConstraint']> = {
  authenticationMethods?: Resolver<Maybe<Array<ResolversTypes['AuthenticationMethod']>>, ParentType, ContextType>;
  deviceBound?: Resolver<Maybe<ResolversTypes['RequiredOrOptional']>, ParentType, ContextType>;
  excludedAuthenticationMethods?: Resolver<Maybe<Array<ResolversTypes['AuthenticationMethod']>>, ParentType, ContextType>;
  hardwareProtection?: Resolver<Maybe<ResolversTypes['RequiredOrOptional']>, ParentType, ContextType>;
  methods?: Resolver<Maybe<Array<ResolversTypes['AuthenticatorMethodType']>>, ParentType, ContextType>;
  phishingResistant?: Resolver<Maybe<ResolversTypes['RequiredOrOptional']>, ParentType, ContextType>;
  reauthenticateIn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  required?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  types?: Resolver<Maybe<Array<ResolversTypes['AuthenticatorType']>>, ParentType, ContextType>;
  userPresence?: Resolver<Maybe<ResolversTypes['RequiredOrOptional']>, ParentType, ContextType>;
  userVerification?: Resolver<Maybe<ResolversTypes['RequiredOrOptional']>, ParentType, ContextType>;
};

export type ProfileAttributeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProfileAttribute'] = ResolversParentTypes['ProfileAttribute']> = {
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  required?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type ProfileEnrollmentActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProfileEnrollmentAction'] = ResolversParentTypes['ProfileEnrollmentAction']> = {
  access?: Resolver<ResolversTypes['AccessDecision'], ParentType, ContextType>;
  activationRequirements?: Resolver<ResolversTypes['ActivationRequirements'], ParentType, ContextType>;
  allowedIdentifiers?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  enrollAuthenticators?: Resolver<Maybe<Array<ResolversTypes['EnrollAuthenticator']>>, ParentType, ContextType>;
  preRegistrationInlineHooks?: Resolver<Maybe<Array<ResolversTypes['InlineHookRef']>>, ParentType, ContextType>;
  profileAttributes?: Resolver<Array<ResolversTypes['ProfileAttribute']>, ParentType, ContextType>;
  targetGroupIds?: Resolver<Maybe<Array<ResolversTypes['ID']>>, ParentType, ContextType>;
  uiSchemaId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  unknownUserAction?: Resolver<ResolversTypes['UnknownUserAction'], ParentType, ContextType>;
};

export type ProfileEnrollmentPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProfileEnrollmentPolicy'] = ResolversParentTypes['ProfileEnrollmentPolicy']> = {
  applications?: Resolver<Maybe<Array<ResolversTypes['Application']>>, ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['ProfileEnrollmentRule']>, ParentType, ContextType, RequireFields<ProfileEnrollmentPolicyRuleArgs, 'id'>>;
  rules?: Resolver<Maybe<Array<ResolversTypes['ProfileEnrollmentRule']>>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ProfileEnrollmentRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProfileEnrollmentRule'] = ResolversParentTypes['ProfileEnrollmentRule']> = {
  actions?: Resolver<ResolversTypes['ProfileEnrollmentRuleActions'], ParentType, ContextType>;
  conditions?: Resolver<Maybe<ResolversTypes['PolicyConditions']>, ParentType, ContextType>;
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['PolicyRuleLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['ProfileEnrollmentPolicy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
  system?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['PolicyRuleType'], ParentType, ContextType>;
  viewerCanActivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDeactivate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanDelete?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  viewerCanUpdate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ProfileEnrollmentRuleActionsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['ProfileEnrollmentRuleActions'] = ResolversParentTypes['ProfileEnrollmentRuleActions']> = {
  profileEnrollment?: Resolver<Maybe<ResolversTypes['ProfileEnrollmentAction']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  exportPolicies?: Resolver<Maybe<ResolversTypes['PolicyExport']>, ParentType, ContextType, Partial<QueryExportPoliciesArgs>>;
  node?: Resolver<Maybe<ResolversTypes['Node']>, ParentType, ContextType, RequireFields<QueryNodeArgs, 'id'>>;
  nodes?: Resolver<Maybe<Array<Maybe<ResolversTypes['Node']>>>, ParentType, ContextType, RequireFields<QueryNodesArgs, 'ids'>>;
  policies?: Resolver<Maybe<ResolversTypes['PolicyConnection']>, ParentType, ContextType, RequireFields<QueryPoliciesArgs, 'type'>>;
  policy?: Resolver<Maybe<ResolversTypes['Policy']>, ParentType, ContextType, RequireFields<QueryPolicyArgs, 'id'>>;
  simulateAccess?: Resolver<Maybe<ResolversTypes['AccessSimulation']>, ParentType, ContextType, RequireFields<QuerySimulateAccessArgs, 'input'>>;
  userType?: Resolver<Maybe<ResolversTypes['UserType']>, ParentType, ContextType, RequireFields<QueryUserTypeArgs, 'id'>>;
  userTypes?: Resolver<Maybe<Array<ResolversTypes['UserType']>>, ParentType, ContextType>;
};

export type RecoveryEmailFactorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryEmailFactor'] = ResolversParentTypes['RecoveryEmailFactor']> = {
  properties?: Resolver<Maybe<ResolversTypes['RecoveryEmailProperties']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['RecoveryEmailStatus'], ParentType, ContextType>;
};

export type RecoveryEmailPropertiesResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryEmailProperties'] = ResolversParentTypes['RecoveryEmailProperties']> = {
  recoveryToken?: Resolver<Maybe<ResolversTypes['RecoveryToken']>, ParentType, ContextType>;
};

export type RecoveryFactorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryFactor'] = ResolversParentTypes['RecoveryFactor']> = {
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
};

export type RecoveryFactorsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryFactors'] = ResolversParentTypes['RecoveryFactors']> = {
  platform_call?: Resolver<Maybe<ResolversTypes['RecoveryFactor']>, ParentType, ContextType>;
  platform_email?: Resolver<Maybe<ResolversTypes['RecoveryEmailFactor']>, ParentType, ContextType>;
  platform_sms?: Resolver<Maybe<ResolversTypes['RecoveryFactor']>, ParentType, ContextType>;
  recovery_question?: Resolver<Maybe<ResolversTypes['RecoveryQuestionFactor']>, ParentType, ContextType>;
};

export type RecoveryQuestionComplexityResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryQuestionComplexity'] = ResolversParentTypes['RecoveryQuestionComplexity']> = {
  minLength?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type RecoveryQuestionFactorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryQuestionFactor'] = ResolversParentTypes['RecoveryQuestionFactor']> = {
  properties?: Resolver<Maybe<ResolversTypes['RecoveryQuestionProperties']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['LifecycleStatus'], ParentType, ContextType>;
};

export type RecoveryQuestionPropertiesResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryQuestionProperties'] = ResolversParentTypes['RecoveryQuestionProperties']> = {
  complexity?: Resolver<Maybe<ResolversTypes['RecoveryQuestionComplexity']>, ParentType, ContextType>;
};

export type RecoveryTokenResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RecoveryToken'] = ResolversParentTypes['RecoveryToken']> = {
  tokenLifetimeMinutes?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type RiskDetectionTypesConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RiskDetectionTypesCondition'] = ResolversParentTypes['RiskDetectionTypesCondition']> = {
  exclude?: Resolver<Maybe<Array<ResolversTypes['RiskDetectionType']>>, ParentType, ContextType>;
  include?: Resolver<Maybe<Array<ResolversTypes['RiskDetectionType']>>, ParentType, ContextType>;
};

export type RiskScoreConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['RiskScoreCondition'] = ResolversParentTypes['RiskScoreCondition']> = {
  level?: Resolver<ResolversTypes['RiskLevel'], ParentType, ContextType>;
};

export type SelfServicePasswordResetActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SelfServicePasswordResetAction'] = ResolversParentTypes['SelfServicePasswordResetAction']> = {
  access?: Resolver<ResolversTypes['AccessDecision'], ParentType, ContextType>;
  requirement?: Resolver<Maybe<ResolversTypes['SsprRequirement']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['SelfServicePasswordResetType']>, ParentType, ContextType>;
};

export type SignonActionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SignonAction'] = ResolversParentTypes['SignonAction']> = {
  access?: Resolver<ResolversTypes['AccessDecision'], ParentType, ContextType>;
  factorLifetime?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  factorPromptMode?: Resolver<Maybe<ResolversTypes['FactorPromptMode']>, ParentType, ContextType>;
  primaryFactor?: Resolver<Maybe<ResolversTypes['PrimaryFactor']>, ParentType, ContextType>;
  rememberDeviceByDefault?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  requireFactor?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  session?: Resolver<Maybe<ResolversTypes['SignonSession']>, ParentType, ContextType>;
};

export type SignonSessionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SignonSession'] = ResolversParentTypes['SignonSession']> = {
  maxSessionIdleMinutes?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  maxSessionLifetimeMinutes?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  usePersistentCookie?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type SimulatedConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SimulatedCondition'] = ResolversParentTypes['SimulatedCondition']> = {
  path?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ConditionStatus'], ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['SimulatedConditionType']>, ParentType, ContextType>;
};

export type SimulatedPolicyResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SimulatedPolicy'] = ResolversParentTypes['SimulatedPolicy']> = {
  conditions?: Resolver<Array<ResolversTypes['SimulatedCondition']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  policy?: Resolver<Maybe<ResolversTypes['Policy']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  rules?: Resolver<Array<ResolversTypes['SimulatedRule']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['SimulationStatus'], ParentType, ContextType>;
};

export type SimulatedRuleResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SimulatedRule'] = ResolversParentTypes['SimulatedRule']> = {
  conditions?: Resolver<Array<ResolversTypes['SimulatedCondition']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  policyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['PolicyRule']>, ParentType, ContextType>;
  ruleId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['SimulationStatus'], ParentType, ContextType>;
};

export type SloSettingsResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SloSettings'] = ResolversParentTypes['SloSettings']> = {
  appInstanceIds?: Resolver<Maybe<Array<ResolversTypes['ID']>>, ParentType, ContextType>;
  appSelectionMode?: Resolver<ResolversTypes['AppSelectionMode'], ParentType, ContextType>;
};

export type SsprMethodConstraintResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SsprMethodConstraint'] = ResolversParentTypes['SsprMethodConstraint']> = {
  allowedAuthenticators?: Resolver<Array<ResolversTypes['AuthenticatorKey']>, ParentType, ContextType>;
  method?: Resolver<ResolversTypes['SsprConstraintMethod'], ParentType, ContextType>;
};

export type SsprPrimaryRequirementResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SsprPrimaryRequirement'] = ResolversParentTypes['SsprPrimaryRequirement']> = {
  methodConstraints?: Resolver<Maybe<Array<ResolversTypes['SsprMethodConstraint']>>, ParentType, ContextType>;
  methods?: Resolver<Maybe<Array<ResolversTypes['SsprMethod']>>, ParentType, ContextType>;
};

export type SsprRequirementResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SsprRequirement'] = ResolversParentTypes['SsprRequirement']> = {
  primary?: Resolver<Maybe<ResolversTypes['SsprPrimaryRequirement']>, ParentType, ContextType>;
  stepUp?: Resolver<Maybe<ResolversTypes['SsprStepUpRequirement']>, ParentType, ContextType>;
};

export type SsprStepUpRequirementResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['SsprStepUpRequirement'] = ResolversParentTypes['SsprStepUpRequirement']> = {
  methods?: Resolver<Maybe<Array<ResolversTypes['SsprStepUpMethod']>>, ParentType, ContextType>;
  required?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
};

export type UserConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserCondition'] = ResolversParentTypes['UserCondition']> = {
  exclude?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  include?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type UserErrorResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserError'] = ResolversParentTypes['UserError']> = {
  code?: Resolver<ResolversTypes['UserErrorCode'], ParentType, ContextType>;
  field?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['UserErrorReason']>, ParentType, ContextType>;
  requiredScope?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  upstreamCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type UserIdentifierConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserIdentifierCondition'] = ResolversParentTypes['UserIdentifierCondition']> = {
  attribute?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  patterns?: Resolver<Array<ResolversTypes['UserIdentifierPattern']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['UserIdentifierType'], ParentType, ContextType>;
};

export type UserIdentifierPatternResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserIdentifierPattern'] = ResolversParentTypes['UserIdentifierPattern']> = {
  matchType?: Resolver<ResolversTypes['PatternMatchType'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type UserTypeResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserType'] = ResolversParentTypes['UserType']> = {
  created?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  createdBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  default?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  displayName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  lastUpdatedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['UserTypeLinks'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type UserTypeConditionResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserTypeCondition'] = ResolversParentTypes['UserTypeCondition']> = {
  exclude?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  excludedUserTypes?: Resolver<Maybe<Array<Maybe<ResolversTypes['UserType']>>>, ParentType, ContextType>;
  include?: Resolver<Maybe<Array<ResolversTypes['ID']>>, ParentType, ContextType>;
  includedUserTypes?: Resolver<Maybe<Array<Maybe<ResolversTypes['UserType']>>>, ParentType, ContextType>;
};

export type UserTypeLinkResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserTypeLink'] = ResolversParentTypes['UserTypeLink']> = {
  href?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  method?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  rel?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type UserTypeLinksResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserTypeLinks'] = ResolversParentTypes['UserTypeLinks']> = {
  schema?: Resolver<ResolversTypes['UserTypeLink'], ParentType, ContextType>;
  self?: Resolver<ResolversTypes['UserTypeLink'], ParentType, ContextType>;
};

export type UserTypePayloadResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['UserTypePayload'] = ResolversParentTypes['UserTypePayload']> = {
  userErrors?: Resolver<Array<ResolversTypes['UserError']>, ParentType, ContextType>;
  userType?: Resolver<Maybe<ResolversTypes['UserType']>, ParentType, ContextType>;
};

export type VerificationConstraintResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['VerificationConstraint'] = ResolversParentTypes['VerificationConstraint']> = {
  knowledge?: Resolver<Maybe<ResolversTypes['KnowledgeConstraint']>, ParentType, ContextType>;
  possession?: Resolver<Maybe<ResolversTypes['PossessionConstraint']>, ParentType, ContextType>;
};

export type VerificationMethodResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['VerificationMethod'] = ResolversParentTypes['VerificationMethod']> = {
  constraints?: Resolver<Maybe<Array<ResolversTypes['VerificationConstraint']>>, ParentType, ContextType>;
  factorMode?: Resolver<Maybe<ResolversTypes['FactorMode']>, ParentType, ContextType>;
  inactivityPeriod?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reauthenticateIn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['VerificationMethodType'], ParentType, ContextType>;
};

export type WorkflowRefResolvers<ContextType = GatewayContext, ParentType extends ResolversParentTypes['WorkflowRef'] = ResolversParentTypes['WorkflowRef']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GatewayContext> = {
  AccessAction?: AccessActionResolvers<ContextType>;
  AccessPolicy?: AccessPolicyResolvers<ContextType>;
  AccessPolicyRule?: AccessPolicyRuleResolvers<ContextType>;
  AccessPolicyRuleActions?: AccessPolicyRuleActionsResolvers<ContextType>;
  AccessSimulation?: AccessSimulationResolvers<ContextType>;
  ActivationRequirements?: ActivationRequirementsResolvers<ContextType>;
  AppCondition?: AppConditionResolvers<ContextType>;
  AppConditionEntry?: AppConditionEntryResolvers<ContextType>;
  AppSignOnAction?: AppSignOnActionResolvers<ContextType>;
  Application?: ApplicationResolvers<ContextType>;
  AuthContextCondition?: AuthContextConditionResolvers<ContextType>;
  AuthProviderCondition?: AuthProviderConditionResolvers<ContextType>;
  AuthenticationMethod?: AuthenticationMethodResolvers<ContextType>;
  AuthenticatorConstraints?: AuthenticatorConstraintsResolvers<ContextType>;
  AuthenticatorKey?: AuthenticatorKeyResolvers<ContextType>;
  ContinuousAccessAction?: ContinuousAccessActionResolvers<ContextType>;
  ContinuousAccessFailureAction?: ContinuousAccessFailureActionResolvers<ContextType>;
  ContinuousAccessPolicy?: ContinuousAccessPolicyResolvers<ContextType>;
  ContinuousAccessRule?: ContinuousAccessRuleResolvers<ContextType>;
  ContinuousAccessRuleActions?: ContinuousAccessRuleActionsResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DeletePolicyPayload?: DeletePolicyPayloadResolvers<ContextType>;
  DeletePolicyRulePayload?: DeletePolicyRulePayloadResolvers<ContextType>;
  DeleteUserTypePayload?: DeleteUserTypePayloadResolvers<ContextType>;
  DeviceCondition?: DeviceConditionResolvers<ContextType>;
  ElCondition?: ElConditionResolvers<ContextType>;
  EnrollAction?: EnrollActionResolvers<ContextType>;
  EntityRiskAction?: EntityRiskActionResolvers<ContextType>;
  EntityRiskActionItem?: EntityRiskActionItemResolvers<ContextType>;
  EntityRiskCondition?: EntityRiskConditionResolvers<ContextType>;
  EntityRiskPolicy?: EntityRiskPolicyResolvers<ContextType>;
  EntityRiskRule?: EntityRiskRuleResolvers<ContextType>;
  EntityRiskRuleActions?: EntityRiskRuleActionsResolvers<ContextType>;
  FactorEnrollment?: FactorEnrollmentResolvers<ContextType>;
  FactorMode?: FactorModeResolvers;
  GlobalSessionPolicy?: GlobalSessionPolicyResolvers<ContextType>;
  GlobalSessionRule?: GlobalSessionRuleResolvers<ContextType>;
  GlobalSessionRuleActions?: GlobalSessionRuleActionsResolvers<ContextType>;
  GroupCondition?: GroupConditionResolvers<ContextType>;
  IdpAction?: IdpActionResolvers<ContextType>;
  IdpDiscoveryPolicy?: IdpDiscoveryPolicyResolvers<ContextType>;
  IdpDiscoveryRule?: IdpDiscoveryRuleResolvers<ContextType>;
  IdpDiscoveryRuleActions?: IdpDiscoveryRuleActionsResolvers<ContextType>;
  IdpMatchCriteria?: IdpMatchCriteriaResolvers<ContextType>;
  IdpProvider?: IdpProviderResolvers<ContextType>;
  InlineHookRef?: InlineHookRefResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  KnowledgeConstraint?: KnowledgeConstraintResolvers<ContextType>;
  Link?: LinkResolvers<ContextType>;
  LinkHints?: LinkHintsResolvers<ContextType>;
  MfaEnrollPolicy?: MfaEnrollPolicyResolvers<ContextType>;
  MfaEnrollPolicySettings?: MfaEnrollPolicySettingsResolvers<ContextType>;
  MfaEnrollRule?: MfaEnrollRuleResolvers<ContextType>;
  MfaEnrollRuleActions?: MfaEnrollRuleActionsResolvers<ContextType>;
  MfaFactor?: MfaFactorResolvers<ContextType>;
  MfaFactorsConfiguration?: MfaFactorsConfigurationResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  NetworkCondition?: NetworkConditionResolvers<ContextType>;
  Node?: NodeResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PasswordAge?: PasswordAgeResolvers<ContextType>;
  PasswordCommonDictionary?: PasswordCommonDictionaryResolvers<ContextType>;
  PasswordComplexity?: PasswordComplexityResolvers<ContextType>;
  PasswordDelegationOptions?: PasswordDelegationOptionsResolvers<ContextType>;
  PasswordDelegationSettings?: PasswordDelegationSettingsResolvers<ContextType>;
  PasswordDictionary?: PasswordDictionaryResolvers<ContextType>;
  PasswordLockout?: PasswordLockoutResolvers<ContextType>;
  PasswordPolicy?: PasswordPolicyResolvers<ContextType>;
  PasswordPolicySettings?: PasswordPolicySettingsResolvers<ContextType>;
  PasswordRecoverySettings?: PasswordRecoverySettingsResolvers<ContextType>;
  PasswordRule?: PasswordRuleResolvers<ContextType>;
  PasswordRuleActions?: PasswordRuleActionsResolvers<ContextType>;
  PasswordSettings?: PasswordSettingsResolvers<ContextType>;
  PeopleCondition?: PeopleConditionResolvers<ContextType>;
  PlatformCondition?: PlatformConditionResolvers<ContextType>;
  PlatformConditionEntry?: PlatformConditionEntryResolvers<ContextType>;
  PlatformOs?: PlatformOsResolvers<ContextType>;
  Policy?: PolicyResolvers<ContextType>;
  PolicyApplyPayload?: PolicyApplyPayloadResolvers<ContextType>;
  PolicyAuthenticator?: PolicyAuthenticatorResolvers<ContextType>;
  PolicyChange?: PolicyChangeResolvers<ContextType>;
  PolicyChangeRef?: PolicyChangeRefResolvers<ContextType>;
  PolicyChangeRefusal?: PolicyChangeRefusalResolvers<ContextType>;
  PolicyConditions?: PolicyConditionsResolvers<ContextType>;
  PolicyConnection?: PolicyConnectionResolvers<ContextType>;
  PolicyDocumentError?: PolicyDocumentErrorResolvers<ContextType>;
  PolicyEdge?: PolicyEdgeResolvers<ContextType>;
  PolicyExport?: PolicyExportResolvers<ContextType>;
  PolicyLinks?: PolicyLinksResolvers<ContextType>;
  PolicyPayload?: PolicyPayloadResolvers<ContextType>;
  PolicyPlan?: PolicyPlanResolvers<ContextType>;
  PolicyPlanPayload?: PolicyPlanPayloadResolvers<ContextType>;
  PolicyPlanSummary?: PolicyPlanSummaryResolvers<ContextType>;
  PolicyPlanWarning?: PolicyPlanWarningResolvers<ContextType>;
  PolicyRule?: PolicyRuleResolvers<ContextType>;
  PolicyRuleLinks?: PolicyRuleLinksResolvers<ContextType>;
  PolicyRulePayload?: PolicyRulePayloadResolvers<ContextType>;
  PolicyTypeEvaluation?: PolicyTypeEvaluationResolvers<ContextType>;
  PossessionConstraint?: PossessionConstraintResolvers<ContextType>;
  ProfileAttribute?: ProfileAttributeResolvers<ContextType>;
  ProfileEnrollmentAction?: ProfileEnrollmentActionResolvers<ContextType>;
  ProfileEnrollmentPolicy?: ProfileEnrollmentPolicyResolvers<ContextType>;
  ProfileEnrollmentRule?: ProfileEnrollmentRuleResolvers<ContextType>;
  ProfileEnrollmentRuleActions?: ProfileEnrollmentRuleActionsResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RecoveryEmailFactor?: RecoveryEmailFactorResolvers<ContextType>;
  RecoveryEmailProperties?: RecoveryEmailPropertiesResolvers<ContextType>;
  RecoveryFactor?: RecoveryFactorResolvers<ContextType>;
  RecoveryFactors?: RecoveryFactorsResolvers<ContextType>;
  RecoveryQuestionComplexity?: RecoveryQuestionComplexityResolvers<ContextType>;
  RecoveryQuestionFactor?: RecoveryQuestionFactorResolvers<ContextType>;
  RecoveryQuestionProperties?: RecoveryQuestionPropertiesResolvers<ContextType>;
  RecoveryToken?: RecoveryTokenResolvers<ContextType>;
  RiskDetectionTypesCondition?: RiskDetectionTypesConditionResolvers<ContextType>;
  RiskScoreCondition?: RiskScoreConditionResolvers<ContextType>;
  SelfServicePasswordResetAction?: SelfServicePasswordResetActionResolvers<ContextType>;
  SignonAction?: SignonActionResolvers<ContextType>;
  SignonSession?: SignonSessionResolvers<ContextType>;
  SimulatedCondition?: SimulatedConditionResolvers<ContextType>;
  SimulatedPolicy?: SimulatedPolicyResolvers<ContextType>;
  SimulatedRule?: SimulatedRuleResolvers<ContextType>;
  SloSettings?: SloSettingsResolvers<ContextType>;
  SsprMethodConstraint?: SsprMethodConstraintResolvers<ContextType>;
  SsprPrimaryRequirement?: SsprPrimaryRequirementResolvers<ContextType>;
  SsprRequirement?: SsprRequirementResolvers<ContextType>;
  SsprStepUpRequirement?: SsprStepUpRequirementResolvers<ContextType>;
  UserCondition?: UserConditionResolvers<ContextType>;
  UserError?: UserErrorResolvers<ContextType>;
  UserIdentifierCondition?: UserIdentifierConditionResolvers<ContextType>;
  UserIdentifierPattern?: UserIdentifierPatternResolvers<ContextType>;
  UserType?: UserTypeResolvers<ContextType>;
  UserTypeCondition?: UserTypeConditionResolvers<ContextType>;
  UserTypeLink?: UserTypeLinkResolvers<ContextType>;
  UserTypeLinks?: UserTypeLinksResolvers<ContextType>;
  UserTypePayload?: UserTypePayloadResolvers<ContextType>;
  VerificationConstraint?: VerificationConstraintResolvers<ContextType>;
  VerificationMethod?: VerificationMethodResolvers<ContextType>;
  WorkflowRef?: WorkflowRefResolvers<ContextType>;
};

export type DirectiveResolvers<ContextType = GatewayContext> = {
  restType?: RestTypeDirectiveResolver<any, any, ContextType>;
  upstream?: UpstreamDirectiveResolver<any, any, ContextType>;
};
