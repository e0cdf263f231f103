// Password policy (PASSWORD) and its PASSWORD rules: complexity, age, lockout, recovery and
// delegation settings on the policy; change, unlock and self-service reset permissions on rules.
// Shapes, limits and defaults come from the contract; this module keeps the spec's other rules.
import {
  OTP_AUTHENTICATOR,
  PasswordPolicySettingsSchema,
  RULE_ACTIONS,
  passwordPolicyType,
} from '../../rest/contract/policyTypes.ts';
import type { PasswordPolicySettings, Policy, RuleActions, SelfServicePasswordResetAction } from '../../rest/types.ts';
import { type Check, compact, type JsonObject, member } from '../common/check.ts';
import { IE_ONLY_MESSAGE } from './common.ts';
import { checkContract } from './contractCheck.ts';
import { contractFacts, type Engine, type PolicyTypeModule } from './registry.ts';

const SSPR_TYPE = 'selfServicePasswordReset';
const SSPR = 'actions.selfServicePasswordReset';
const REQUIREMENT = 'selfServicePasswordReset.requirement';
const EMAIL_STATUS = 'settings.recovery.factors.platform_email.status';

type SsprRequirement = NonNullable<SelfServicePasswordResetAction['requirement']>;

export const passwordModule: PolicyTypeModule = {
  ...contractFacts(passwordPolicyType),
  defaultPolicyName: 'Default Policy',
  mapped: true,
  policyConditions: true,
  defaultRuleReadOnly: () => false,

  // Every member is answered: what is not sent gets the contract's default (the recovery question
  // and email ACTIVE, as in a new org; SMS and voice call INACTIVE).
  settings(raw, ctx) {
    const c = ctx.check;
    // The spec: a recovery question that is sent needs its status (only a left-out one defaults).
    const question = member(raw, 'recovery', 'factors', 'recovery_question');
    if (question && (question.status === undefined || question.status === null)) {
      c.fail('settings.recovery.factors.recovery_question.status', 'is required');
    }
    return checkContract<PasswordPolicySettings>(PasswordPolicySettingsSchema, raw, 'settings', c, {
      message: (path) => (path === EMAIL_STATUS ? 'is read-only and always ACTIVE' : undefined),
    });
  },

  actions(raw, ctx) {
    const c = ctx.check;
    const body = raw === undefined || raw === null ? {} : raw;
    const sent = member(body, 'selfServicePasswordReset') ?? {};
    const wellFormed = typeof body === 'object' && !Array.isArray(body);
    // IE always answers the read-only `type`; classic refuses it and `requirement`, IE-only members.
    const checked = !wellFormed
      ? body
      : ctx.engine === 'IE'
        ? withType(body as JsonObject, sent)
        : withoutIeOnly(body as JsonObject, sent, c);
    const actions = checkContract<RuleActions>(RULE_ACTIONS.PASSWORD, checked, 'actions', c, {
      keepAbsent: [REQUIREMENT, `${REQUIREMENT}.primary`, `${REQUIREMENT}.stepUp`],
      message: (path, e) =>
        path === `${SSPR}.type` && e.keyword === 'const' ? `is read-only and always ${SSPR_TYPE}` : undefined,
    });
    const sspr = actions?.selfServicePasswordReset;
    if (!sspr) return actions ?? {};
    const { requirement } = sspr;
    if (requirement) {
      if (sspr.access !== 'ALLOW') c.fail(`${SSPR}.requirement`, 'is only allowed when access is ALLOW');
      checkRequirement(requirement, `${SSPR}.requirement`, c);
    }
    return actions;
  },

  // What a new org ships: users may change and reset their own password, unlock stays off.
  defaultRule: (_policy: Policy, engine: Engine = 'IE') => ({
    name: 'Default Rule',
    conditions: null,
    actions: {
      passwordChange: { access: 'ALLOW' },
      selfServiceUnlock: { access: 'DENY' },
      selfServicePasswordReset: compact<SelfServicePasswordResetAction>({
        access: 'ALLOW',
        type: engine === 'IE' ? SSPR_TYPE : undefined,
      }),
    } satisfies RuleActions,
  }),
};

function withType(actions: JsonObject, sspr: JsonObject): JsonObject {
  const type = sspr.type === undefined || sspr.type === null ? SSPR_TYPE : sspr.type;
  return { ...actions, selfServicePasswordReset: { ...sspr, type } };
}

/** Classic: `type` and `requirement` of the reset are identity-engine members; causes name them. */
function withoutIeOnly(actions: JsonObject, sspr: JsonObject, c: Check): JsonObject {
  const rest: JsonObject = { ...sspr };
  for (const key of ['type', 'requirement']) {
    if (rest[key] !== undefined && rest[key] !== null) c.fail(`${SSPR}.${key}`, IE_ONLY_MESSAGE);
    delete rest[key];
  }
  return { ...actions, selfServicePasswordReset: rest };
}

/**
 * OTP is usable only through the one accepted constraint, and that constraint only with OTP. The
 * three valid step-up configurations: required false (no methods); required true without methods;
 * required true with methods, which can only hold security_question.
 */
function checkRequirement(requirement: SsprRequirement, path: string, c: Check): void {
  const { primary, stepUp } = requirement;
  if (primary) {
    const usesOtp = primary.methods?.includes('OTP') ?? false;
    const constrained = (primary.methodConstraints?.length ?? 0) > 0;
    if (usesOtp && !constrained) {
      c.fail(
        `${path}.primary.methodConstraints`,
        `method OTP needs the constraint {method: OTP, allowedAuthenticators: [{key: ${OTP_AUTHENTICATOR}}]}`,
      );
    }
    if (!usesOtp && constrained)
      c.fail(`${path}.primary.methodConstraints`, 'is only allowed when methods include OTP');
  }
  if (stepUp) {
    if (!stepUp.required && stepUp.methods?.length) {
      c.fail(`${path}.stepUp.methods`, 'is only allowed when required is true');
    }
    // An empty list says nothing: it is not answered.
    if (stepUp.methods?.length === 0) delete stepUp.methods;
  }
}
