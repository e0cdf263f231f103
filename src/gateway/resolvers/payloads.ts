// The joins of mutation payloads that keep a client cache true in one round trip: the policies of
// a changed policy's type in their new order, and the parent policy of a changed rule. Each is
// fetched only when selected, through the request's loaders (which the mutation already refreshed).
import type { Policy, PolicyType } from '../../rest/types.ts';
import { everyPage, WHOLE_LIST_PAGE_SIZE } from '../../upstream/pagination.ts';
import type { Loaders } from '../loaders.ts';
import type {
  DeletePolicyPayloadResolvers,
  DeletePolicyRulePayloadResolvers,
  PolicyPayloadResolvers,
  PolicyRulePayloadResolvers,
} from '../../generated/graphql.ts';

/** Every policy of a type in priority order: one list call per page of the largest size. */
export function policiesOfType(loaders: Loaders, type: PolicyType): Promise<Policy[]> {
  return everyPage((after) =>
    loaders.policyPage.load({ type, limit: WHOLE_LIST_PAGE_SIZE, ...(after !== undefined && { after }) }),
  );
}

const policiesOf = (type: PolicyType | null | undefined, loaders: Loaders) =>
  type ? policiesOfType(loaders, type) : null;

const parentPolicy = (policyId: string | null, loaders: Loaders) =>
  policyId === null ? null : loaders.policy.load(policyId);

export const PolicyPayload: PolicyPayloadResolvers = {
  policiesOfType: (result, _, { loaders }) => policiesOf(result.policy?.type, loaders),
};

export const DeletePolicyPayload: DeletePolicyPayloadResolvers = {
  policiesOfType: (result, _, { loaders }) => policiesOf(result.policyType, loaders),
};

export const PolicyRulePayload: PolicyRulePayloadResolvers = {
  policy: (result, _, { loaders }) => parentPolicy(result.policyId, loaders),
};

export const DeletePolicyRulePayload: DeletePolicyRulePayloadResolvers = {
  policy: (result, _, { loaders }) => parentPolicy(result.policyId, loaders),
};
