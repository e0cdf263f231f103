// GraphQL inputs to REST bodies. Input field names are the REST names, so a body is the input with
// GraphQL's explicit nulls left out (null in an input means "not sent"); the @oneOf inputs (app
// condition entries, the simulation context's groups) are turned into their REST shapes. The types
// below make the compiler check that every input object matches its wire type; only the flattened
// action items (entity risk, continuous access), whose GraphQL type is wider than the wire type, are
// passed as sent, for the service to validate.
import type * as Wire from '../../rest/types.ts';
import { type WithoutNulls, withoutNulls } from '../../rest/values.ts';
import type { PolicyPatch, PolicyRulePatch } from '../../upstream/updates.ts';
import type {
  AccessSimulationInput,
  AppConditionEntryInput,
  CreateUserTypeInput,
  PolicyConditionsInput,
  PolicyInput,
  PolicyRuleActionsInput,
  PolicyRuleInput,
  PolicyConditionsUpdateInput,
  PolicyRuleActionsUpdateInput,
  ReplaceUserTypeInput,
  UpdatePolicyInput,
  UpdatePolicyRuleInput,
  UpdateUserTypeInput,
} from '../../generated/graphql.ts';

export function toPolicyBody(input: PolicyInput): Wire.PolicyInput {
  const { conditions, ...rest } = withoutNulls(input);
  const body: Wire.PolicyInput = rest;
  if (conditions) body.conditions = toConditions(conditions);
  return body;
}

export function toRuleBody(input: PolicyRuleInput): Wire.PolicyRuleInput {
  const { conditions, actions, ...rest } = withoutNulls(input);
  const body: Wire.PolicyRuleInput = rest;
  if (conditions) body.conditions = toConditions(conditions);
  if (actions) body.actions = toActions(actions);
  return body;
}

/** A partial policy update as a merge patch: explicit nulls are kept (they clear a member). */
export function toPolicyPatch(input: UpdatePolicyInput): PolicyPatch {
  const { conditions, ...rest } = input;
  const patch: PolicyPatch = rest;
  if (conditions !== undefined) patch.conditions = conditions && toConditionsPatch(conditions);
  return patch;
}

export function toRulePatch(input: UpdatePolicyRuleInput): PolicyRulePatch {
  const { conditions, actions, ...rest } = input;
  const patch: PolicyRulePatch = rest;
  if (conditions !== undefined) patch.conditions = conditions && toConditionsPatch(conditions);
  if (actions !== undefined) patch.actions = actions && toActionsPatch(actions);
  return patch;
}

/** The app entries of a patch become REST entries like those of a full body. */
function toConditionsPatch(input: PolicyConditionsUpdateInput): NonNullable<PolicyPatch['conditions']> {
  const { app, ...rest } = input;
  const patch: NonNullable<PolicyPatch['conditions']> = rest;
  // A list left out stays undefined (kept), an explicit null stays null (cleared).
  const entries = (list: AppConditionEntryInput[] | null | undefined) =>
    list == null ? list : list.map((e) => toAppEntry(withoutNulls(e)));
  if (app !== undefined) patch.app = app && { include: entries(app.include), exclude: entries(app.exclude) };
  return patch;
}

/** The members whose GraphQL type is wider than the wire type are passed as sent, as in a full body. */
function toActionsPatch(input: PolicyRuleActionsUpdateInput): NonNullable<PolicyRulePatch['actions']> {
  return input as NonNullable<PolicyRulePatch['actions']>;
}

function toConditions(input: WithoutNulls<PolicyConditionsInput>): Wire.Conditions {
  const { app, ...rest } = input;
  const conditions: Wire.Conditions = rest;
  if (app) conditions.app = { include: app.include.map(toAppEntry), exclude: app.exclude.map(toAppEntry) };
  return conditions;
}

/**
 * The input path of a field the service names by its REST path: the same path except inside an app
 * condition entry, whose REST `id` is the input's `app`, `name` its `appType` (and `type` the entry itself).
 */
const APP_ENTRY_MEMBERS = new Map([
  ['id', ['app']],
  ['name', ['appType']],
  ['type', []],
]);

export function inputPathOfWirePath(path: string[]): string[] {
  const entry = path.findIndex(
    (s, i) => s === 'app' && /^(include|exclude)$/.test(path[i + 1] ?? '') && /^\d+$/.test(path[i + 2] ?? ''),
  );
  if (entry < 0 || path.length !== entry + 4) return path;
  const member = APP_ENTRY_MEMBERS.get(path[entry + 3]);
  return member ? [...path.slice(0, entry + 3), ...member] : path;
}

/** `{app}` is `{type: APP, id}`, `{appType}` is `{type: APP_TYPE, name}` (@oneOf: exactly one is set). */
function toAppEntry(entry: WithoutNulls<AppConditionEntryInput>): Wire.AppConditionEntry {
  return entry.app !== undefined ? { type: 'APP', id: entry.app } : { type: 'APP_TYPE', name: entry.appType ?? '' };
}

function toActions(input: WithoutNulls<PolicyRuleActionsInput>): Wire.RuleActions {
  const { appSignOn, entityRisk, continuousAccess, ...rest } = input;
  const actions: Wire.RuleActions = rest;
  if (appSignOn) actions.appSignOn = appSignOn;
  if (entityRisk) actions.entityRisk = { actions: entityRisk.actions as Wire.EntityRiskActionItem[] };
  if (continuousAccess) {
    actions.continuousAccess = {
      failureActions: continuousAccess.failureActions as Wire.ContinuousAccessFailureAction[],
    };
  }
  return actions;
}

/** The grouped one-of members (`subject`, `network`) are flattened back into the REST `policyContext`. */
export function toSimulationBody(input: AccessSimulationInput): Wire.SimulationRequest {
  const { policyContext, ...rest } = withoutNulls(input);
  const { subject, network, ...context } = policyContext;
  return { ...rest, policyContext: { ...subject, ...network, ...context } };
}

/** Where a REST `policyContext` member lives in the input: `user`/`groups` under `subject`, `ip`/`zones` under `network`. */
export const SIMULATION_CONTEXT_GROUPS: Record<string, string> = {
  user: 'subject',
  groups: 'subject',
  ip: 'network',
  zones: 'network',
};

export function toCreateUserTypeBody(input: CreateUserTypeInput): Wire.CreateUserTypeInput {
  return withoutNulls(input);
}

export function toReplaceUserTypeBody(input: ReplaceUserTypeInput): Wire.ReplaceUserTypeInput {
  return withoutNulls(input);
}

export function toUpdateUserTypeBody(input: UpdateUserTypeInput): Wire.UpdateUserTypeInput {
  return withoutNulls(input);
}
