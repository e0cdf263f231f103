// Authentication policy (ACCESS_POLICY, identity engine only) and its rules: no policy settings,
// all data in `actions.appSignOn` (an access decision plus an ASSURANCE verification method).
import {
  CONSTRAINT_METHODS,
  CONSTRAINT_TYPES,
  type AppSignOnAction,
  type AuthenticationMethod,
  type ConstraintMethod,
  type ConstraintProperties,
  type ConstraintType,
  type VerificationConstraint,
  type VerificationMethod,
} from '../../rest/types.ts';
import { compact, type Check, type JsonObject } from './check.ts';
import { checkAccess, rejectSettings, singleAction } from './common.ts';
import type { PolicyTypeModule } from './registry.ts';

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

/** Characteristics that only a possession factor has, with the spec's defaults. */
const POSSESSION_DEFAULTS = {
  hardwareProtection: 'OPTIONAL',
  deviceBound: 'OPTIONAL',
  phishingResistant: 'OPTIONAL',
  userPresence: 'REQUIRED',
  userVerification: 'OPTIONAL',
} as const satisfies Partial<ConstraintProperties>;
type PossessionOnly = keyof typeof POSSESSION_DEFAULTS;
const POSSESSION_ONLY = Object.keys(POSSESSION_DEFAULTS) as PossessionOnly[];
const REQUIRED_OR_OPTIONAL = ['REQUIRED', 'OPTIONAL'] as const;

const CONSTRAINT_PROPERTIES = [
  'types',
  'methods',
  ...POSSESSION_ONLY,
  'reauthenticateIn',
  'authenticationMethods',
  'excludedAuthenticationMethods',
  'required',
];

/** An absent factorMode is read as 2FA (any two factor types), the service's own default. */
export const DEFAULT_FACTOR_MODE = '2FA';
/** How many authenticator-class constraints one constraint object may hold. */
const FACTOR_MODE_LIMIT = { '1FA': 1, '2FA': 2 } as const;
type FactorMode = keyof typeof FACTOR_MODE_LIMIT;

/** ISO 8601 duration: P, then at least one dated or timed component (e.g. PT2H, P1D, PT0S). */
const ISO_DURATION = /^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(?:[.,]\d+)?S)?)?$/;

const APP_SIGN_ON = 'actions.appSignOn';

export const accessPolicyModule: PolicyTypeModule = {
  policyType: 'ACCESS_POLICY',
  ruleType: 'ACCESS_POLICY',
  ieOnly: true,
  policyConditions: false,
  maxPolicies: 5000,
  maxRules: 100,
  firstRulePriority: 0,
  defaultRulePriority: 99,
  createsDefaultRule: true,
  descriptionRequiredOnCreate: true,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'an authentication policy'),

  actions: (raw, ctx) => singleAction(raw, ctx.check, 'appSignOn', (value) => appSignOnAction(value, ctx.check)),

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

function appSignOnAction(raw: unknown, c: Check): AppSignOnAction | undefined {
  const obj = c.object(raw, APP_SIGN_ON, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, APP_SIGN_ON, ['access', 'verificationMethod']);
  const access = checkAccess(c, obj.access, `${APP_SIGN_ON}.access`, { required: true });
  const verificationMethod = verificationMethodOf(obj.verificationMethod, `${APP_SIGN_ON}.verificationMethod`, c);
  return access && verificationMethod ? { access, verificationMethod } : undefined;
}

function verificationMethodOf(raw: unknown, path: string, c: Check): VerificationMethod | undefined {
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['type', 'factorMode', 'constraints', 'reauthenticateIn', 'inactivityPeriod']);
  const type = c.enum(obj.type, `${path}.type`, ['ASSURANCE'] as const, { required: true });
  const factorMode = c.enum(obj.factorMode, `${path}.factorMode`, ['1FA', '2FA'] as const) ?? DEFAULT_FACTOR_MODE;
  const reauthenticateIn = duration(obj.reauthenticateIn, `${path}.reauthenticateIn`, c);
  const inactivityPeriod = duration(obj.inactivityPeriod, `${path}.inactivityPeriod`, c);
  const list = c.array(obj.constraints, `${path}.constraints`);
  const constraints = list?.map((e, i) => constraintOf(e, `${path}.constraints[${i}]`, factorMode, c));
  if (!type || constraints?.some((e) => e === undefined)) return undefined;
  return compact<VerificationMethod>({
    type,
    factorMode,
    constraints: constraints as VerificationConstraint[] | undefined,
    reauthenticateIn,
    inactivityPeriod,
  });
}

/**
 * One constraint object: knowledge and/or possession. Each present class is one
 * authenticator-class constraint, and factorMode caps how many one object may hold.
 */
