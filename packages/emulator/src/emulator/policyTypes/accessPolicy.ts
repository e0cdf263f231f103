// Authentication policy (ACCESS_POLICY, identity engine only) and its rules: no policy settings,
// all data in `actions.appSignOn` (an access decision plus an ASSURANCE verification method).
import type { ErrorObject } from 'ajv/dist/2020.js';
import { ISO_DURATION, RULE_ACTIONS, accessPolicyPolicyType } from '../../rest/contract/policyTypes.ts';
import type {
  AuthenticationMethod,
  ConstraintMethod,
  ConstraintProperties,
  ConstraintType,
  RuleActions,
  VerificationConstraint,
} from '../../rest/types.ts';
import { type Check, type JsonObject, member } from '../common/check.ts';
import { rejectSettings } from './common.ts';
import { checkContract } from './contractCheck.ts';
import { contractFacts, type PolicyTypeModule, type RuleValidationContext } from './registry.ts';

export type FactorClass = 'knowledge' | 'possession' | 'inherence';
/** The two classes a constraint object can be configured with (inherence cannot). */
type ConstraintClass = 'knowledge' | 'possession';
const CONSTRAINT_CLASSES: readonly ConstraintClass[] = ['knowledge', 'possession'];

export interface AuthenticatorMethod {
  key: string;
  type: ConstraintType;
  method: ConstraintMethod;
  classes: readonly FactorClass[];
}

/** The spec's authenticator key / type / method / factor class table, one row per method. */
export const AUTHENTICATOR_METHODS: readonly AuthenticatorMethod[] = [
  { key: 'platform_password', type: 'PASSWORD', method: 'PASSWORD', classes: ['knowledge'] },
  { key: 'security_question', type: 'SECURITY_QUESTION', method: 'SECURITY_QUESTION', classes: ['knowledge'] },
  { key: 'platform_email', type: 'EMAIL', method: 'EMAIL', classes: ['possession'] },
  { key: 'phone_number', type: 'PHONE', method: 'SMS', classes: ['possession'] },
  { key: 'phone_number', type: 'PHONE', method: 'VOICE', classes: ['possession'] },
  { key: 'vendor_a_mfa', type: 'APP', method: 'VENDOR_A_MFA', classes: ['possession'] },
  { key: 'vendor_b_vip', type: 'APP', method: 'OTP', classes: ['possession'] },
  { key: 'vendor_c_otp', type: 'APP', method: 'OTP', classes: ['possession'] },
  { key: 'platform_verify', type: 'APP', method: 'TOTP', classes: ['possession'] },
  { key: 'platform_verify', type: 'APP', method: 'PUSH', classes: ['possession', 'inherence'] },
  { key: 'platform_verify', type: 'APP', method: 'SIGNED_NONCE', classes: ['possession', 'inherence'] },
  { key: 'custom_app', type: 'APP', method: 'PUSH', classes: ['possession', 'inherence'] },
  { key: 'webauthn', type: 'SECURITY_KEY', method: 'WEBAUTHN', classes: ['possession', 'inherence'] },
  { key: 'custom_otp', type: 'SECURITY_KEY', method: 'OTP', classes: ['possession'] },
  { key: 'onprem_mfa', type: 'SECURITY_KEY', method: 'OTP', classes: ['possession'] },
  { key: 'vendor_d_token', type: 'SECURITY_KEY', method: 'OTP', classes: ['possession'] },
  { key: 'vendor_e_token', type: 'SECURITY_KEY', method: 'OTP', classes: ['possession'] },
  { key: 'external_idp', type: 'FEDERATED', method: 'IDP', classes: ['possession'] },
  { key: 'smart_card_idp', type: 'FEDERATED', method: 'CERT', classes: ['possession', 'knowledge', 'inherence'] },
];

/** Characteristics that only a possession factor has (their defaults are the contract's). */
const POSSESSION_ONLY = [
  'hardwareProtection',
  'deviceBound',
  'phishingResistant',
  'userPresence',
  'userVerification',
] as const satisfies readonly (keyof ConstraintProperties)[];

/** An absent factorMode is read as 2FA (any two factor types), the service's own default. */
export const DEFAULT_FACTOR_MODE = '2FA';
/** How many authenticator-class constraints one constraint object may hold. */
const FACTOR_MODE_LIMIT = { '1FA': 1, '2FA': 2 } as const;
type FactorMode = keyof typeof FACTOR_MODE_LIMIT;

const APP_SIGN_ON = 'actions.appSignOn';

export const accessPolicyModule: PolicyTypeModule = {
  ...contractFacts(accessPolicyPolicyType),
  defaultPolicyName: 'Default Policy',
  mapped: true,
  policyConditions: false,
  defaultRulePriority: 99,
  descriptionRequiredOnCreate: true,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'an authentication policy'),

  actions: appSignOnActions,

  // A new policy allows every request that passes any one factor, as a freshly created
  // authentication policy does until an administrator tightens it.
  defaultRule: () => ({
    name: 'Catch-all Rule',
    conditions: null,
    actions: {
      appSignOn: {
        access: 'ALLOW',
        verificationMethod: { type: 'ASSURANCE', factorMode: '1FA', constraints: [] },
      },
    },
  }),
};

