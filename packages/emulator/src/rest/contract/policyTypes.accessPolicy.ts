// Authentication policy (ACCESS_POLICY): no policy settings; rules carry `actions.appSignOn`.
import { type Static, Type } from '@sinclair/typebox';
import { AccessDecisionSchema, definePolicyType, NoSettingsSchema, StringEnum, Strict } from './shared.ts';

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
/** ISO 8601 duration: P, then at least one dated or timed component (e.g. PT2H, P1D, PT0S). */
export const ISO_DURATION =
  '^P(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+(?:[.,]\\d+)?S)?)?$';
const Duration = Type.String({ pattern: ISO_DURATION });
const requiredOrOptional = (fallback: 'REQUIRED' | 'OPTIONAL') =>
  Type.Optional(StringEnum(['REQUIRED', 'OPTIONAL'] as const, { default: fallback }));

export const AuthenticationMethodSchema = Type.Object(
  { key: Type.String({ pattern: '\\S' }), method: Type.Optional(Type.String({ pattern: '\\S' })) },
  Strict,
);
export type AuthenticationMethod = Static<typeof AuthenticationMethodSchema>;
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
    hardwareProtection: requiredOrOptional('OPTIONAL'),
    deviceBound: requiredOrOptional('OPTIONAL'),
    phishingResistant: requiredOrOptional('OPTIONAL'),
    userPresence: requiredOrOptional('REQUIRED'),
    userVerification: requiredOrOptional('OPTIONAL'),
    ...laterMembers,
  },
  Strict,
);
export type ConstraintProperties = Static<typeof ConstraintPropertiesSchema>;
export type RequiredOrOptional = NonNullable<ConstraintProperties['userPresence']>;
/** Knowledge, possession or both; an inherence constraint cannot be configured. */
export const VerificationConstraintSchema = Type.Object(
  { knowledge: Type.Optional(KnowledgeConstraintSchema), possession: Type.Optional(ConstraintPropertiesSchema) },
  Strict,
);
export type VerificationConstraint = Static<typeof VerificationConstraintSchema>;
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
export type VerificationMethod = Static<typeof VerificationMethodSchema>;
export const AppSignOnActionSchema = Type.Object(
  { access: AccessDecisionSchema, verificationMethod: VerificationMethodSchema },
  Strict,
);
export type AppSignOnAction = Static<typeof AppSignOnActionSchema>;

export const accessPolicyPolicyType = definePolicyType({
  policyType: 'ACCESS_POLICY',
  ruleType: 'ACCESS_POLICY',
  settings: NoSettingsSchema,
  actions: Type.Object({ appSignOn: AppSignOnActionSchema }, Strict),
  firstRulePriority: 0,
  createsDefaultRule: true,
  ieOnly: true,
  maxPolicies: 5000,
  maxRules: 100,
});
