// Rule `actions` of each rule type, with the spec's enums, defaults and limits. Cross-field rules
// (a member required only when another has some value, read-only members of default rules, ids
// that must exist in the org) are the emulator's to check.
import { type Static, Type } from '@sinclair/typebox';
import {
  ACCESS_DECISIONS,
  AccessDecisionSchema,
  AccessOnlySchema,
  LooseStringEnum,
  named,
  Nullable,
  StringEnum,
  Strict,
} from './shared.ts';
import type { RuleType } from './shared.ts';

// ------------------------------------------------------------------ global session (SIGN_ON)

export const SignonSessionSchema = Type.Object(
  {
    maxSessionIdleMinutes: Type.Optional(Type.Integer({ minimum: 1, default: 120 })),
    /** 0 disables the limit. */
    maxSessionLifetimeMinutes: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    usePersistentCookie: Type.Optional(Type.Boolean({ default: false })),
  },
  Strict,
);
export const SignonActionSchema = Type.Object(
  {
    access: AccessDecisionSchema,
    requireFactor: Type.Optional(Type.Boolean({ default: false })),
    /** IE only; required when access is ALLOW. */
    primaryFactor: Type.Optional(StringEnum(['PASSWORD_IDP_ANY_FACTOR', 'PASSWORD_IDP'] as const)),
    /** Required when requireFactor is true. */
    factorPromptMode: Type.Optional(StringEnum(['DEVICE', 'SESSION', 'ALWAYS'] as const)),
    rememberDeviceByDefault: Type.Optional(Type.Boolean({ default: false })),
    /** Required when requireFactor is true. */
    factorLifetime: Type.Optional(Type.Integer({ minimum: 1 })),
    session: Type.Optional(SignonSessionSchema),
  },
  Strict,
);

// ------------------------------------------------------------------ password (PASSWORD)

export const SSPR_METHODS = ['PUSH', 'SMS', 'VOICE', 'EMAIL', 'OTP'] as const;
/** The one authenticator an OTP reset may use. */
export const OTP_AUTHENTICATOR = 'vendor_c_otp';
export const SelfServicePasswordResetActionSchema = Type.Object(
  {
    access: StringEnum(ACCESS_DECISIONS, { default: 'DENY' }),
    /** IE only, read-only. */
    type: Type.Optional(Type.Literal('selfServicePasswordReset')),
    /** IE only; only with access ALLOW. */
    requirement: Type.Optional(
      Type.Object(
        {
          primary: Type.Optional(
            Type.Object(
              {
                methods: Type.Optional(Type.Array(StringEnum(SSPR_METHODS))),
                methodConstraints: Type.Optional(
                  Type.Array(
                    Type.Object(
                      {
                        method: Type.Literal('OTP'),
                        allowedAuthenticators: Type.Array(
                          Type.Object({ key: LooseStringEnum([OTP_AUTHENTICATOR]) }, Strict),
                          {
                            minItems: 1,
                            maxItems: 1,
                          },
                        ),
                      },
                      Strict,
                    ),
                    { maxItems: 1 },
                  ),
                ),
              },
              Strict,
            ),
          ),
          stepUp: Type.Optional(
            Type.Object(
              {
                required: Type.Optional(Type.Boolean({ default: false })),
                methods: Type.Optional(Type.Array(Type.Literal('security_question'))),
              },
              Strict,
            ),
          ),
        },
        Strict,
      ),
    ),
  },
  Strict,
);

// ------------------------------------------------------------------ enrollment (MFA_ENROLL)

export const EnrollActionSchema = Type.Object({ self: StringEnum(['CHALLENGE', 'LOGIN', 'NEVER'] as const) }, Strict);

// ------------------------------------------------------------------ IdP discovery (IDP_DISCOVERY)

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
export const MAX_IDP_PROVIDERS = 10;
export const IdpProviderSchema = Type.Object(
  {
    /** Required except for types PLATFORM, AgentlessDSSO and IWA. */
    id: Type.Optional(Type.String({ pattern: '\\S' })),
    type: StringEnum(IDP_PROVIDER_TYPES),
    /** IE only. */
    name: Type.Optional(Type.String()),
  },
  Strict,
);
export const IdpActionSchema = Type.Object(
  {
    /** Required with SPECIFIC; empty with DYNAMIC. */
    providers: Type.Array(IdpProviderSchema, { maxItems: MAX_IDP_PROVIDERS }),
    idpSelectionType: StringEnum(['SPECIFIC', 'DYNAMIC'] as const),
    /** DYNAMIC only, at least one there. */
    matchCriteria: Type.Optional(
      Type.Array(
        Type.Object(
          {
            providerExpression: Type.String({ pattern: '\\S' }),
            propertyName: Type.Optional(Type.String({ pattern: '\\S', default: 'name' })),
          },
          Strict,
        ),
      ),
    ),
  },
  Strict,
);

