// Entity risk policy (ENTITY_RISK, identity engine only): what to do when a risk event is detected
// for a user. No policy settings; rules carry `actions.entityRisk.actions`.
import { RULE_ACTIONS, entityRiskPolicyType } from '../../rest/contract/policyTypes.ts';
import type { Conditions, RuleActions } from '../../rest/types.ts';
import type { Check } from '../common/check.ts';
import { rejectSettings } from './common.ts';
import { checkContract } from './contractCheck.ts';
import { contractFacts, type PolicyTypeModule } from './registry.ts';

const PATH = 'actions.entityRisk';

/**
 * A risk event carries a user and the detected risk, not a sign-in context, so only the people,
 * entity risk level and detection type conditions can apply to it.
 */
const ENTITY_RISK_CONDITIONS: readonly (keyof Conditions)[] = ['people', 'entityRisk', 'riskDetectionTypes'];

export const entityRiskModule: PolicyTypeModule = {
  ...contractFacts(entityRiskPolicyType),
  defaultPolicyName: 'Entity Risk Policy',
  mapped: false,
  policyConditions: false,
  defaultRuleReadOnly: () => false,

  settings: (raw, ctx) => rejectSettings(raw, ctx.check, 'an entity risk policy'),

  // The spec: rule `actions` are optional and "`actions.entityRisk.actions` (array, required, default
  // empty)": the contract fills the empty list (log only) in a rule sent without actions.
  actions(raw, ctx) {
    const actions = checkContract<RuleActions>(RULE_ACTIONS.ENTITY_RISK, raw, 'actions', ctx.check);
    if (actions) onceEach(actions.entityRisk?.actions ?? [], `${PATH}.actions`, ctx.check);
    return actions ?? {};
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

/** Each kind of action may appear once: a second TERMINATE_ALL_SESSIONS or RUN_WORKFLOW would do nothing more. */
export function onceEach(items: readonly { action: string }[], path: string, c: Check): void {
  items.forEach(({ action }, i) => {
    if (items.findIndex((e) => e.action === action) < i) c.fail(`${path}[${i}].action`, `${action} is already listed`);
  });
}
