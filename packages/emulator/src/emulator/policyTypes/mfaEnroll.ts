// MFA_ENROLL: on the identity engine the authenticator enrollment policy (settings `type`,
// `authenticators` or `factors`), on the classic engine the MFA enrollment policy (settings
// `factors` only). Rules of both say when the user enrolls (`actions.enroll.self`).
import {
  MFA_FACTOR_KEYS,
  type EnrollSelf,
  type FactorsConfiguration,
  type MfaEnrollPolicySettings,
  type PolicyAuthenticator,
} from '../../rest/types.ts';
import { compact, type Check } from './check.ts';
import { ieOnlyMember } from './common.ts';
import type { PolicyTypeModule, PolicyValidationContext } from './registry.ts';

const ENROLL_SELF = ['NOT_ALLOWED', 'OPTIONAL', 'REQUIRED'] as const satisfies readonly EnrollSelf[];

export const mfaEnrollModule: PolicyTypeModule = {
  policyType: 'MFA_ENROLL',
  ruleType: 'MFA_ENROLL',
  ieOnly: false,
  policyConditions: true,
  firstRulePriority: 1,
  createsDefaultRule: false,
  // The default rule of the authenticator enrollment policy is read-only on the identity engine;
  // on the classic engine no default rule is editable anyway.
  defaultRuleReadOnly: () => true,

  settings(raw, ctx) {
    const c = ctx.check;
    const obj = c.object(raw, 'settings') ?? {};
    c.noUnknown(obj, 'settings', ['type', 'authenticators', 'factors']);
    if (ctx.engine === 'CLASSIC') {
      ieOnlyMember(ctx, obj.type, 'settings.type');
      ieOnlyMember(ctx, obj.authenticators, 'settings.authenticators');
      return { factors: factors(obj.factors, 'settings.factors', c) ?? {} };
    }
    return authenticatorEnrollmentSettings(obj, ctx);
  },

  actions(raw, ctx) {
    const c = ctx.check;
    const obj = c.object(raw, 'actions', { required: true });
    if (!obj) return {};
    c.noUnknown(obj, 'actions', ['enroll']);
    const enroll = c.object(obj.enroll, 'actions.enroll', { required: true });
    if (!enroll) return {};
    c.noUnknown(enroll, 'actions.enroll', ['self']);
    const self = c.enum(enroll.self, 'actions.enroll.self', ['CHALLENGE', 'LOGIN', 'NEVER'] as const, {
      required: true,
    });
    return self ? { enroll: { self } } : {};
  },

  // A new org asks users to enroll the next time they are challenged.
  defaultRule: () => ({ name: 'Default Rule', conditions: null, actions: { enroll: { self: 'CHALLENGE' } } }),
};

/**
 * Identity engine settings. `factors` and `authenticators` exclude each other; on an update a body
 * that moves to authenticators drops the factors it still carries (the spec's "updating a policy
 * to use authenticators removes factors"). A missing `type` follows what is sent: AUTHENTICATORS
 * with authenticators, FACTORS (the spec default) otherwise.
 */
function authenticatorEnrollmentSettings(
  obj: Record<string, unknown>,
  ctx: PolicyValidationContext,
): MfaEnrollPolicySettings {
  const c = ctx.check;
  const sent = (v: unknown) => v !== undefined && v !== null;
  const authenticators = sent(obj.authenticators)
    ? policyAuthenticators(obj.authenticators, 'settings.authenticators', c)
    : undefined;
  let type = c.enum(obj.type, 'settings.type', ['FACTORS', 'AUTHENTICATORS'] as const);
  type ??= sent(obj.authenticators) ? 'AUTHENTICATORS' : 'FACTORS';

  if (type === 'FACTORS' && sent(obj.authenticators)) {
    c.fail('settings.type', 'must be AUTHENTICATORS when authenticators are given');
  }
  let factorMap = sent(obj.factors) ? factors(obj.factors, 'settings.factors', c) : undefined;
  if (type === 'AUTHENTICATORS' && sent(obj.factors)) {
    const movingToAuthenticators = ctx.existing !== undefined && sent(obj.authenticators);
    if (movingToAuthenticators) factorMap = undefined;
    else c.fail('settings.factors', 'cannot be combined with authenticators (type AUTHENTICATORS)');
  }
  if (type === 'AUTHENTICATORS') return { type, authenticators: authenticators ?? [] };
  return compact<MfaEnrollPolicySettings>({ type, factors: factorMap });
}

function policyAuthenticators(raw: unknown, path: string, c: Check): PolicyAuthenticator[] | undefined {
  const list = c.array(raw, path);
  if (!list) return undefined;
  const seen = new Set<string>();
  const out = list.map((e, i) => {
    const ePath = `${path}[${i}]`;
    const obj = c.object(e, ePath, { required: true });
    if (!obj) return undefined;
    c.noUnknown(obj, ePath, ['key', 'enroll', 'constraints']);
    const key = c.string(obj.key, `${ePath}.key`, { required: true, nonEmpty: true });
    if (key !== undefined && seen.has(key)) c.fail(`${ePath}.key`, `authenticator '${key}' is listed more than once`);
    if (key !== undefined) seen.add(key);
    // The spec: "`enroll` (required) with `self`"; `self` itself defaults to NOT_ALLOWED.
    const enroll = enrollSelf(obj.enroll, `${ePath}.enroll`, c, { required: true });
    const constraints = authenticatorConstraints(obj.constraints, `${ePath}.constraints`, c);
    return key === undefined ? undefined : compact<PolicyAuthenticator>({ key, enroll, constraints });
  });
  return out.every((a) => a !== undefined) ? (out as PolicyAuthenticator[]) : undefined;
}

function authenticatorConstraints(raw: unknown, path: string, c: Check): PolicyAuthenticator['constraints'] {
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['aaguidGroups']);
  return compact({ aaguidGroups: c.strings(obj.aaguidGroups, `${path}.aaguidGroups`) });
}

function enrollSelf(raw: unknown, path: string, c: Check, o: { required?: boolean } = {}): { self: EnrollSelf } {
  const obj = c.object(raw, path, o) ?? {};
  c.noUnknown(obj, path, ['self']);
  return { self: c.enum(obj.self, `${path}.self`, ENROLL_SELF) ?? 'NOT_ALLOWED' };
}

/** The factors map: only known factor keys, each with `enroll.self` defaulting to NOT_ALLOWED. */
function factors(raw: unknown, path: string, c: Check): FactorsConfiguration | undefined {
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, MFA_FACTOR_KEYS);
  const out: FactorsConfiguration = {};
  for (const key of MFA_FACTOR_KEYS) {
    if (obj[key] === undefined || obj[key] === null) continue;
    const fPath = `${path}.${key}`;
    const factor = c.object(obj[key], fPath);
    if (!factor) continue;
    c.noUnknown(factor, fPath, ['enroll']);
    out[key] = { enroll: enrollSelf(factor.enroll, `${fPath}.enroll`, c) };
  }
  return out;
}