/**
 * The shape, enums, durations and defaults come from the contract. The spec's other rules: each
 * constraint object holds knowledge and/or possession, as many classes as factorMode allows; its
 * types, methods and authenticators must be of that class; `required` is false once a deny list
 * is given (and may not be sent as true then).
 */
function appSignOnActions(raw: unknown, ctx: RuleValidationContext): RuleActions {
  const c = ctx.check;
  if (raw === undefined || raw === null) {
    c.fail('actions', 'is required');
    return {};
  }
  const actions = checkContract<RuleActions>(RULE_ACTIONS.ACCESS_POLICY, raw, 'actions', c, {
    keepAbsent: CONSTRAINT_CLASSES.map((cls) => `appSignOn.verificationMethod.constraints.${cls}`),
    message: messageOf,
  });
  const method = actions?.appSignOn?.verificationMethod;
  if (!method) return {};
  const sent = member(raw, 'appSignOn', 'verificationMethod')?.constraints;
  method.constraints?.forEach((constraint, i) => {
    const path = `${APP_SIGN_ON}.verificationMethod.constraints[${i}]`;
    checkConstraint(
      constraint,
      Array.isArray(sent) ? member(sent[i]) : undefined,
      path,
      method.factorMode ?? DEFAULT_FACTOR_MODE,
      c,
    );
  });
  return actions;
}

/** The service's words for members a constraint cannot have, and for a malformed duration. */
function messageOf(path: string, e: ErrorObject): string | undefined {
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (e.keyword === 'additionalProperties' && key === 'inherence')
    return 'an inherence constraint cannot be configured';
  if (
    e.keyword === 'additionalProperties' &&
    (POSSESSION_ONLY as readonly string[]).includes(key) &&
    path.includes('.knowledge.')
  ) {
    return 'applies to possession constraints only';
  }
  if (e.keyword === 'pattern' && (e.params as { pattern?: string }).pattern === ISO_DURATION) {
    return 'must be an ISO 8601 duration such as PT2H';
  }
  return undefined;
}

function checkConstraint(
  constraint: VerificationConstraint,
  sent: JsonObject | undefined,
  path: string,
  factorMode: FactorMode,
  c: Check,
): void {
  const present = CONSTRAINT_CLASSES.filter((cls) => constraint[cls] !== undefined);
  if (present.length === 0) c.fail(path, 'must hold a knowledge or a possession constraint');
  const limit = FACTOR_MODE_LIMIT[factorMode];
  if (present.length > limit) {
    c.fail(
      path,
      `holds ${present.length} authenticator-class constraints but factorMode ${factorMode} allows at most ${limit}`,
    );
  }
  for (const cls of present) {
    const props = constraint[cls] as ConstraintProperties;
    const at = `${path}.${cls}`;
    props.types?.forEach((t, i) => {
      belongsToClass((row) => row.type === t, `type ${t}`, `${at}.types[${i}]`, cls, c);
    });
    props.methods?.forEach((m, i) => {
      belongsToClass((row) => row.method === m, `method ${m}`, `${at}.methods[${i}]`, cls, c);
    });
    props.authenticationMethods?.forEach((a, i) => {
      checkAuthenticationMethod(a, `${at}.authenticationMethods[${i}]`, cls, c);
    });
    props.excludedAuthenticationMethods?.forEach((a, i) => {
      checkAuthenticationMethod(a, `${at}.excludedAuthenticationMethods[${i}]`, cls, c);
    });
    if ((props.excludedAuthenticationMethods?.length ?? 0) > 0) {
      if (member(sent, cls)?.required === true)
        c.fail(`${at}.required`, 'must be false when excludedAuthenticationMethods has values');
      props.required = false;
    }
  }
}

/** `{key, method?}` naming a row of the authenticator table whose class matches the constraint. */
function checkAuthenticationMethod(
  { key, method }: AuthenticationMethod,
  path: string,
  cls: ConstraintClass,
  c: Check,
): void {
  const rows = AUTHENTICATOR_METHODS.filter((row) => row.key === key);
  if (rows.length === 0) {
    c.fail(`${path}.key`, `'${key}' is not a known authenticator key`);
  } else if (method === undefined) {
    belongsToClass((row) => row.key === key, `authenticator ${key}`, path, cls, c);
  } else if (!rows.some((row) => row.method === method)) {
    c.fail(`${path}.method`, `must be one of ${rows.map((r) => r.method).join(', ')} for authenticator ${key}`);
  } else {
    belongsToClass((row) => row.key === key && row.method === method, `${key} ${method}`, path, cls, c);
  }
}

/**
 * A type, method or authenticator may only constrain a class that some matching row of the
 * authenticator table has (a knowledge constraint cannot ask for SMS).
 */
function belongsToClass(
  matches: (row: AuthenticatorMethod) => boolean,
  what: string,
  path: string,
  cls: ConstraintClass,
  c: Check,
): boolean {
  if (AUTHENTICATOR_METHODS.some((row) => matches(row) && row.classes.includes(cls))) return true;
  c.fail(path, `${what} is not a ${cls} factor`);
  return false;
}
