// Refetch by id alone: `node` and `nodes` find a policy, rule or user type by the prefix of its REST
// id, through the request's loaders, so each call is shared with the rest of the operation.
import type { Policy, UserType } from '../../rest/types.ts';
import type { NodeResolvers, QueryResolvers } from '../../generated/graphql.ts';
import type { Loaders } from '../loaders.ts';
import type { RuleWithPolicyId } from './models.ts';
import { everyRule } from './references.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from './typenames.ts';

type NodeValue = Policy | RuleWithPolicyId | UserType;

/** How each kind of id is loaded: a policy or user type by one GET; a rule, whose id does not name its policy, among every rule. */
const LOAD_BY_PREFIX: [prefix: string, load: (loaders: Loaders, id: string) => Promise<NodeValue | null>][] = [
  ['00p', (loaders, id) => loaders.policy.load(id)],
  ['oty', (loaders, id) => loaders.userType.load(id)],
  ['0pr', async (loaders, id) => (await everyRule(loaders)).find((rule) => rule.id === id) ?? null],
];

/** The object with this id, or null for an id of no known kind (no call) or that nothing has. */
function nodeById(loaders: Loaders, id: string): Promise<NodeValue | null> {
  const load = LOAD_BY_PREFIX.find(([prefix]) => id.startsWith(prefix))?.[1];
  return load ? load(loaders, id) : Promise.resolve(null);
}

export const nodeQueries: Pick<QueryResolvers, 'node' | 'nodes'> = {
  node: (_, { id }, { loaders }) => nodeById(loaders, id),
  // A list of promises, which graphql-js resolves item by item: one failing id nulls only its entry.
  nodes: (_, { ids }, { loaders }) => ids.map((id) => nodeById(loaders, id)) as unknown as (NodeValue | null)[],
};

export const Node: NodeResolvers = {
  __resolveType: (node) => {
    if ('policyId' in node) return RULE_TYPENAME[node.type];
    if ('displayName' in node) return 'UserType';
    return POLICY_TYPENAME[node.type];
  },
};
