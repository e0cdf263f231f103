// Continuous access evaluation policy (CONTINUOUS_ACCESS, identity engine only): what to do when a
// session re-evaluation fails. No policy settings; rules carry `actions.continuousAccess`.
import { RULE_ACTIONS, continuousAccessPolicyType } from '../../rest/contract/policyTypes.ts';
import type { Conditions, RuleActions, SloSettings } from '../../rest/types.ts';
import type { Check } from '../common/check.ts';
import { checkReferences, rejectSettings } from './common.ts';
import { checkContract } from './contractCheck.ts';
import { onceEach } from './entityRisk.ts';
import { contractFacts, type PolicyTypeModule, type RuleValidationContext } from './registry.ts';

const PATH = 'actions.continuousAccess';

/** A session event is re-evaluated for its user: only the people condition can scope a rule. */
const CONTINUOUS_ACCESS_CONDITIONS: readonly (keyof Conditions)[] = ['people'];

export const continuousAccessModule: PolicyTypeModule = {
  ...contractFacts(continuousAccessPolicyType),
  defaultPolicyName: 'Continuous Access Evaluation Policy',
  mapped: false,
  policyConditions: false,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'a continuous access evaluation policy'),

  // The spec: rule `actions` are optional and "`actions.continuousAccess.failureActions` (array,
  // required, default empty)": the contract fills the empty list (log only) in a rule sent without actions.
  actions(raw, ctx) {
    const actions = checkContract<RuleActions>(RULE_ACTIONS.CONTINUOUS_ACCESS, raw, 'actions', ctx.check);
    const path = `${PATH}.failureActions`;
    const items = actions?.continuousAccess?.failureActions ?? [];
    onceEach(items, path, ctx.check);
    items.forEach((item, i) => {
      if (item.action === 'TERMINATE_SESSION') item.slo = sloOf(item.slo, `${path}[${i}].slo`, ctx);
    });
    return actions ?? {};
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

/**
 * Single logout settings. SPECIFIC names the apps to sign out of: at least one, each an app of
 * the org, none twice. NONE and ALL name no apps, and appInstanceIds is returned as null.
 */
function sloOf(slo: SloSettings, path: string, ctx: RuleValidationContext): SloSettings {
  const c: Check = ctx.check;
  const { appSelectionMode } = slo;
  const idsPath = `${path}.appInstanceIds`;
  const ids = slo.appInstanceIds ?? [];
  if (appSelectionMode !== 'SPECIFIC') {
    if (ids.length > 0) c.fail(idsPath, `is only allowed when appSelectionMode is SPECIFIC (got ${appSelectionMode})`);
    return { appSelectionMode, appInstanceIds: null };
  }
  if (slo.appInstanceIds === undefined || slo.appInstanceIds === null) c.fail(idsPath, 'is required');
  else if (ids.length === 0) c.fail(idsPath, 'must hold at least 1 element(s)');
  checkReferences(c, ids, idsPath, (id) => ctx.org.hasApp(id), 'application');
  ids.forEach((id, i) => {
    if (ids.indexOf(id) < i) c.fail(`${idsPath}[${i}]`, `application '${id}' is already listed`);
  });
  return slo;
}
