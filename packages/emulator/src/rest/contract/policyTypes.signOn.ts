// Global session policy (PLATFORM_SIGN_ON) with its SIGN_ON rules: no policy settings; rules carry
// `actions.signon`.
import { type Static, Type } from '@sinclair/typebox';
import { AccessDecisionSchema, definePolicyType, NoSettingsSchema, StringEnum, Strict } from './shared.ts';

export const SignonSessionSchema = Type.Object(
  {
    maxSessionIdleMinutes: Type.Optional(Type.Integer({ minimum: 1, default: 120 })),
    /** 0 disables the limit. */
    maxSessionLifetimeMinutes: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    usePersistentCookie: Type.Optional(Type.Boolean({ default: false })),
  },
  Strict,
);
export type SignonSession = Static<typeof SignonSessionSchema>;

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
export type SignonAction = Static<typeof SignonActionSchema>;

export const signOnPolicyType = definePolicyType({
  policyType: 'PLATFORM_SIGN_ON',
  ruleType: 'SIGN_ON',
  settings: NoSettingsSchema,
  actions: Type.Object({ signon: SignonActionSchema }, Strict),
  firstRulePriority: 1,
  createsDefaultRule: false,
  ieOnly: false,
});
