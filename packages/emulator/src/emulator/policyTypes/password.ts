// Password policy (PASSWORD) and its PASSWORD rules: complexity, age, lockout, recovery and
// delegation settings on the policy; change, unlock and self-service reset permissions on rules.
import type {
  AccessDecision,
  PasswordAge,
  PasswordComplexity,
  PasswordLockout,
  PasswordPolicySettings,
  Policy,
  RecoveryFactors,
  RuleActions,
  SelfServicePasswordResetAction,
  SsprMethod,
} from '../../rest/types.ts';
import { compact, type Check, type JsonObject } from './check.ts';
import { checkAccess, ieOnlyMember } from './common.ts';
import type { Engine, PolicyTypeModule, RuleValidationContext, ValidationContext } from './registry.ts';

const SSPR_TYPE = 'selfServicePasswordReset';
const SSPR_METHODS = ['PUSH', 'SMS', 'VOICE', 'EMAIL', 'OTP'] as const satisfies readonly SsprMethod[];
const OTP_AUTHENTICATOR = 'vendor_c_otp';

export const passwordModule: PolicyTypeModule = {
  policyType: 'PASSWORD',
  ruleType: 'PASSWORD',
  ieOnly: false,
  policyConditions: true,
  firstRulePriority: 1,
  createsDefaultRule: false,
  defaultRuleReadOnly: () => false,

  settings(raw, ctx) {
    const c = ctx.check;
    const obj = c.object(raw, 'settings') ?? {};
    c.noUnknown(obj, 'settings', ['password', 'recovery', 'delegation']);
    return {
      password: passwordSettings(obj.password, 'settings.password', c),
      recovery: { factors: recoveryFactors(obj.recovery, 'settings.recovery', c) },
      delegation: delegation(obj.delegation, 'settings.delegation', c),
    };
  },

  actions(raw, ctx) {
    const c = ctx.check;
    const obj = c.object(raw, 'actions') ?? {};
    c.noUnknown(obj, 'actions', ['passwordChange', 'selfServiceUnlock', 'selfServicePasswordReset']);
    return {
      passwordChange: simpleAccess(obj.passwordChange, 'actions.passwordChange', c),
      selfServiceUnlock: simpleAccess(obj.selfServiceUnlock, 'actions.selfServiceUnlock', c),
      selfServicePasswordReset: selfServicePasswordReset(
        obj.selfServicePasswordReset,
        'actions.selfServicePasswordReset',
        ctx,
      ),
    };
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

// ------------------------------------------------------------------ policy settings

/** Reads an object member that may be absent (then every default of it applies). */
function sub(c: Check, parent: JsonObject, key: string, path: string, known: readonly string[]): JsonObject {
  const obj = c.object(parent[key], `${path}.${key}`) ?? {};
  c.noUnknown(obj, `${path}.${key}`, known);
  return obj;
}

/** A non-negative integer member with its default. `max` is set for the 0/1 ("no"/"yes") members. */
function count(c: Check, obj: JsonObject, key: string, path: string, fallback: number, max?: number): number {
  return c.integer(obj[key], `${path}.${key}`, { min: 0, max }) ?? fallback;
}

function flag(c: Check, obj: JsonObject, key: string, path: string, fallback: boolean): boolean {
  return c.boolean(obj[key], `${path}.${key}`) ?? fallback;
}

function passwordSettings(raw: unknown, path: string, c: Check): PasswordPolicySettings['password'] {
  const obj = c.object(raw, path) ?? {};
  c.noUnknown(obj, path, ['complexity', 'age', 'lockout']);
  return {
    complexity: complexity(sub(c, obj, 'complexity', path, COMPLEXITY_MEMBERS), `${path}.complexity`, c),
    age: age(
      sub(c, obj, 'age', path, ['maxAgeDays', 'expireWarnDays', 'minAgeMinutes', 'historyCount']),
      `${path}.age`,
      c,
    ),
    lockout: lockout(
      sub(c, obj, 'lockout', path, ['maxAttempts', 'autoUnlockMinutes', 'showLockoutFailures']),
      `${path}.lockout`,
      c,
    ),
  };
}

const COMPLEXITY_MEMBERS = [
  'minLength',
  'minLowerCase',
  'minUpperCase',
  'minNumber',
  'minSymbol',
  'excludeUsername',
  'excludeAttributes',
  'dictionary',
];

function complexity(obj: JsonObject, path: string, c: Check): PasswordComplexity {
  const dictionary = sub(c, obj, 'dictionary', path, ['common']);
  const common = sub(c, dictionary, 'common', `${path}.dictionary`, ['exclude']);
  return {
    minLength: count(c, obj, 'minLength', path, 8),
    minLowerCase: count(c, obj, 'minLowerCase', path, 1, 1),
    minUpperCase: count(c, obj, 'minUpperCase', path, 1, 1),
    minNumber: count(c, obj, 'minNumber', path, 1, 1),
    minSymbol: count(c, obj, 'minSymbol', path, 1, 1),
    excludeUsername: flag(c, obj, 'excludeUsername', path, true),
    excludeAttributes:
      c.enums(obj.excludeAttributes, `${path}.excludeAttributes`, ['firstName', 'lastName'] as const) ?? [],
    dictionary: { common: { exclude: flag(c, common, 'exclude', `${path}.dictionary.common`, false) } },
  };
}

function age(obj: JsonObject, path: string, c: Check): PasswordAge {
  return {
    maxAgeDays: count(c, obj, 'maxAgeDays', path, 0),
    expireWarnDays: count(c, obj, 'expireWarnDays', path, 0),
    minAgeMinutes: count(c, obj, 'minAgeMinutes', path, 0),
    historyCount: count(c, obj, 'historyCount', path, 0),
  };
}

function lockout(obj: JsonObject, path: string, c: Check): PasswordLockout {
  return {
    maxAttempts: count(c, obj, 'maxAttempts', path, 0),
    autoUnlockMinutes: count(c, obj, 'autoUnlockMinutes', path, 0),
    showLockoutFailures: flag(c, obj, 'showLockoutFailures', path, false),
  };
}

/**
 * Every recovery factor is returned. A factor that is not sent gets its default state: the
 * recovery question and email ACTIVE (the spec gives them no default; they are what a new org
 * has on), SMS and voice call INACTIVE.
 */
function recoveryFactors(raw: unknown, path: string, c: Check): RecoveryFactors {
  const recovery = c.object(raw, path) ?? {};
  c.noUnknown(recovery, path, ['factors']);
  const fp = `${path}.factors`;
  const factors = c.object(recovery.factors, fp) ?? {};
  c.noUnknown(factors, fp, ['recovery_question', 'platform_email', 'platform_sms', 'platform_call']);

  const question = sub(c, factors, 'recovery_question', fp, ['status', 'properties']);
  const qPath = `${fp}.recovery_question`;
  const qProps = sub(c, question, 'properties', qPath, ['complexity']);
  const qComplexity = sub(c, qProps, 'complexity', `${qPath}.properties`, ['minLength']);
  const questionSent = factors.recovery_question !== undefined && factors.recovery_question !== null;
  // INACTIVE for the recovery question is an early-access capability, accepted on both engines.
  const questionStatus =
    c.enum(question.status, `${qPath}.status`, ['ACTIVE', 'INACTIVE'] as const, { required: questionSent }) ?? 'ACTIVE';

  const email = sub(c, factors, 'platform_email', fp, ['status', 'properties']);
  const ePath = `${fp}.platform_email`;
  if (email.status !== undefined && email.status !== null && email.status !== 'ACTIVE') {
    c.fail(`${ePath}.status`, 'is read-only and always ACTIVE');
  }
  const eProps = sub(c, email, 'properties', ePath, ['recoveryToken']);
  const token = sub(c, eProps, 'recoveryToken', `${ePath}.properties`, ['tokenLifetimeMinutes']);
  const tokenLifetimeMinutes =
    c.integer(token.tokenLifetimeMinutes, `${ePath}.properties.recoveryToken.tokenLifetimeMinutes`, { min: 1 }) ??
    10080;

  const channel = (key: 'platform_sms' | 'platform_call') => {
    const f = sub(c, factors, key, fp, ['status']);
    return { status: c.enum(f.status, `${fp}.${key}.status`, ['ACTIVE', 'INACTIVE'] as const) ?? 'INACTIVE' };
  };

  return {
    recovery_question: {
      status: questionStatus,
      properties: {
        complexity: { minLength: count(c, qComplexity, 'minLength', `${qPath}.properties.complexity`, 4) },
      },
    },
    platform_email: { status: 'ACTIVE', properties: { recoveryToken: { tokenLifetimeMinutes } } },
    platform_sms: channel('platform_sms'),
    platform_call: channel('platform_call'),
  };
}

function delegation(raw: unknown, path: string, c: Check): PasswordPolicySettings['delegation'] {
  const obj = c.object(raw, path) ?? {};
  c.noUnknown(obj, path, ['options']);
  const options = sub(c, obj, 'options', path, ['skipUnlock']);
  return { options: { skipUnlock: flag(c, options, 'skipUnlock', `${path}.options`, false) } };
}

// ------------------------------------------------------------------ rule actions

function simpleAccess(raw: unknown, path: string, c: Check): { access: AccessDecision } {
  const obj = c.object(raw, path) ?? {};
  c.noUnknown(obj, path, ['access']);
  return { access: checkAccess(c, obj.access, `${path}.access`, { fallback: 'DENY' }) ?? 'DENY' };
}

/**
 * Self-service password reset. On the identity engine the read-only `type` is always returned and
 * `requirement` may say which methods reset the password; a requirement is only meaningful when
 * access is ALLOW and is refused with DENY.
 */
function selfServicePasswordReset(
  raw: unknown,
  path: string,
  ctx: RuleValidationContext,
): SelfServicePasswordResetAction {
  const c = ctx.check;
  const obj = c.object(raw, path) ?? {};
  c.noUnknown(obj, path, ['access', 'type', 'requirement']);
  const access = checkAccess(c, obj.access, `${path}.access`, { fallback: 'DENY' }) ?? 'DENY';
  if (
    ieOnlyMember(ctx, obj.type, `${path}.type`) &&
    obj.type !== undefined &&
    obj.type !== null &&
    obj.type !== SSPR_TYPE
  ) {
    c.fail(`${path}.type`, `is read-only and always ${SSPR_TYPE}`);
  }
  let requirement: SelfServicePasswordResetAction['requirement'];
  if (ieOnlyMember(ctx, obj.requirement, `${path}.requirement`)) {
    requirement = ssprRequirement(obj.requirement, `${path}.requirement`, ctx);
    if (requirement && access !== 'ALLOW') c.fail(`${path}.requirement`, 'is only allowed when access is ALLOW');
  }
  return compact<SelfServicePasswordResetAction>({
    access,
    type: ctx.engine === 'IE' ? SSPR_TYPE : undefined,
    requirement,
  });
}

type SsprRequirement = NonNullable<SelfServicePasswordResetAction['requirement']>;

function ssprRequirement(raw: unknown, path: string, ctx: ValidationContext): SsprRequirement | undefined {
  const c = ctx.check;
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['primary', 'stepUp']);
  return compact<SsprRequirement>({
    primary: ssprPrimary(obj.primary, `${path}.primary`, c),
    stepUp: ssprStepUp(obj.stepUp, `${path}.stepUp`, c),
  });
}

/** OTP is usable only through the one accepted constraint, and that constraint only with OTP. */
function ssprPrimary(raw: unknown, path: string, c: Check): SsprRequirement['primary'] {
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['methods', 'methodConstraints']);
  const methods = c.enums(obj.methods, `${path}.methods`, SSPR_METHODS);
  const list = c.array(obj.methodConstraints, `${path}.methodConstraints`, { max: 1 });
  const methodConstraints = list?.map((e, i) => otpConstraint(e, `${path}.methodConstraints[${i}]`, c));
  const usesOtp = methods?.includes('OTP') ?? false;
  if (usesOtp && !list?.length) {
    c.fail(
      `${path}.methodConstraints`,
      `method OTP needs the constraint {method: OTP, allowedAuthenticators: [{key: ${OTP_AUTHENTICATOR}}]}`,
    );
  }
  if (!usesOtp && list?.length) c.fail(`${path}.methodConstraints`, 'is only allowed when methods include OTP');
  const constraints = methodConstraints?.every((m) => m !== undefined)
    ? (methodConstraints as NonNullable<(typeof methodConstraints)[number]>[])
    : undefined;
  return compact({ methods, methodConstraints: constraints });
}