// ------------------------------------------------------------------ authentication (ACCESS_POLICY)

export const CONSTRAINT_TYPES = [
  'SECURITY_KEY',
  'PHONE',
  'EMAIL',
  'PASSWORD',
  'SECURITY_QUESTION',
  'APP',
  'FEDERATED',
] as const;
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
/** ISO 8601 duration: P, then at least one dated or timed component (e.g. PT2H, P1D, PT0S). */
export const ISO_DURATION =
  '^P(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+(?:[.,]\\d+)?S)?)?$';
const Duration = Type.String({ pattern: ISO_DURATION });
const RequiredOrOptional = (fallback: 'REQUIRED' | 'OPTIONAL') =>
  Type.Optional(StringEnum(['REQUIRED', 'OPTIONAL'] as const, { default: fallback }));

export const AuthenticationMethodSchema = Type.Object(
  { key: Type.String({ pattern: '\\S' }), method: Type.Optional(Type.String({ pattern: '\\S' })) },
  Strict,
);
const constraintMembers = {
  types: Type.Optional(Type.Array(StringEnum(CONSTRAINT_TYPES))),
  methods: Type.Optional(Type.Array(StringEnum(CONSTRAINT_METHODS))),
  reauthenticateIn: Type.Optional(Duration),
  authenticationMethods: Type.Optional(Type.Array(AuthenticationMethodSchema)),
  excludedAuthenticationMethods: Type.Optional(Type.Array(AuthenticationMethodSchema)),
  /** Always returned; false when excludedAuthenticationMethods has values. */
  required: Type.Optional(Type.Boolean({ default: true })),
};
export const KnowledgeConstraintSchema = Type.Object(constraintMembers, Strict);
const { types, methods, ...laterMembers } = constraintMembers;
/** A possession constraint also has the five characteristics, with their defaults (answered after `methods`). */
export const ConstraintPropertiesSchema = Type.Object(
  {
    types,
    methods,
    hardwareProtection: RequiredOrOptional('OPTIONAL'),
    deviceBound: RequiredOrOptional('OPTIONAL'),
    phishingResistant: RequiredOrOptional('OPTIONAL'),
    userPresence: RequiredOrOptional('REQUIRED'),
    userVerification: RequiredOrOptional('OPTIONAL'),
    ...laterMembers,
  },
  Strict,
);
/** Knowledge, possession or both; an inherence constraint cannot be configured. */
export const VerificationConstraintSchema = Type.Object(
  { knowledge: Type.Optional(KnowledgeConstraintSchema), possession: Type.Optional(ConstraintPropertiesSchema) },
  Strict,
);
export const VerificationMethodSchema = Type.Object(
  {
    type: Type.Literal('ASSURANCE'),
    factorMode: Type.Optional(StringEnum(['1FA', '2FA'] as const, { default: '2FA' })),
    constraints: Type.Optional(Type.Array(VerificationConstraintSchema)),
    reauthenticateIn: Type.Optional(Duration),
    inactivityPeriod: Type.Optional(Duration),
  },
  Strict,
);
export const AppSignOnActionSchema = Type.Object(
  { access: AccessDecisionSchema, verificationMethod: VerificationMethodSchema },
  Strict,
);

// ------------------------------------------------------------------ profile enrollment (PROFILE_ENROLLMENT)

export const MAX_PROFILE_ATTRIBUTES = 10;
export const MAX_TARGET_GROUPS = 1;
export const MAX_INLINE_HOOKS = 1;
export const ProfileAttributeSchema = Type.Object(
  {
    name: Type.String({ pattern: '\\S' }),
    label: Type.String({ pattern: '\\S' }),
    required: Type.Optional(Type.Boolean({ default: false })),
  },
  Strict,
);
export const ProfileEnrollmentActionSchema = Type.Object(
  {
    /** Cannot change to DENY once the policy allows access. */
    access: AccessDecisionSchema,
    activationRequirements: Type.Object({ emailVerification: Type.Boolean({ default: false }) }, Strict),
    preRegistrationInlineHooks: Type.Optional(
      Nullable(
        Type.Array(Type.Object({ inlineHookId: Type.String({ pattern: '\\S' }) }, Strict), {
          maxItems: MAX_INLINE_HOOKS,
        }),
        { default: null },
      ),
    ),
    allowedIdentifiers: Type.Optional(Type.Array(Type.String({ pattern: '\\S' }), { default: ['login'] })),
    profileAttributes: Type.Array(ProfileAttributeSchema, { maxItems: MAX_PROFILE_ATTRIBUTES }),
    targetGroupIds: Type.Optional(
      Nullable(Type.Array(Type.String(), { maxItems: MAX_TARGET_GROUPS }), { default: null }),
    ),
    unknownUserAction: StringEnum(['DENY', 'REGISTER'] as const),
    /** Created by the service; when present every update must send it unchanged. */
    uiSchemaId: Type.Optional(Type.String({ pattern: '\\S' })),
    enrollAuthenticators: Type.Optional(Nullable(Type.Array(Type.Literal('password')), { default: null })),
  },
  Strict,
);

