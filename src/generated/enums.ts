/** Allow or deny the operation a rule action governs. */
export type AccessDecision =
  /** The operation is allowed. */
  | 'ALLOW'
  /** The operation is denied. */
  | 'DENY';

/** Extra detail of an access simulation (the REST `expand`). */
export type AccessSimulationExpand =
  /** Also list the policies and rules that were evaluated but did not match. */
  | 'EVALUATED'
  /** Also give the per-condition detail of why a rule matched or not. */
  | 'RULE';

/** Kinds of app condition entries. */
export type AppConditionEntryType =
  /** One application: `id` is set. */
  | 'APP'
  /** Every application of a type: `name` is set. */
  | 'APP_TYPE';

/** Which applications single logout covers. */
export type AppSelectionMode =
  /** Every application. */
  | 'ALL'
  /** No application. */
  | 'NONE'
  /** The applications of `appInstanceIds`. */
  | 'SPECIFIC';

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

/** Continuous access failure responses. */
export type ContinuousAccessFailureActionType =
  /** Run a workflow (`workflow.id`). */
  | 'RUN_WORKFLOW'
  /** End the session, with single logout settings. */
  | 'TERMINATE_SESSION';

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

/** Entity risk responses. */
export type EntityRiskActionType =
  /** Run a workflow (`workflow.id`). */
  | 'RUN_WORKFLOW'
  /** End all the user's sessions. */
  | 'TERMINATE_ALL_SESSIONS';

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

/** Lifecycle status of a policy or rule; the default on create is ACTIVE. */
export type LifecycleStatus =
  /** In force: evaluated. */
  | 'ACTIVE'
  /** Not in force: skipped by evaluation. */
  | 'INACTIVE';

/** What an MFA / authenticator enrollment policy's settings list. */
export type MfaEnrollSettingsType =
  /** Authenticators (`authenticators`, identity engine). */
  | 'AUTHENTICATORS'
  /** Factors (`factors`); the default. */
  | 'FACTORS';

/** Which networks a network condition covers. */
export type NetworkConnection =
  /** Any network. */
  | 'ANYWHERE'
  /** The zones listed in `include` / `exclude`. */
  | 'ZONE';

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

/** What a plan could not check. */
export type PolicyPlanWarningCode =
  /** The credential may not read users (scope okta.users.read, or its admin role): whether a user type to delete still has users was not checked, and the apply may stop at that delete. */
  | 'USERS_NOT_READ';

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

/** What a user presents first (identity engine). */
export type PrimaryFactor =
  /** A password or an identity provider. */
  | 'PASSWORD_IDP'
  /** A password, an identity provider or any factor. */
  | 'PASSWORD_IDP_ANY_FACTOR';

/** The status of the email recovery factor: read-only, always ACTIVE. */
export type RecoveryEmailStatus =
  /** Active (the only value). */
  | 'ACTIVE';

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

/** The read-only type of a self-service password reset action (identity engine). */
export type SelfServicePasswordResetType =
  /** The only value. */
  | 'selfServicePasswordReset';

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

/** Methods of the step-up requirement. */
export type SsprStepUpMethod =
  /** Security question (the only value). */
  | 'security_question';

/** What happens when an unknown user signs in. */
export type UnknownUserAction =
  /** Deny the sign-in. */
  | 'DENY'
  /** Offer self-service registration. */
  | 'REGISTER';

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

/** What a user identifier condition matches. */
export type UserIdentifierType =
  /** A profile attribute (named by `attribute`). */
  | 'ATTRIBUTE'
  /** The user's sign-in identifier. */
  | 'IDENTIFIER';

/** Verification method types. */
export type VerificationMethodType =
  /** Assurance: factors and constraints (the only value). */
  | 'ASSURANCE';
