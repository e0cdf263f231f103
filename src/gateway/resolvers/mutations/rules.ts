// Rule mutations: each calls the service, then primes or forgets the policy's rules in the
// request's loaders. Rules travel with their policy id (the `policy` field needs it).
import { forgetRule, primeRule } from '../../loaders.ts';
import type { MutationResolvers } from '../../../generated/graphql.ts';
import { toRuleBody } from '../inputs.ts';
import { withPolicyId } from '../models.ts';
import { payload } from './payload.ts';

type RuleMutations =
  | 'createPolicyRule'
  | 'replacePolicyRule'
  | 'deletePolicyRule'
  | 'activatePolicyRule'
  | 'deactivatePolicyRule';

export const ruleMutations: Pick<MutationResolvers, RuleMutations> = {
  createPolicyRule: (_, { policyId, input }, { api, loaders }) =>
    payload(
      'rule',
      async () => {
        const rule = await api.createRule(policyId, toRuleBody(input));
        primeRule(loaders, policyId, rule);
        return withPolicyId(policyId, rule);
      },
      'input',
    ),

  replacePolicyRule: (_, { policyId, ruleId, input }, { api, loaders }) =>
    payload(
      'rule',
      async () => {
        const rule = await api.replaceRule(policyId, ruleId, toRuleBody(input));
        primeRule(loaders, policyId, rule);
        return withPolicyId(policyId, rule);
      },
      'input',
    ),

  deletePolicyRule: (_, { policyId, ruleId }, { api, loaders }) =>
    payload('deletedId', async () => {
      await api.deleteRule(policyId, ruleId);
      forgetRule(loaders, policyId, ruleId);
      return ruleId;
    }),

  // Lifecycle operations answer 204: the rule is read again to return it as it now is.
  activatePolicyRule: (_, { policyId, ruleId }, { api, loaders }) =>
    payload('rule', async () => {
      await api.activateRule(policyId, ruleId);
      forgetRule(loaders, policyId, ruleId);
      const rule = await loaders.rule.load({ policyId, ruleId });
      return rule && withPolicyId(policyId, rule);
    }),

  deactivatePolicyRule: (_, { policyId, ruleId }, { api, loaders }) =>
    payload('rule', async () => {
      await api.deactivateRule(policyId, ruleId);
      forgetRule(loaders, policyId, ruleId);
      const rule = await loaders.rule.load({ policyId, ruleId });
      return rule && withPolicyId(policyId, rule);
    }),
};
