// Profile enrollment policy (PROFILE_ENROLLMENT, identity engine only): self-service registration
// and progressive profiling. No policy settings, no conditions, a single (default) rule whose
// `actions.profileEnrollment` is edited in place.
import type { ProfileAttribute, ProfileEnrollmentAction } from '../../rest/types.ts';
import { compact, type Check } from './check.ts';
import { checkAccess, checkReferences, rejectSettings, singleAction } from './common.ts';
import { newId } from '../org/ids.ts';
import type { PolicyTypeModule, RuleValidationContext } from './registry.ts';

const PATH = 'actions.profileEnrollment';
const MEMBERS = [
  'access',
  'activationRequirements',
  'preRegistrationInlineHooks',
  'allowedIdentifiers',
  'profileAttributes',
  'targetGroupIds',
  'unknownUserAction',
  'uiSchemaId',
  'enrollAuthenticators',
];
const MAX_PROFILE_ATTRIBUTES = 10;
const MAX_TARGET_GROUPS = 1;
const MAX_INLINE_HOOKS = 1;
const DEFAULT_ALLOWED_IDENTIFIERS = ['login'];

/** Base attributes of the default user profile: once on the form they cannot be changed or removed. */
export const BASE_PROFILE_ATTRIBUTES: readonly ProfileAttribute[] = [
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name', required: true },
];

/** The UI schema behind the enrollment form is the service's to create; its id is opaque. */
export function newUiSchemaId(): string {
  return newId('uis');
}

export const profileEnrollmentModule: PolicyTypeModule = {
  policyType: 'PROFILE_ENROLLMENT',
  ruleType: 'PROFILE_ENROLLMENT',
  ieOnly: true,
  policyConditions: false,
  maxPolicies: 500,
  maxRules: 1,
  firstRulePriority: 1,
  createsDefaultRule: true,
  descriptionRequiredOnCreate: true,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'a profile enrollment policy'),

  actions: (raw, ctx) =>
    singleAction(raw, ctx.check, 'profileEnrollment', (value) => profileEnrollmentAction(value, ctx)),

  ruleConditions(conditions, ctx) {
    if (conditions !== null && Object.keys(conditions).length > 0) {
      ctx.check.fail('conditions', 'profile enrollment rules do not support conditions');
    }
  },

  // What a new policy's form holds: the attributes the default user profile requires, with
  // registration of unknown users off until an administrator turns it on.
  defaultRule: () => ({
    name: 'Catch-all Rule',
    conditions: null,
    actions: {
      profileEnrollment: {
        access: 'ALLOW',
        activationRequirements: { emailVerification: true },
        preRegistrationInlineHooks: null,
        allowedIdentifiers: [...DEFAULT_ALLOWED_IDENTIFIERS],
        profileAttributes: [
          { name: 'email', label: 'Email', required: true },
          ...BASE_PROFILE_ATTRIBUTES.map((a) => ({ ...a })),
        ],
        targetGroupIds: null,
        unknownUserAction: 'DENY',
        uiSchemaId: newUiSchemaId(),
        enrollAuthenticators: null,
      },
    },
  }),
};

function profileEnrollmentAction(raw: unknown, ctx: RuleValidationContext): ProfileEnrollmentAction | undefined {
  const c = ctx.check;
  const obj = c.object(raw, PATH, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, PATH, MEMBERS);
  const stored = ctx.existing?.actions.profileEnrollment;
  const before = c.causes.length;

  const access = checkAccess(c, obj.access, `${PATH}.access`, { required: true });
  if (access === 'DENY' && stored?.access === 'ALLOW') {
    c.fail(`${PATH}.access`, 'cannot be changed to DENY once the policy allows access');
  }
  const activationRequirements = activationRequirementsOf(obj.activationRequirements, c);
  const preRegistrationInlineHooks = inlineHooks(obj.preRegistrationInlineHooks, c);
  const allowedIdentifiers = c.strings(obj.allowedIdentifiers, `${PATH}.allowedIdentifiers`) ?? [
    ...DEFAULT_ALLOWED_IDENTIFIERS,
  ];
  allowedIdentifiers.forEach((id, i) => {
    if (id.trim() === '') c.fail(`${PATH}.allowedIdentifiers[${i}]`, 'must not be empty');
  });
  const profileAttributes = profileAttributesOf(obj.profileAttributes, c);
  if (profileAttributes && stored) keepBaseAttributes(profileAttributes, stored.profileAttributes, c);

  const targetGroupIds =
    c.strings(obj.targetGroupIds, `${PATH}.targetGroupIds`, { nullable: true, max: MAX_TARGET_GROUPS }) ?? null;
  if (targetGroupIds)
    checkReferences(c, targetGroupIds, `${PATH}.targetGroupIds`, (id) => ctx.org.hasGroup(id), 'group');
  const unknownUserAction = c.enum(obj.unknownUserAction, `${PATH}.unknownUserAction`, ['DENY', 'REGISTER'] as const, {
    required: true,
  });
  const uiSchemaId = uiSchemaIdOf(obj.uiSchemaId, stored?.uiSchemaId, c);
  const enrollAuthenticators =
    c.enums(obj.enrollAuthenticators, `${PATH}.enrollAuthenticators`, ['password'] as const, { nullable: true }) ??
    null;
  if (enrollAuthenticators && new Set(enrollAuthenticators).size < enrollAuthenticators.length) {
    c.fail(`${PATH}.enrollAuthenticators`, 'must not repeat a value');
  }

  if (c.causes.length > before || !access || !activationRequirements || !profileAttributes || !unknownUserAction)
    return undefined;
  return {
    access,
    activationRequirements,
    preRegistrationInlineHooks,
    allowedIdentifiers,
    profileAttributes,
    targetGroupIds,
    unknownUserAction,
    uiSchemaId,
    enrollAuthenticators,
  };
}

