// Global session policy (PLATFORM_SIGN_ON) and its SIGN_ON rules: no policy settings, all data in
// `actions.signon`.
import { RULE_ACTIONS, SignonSessionSchema, signOnPolicyType } from '../../rest/contract/policyTypes.ts';
import type { Policy, RuleActions, SignonAction, SignonSession } from '../../rest/types.ts';
import { compact, type JsonObject, member } from '../common/check.ts';
import { ieOnlyMember, rejectSettings } from './common.ts';
import { checkContract, defaultsOf } from './contractCheck.ts';
import { contractFacts, type Engine, type PolicyTypeModule, type RuleValidationContext } from './registry.ts';

/** A session's defaults, as the contract gives them. */
const SESSION_DEFAULTS = defaultsOf<Required<SignonSession>>(SignonSessionSchema);
/** Members of the session that are read-only on the default rule of the default policy. */
const LOCKED_SESSION_MEMBERS = ['maxSessionLifetimeMinutes', 'usePersistentCookie'] as const;

const PATH = 'actions.signon';

export const signOnModule: PolicyTypeModule = {
  ...contractFacts(signOnPolicyType),
  defaultPolicyName: 'Default Policy',
  mapped: true,
  policyConditions: true,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'a global session policy'),

  actions: signonActions,

  defaultRule: (_policy: Policy, engine: Engine = 'IE') => ({
    name: 'Default Rule',
    conditions: null,
    actions: {
      signon: compact<SignonAction>({
        access: 'ALLOW',
        requireFactor: false,
        primaryFactor: engine === 'IE' ? 'PASSWORD_IDP_ANY_FACTOR' : undefined,
        rememberDeviceByDefault: false,
        session: { ...SESSION_DEFAULTS },
      }),
    },
  }),
};

/**
 * The shape, limits and defaults come from the contract. The spec's other rules: `primaryFactor`
 * is an identity-engine member, required there when access is ALLOW; a rule that requires a factor
 * says when to prompt for it and for how long (both are needed to know when to prompt again).
 */
function signonActions(raw: unknown, ctx: RuleValidationContext): RuleActions {
  const c = ctx.check;
  if (raw === undefined || raw === null) {
    c.fail('actions', 'is required');
    return {};
  }
  const sent = member(raw, 'signon');
  let body = raw;
  if (ctx.engine !== 'IE' && sent && !ieOnlyMember(ctx, sent.primaryFactor, `${PATH}.primaryFactor`)) {
    body = { ...(raw as JsonObject), signon: { ...sent, primaryFactor: undefined } };
  }
  const actions = checkContract<RuleActions>(RULE_ACTIONS.SIGN_ON, body, 'actions', c);
  const signon = actions?.signon;
  if (!signon) return {};
  if (ctx.engine === 'IE' && signon.access === 'ALLOW' && signon.primaryFactor === undefined) {
    c.fail(`${PATH}.primaryFactor`, 'is required');
  }
  if (signon.requireFactor) {
    if (signon.factorPromptMode === undefined) c.fail(`${PATH}.factorPromptMode`, 'is required');
    if (signon.factorLifetime === undefined) c.fail(`${PATH}.factorLifetime`, 'is required');
  }
  if (ctx.isDefaultRule && ctx.policy.system && signon.session) {
    keepLockedMembers(member(sent, 'session') ?? {}, signon.session as Required<SignonSession>, `${PATH}.session`, ctx);
  }
  return actions;
}

/**
 * On the default rule of the default global session policy the lifetime and persistent-cookie
 * members are read-only: an omitted one keeps its stored value, a different one is forbidden.
 */
function keepLockedMembers(
  sent: Record<string, unknown>,
  session: Required<SignonSession>,
  path: string,
  ctx: RuleValidationContext,
): void {
  const stored = { ...SESSION_DEFAULTS, ...ctx.existing?.actions.signon?.session };
  for (const key of LOCKED_SESSION_MEMBERS) {
    if (sent[key] === undefined || sent[key] === null) {
      (session as Record<string, unknown>)[key] = stored[key];
    } else if (sent[key] !== stored[key]) {
      ctx.forbid(`${path}.${key}: is read-only on the default rule of the default global session policy`);
    }
  }
}
