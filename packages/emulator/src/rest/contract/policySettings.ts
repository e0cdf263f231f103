// Policy-level `settings` of each policy type, with the spec's defaults and limits. Types without
// policy settings (global session, IdP discovery, authentication, profile enrollment, entity risk,
// continuous access) accept none: absent, null or `{}`.
import { type Static, type TOptional, Type } from '@sinclair/typebox';
import type { PolicyType } from './shared.ts';
import { LooseStringEnum, named, StringEnum, Strict } from './shared.ts';

export const ENROLL_SELF = ['NOT_ALLOWED', 'OPTIONAL', 'REQUIRED'] as const;
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
export const MfaFactorSchema = Type.Object({ enroll: Type.Optional(EnrollSelfSchema) }, Strict);
/** A map with optional keys, one per factor; settings are included only for enabled factors. */
export const FactorsConfigurationSchema = Type.Object(
  Object.fromEntries(MFA_FACTOR_KEYS.map((key) => [key, Type.Optional(MfaFactorSchema)])) as {
    [K in (typeof MFA_FACTOR_KEYS)[number]]: TOptional<typeof MfaFactorSchema>;
  },
  Strict,
);

export const PolicyAuthenticatorSchema = Type.Object(
  {
    key: Type.String({ pattern: '\\S' }),
    enroll: EnrollSelfSchema,
    constraints: Type.Optional(Type.Object({ aaguidGroups: Type.Optional(Type.Array(Type.String())) }, Strict)),
  },
  Strict,
);

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

/** 0 means "no", 1 "yes" (the complexity character classes). */
const ZeroOrOne = (fallback: number) => Type.Optional(Type.Integer({ minimum: 0, maximum: 1, default: fallback }));
/** A non-negative count where 0 means "no limit" or "none". */
const Count = (fallback: number) => Type.Optional(Type.Integer({ minimum: 0, default: fallback }));
const Flag = (fallback: boolean) => Type.Optional(Type.Boolean({ default: fallback }));

export const PasswordComplexitySchema = Type.Object(
  {
    minLength: Count(8),
    minLowerCase: ZeroOrOne(1),
    minUpperCase: ZeroOrOne(1),
    minNumber: ZeroOrOne(1),
    minSymbol: ZeroOrOne(1),
    excludeUsername: Flag(true),
    // Only firstName and lastName are supported; typed as any name, since the service is what refuses others.
    excludeAttributes: Type.Optional(Type.Array(LooseStringEnum(['firstName', 'lastName']), { default: [] })),
    dictionary: Type.Optional(
      Type.Object({ common: Type.Optional(Type.Object({ exclude: Flag(false) }, Strict)) }, Strict),
    ),
  },
  Strict,
);
export const PasswordAgeSchema = Type.Object(
  { maxAgeDays: Count(0), expireWarnDays: Count(0), minAgeMinutes: Count(0), historyCount: Count(0) },
  Strict,
);
export const PasswordLockoutSchema = Type.Object(
  { maxAttempts: Count(0), autoUnlockMinutes: Count(0), showLockoutFailures: Flag(false) },
  Strict,
);

/** Required when the factor is sent; a factor left out is ACTIVE (what a new org has on). */
const FactorStatus = StringEnum(['ACTIVE', 'INACTIVE'] as const, { default: 'ACTIVE' });
export const RecoveryFactorsSchema = Type.Object(
  {
    recovery_question: Type.Optional(
      Type.Object(
        {
          status: FactorStatus,
          properties: Type.Optional(
            Type.Object({ complexity: Type.Optional(Type.Object({ minLength: Count(4) }, Strict)) }, Strict),
          ),
        },
        Strict,
      ),
    ),
    platform_email: Type.Optional(
      Type.Object(
        {
          // Read-only: always ACTIVE.
          status: Type.Literal('ACTIVE', { default: 'ACTIVE' }),
          properties: Type.Optional(
            Type.Object(
              {
                recoveryToken: Type.Optional(
                  Type.Object(
                    { tokenLifetimeMinutes: Type.Optional(Type.Integer({ minimum: 1, default: 10080 })) },
                    Strict,
                  ),
                ),
              },
              Strict,
            ),
          ),
        },
        Strict,
      ),
    ),
    platform_sms: Type.Optional(
      Type.Object({ status: StringEnum(['ACTIVE', 'INACTIVE'] as const, { default: 'INACTIVE' }) }, Strict),
    ),
    platform_call: Type.Optional(
      Type.Object({ status: StringEnum(['ACTIVE', 'INACTIVE'] as const, { default: 'INACTIVE' }) }, Strict),
    ),
  },
  Strict,
);

export const PasswordPolicySettingsSchema = Type.Object(
  {
    password: Type.Optional(
      Type.Object(
        {
          complexity: Type.Optional(PasswordComplexitySchema),
          age: Type.Optional(PasswordAgeSchema),
          lockout: Type.Optional(PasswordLockoutSchema),
        },
        Strict,
      ),
    ),
    recovery: Type.Optional(Type.Object({ factors: Type.Optional(RecoveryFactorsSchema) }, Strict)),
    delegation: Type.Optional(
      Type.Object({ options: Type.Optional(Type.Object({ skipUnlock: Flag(false) }, Strict)) }, Strict),
    ),
  },
  Strict,
);

/** Types without policy settings: nothing, or an empty object (clients echo what they read). */
export const NoSettingsSchema = named(
  'NoSettings',
  Type.Object({}, { ...Strict, description: 'This policy type has no policy settings.' }),
);

/** The settings schema of each policy type. */
export const POLICY_SETTINGS = {
  PLATFORM_SIGN_ON: NoSettingsSchema,
  PASSWORD: named('Settings_PASSWORD', PasswordPolicySettingsSchema),
  MFA_ENROLL: named('Settings_MFA_ENROLL', MfaEnrollPolicySettingsSchema),
  IDP_DISCOVERY: NoSettingsSchema,
  ACCESS_POLICY: NoSettingsSchema,
  PROFILE_ENROLLMENT: NoSettingsSchema,
  CONTINUOUS_ACCESS: NoSettingsSchema,
  ENTITY_RISK: NoSettingsSchema,
} as const satisfies Record<PolicyType, unknown>;

/** The settings of every policy type in one object (the wire object is flat; members never collide). */
export const PolicySettingsSchema = Type.Object(
  { ...MfaEnrollPolicySettingsSchema.properties, ...PasswordPolicySettingsSchema.properties },
  Strict,
);
export type PolicySettings = Static<typeof PolicySettingsSchema>;