// ------------------------------------------------------------------ entity risk, continuous access

/** Workflows live outside these services, so any id is taken, but not a blank one. */
const RunWorkflow = Type.Object(
  { action: Type.Literal('RUN_WORKFLOW'), workflow: Type.Object({ id: Type.String({ pattern: '\\S' }) }, Strict) },
  Strict,
);

export const EntityRiskActionItemSchema = Type.Union([
  Type.Object({ action: Type.Literal('TERMINATE_ALL_SESSIONS') }, Strict),
  RunWorkflow,
]);
/** An empty list only logs the risk event. */
export const EntityRiskActionSchema = Type.Object(
  { actions: Type.Array(EntityRiskActionItemSchema, { default: [] }) },
  Strict,
);

export const SloSettingsSchema = Type.Object(
  {
    appSelectionMode: StringEnum(['SPECIFIC', 'NONE', 'ALL'] as const),
    /** Only with SPECIFIC (at least one app there); null otherwise. */
    appInstanceIds: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  Strict,
);
export const ContinuousAccessFailureActionSchema = Type.Union([
  Type.Object({ action: Type.Literal('TERMINATE_SESSION'), slo: SloSettingsSchema }, Strict),
  RunWorkflow,
]);
/** An empty list only logs the failed re-evaluation. */
export const ContinuousAccessActionSchema = Type.Object(
  { failureActions: Type.Array(ContinuousAccessFailureActionSchema, { default: [] }) },
  Strict,
);

// ------------------------------------------------------------------ actions per rule type

/**
 * The `actions` object of each rule type. Types whose actions are one object require it; password,
 * entity risk and continuous access rules may leave theirs out (defaults apply).
 */
export const RULE_ACTIONS = {
  SIGN_ON: Type.Object({ signon: SignonActionSchema }, Strict),
  PASSWORD: Type.Object(
    {
      passwordChange: Type.Optional(AccessOnlySchema),
      selfServiceUnlock: Type.Optional(AccessOnlySchema),
      selfServicePasswordReset: Type.Optional(SelfServicePasswordResetActionSchema),
    },
    Strict,
  ),
  MFA_ENROLL: Type.Object({ enroll: EnrollActionSchema }, Strict),
  IDP_DISCOVERY: Type.Object({ idp: IdpActionSchema }, Strict),
  ACCESS_POLICY: Type.Object({ appSignOn: AppSignOnActionSchema }, Strict),
  PROFILE_ENROLLMENT: Type.Object({ profileEnrollment: ProfileEnrollmentActionSchema }, Strict),
  ENTITY_RISK: Type.Object({ entityRisk: Type.Optional(EntityRiskActionSchema) }, Strict),
  CONTINUOUS_ACCESS: Type.Object({ continuousAccess: Type.Optional(ContinuousAccessActionSchema) }, Strict),
} as const satisfies Record<RuleType, unknown>;
for (const [ruleType, schema] of Object.entries(RULE_ACTIONS)) named(`Actions_${ruleType}`, schema);

/** The actions of every rule type in one object, every member optional (the wire object is flat). */
export const RuleActionsSchema = Type.Partial(
  Type.Object(
    {
      ...RULE_ACTIONS.SIGN_ON.properties,
      ...RULE_ACTIONS.PASSWORD.properties,
      ...RULE_ACTIONS.MFA_ENROLL.properties,
      ...RULE_ACTIONS.IDP_DISCOVERY.properties,
      ...RULE_ACTIONS.ACCESS_POLICY.properties,
      ...RULE_ACTIONS.PROFILE_ENROLLMENT.properties,
      ...RULE_ACTIONS.ENTITY_RISK.properties,
      ...RULE_ACTIONS.CONTINUOUS_ACCESS.properties,
    },
    Strict,
  ),
);
export type RuleActions = Static<typeof RuleActionsSchema>;
