// The values resolvers pass between each other, where they differ from the plain REST wire types.
// codegen.ts maps GraphQL object types to these, so resolver signatures say what really flows.
import type { Conditions, Policy, PolicyRule, PolicyType, SimulatedRule } from '../../rest/types.ts';
import type { UserErrorShape } from '../../errors/userErrors.ts';
import type { Page } from '../../upstream/client.ts';

/**
 * A rule together with the id of its policy: the REST rule object does not carry it, and the
 * `policy` field and rule loaders need it.
 */
export type RuleWithPolicyId = PolicyRule & { policyId: string };

/** A simulated rule together with the id of the simulated policy it was evaluated in, for the `rule` join. */
export type SimulatedRuleWithPolicyId = SimulatedRule & { policyId: string };

/** The wire shape of the userType condition. */
export type UserTypeConditionShape = NonNullable<Conditions['userType']>;

/** One upstream page of policies, with the cursor of the next page when there is one. */
export type PolicyPage = Page<Policy>;

export function withPolicyId(policyId: string, rule: PolicyRule): RuleWithPolicyId {
  return { ...rule, policyId };
}

/** A loaded rules list with its policy's id, made once per list however often the list is shown. */
const rulesShown = new WeakMap<readonly PolicyRule[], RuleWithPolicyId[]>();

export function rulesWithPolicyId(policyId: string, rules: readonly PolicyRule[]): RuleWithPolicyId[] {
  let shown = rulesShown.get(rules);
  if (!shown) {
    shown = rules.map((rule) => withPolicyId(policyId, rule));
    rulesShown.set(rules, shown);
  }
  return shown;
}

/** A mutation's outcome: the changed object (null when refused) and the refusal's user errors. */
interface Refusable {
  userErrors: UserErrorShape[];
}

export interface PolicyPayloadModel extends Refusable {
  policy: Policy | null;
}

/** `policyId` names the parent policy of a rule that was changed (null when refused). */
export interface PolicyRulePayloadModel extends Refusable {
  rule: RuleWithPolicyId | null;
  policyId: string | null;
}

/** `policyType` is known when `policiesOfType` was selected (the policy was read before deleting it). */
export interface DeletePolicyPayloadModel extends Refusable {
  deletedId: string | null;
  policyType: PolicyType | null;
}

export interface DeletePolicyRulePayloadModel extends Refusable {
  deletedId: string | null;
  policyId: string | null;
}

/** `referencingRules` are read before the delete, and only when selected (else null). */
export interface DeleteUserTypePayloadModel extends Refusable {
  deletedId: string | null;
  referencingRules: RuleWithPolicyId[] | null;
}
