// MFA_ENROLL: on the identity engine the authenticator enrollment policy (settings `type`,
// `authenticators` or `factors`), on the classic engine the MFA enrollment policy (settings
// `factors` only). Rules of both say when the user enrolls (`actions.enroll.self`). Shapes and
// defaults come from the contract; this module keeps the spec's rules between members.
import { MfaEnrollPolicySettingsSchema, RULE_ACTIONS, mfaEnrollPolicyType } from '../../rest/contract/policyTypes.ts';
import { MFA_FACTOR_KEYS, type MfaEnrollPolicySettings, type RuleActions } from '../../rest/types.ts';
import { compact, type JsonObject, member } from '../common/check.ts';
import { ieOnlyMember } from './common.ts';
import { checkContract } from './contractCheck.ts';
import { contractFacts, type PolicyTypeModule, type PolicyValidationContext } from './registry.ts';

/** The factors map holds only the factors sent (each with its enrollment default), not all of them. */
const KEEP_ABSENT = ['factors', ...MFA_FACTOR_KEYS.map((key) => `factors.${key}`)];

export const mfaEnrollModule: PolicyTypeModule = {
  ...contractFacts(mfaEnrollPolicyType),
  defaultPolicyName: 'Default Policy',
  mapped: true,
  policyConditions: true,
  // The default rule of the authenticator enrollment policy is read-only on the identity engine;
  // on the classic engine no default rule is editable anyway.
  defaultRuleReadOnly: () => true,

  settings(raw, ctx) {
    const c = ctx.check;
    const obj = member(raw);
    if (ctx.engine === 'CLASSIC') {
      const typeAllowed = ieOnlyMember(ctx, obj?.type, 'settings.type');
      const authenticatorsAllowed = ieOnlyMember(ctx, obj?.authenticators, 'settings.authenticators');
      const body = obj && (!typeAllowed || !authenticatorsAllowed) ? { factors: obj.factors } : raw;
      const settings = checkContract<MfaEnrollPolicySettings>(MfaEnrollPolicySettingsSchema, body, 'settings', c, {
        keepAbsent: KEEP_ABSENT,
      });
      return { factors: settings?.factors ?? {} };
    }
    return authenticatorEnrollmentSettings(raw, obj, ctx);
  },

  actions(raw, ctx) {
    if (raw === undefined || raw === null) {
      ctx.check.fail('actions', 'is required');
      return {};
    }
    return checkContract<RuleActions>(RULE_ACTIONS.MFA_ENROLL, raw, 'actions', ctx.check) ?? {};
  },

  // A new org asks users to enroll the next time they are challenged.
  defaultRule: () => ({ name: 'Default Rule', conditions: null, actions: { enroll: { self: 'CHALLENGE' } } }),
};

/**
 * Identity engine settings. `factors` and `authenticators` exclude each other; on an update a body
 * that moves to authenticators drops the factors it still carries (the spec's "updating a policy
 * to use authenticators removes factors"). A missing `type` follows what is sent: AUTHENTICATORS
 * with authenticators, FACTORS (the contract's default) otherwise. An authenticator is listed once.
 */
function authenticatorEnrollmentSettings(
  raw: unknown,
  obj: JsonObject | undefined,
  ctx: PolicyValidationContext,
): MfaEnrollPolicySettings | undefined {
  const c = ctx.check;
  const sent = (v: unknown) => v !== undefined && v !== null;
  const body = obj && !sent(obj.type) && sent(obj.authenticators) ? { ...obj, type: 'AUTHENTICATORS' } : raw;
  const settings = checkContract<MfaEnrollPolicySettings>(MfaEnrollPolicySettingsSchema, body, 'settings', c, {
    keepAbsent: KEEP_ABSENT,
  });
  if (!settings) return undefined;
  const { type = 'FACTORS', authenticators } = settings;
  authenticators?.forEach(({ key }, i) => {
    if (authenticators.findIndex((a) => a.key === key) < i) {
      c.fail(`settings.authenticators[${i}].key`, `authenticator '${key}' is listed more than once`);
    }
  });
  if (type === 'FACTORS' && authenticators) {
    c.fail('settings.type', 'must be AUTHENTICATORS when authenticators are given');
  }
  let factors = settings.factors;
  if (type === 'AUTHENTICATORS' && factors) {
    const movingToAuthenticators = ctx.existing !== undefined && authenticators !== undefined;
    if (movingToAuthenticators) factors = undefined;
    else c.fail('settings.factors', 'cannot be combined with authenticators (type AUTHENTICATORS)');
  }
  if (type === 'AUTHENTICATORS') return { type, authenticators: authenticators ?? [] };
  return compact<MfaEnrollPolicySettings>({ type, factors });
}
