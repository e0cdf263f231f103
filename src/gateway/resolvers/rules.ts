// Policy rules: the interface's type resolution and the fields every rule implementation shares.
import { permissionsOf } from '../../upstream/links.ts';
import { gatewayError } from '../../errors/graphql.ts';
import type { GlobalSessionRuleResolvers, PolicyRuleResolvers } from '../../generated/graphql.ts';
import { RULE_TYPENAME } from './typenames.ts';

export const PolicyRule: PolicyRuleResolvers = {
  __resolveType: (rule) => RULE_TYPENAME[rule.type],
};

/** The fields resolved the same way on every rule implementation. */
export const ruleFields = {
  links: (rule) => rule._links,
  viewerCanUpdate: (rule) => permissionsOf(rule._links).viewerCanUpdate,
  viewerCanDelete: (rule) => permissionsOf(rule._links).viewerCanDelete,
  viewerCanActivate: (rule) => permissionsOf(rule._links).viewerCanActivate,
  viewerCanDeactivate: (rule) => permissionsOf(rule._links).viewerCanDeactivate,
  policy: async (rule, _, { loaders }) => {
    const policy = await loaders.policy.load(rule.policyId);
    // Only possible when the policy was deleted between reading the rule and reading its policy.
    if (!policy) throw gatewayError(`Policy ${rule.policyId} of rule ${rule.id} no longer exists.`, 'UPSTREAM_ERROR');
    return policy;
  },
} satisfies GlobalSessionRuleResolvers;
