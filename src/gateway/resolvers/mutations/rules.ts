// Rule mutations: each calls the service, then primes or forgets the policy's rules in the
// request's loaders. Rules travel with their policy id (the `policy` field needs it), and so does a
// successful payload (its `policy` join shows the rules in their new order).
import type { PolicyRule } from '../../../rest/types.ts';
import type { RestApi } from '../../../upstream/client.ts';
import { notFoundError } from '../../../upstream/errors.ts';
import { ruleUpdateBody } from '../../../upstream/updates.ts';
import { forgetRule, type Loaders, primeRule, type RuleKey } from '../../loaders.ts';
import type { MutationResolvers } from '../../../generated/graphql.ts';
import { toRuleBody, toRulePatch } from '../inputs.ts';
import { type RuleWithPolicyId, withPolicyId } from '../models.ts';
import { selectedPaths } from '../../selection.ts';
import { rulesNamed } from '../../../idempotency/lookups.ts';
import { type MutationCall, payload } from './payload.ts';

type RuleMutations =
  | 'createPolicyRule'
  | 'replacePolicyRule'
  | 'updatePolicyRule'
  | 'deletePolicyRule'
  | 'activatePolicyRule'
  | 'deactivatePolicyRule';

/** The rule as the request's loaders have it (one call at most), or a not-found refusal. */
async function currentRule(loaders: Loaders, key: RuleKey): Promise<PolicyRule> {
  const rule = await loaders.rule.load(key);
  if (!rule) throw notFoundError(`${key.ruleId} (PolicyRule)`);
  return rule;
}

/** Runs a rule mutation; on success the payload also names the rule's policy. */
async function rulePayload(policyId: string, run: () => Promise<RuleWithPolicyId | null>, call: MutationCall) {
  return withParentPolicy(policyId, await payload('rule', run, call));
}

/** A rule payload names the rule's policy unless the mutation was refused. */
function withParentPolicy<P extends { userErrors: unknown[] }>(policyId: string, result: P) {
  return { ...result, policyId: result.userErrors.length ? null : policyId };
}

/** Lifecycle operations answer 204: the rule is read again to return it as it now is, when asked for. */
function ruleLifecycle(
  change: (api: RestApi, policyId: string, ruleId: string) => Promise<void>,
): MutationResolvers['activatePolicyRule'] {
  return (_, args, { api, loaders }, info) =>
    rulePayload(
      args.policyId,
      async () => {
        const { policyId, ruleId } = args;
        await change(api, policyId, ruleId);
        forgetRule(loaders, policyId, ruleId);
        if (!selectedPaths(info).has('rule')) return null;
        const rule = await loaders.rule.load({ policyId, ruleId });
        return rule && withPolicyId(policyId, rule);
      },
      { args, info },
    );
}

export const ruleMutations: Pick<MutationResolvers, RuleMutations> = {
  createPolicyRule: async (_, args, { api, loaders, idempotency }, info) => {
    const { policyId, input } = args;
    const result = await idempotency.run({
      mutation: 'createPolicyRule',
      args,
      resultKey: 'rule',
      load: async (ruleId) => {
        const rule = await loaders.rule.load({ policyId, ruleId });
        return rule && withPolicyId(policyId, rule);
      },
      find: rulesNamed(api, policyId, input.name),
      run: () =>
        payload(
          'rule',
          async () => {
            const rule = await api.createRule(policyId, toRuleBody(input));
            primeRule(loaders, policyId, rule);
            return withPolicyId(policyId, rule);
          },
          { args, info },
        ),
    });
    return withParentPolicy(policyId, result);
  },

  replacePolicyRule: (_, args, { api, loaders }, info) =>
    rulePayload(
      args.policyId,
      async () => {
        const { policyId, ruleId, input } = args;
        const type = input.type ?? (await currentRule(loaders, { policyId, ruleId })).type;
        const rule = await api.replaceRule(policyId, ruleId, toRuleBody({ ...input, type }));
        primeRule(loaders, policyId, rule);
        return withPolicyId(policyId, rule);
      },
      { args, info },
    ),

  updatePolicyRule: (_, args, { api, loaders }, info) =>
    rulePayload(
      args.policyId,
      async () => {
        const { policyId, ruleId, input } = args;
        const current = await currentRule(loaders, { policyId, ruleId });
        const rule = await api.replaceRule(policyId, ruleId, ruleUpdateBody(current, toRulePatch(input)));
        primeRule(loaders, policyId, rule);
        return withPolicyId(policyId, rule);
      },
      { args, info },
    ),

  deletePolicyRule: async (_, args, { api, loaders }, info) => {
    const { policyId, ruleId } = args;
    const result = await payload(
      'deletedId',
      async () => {
        await api.deleteRule(policyId, ruleId);
        forgetRule(loaders, policyId, ruleId);
        return ruleId;
      },
      { args, info },
    );
    return { ...result, policyId: result.deletedId === null ? null : policyId };
  },

  activatePolicyRule: ruleLifecycle((api, policyId, ruleId) => api.activateRule(policyId, ruleId)),
  deactivatePolicyRule: ruleLifecycle((api, policyId, ruleId) => api.deactivateRule(policyId, ruleId)),
};