function otpConstraint(raw: unknown, path: string, c: Check) {
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['method', 'allowedAuthenticators']);
  const method = c.enum(obj.method, `${path}.method`, ['OTP'] as const, { required: true });
  const list = c.array(obj.allowedAuthenticators, `${path}.allowedAuthenticators`, { required: true, min: 1, max: 1 });
  const keys = (list ?? []).map((e, i) => {
    const ePath = `${path}.allowedAuthenticators[${i}]`;
    const a = c.object(e, ePath, { required: true });
    if (!a) return undefined;
    c.noUnknown(a, ePath, ['key']);
    return c.enum(a.key, `${ePath}.key`, [OTP_AUTHENTICATOR] as const, { required: true });
  });
  if (!method || !list || keys.some((k) => k === undefined)) return undefined;
  return { method, allowedAuthenticators: keys.map((key) => ({ key: key as string })) };
}

/**
 * The three valid step-up configurations: required false (no methods); required true without
 * methods; required true with methods, which can only hold security_question. An absent
 * `required` counts as false and is filled in.
 */
function ssprStepUp(raw: unknown, path: string, c: Check): SsprRequirement['stepUp'] {
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['required', 'methods']);
  const required = c.boolean(obj.required, `${path}.required`) ?? false;
  const methods = c.enums(obj.methods, `${path}.methods`, ['security_question'] as const);
  if (!required && methods?.length) c.fail(`${path}.methods`, 'is only allowed when required is true');
  return compact({ required, methods: methods?.length ? methods : undefined });
}