/** The object is required; its one boolean defaults to false. */
function activationRequirementsOf(
  raw: unknown,
  c: Check,
): ProfileEnrollmentAction['activationRequirements'] | undefined {
  const path = `${PATH}.activationRequirements`;
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['emailVerification']);
  return { emailVerification: c.boolean(obj.emailVerification, `${path}.emailVerification`) ?? false };
}

/** At most one `{inlineHookId}`; absent is returned as null. */
function inlineHooks(raw: unknown, c: Check): ProfileEnrollmentAction['preRegistrationInlineHooks'] {
  const path = `${PATH}.preRegistrationInlineHooks`;
  const list = c.array(raw, path, { nullable: true, max: MAX_INLINE_HOOKS });
  if (!list) return null;
  return list.flatMap((e, i) => {
    const obj = c.object(e, `${path}[${i}]`, { required: true });
    if (!obj) return [];
    c.noUnknown(obj, `${path}[${i}]`, ['inlineHookId']);
    const inlineHookId = c.string(obj.inlineHookId, `${path}[${i}].inlineHookId`, { required: true, nonEmpty: true });
    return inlineHookId === undefined ? [] : [{ inlineHookId }];
  });
}

function profileAttributesOf(raw: unknown, c: Check): ProfileAttribute[] | undefined {
  const path = `${PATH}.profileAttributes`;
  const list = c.array(raw, path, { required: true, max: MAX_PROFILE_ATTRIBUTES });
  if (!list) return undefined;
  const seen = new Set<string>();
  const attributes = list.map((e, i): ProfileAttribute | undefined => {
    const at = `${path}[${i}]`;
    const obj = c.object(e, at, { required: true });
    if (!obj) return undefined;
    c.noUnknown(obj, at, ['name', 'label', 'required']);
    const name = c.string(obj.name, `${at}.name`, { required: true, nonEmpty: true });
    const label = c.string(obj.label, `${at}.label`, { required: true, nonEmpty: true });
    const required = c.boolean(obj.required, `${at}.required`) ?? false;
    if (name !== undefined) {
      if (seen.has(name)) c.fail(`${at}.name`, `'${name}' is already on the form`);
      seen.add(name);
    }
    return name !== undefined && label !== undefined ? compact({ name, label, required }) : undefined;
  });
  return attributes.some((a) => a === undefined) ? undefined : (attributes as ProfileAttribute[]);
}

/**
 * The base attributes firstName and lastName of the default user profile cannot be updated or
 * deleted: whichever of them the stored form holds must come back with the same label and flag.
 */
function keepBaseAttributes(sent: ProfileAttribute[], stored: ProfileAttribute[], c: Check): void {
  const path = `${PATH}.profileAttributes`;
  for (const { name } of BASE_PROFILE_ATTRIBUTES) {
    const was = stored.find((a) => a.name === name);
    if (!was) continue;
    const index = sent.findIndex((a) => a.name === name);
    if (index < 0) {
      c.fail(path, `${name} is a base attribute of the default user profile and cannot be deleted`);
      continue;
    }
    const now = sent[index];
    if (now.label !== was.label || (now.required ?? false) !== (was.required ?? false)) {
      c.fail(`${path}[${index}]`, `${name} is a base attribute of the default user profile and cannot be updated`);
    }
  }
}

/**
 * The service creates the id; once the stored rule has one, every update must send it unchanged.
 * A rule without one (never the case for rules this service created) gets one on its first save.
 */
function uiSchemaIdOf(raw: unknown, stored: string | undefined, c: Check): string {
  const path = `${PATH}.uiSchemaId`;
  const sent = c.string(raw, path, { nonEmpty: true });
  if (stored === undefined) {
    if (sent !== undefined) c.fail(path, 'is created by the service and cannot be set');
    return newUiSchemaId();
  }
  if (raw === undefined || raw === null) c.fail(path, 'is required: every update must send the uiSchemaId of the rule');
  else if (sent !== undefined && sent !== stored) c.fail(path, `must be the rule's uiSchemaId '${stored}'`);
  return stored;
}
