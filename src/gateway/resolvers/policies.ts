// Policies: the list and by-id queries, the interface's type resolution, and the fields every
// policy implementation shares (links, nested rules, mapped applications).
import type { PolicyType } from '../../rest/types.ts';
import type { PolicyListArgs } from '../../upstream/client.ts';
import { accessPolicyIdOf, permissionsOf } from '../../upstream/links.ts';
import type {
  ApplicationResolvers,
  GlobalSessionPolicyResolvers,
  PolicyConnectionResolvers,
  PolicyResolvers,
  QueryPoliciesArgs,
  QueryResolvers,
} from '../../generated/graphql.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { badUserInput, toGraphQLError } from '../../errors/graphql.ts';
import { selectedPaths } from '../selection.ts';
import { rulesWithPolicyId, withPolicyId } from './models.ts';
import { POLICY_TYPENAME } from './typenames.ts';

/** The upstream list arguments of a `policies` query; absent arguments are left out so equal lists share a loader key. */
export function policyListArgs(args: QueryPoliciesArgs): PolicyListArgs {
  const list: PolicyListArgs = { type: args.type };
  if (args.status != null) list.status = args.status;
  if (args.q != null) list.q = args.q;
  if (args.sortBy === 'NAME') list.sortBy = 'name';
  if (args.first != null) list.limit = args.first;
  if (args.after != null) list.after = args.after;
  return list;
}

/** The `policies` argument each REST list parameter (of the contract's `listPolicies`) comes from. */
const LIST_ARGUMENT_OF_PARAMETER: Readonly<Record<string, string>> = {
  type: 'type',
  status: 'status',
  q: 'q',
  sortBy: 'sortBy',
  limit: 'first',
  after: 'after',
} satisfies Record<keyof PolicyListArgs, keyof QueryPoliciesArgs>;

export const policyQueries: Pick<QueryResolvers, 'policies' | 'policy'> = {
  policies: async (_, args, { loaders }) => {
    try {
      return await loaders.policyPage.load(policyListArgs(args));
    } catch (error) {
      // A refused list parameter is the argument it came from (`limit` is `first`).
      if (!(error instanceof UpstreamError) || error.status !== 400) throw toGraphQLError(error);
      throw badUserInput(
        error,
        ([name]) => (LIST_ARGUMENT_OF_PARAMETER[name] ? [LIST_ARGUMENT_OF_PARAMETER[name]] : null),
        [],
      );
    }
  },
  policy: (_, { id }, { loaders }, info) => {
    // The rules need only the id: when they are selected they load in the same wave as the policy
    // (a policy that does not exist costs its rules call too). Their failure shows on `rules`.
    if (selectedPaths(info).has('rules')) loaders.rules.load(id).catch(() => undefined);
    return loaders.policy.load(id);
  },
};

/**
 * Edge cursors are policy ids: the service's `after` is the id of the last policy already seen.
 * `endCursor` is the upstream's own next-page cursor when there is a next page.
 */
export const PolicyConnection: PolicyConnectionResolvers = {
  nodes: (page) => page.items,
  edges: (page) => page.items.map((node) => ({ cursor: node.id, node })),
  pageInfo: (page) => ({
    hasNextPage: page.nextCursor !== null,
    endCursor: page.nextCursor ?? page.items.at(-1)?.id ?? null,
    startCursor: page.items[0]?.id ?? null,
  }),
};

export const Policy: PolicyResolvers = {
  __resolveType: (policy) => POLICY_TYPENAME[policy.type],
};

/** The fields resolved the same way on every policy implementation. */
export const policyFields = {
  links: (policy) => policy._links,
  viewerCanUpdate: (policy) => permissionsOf(policy._links).viewerCanUpdate,
  viewerCanDelete: (policy) => permissionsOf(policy._links).viewerCanDelete,
  viewerCanActivate: (policy) => permissionsOf(policy._links).viewerCanActivate,
  viewerCanDeactivate: (policy) => permissionsOf(policy._links).viewerCanDeactivate,
  rules: async (policy, _, { loaders }) => rulesWithPolicyId(policy.id, await loaders.rules.load(policy.id)),
  rule: async (policy, { id }, { loaders }) => {
    const rule = await loaders.rule.load({ policyId: policy.id, ruleId: id });
    return rule && withPolicyId(policy.id, rule);
  },
  applications: (policy, _, { loaders }) => loaders.policyApplications.load(policy.id),
} satisfies GlobalSessionPolicyResolvers;

/** The policy type applications are mapped to (an app's `accessPolicy`). */
export const APPLICATION_POLICY_TYPE = 'ACCESS_POLICY' satisfies PolicyType;

const KNOWN_APPLICATION_MEMBERS = new Set(['id', 'name', 'label', 'status']);

export const Application: ApplicationResolvers = {
  accessPolicy: async (app, _, { loaders }) => {
    const id = accessPolicyIdOf(app);
    const policy = id === null ? null : await loaders.policy.load(id);
    return policy?.type === 'ACCESS_POLICY' ? policy : null;
  },
  additionalProperties: (app) =>
    Object.fromEntries(Object.entries(app).filter(([key]) => !KNOWN_APPLICATION_MEMBERS.has(key))),
};
