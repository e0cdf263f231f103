// What the org refuses whatever the body says, written once: the handlers refuse it, and the
// `_links` hints never advertise it.
import { POLICY_TYPE_MODULES } from '../policyTypes/index.ts';
import type { OrgStore, StoredPolicy, StoredRule } from './store.ts';

/** Why a PUT of this rule is refused (403), or undefined when the rule can be edited. */
export function ruleEditRefusal(store: OrgStore, policy: StoredPolicy, rule: StoredRule): string | undefined {
  if (!rule.system) return undefined;
  if (store.engine === 'CLASSIC') return 'default rules cannot be edited on classic engine orgs';
  if (POLICY_TYPE_MODULES[policy.type].defaultRuleReadOnly(store.wirePolicy(policy))) {
    return `the default rule of this ${policy.type} policy is read-only`;
  }
  return undefined;
}

/** Why a new rule in this policy is refused (400), or undefined when one can be added. */
export function ruleCreateRefusal(store: OrgStore, policy: StoredPolicy): string | undefined {
  const max = POLICY_TYPE_MODULES[policy.type].maxRules;
  if (max !== undefined && store.rules(policy.id).length >= max) {
    return `rules: a ${policy.type} policy holds at most ${max} rule(s)`;
  }
  return undefined;
}

/** Why deleting this policy is refused (403), or undefined when it can be deleted. */
export function policyDeleteRefusal(store: OrgStore, policy: StoredPolicy): string | undefined {
  if (policy.system) return 'the default policy cannot be deleted';
  const apps = store.appsOfPolicy(policy);
  if (apps.length) {
    return `the policy is assigned to ${apps.length} application(s) (${apps.map((a) => a.id).join(', ')}); assign them another policy first`;
  }
  return undefined;
}
