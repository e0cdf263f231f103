// Profile enrollment policy (PROFILE_ENROLLMENT, identity engine only): self-service registration
// and progressive profiling. No policy settings, no conditions, a single (default) rule whose
// `actions.profileEnrollment` is edited in place.
import { RULE_ACTIONS, profileEnrollmentPolicyType } from '../../rest/contract/policyTypes.ts';
import type { ProfileAttribute, RuleActions } from '../../rest/types.ts';
import { type Check, member } from '../common/check.ts';
import { checkReferences, rejectSettings } from './common.ts';
import { checkContract } from './contractCheck.ts';
import { newId } from '../common/ids.ts';
import { contractFacts, type PolicyTypeModule, type RuleValidationContext } from './registry.ts';

const PATH = 'actions.profileEnrollment';
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
  ...contractFacts(profileEnrollmentPolicyType),
  defaultPolicyName: 'Default Policy',
  mapped: true,
  policyConditions: false,
  descriptionRequiredOnCreate: true,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'a profile enrollment policy'),

  actions: profileEnrollmentActions,

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

/**
 * The shape, limits and defaults come from the contract (absent nullable lists are answered as
 * null). The spec's other rules: access cannot go back to DENY, attribute names appear once and the
 * base attributes stay as stored, target groups exist, `password` is listed once, and the
 * service owns the UI schema id.
 */
function profileEnrollmentActions(raw: unknown, ctx: RuleValidationContext): RuleActions {
  const c = ctx.check;
  if (raw === undefined || raw === null) {
    c.fail('actions', 'is required');
    return {};
  }
  const sent = member(raw, 'profileEnrollment');
  const stored = ctx.existing?.actions.profileEnrollment;
  const uiSchemaId = sent ? uiSchemaIdOf(sent.uiSchemaId, stored?.uiSchemaId, c) : undefined;
  const action = checkContract<RuleActions>(RULE_ACTIONS.PROFILE_ENROLLMENT, raw, 'actions', c)?.profileEnrollment;
  if (!action || uiSchemaId === undefined) return {};
  if (action.access === 'DENY' && stored?.access === 'ALLOW') {
    c.fail(`${PATH}.access`, 'cannot be changed to DENY once the policy allows access');
  }
  const { profileAttributes, targetGroupIds, enrollAuthenticators } = action;
  profileAttributes.forEach(({ name }, i) => {
    if (profileAttributes.findIndex((a) => a.name === name) < i) {
      c.fail(`${PATH}.profileAttributes[${i}].name`, `'${name}' is already on the form`);
    }
  });
  if (stored) keepBaseAttributes(profileAttributes, stored.profileAttributes, c);
  if (targetGroupIds) {
    checkReferences(c, targetGroupIds, `${PATH}.targetGroupIds`, (id) => ctx.org.hasGroup(id), 'group');
  }
  if (enrollAuthenticators && new Set(enrollAuthenticators).size < enrollAuthenticators.length) {
    c.fail(`${PATH}.enrollAuthenticators`, 'must not repeat a value');
  }
  const { access, activationRequirements, preRegistrationInlineHooks, allowedIdentifiers, unknownUserAction } = action;
  return {
    profileEnrollment: {
      access,
      activationRequirements,
      preRegistrationInlineHooks,
      allowedIdentifiers,
      profileAttributes,
      targetGroupIds,
      unknownUserAction,
      uiSchemaId,
      enrollAuthenticators,
    },
  };
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
  const sent = raw === undefined || raw === null ? undefined : raw;
  if (stored === undefined) {
    if (typeof sent === 'string' && sent.trim() !== '') c.fail(path, 'is created by the service and cannot be set');
    return newUiSchemaId();
  }
  if (sent === undefined) c.fail(path, 'is required: every update must send the uiSchemaId of the rule');
  else if (typeof sent === 'string' && sent.trim() !== '' && sent !== stored) {
    c.fail(path, `must be the rule's uiSchemaId '${stored}'`);
  }
  return stored;
}
