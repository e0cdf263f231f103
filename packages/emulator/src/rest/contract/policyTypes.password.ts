// Password policy (PASSWORD) with its PASSWORD rules: complexity, age, lockout, recovery and
// delegation settings; rules carry `actions.passwordChange`, `selfServiceUnlock` and
// `selfServicePasswordReset`.
import { type Static, Type } from '@sinclair/typebox';
import { ACCESS_DECISIONS, AccessOnlySchema, definePolicyType, LooseStringEnum, StringEnum, Strict } from './shared.ts';

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
export type PasswordComplexity = Static<typeof PasswordComplexitySchema>;
export const PasswordAgeSchema = Type.Object(
  { maxAgeDays: Count(0), expireWarnDays: Count(0), minAgeMinutes: Count(0), historyCount: Count(0) },
  Strict,
);
export type PasswordAge = Static<typeof PasswordAgeSchema>;
export const PasswordLockoutSchema = Type.Object(
  { maxAttempts: Count(0), autoUnlockMinutes: Count(0), showLockoutFailures: Flag(false) },
  Strict,
);
export type PasswordLockout = Static<typeof PasswordLockoutSchema>;

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
export type RecoveryFactors = Static<typeof RecoveryFactorsSchema>;

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
export type PasswordPolicySettings = Static<typeof PasswordPolicySettingsSchema>;

export const SSPR_METHODS = ['PUSH', 'SMS', 'VOICE', 'EMAIL', 'OTP'] as const;
export type SsprMethod = (typeof SSPR_METHODS)[number];
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
export type SelfServicePasswordResetAction = Static<typeof SelfServicePasswordResetActionSchema>;

export const passwordPolicyType = definePolicyType({
  policyType: 'PASSWORD',
  ruleType: 'PASSWORD',
  settings: PasswordPolicySettingsSchema,
  actions: Type.Object(
    {
      passwordChange: Type.Optional(AccessOnlySchema),
      selfServiceUnlock: Type.Optional(AccessOnlySchema),
      selfServicePasswordReset: Type.Optional(SelfServicePasswordResetActionSchema),
    },
    Strict,
  ),
  firstRulePriority: 1,
  createsDefaultRule: false,
  ieOnly: false,
});
