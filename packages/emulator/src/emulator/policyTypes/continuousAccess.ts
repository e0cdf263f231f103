// Continuous access evaluation policy (CONTINUOUS_ACCESS, identity engine only): what to do when a
// session re-evaluation fails. No policy settings; rules carry `actions.continuousAccess`.
import type { Conditions, ContinuousAccessFailureAction, SloSettings } from '../../rest/types.ts';
import type { Check } from './check.ts';
import { checkReferences, rejectSettings } from './common.ts';
import { workflowId } from './entityRisk.ts';
import type { PolicyTypeModule, RuleValidationContext } from './registry.ts';

const PATH = 'actions.continuousAccess';

/** A session event is re-evaluated for its user: only the people condition can scope a rule. */
const CONTINUOUS_ACCESS_CONDITIONS: readonly (keyof Conditions)[] = ['people'];

export const continuousAccessModule: PolicyTypeModule = {
  policyType: 'CONTINUOUS_ACCESS',
  ruleType: 'CONTINUOUS_ACCESS',
  ieOnly: true,
  policyConditions: false,
  firstRulePriority: 1,
  createsDefaultRule: false,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'a continuous access evaluation policy'),

  // The spec: rule `actions` are optional and "`actions.continuousAccess.failureActions` (array,
  // required, default empty)": a rule sent without actions gets the empty list (log only).
  actions(raw, ctx) {
    const c = ctx.check;
    const actions = c.object(raw, 'actions') ?? {};
    c.noUnknown(actions, 'actions', ['continuousAccess']);
    const obj = c.object(actions.continuousAccess, PATH) ?? {};
    c.noUnknown(obj, PATH, ['failureActions']);
    const failureActions = failureActionsOf(obj.failureActions, `${PATH}.failureActions`, ctx);
    return failureActions ? { continuousAccess: { failureActions } } : {};
  },

  ruleConditions(conditions, ctx) {
    for (const key of Object.keys(conditions ?? {})) {
      if (!CONTINUOUS_ACCESS_CONDITIONS.includes(key as keyof Conditions)) {
        ctx.check.fail(
          `conditions.${key}`,
          `is not supported by continuous access evaluation rules (supported: ${CONTINUOUS_ACCESS_CONDITIONS.join(', ')})`,
        );
      }
    }
  },

  // Log the failed re-evaluation and do nothing else.
  defaultRule: () => ({
    name: 'Catch-all Rule',
    conditions: null,
    actions: { continuousAccess: { failureActions: [] } },
  }),
};

/** Absent means the default, an empty list (log only). Each kind of action may appear once. */
function failureActionsOf(
  raw: unknown,
  path: string,
  ctx: RuleValidationContext,
): ContinuousAccessFailureAction[] | undefined {
  const c = ctx.check;
  const list = c.array(raw, path) ?? [];
  const seen = new Set<string>();
  const items = list.map((e, i): ContinuousAccessFailureAction | undefined => {
    const at = `${path}[${i}]`;
    const obj = c.object(e, at, { required: true });
    if (!obj) return undefined;
    const action = c.enum(obj.action, `${at}.action`, ['TERMINATE_SESSION', 'RUN_WORKFLOW'] as const, {
      required: true,
    });
    if (action && seen.has(action)) c.fail(`${at}.action`, `${action} is already listed`);
    if (action) seen.add(action);
    if (action === 'TERMINATE_SESSION') {
      c.noUnknown(obj, at, ['action', 'slo']);
      const slo = sloOf(obj.slo, `${at}.slo`, ctx);
      return slo ? { action, slo } : undefined;
    }
    if (action === 'RUN_WORKFLOW') {
      c.noUnknown(obj, at, ['action', 'workflow']);
      const id = workflowId(obj.workflow, `${at}.workflow`, c);
      return id === undefined ? undefined : { action, workflow: { id } };
    }
    return undefined;
  });
  return items.some((e) => e === undefined) ? undefined : (items as ContinuousAccessFailureAction[]);
}

/**
 * Single logout settings. SPECIFIC names the apps to sign out of: at least one, each an app of
 * the org, none twice. NONE and ALL name no apps, and appInstanceIds is returned as null.
 */
function sloOf(raw: unknown, path: string, ctx: RuleValidationContext): SloSettings | undefined {
  const c: Check = ctx.check;
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['appSelectionMode', 'appInstanceIds']);
  const appSelectionMode = c.enum(
    obj.appSelectionMode,
    `${path}.appSelectionMode`,
    ['SPECIFIC', 'NONE', 'ALL'] as const,
    { required: true },
  );
  const idsPath = `${path}.appInstanceIds`;
  if (appSelectionMode !== 'SPECIFIC') {
    const sent = obj.appInstanceIds;
    const empty = sent === undefined || sent === null || (Array.isArray(sent) && sent.length === 0);
    if (!empty && appSelectionMode)
      c.fail(idsPath, `is only allowed when appSelectionMode is SPECIFIC (got ${appSelectionMode})`);
    return appSelectionMode ? { appSelectionMode, appInstanceIds: null } : undefined;
  }
  const ids = c.strings(obj.appInstanceIds, idsPath, { required: true, min: 1 });
  if (!ids) return undefined;
  checkReferences(c, ids, idsPath, (id) => ctx.org.hasApp(id), 'application');
  ids.forEach((id, i) => {
    if (ids.indexOf(id) < i) c.fail(`${idsPath}[${i}]`, `application '${id}' is already listed`);
  });
  return { appSelectionMode, appInstanceIds: ids };
}
