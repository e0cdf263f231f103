// Profile enrollment policy (PROFILE_ENROLLMENT): no policy settings; rules carry
// `actions.profileEnrollment`.
import { type Static, Type } from '@sinclair/typebox';
import {
  AccessDecisionSchema,
  assignedByService,
  definePolicyType,
  NoSettingsSchema,
  Nullable,
  StringEnum,
  Strict,
} from './shared.ts';

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
export type ProfileAttribute = Static<typeof ProfileAttributeSchema>;
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
    uiSchemaId: Type.Optional(assignedByService(Type.String({ pattern: '\\S' }))),
    enrollAuthenticators: Type.Optional(Nullable(Type.Array(Type.Literal('password')), { default: null })),
  },
  Strict,
);
export type ProfileEnrollmentAction = Static<typeof ProfileEnrollmentActionSchema>;

export const profileEnrollmentPolicyType = definePolicyType({
  policyType: 'PROFILE_ENROLLMENT',
  ruleType: 'PROFILE_ENROLLMENT',
  settings: NoSettingsSchema,
  actions: Type.Object({ profileEnrollment: ProfileEnrollmentActionSchema }, Strict),
  firstRulePriority: 1,
  createsDefaultRule: true,
  ieOnly: true,
  maxPolicies: 500,
  maxRules: 1,
});
