// Authenticator enrollment policy (MFA_ENROLL): factor or authenticator enrollment settings; rules
// carry `actions.enroll`.
import { type Static, type TOptional, Type } from '@sinclair/typebox';
import { definePolicyType, StringEnum, Strict } from './shared.ts';

export const ENROLL_SELF = ['NOT_ALLOWED', 'OPTIONAL', 'REQUIRED'] as const;
export type EnrollSelf = (typeof ENROLL_SELF)[number];
const EnrollSelfSchema = Type.Object({ self: StringEnum(ENROLL_SELF, { default: 'NOT_ALLOWED' }) }, Strict);

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
export const MfaFactorSchema = Type.Object({ enroll: Type.Optional(EnrollSelfSchema) }, Strict);
export type MfaFactor = Static<typeof MfaFactorSchema>;
/** A map with optional keys, one per factor; settings are included only for enabled factors. */
export const FactorsConfigurationSchema = Type.Object(
  Object.fromEntries(MFA_FACTOR_KEYS.map((key) => [key, Type.Optional(MfaFactorSchema)])) as {
    [K in (typeof MFA_FACTOR_KEYS)[number]]: TOptional<typeof MfaFactorSchema>;
  },
  Strict,
);
export type FactorsConfiguration = Static<typeof FactorsConfigurationSchema>;

export const PolicyAuthenticatorSchema = Type.Object(
  {
    key: Type.String({ pattern: '\\S' }),
    enroll: EnrollSelfSchema,
    constraints: Type.Optional(Type.Object({ aaguidGroups: Type.Optional(Type.Array(Type.String())) }, Strict)),
  },
  Strict,
);
export type PolicyAuthenticator = Static<typeof PolicyAuthenticatorSchema>;

/** IE: authenticator enrollment (`type`, `authenticators` xor `factors`); classic: `factors` only. */
export const MfaEnrollPolicySettingsSchema = Type.Object(
  {
    /** Identity engine only. */
    type: Type.Optional(StringEnum(['FACTORS', 'AUTHENTICATORS'] as const, { default: 'FACTORS' })),
    authenticators: Type.Optional(Type.Array(PolicyAuthenticatorSchema)),
    factors: Type.Optional(FactorsConfigurationSchema),
  },
  Strict,
);
export type MfaEnrollPolicySettings = Static<typeof MfaEnrollPolicySettingsSchema>;

export const EnrollActionSchema = Type.Object({ self: StringEnum(['CHALLENGE', 'LOGIN', 'NEVER'] as const) }, Strict);
export type EnrollAction = Static<typeof EnrollActionSchema>;

export const mfaEnrollPolicyType = definePolicyType({
  policyType: 'MFA_ENROLL',
  ruleType: 'MFA_ENROLL',
  settings: MfaEnrollPolicySettingsSchema,
  actions: Type.Object({ enroll: EnrollActionSchema }, Strict),
  firstRulePriority: 1,
  createsDefaultRule: false,
  ieOnly: false,
});