function constraintOf(
  raw: unknown,
  path: string,
  factorMode: FactorMode,
  c: Check,
): VerificationConstraint | undefined {
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  for (const key of Object.keys(obj)) {
    if ((CONSTRAINT_CLASSES as readonly string[]).includes(key)) continue;
    c.fail(
      `${path}.${key}`,
      key === 'inherence' ? 'an inherence constraint cannot be configured' : 'is not a recognized property',
    );
  }
  const present = CONSTRAINT_CLASSES.filter((k) => obj[k] !== undefined && obj[k] !== null);
  if (present.length === 0) c.fail(path, 'must hold a knowledge or a possession constraint');
  const limit = FACTOR_MODE_LIMIT[factorMode];
  if (present.length > limit) {
    c.fail(
      path,
      `holds ${present.length} authenticator-class constraints but factorMode ${factorMode} allows at most ${limit}`,
    );
  }
  const result: VerificationConstraint = {};
  let good = present.length > 0;
  for (const cls of present) {
    const props = constraintProperties(obj[cls], `${path}.${cls}`, cls, c);
    if (props) result[cls] = props;
    else good = false;
  }
  return good ? result : undefined;
}

function constraintProperties(
  raw: unknown,
  path: string,
  cls: ConstraintClass,
  c: Check,
): ConstraintProperties | undefined {
  const obj = c.object(raw, path);
  if (!obj) return undefined;
  c.noUnknown(obj, path, CONSTRAINT_PROPERTIES);
  const before = c.causes.length;

  const types = c.enums(obj.types, `${path}.types`, CONSTRAINT_TYPES);
  types?.forEach((t, i) => {
    belongsToClass((row) => row.type === t, `type ${t}`, `${path}.types[${i}]`, cls, c);
  });
  const methods = c.enums(obj.methods, `${path}.methods`, CONSTRAINT_METHODS);
  methods?.forEach((m, i) => {
    belongsToClass((row) => row.method === m, `method ${m}`, `${path}.methods[${i}]`, cls, c);
  });

  const characteristics = possessionCharacteristics(obj, path, cls, c);
  const reauthenticateIn = duration(obj.reauthenticateIn, `${path}.reauthenticateIn`, c);
  const authenticationMethods = authenticationMethodList(
    obj.authenticationMethods,
    `${path}.authenticationMethods`,
    cls,
    c,
  );
  const excluded = authenticationMethodList(
    obj.excludedAuthenticationMethods,
    `${path}.excludedAuthenticationMethods`,
    cls,
    c,
  );

  // `required` is always returned: false once a deny list is given, true otherwise unless sent.
  const sentRequired = c.boolean(obj.required, `${path}.required`);
  const excludes = (excluded?.length ?? 0) > 0;
  if (excludes && sentRequired === true)
    c.fail(`${path}.required`, 'must be false when excludedAuthenticationMethods has values');
  const required = excludes ? false : (sentRequired ?? true);

  if (c.causes.length > before) return undefined;
  return compact<ConstraintProperties>({
    types,
    methods,
    ...characteristics,
    reauthenticateIn,
    authenticationMethods,
    excludedAuthenticationMethods: excluded,
    required,
  });
}

/** Possession: the five characteristics with their defaults. Knowledge: none may be sent. */
function possessionCharacteristics(
  obj: JsonObject,
  path: string,
  cls: ConstraintClass,
  c: Check,
): Partial<ConstraintProperties> {
  const out: Partial<Record<PossessionOnly, 'REQUIRED' | 'OPTIONAL'>> = {};
  for (const key of POSSESSION_ONLY) {
    if (cls === 'knowledge') {
      if (obj[key] !== undefined && obj[key] !== null)
        c.fail(`${path}.${key}`, 'applies to possession constraints only');
      continue;
    }
    out[key] = c.enum(obj[key], `${path}.${key}`, REQUIRED_OR_OPTIONAL) ?? POSSESSION_DEFAULTS[key];
  }
  return out;
}

function authenticationMethodList(
  raw: unknown,
  path: string,
  cls: ConstraintClass,
  c: Check,
): AuthenticationMethod[] | undefined {
  const list = c.array(raw, path);
  if (!list) return undefined;
  const entries = list.map((e, i) => authenticationMethodOf(e, `${path}[${i}]`, cls, c));
  return entries.some((e) => e === undefined) ? undefined : (entries as AuthenticationMethod[]);
}

/** `{key, method?}` naming a row of the authenticator table whose class matches the constraint. */
function authenticationMethodOf(
  raw: unknown,
  path: string,
  cls: ConstraintClass,
  c: Check,
): AuthenticationMethod | undefined {
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['key', 'method']);
  const key = c.string(obj.key, `${path}.key`, { required: true, nonEmpty: true });
  const method = c.string(obj.method, `${path}.method`, { nonEmpty: true });
  if (key === undefined) return undefined;
  const rows = AUTHENTICATOR_METHODS.filter((row) => row.key === key);
  if (rows.length === 0) return void c.fail(`${path}.key`, `'${key}' is not a known authenticator key`);
  if (method !== undefined) {
    if (!rows.some((row) => row.method === method)) {
      return void c.fail(
        `${path}.method`,
        `must be one of ${rows.map((r) => r.method).join(', ')} for authenticator ${key}`,
      );
    }
    if (!belongsToClass((row) => row.key === key && row.method === method, `${key} ${method}`, path, cls, c))
      return undefined;
  } else if (!belongsToClass((row) => row.key === key, `authenticator ${key}`, path, cls, c)) {
    return undefined;
  }
  return compact<AuthenticationMethod>({ key, method });
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

function duration(raw: unknown, path: string, c: Check): string | undefined {
  return c.string(raw, path, { pattern: ISO_DURATION, patternText: 'must be an ISO 8601 duration such as PT2H' });
}
