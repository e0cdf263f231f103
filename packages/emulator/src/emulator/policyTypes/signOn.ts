// Global session policy (PLATFORM_SIGN_ON) and its SIGN_ON rules: no policy settings, all data in
// `actions.signon`.
import type { Policy, SignonAction, SignonSession } from '../../rest/types.ts';
import { compact } from './check.ts';
import { checkAccess, ieOnlyMember, rejectSettings, singleAction } from './common.ts';
import type { Engine, PolicyTypeModule, RuleValidationContext } from './registry.ts';

const SESSION_DEFAULTS: Required<SignonSession> = {
  maxSessionIdleMinutes: 120,
  maxSessionLifetimeMinutes: 0,
  usePersistentCookie: false,
};
/** Members of the session that are read-only on the default rule of the default policy. */
const LOCKED_SESSION_MEMBERS = ['maxSessionLifetimeMinutes', 'usePersistentCookie'] as const;

const SIGNON_MEMBERS = [
  'access',
  'requireFactor',
  'primaryFactor',
  'factorPromptMode',
  'rememberDeviceByDefault',
  'factorLifetime',
  'session',
];

export const signOnModule: PolicyTypeModule = {
  policyType: 'PLATFORM_SIGN_ON',
  ruleType: 'SIGN_ON',
  ieOnly: false,
  policyConditions: true,
  firstRulePriority: 1,
  createsDefaultRule: false,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'a global session policy'),

  actions: (raw, ctx) => singleAction(raw, ctx.check, 'signon', (value) => signonAction(value, ctx)),

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

function signonAction(raw: unknown, ctx: RuleValidationContext): SignonAction | undefined {
  const c = ctx.check;
  const path = 'actions.signon';
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, SIGNON_MEMBERS);

  const access = checkAccess(c, obj.access, `${path}.access`, { required: true });
  const requireFactor = c.boolean(obj.requireFactor, `${path}.requireFactor`) ?? false;
  let primaryFactor: SignonAction['primaryFactor'];
  if (ieOnlyMember(ctx, obj.primaryFactor, `${path}.primaryFactor`)) {
    primaryFactor = c.enum(
      obj.primaryFactor,
      `${path}.primaryFactor`,
      ['PASSWORD_IDP_ANY_FACTOR', 'PASSWORD_IDP'] as const,
      {
        required: ctx.engine === 'IE' && access === 'ALLOW',
      },
    );
  }
  // Both are needed to know when to prompt for the second factor.
  const factorPromptMode = c.enum(
    obj.factorPromptMode,
    `${path}.factorPromptMode`,
    ['DEVICE', 'SESSION', 'ALWAYS'] as const,
    {
      required: requireFactor,
    },
  );
  const factorLifetime = c.integer(obj.factorLifetime, `${path}.factorLifetime`, { required: requireFactor, min: 1 });
  const rememberDeviceByDefault = c.boolean(obj.rememberDeviceByDefault, `${path}.rememberDeviceByDefault`) ?? false;
  const session = signonSession(obj.session, `${path}.session`, ctx);

  if (!access) return undefined;
  return compact<SignonAction>({
    access,
    requireFactor,
    primaryFactor,
    factorPromptMode,
    rememberDeviceByDefault,
    factorLifetime,
    session,
  });
}

function signonSession(raw: unknown, path: string, ctx: RuleValidationContext): Required<SignonSession> {
  const c = ctx.check;
  const obj = c.object(raw, path) ?? {};
  c.noUnknown(obj, path, Object.keys(SESSION_DEFAULTS));
  const session: Required<SignonSession> = {
    maxSessionIdleMinutes:
      c.integer(obj.maxSessionIdleMinutes, `${path}.maxSessionIdleMinutes`, { min: 1 }) ??
      SESSION_DEFAULTS.maxSessionIdleMinutes,
    maxSessionLifetimeMinutes:
      c.integer(obj.maxSessionLifetimeMinutes, `${path}.maxSessionLifetimeMinutes`, { min: 0 }) ??
      SESSION_DEFAULTS.maxSessionLifetimeMinutes,
    usePersistentCookie:
      c.boolean(obj.usePersistentCookie, `${path}.usePersistentCookie`) ?? SESSION_DEFAULTS.usePersistentCookie,
  };
  if (ctx.isDefaultRule && ctx.policy.system) keepLockedMembers(obj, session, path, ctx);
  return session;
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
