// Entity risk policy (ENTITY_RISK, identity engine only): what to do when a risk event is detected
// for a user. No policy settings; rules carry `actions.entityRisk.actions`.
import type { Conditions, EntityRiskActionItem } from '../../rest/types.ts';
import type { Check } from './check.ts';
import { rejectSettings } from './common.ts';
import type { PolicyTypeModule } from './registry.ts';

const PATH = 'actions.entityRisk';

/**
 * A risk event carries a user and the detected risk, not a sign-in context, so only the people,
 * entity risk level and detection type conditions can apply to it.
 */
const ENTITY_RISK_CONDITIONS: readonly (keyof Conditions)[] = ['people', 'entityRisk', 'riskDetectionTypes'];

export const entityRiskModule: PolicyTypeModule = {
  policyType: 'ENTITY_RISK',
  ruleType: 'ENTITY_RISK',
  ieOnly: true,
  policyConditions: false,
  firstRulePriority: 1,
  createsDefaultRule: false,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'an entity risk policy'),

  // The spec: rule `actions` are optional and "`actions.entityRisk.actions` (array, required, default
  // empty)": a rule sent without actions gets the empty list (log only).
  actions(raw, ctx) {
    const c = ctx.check;
    const actions = c.object(raw, 'actions') ?? {};
    c.noUnknown(actions, 'actions', ['entityRisk']);
    const obj = c.object(actions.entityRisk, PATH) ?? {};
    c.noUnknown(obj, PATH, ['actions']);
    const items = entityRiskActions(obj.actions, `${PATH}.actions`, c);
    return items ? { entityRisk: { actions: items } } : {};
  },

  ruleConditions(conditions, ctx) {
    for (const key of Object.keys(conditions ?? {})) {
      if (!ENTITY_RISK_CONDITIONS.includes(key as keyof Conditions)) {
        ctx.check.fail(
          `conditions.${key}`,
          `is not supported by entity risk rules (supported: ${ENTITY_RISK_CONDITIONS.join(', ')})`,
        );
      }
    }
  },

  // Log the risk event and do nothing else.
  defaultRule: () => ({
    name: 'Catch-all Rule',
    conditions: null,
    actions: { entityRisk: { actions: [] } },
  }),
};

/**
 * The list of responses; absent means the default, an empty list (log only). Each kind of action
 * may appear once: a second TERMINATE_ALL_SESSIONS or RUN_WORKFLOW would do nothing more.
 */
function entityRiskActions(raw: unknown, path: string, c: Check): EntityRiskActionItem[] | undefined {
  const list = c.array(raw, path) ?? [];
  const seen = new Set<string>();
  const items = list.map((e, i): EntityRiskActionItem | undefined => {
    const at = `${path}[${i}]`;
    const obj = c.object(e, at, { required: true });
    if (!obj) return undefined;
    const action = c.enum(obj.action, `${at}.action`, ['TERMINATE_ALL_SESSIONS', 'RUN_WORKFLOW'] as const, {
      required: true,
    });
    if (action && seen.has(action)) c.fail(`${at}.action`, `${action} is already listed`);
    if (action) seen.add(action);
    if (action === 'TERMINATE_ALL_SESSIONS') {
      c.noUnknown(obj, at, ['action']);
      return { action };
    }
    if (action === 'RUN_WORKFLOW') {
      c.noUnknown(obj, at, ['action', 'workflow']);
      const id = workflowId(obj.workflow, `${at}.workflow`, c);
      return id === undefined ? undefined : { action, workflow: { id } };
    }
    return undefined;
  });
  return items.some((e) => e === undefined) ? undefined : (items as EntityRiskActionItem[]);
}

/** `workflow: {id}` with the id required (workflows live outside this service, so any id is taken). */
export function workflowId(raw: unknown, path: string, c: Check): string | undefined {
  const obj = c.object(raw, path, { required: true });
  if (!obj) return undefined;
  c.noUnknown(obj, path, ['id']);
  return c.string(obj.id, `${path}.id`, { required: true, nonEmpty: true });
}
