// Access simulation: one simulate call asking for what the selection needs, then joins through the
// request's loaders. The verdict (`matchedPolicy`, `matchedRule`) joins the full objects; simulated
// policies and rules are values without `id`, so a client cache keeps each simulation's statuses
// under its own result. Bad input is BAD_USER_INPUT with `fieldErrors` naming input paths.
import { GraphQLError, type GraphQLEnumType, type GraphQLResolveInfo, getNamedType } from 'graphql';
import {
  POLICY_TYPES,
  type PolicyType,
  type SimulatedPolicy as WireSimulatedPolicy,
  type SimulationExpand,
  type SimulationRequest,
  type SimulationResponse,
} from '../../rest/types.ts';
import type { RestApi } from '../../upstream/client.ts';
import { UpstreamError } from '../../upstream/errors.ts';
import { badUserInput, gatewayError, isNotFound, toGraphQLError } from '../errors.ts';
import type { Loaders } from '../loaders.ts';
import { parentSelectedPaths, selectedPaths } from '../selection.ts';
import type {
  PolicyTypeEvaluationResolvers,
  QueryResolvers,
  SimulatedConditionResolvers,
  SimulatedConditionType,
  SimulatedPolicyResolvers,
  SimulatedRuleResolvers,
} from '../../generated/graphql.ts';
import { SIMULATION_CONTEXT_GROUPS, toSimulationBody } from './inputs.ts';
import { withPolicyId } from './models.ts';

/** The `expand` values the selection needs: the losers for `evaluated` or `rules`, the reasons for `conditions`. */
export function expandForSelection(info: GraphQLResolveInfo): SimulationExpand[] {
  const paths = [...selectedPaths(info)];
  const expand: SimulationExpand[] = [];
  if (paths.some((p) => /^evaluation\.(evaluated$|(result|undefined|evaluated)\.rules$)/.test(p))) {
    expand.push('EVALUATED');
  }
  if (paths.some((p) => /^evaluation\.(result|undefined|evaluated)(\.rules)?\.conditions$/.test(p))) {
    expand.push('RULE');
  }
  return expand;
}

/** The input path of a wire path: REST `policyContext.user.id` is `input.policyContext.subject.user.id`. */
function inputPathOfWire(wirePath: string[]): string[] {
  const path = ['input', ...wirePath];
  if (path[1] === 'policyContext' && path[2] && SIMULATION_CONTEXT_GROUPS[path[2]]) {
    path.splice(2, 0, SIMULATION_CONTEXT_GROUPS[path[2]]);
  }
  return path;
}

/** A 404 names no path, but it names the id the service did not find: the app or the user of the input. */
function inputPathOfNotFound(error: UpstreamError, body: SimulationRequest): string[] {
  const userId = body.policyContext?.user?.id;
  if (userId !== undefined && error.errorSummary.includes(userId)) {
    return ['input', 'policyContext', 'subject', 'user', 'id'];
  }
  if (error.errorSummary.includes(body.appInstance)) return ['input', 'appInstance'];
  return ['input'];
}

/** The 404 of the endpoint itself: the org's engine (classic) has no access simulation. */
const ENGINE_404 = /policies\/simulate|identity engine/;

/**
 * Bad input (a 400, or a 404 for an app or user that does not exist) is BAD_USER_INPUT with
 * `extensions.fieldErrors`, one per upstream cause, like a mutation's userErrors. A classic org,
 * which has no simulation endpoint, is UNSUPPORTED_ENGINE: no input would do.
 */
async function simulate(
  api: RestApi,
  body: SimulationRequest,
  expand: SimulationExpand[],
): Promise<SimulationResponse> {
  try {
    return await api.simulate(body, expand);
  } catch (error) {
    if (!(error instanceof UpstreamError) || (error.status !== 400 && error.status !== 404)) {
      throw toGraphQLError(error);
    }
    if (isNotFound(error) && ENGINE_404.test(error.errorSummary)) {
      const { upstream } = toGraphQLError(error).extensions;
      throw new GraphQLError('The access simulation needs an identity engine org; this org runs the classic engine.', {
        extensions: { code: 'UNSUPPORTED_ENGINE', upstream },
      });
    }
    if (isNotFound(error)) throw badUserInput(error, () => null, inputPathOfNotFound(error, body));
    throw badUserInput(error, inputPathOfWire, ['input']);
  }
}

export const simulationQueries: Pick<QueryResolvers, 'simulateAccess'> = {
  simulateAccess: (_, { input, expand }, { api }, info) => {
    const wanted = new Set([...expandForSelection(info), ...(expand ?? [])]);
    return simulate(api, toSimulationBody(input), [...wanted]);
  },
};

function isPolicyType(value: string): value is PolicyType {
  return (POLICY_TYPES as readonly string[]).includes(value);
}

/** The winning policy of an evaluation (at most one is reported). */
const winnerOf = (policies: WireSimulatedPolicy[]) => policies.at(0);

/** The policies of a simulation as full objects; a policy deleted since is left out. */
async function policiesByIds(loaders: Loaders, ids: string[]) {
  const policies = await Promise.all(ids.map((id) => loaders.policy.load(id)));
  return policies.filter((p) => p !== null);
}

export const PolicyTypeEvaluation: PolicyTypeEvaluationResolvers = {
  policyType: (evaluation) => {
    if (isPolicyType(evaluation.policyType)) return evaluation.policyType;
    throw gatewayError(
      `The service reported an unknown policy type ${JSON.stringify(evaluation.policyType)}.`,
      'UPSTREAM_ERROR',
    );
  },
  matchedPolicy: (evaluation, _, { loaders }) => {
    const winner = winnerOf(evaluation.result.policies);
    return winner ? loaders.policy.load(winner.id) : null;
  },
  // When the operation also asks for `matchedPolicy { rules }`, the rule comes from that list (one
  // call for both); else one GET, shared with any other read of the same rule.
  matchedRule: async (evaluation, _, { loaders }, info) => {
    const winner = winnerOf(evaluation.result.policies);
    const rule = winner?.rules.find((r) => r.status === 'MATCH');
    if (!winner || !rule) return null;
    if (parentSelectedPaths(info).has('matchedPolicy.rules')) return ruleOfPolicy(loaders, winner.id, rule.id);
    const found = await loaders.rule.load({ policyId: winner.id, ruleId: rule.id });
    return found && withPolicyId(winner.id, found);
  },
  undecidedPolicies: (evaluation, _, { loaders }) =>
    policiesByIds(
      loaders,
      evaluation.undefined.policies.map((p) => p.id),
    ),
  result: (evaluation) => evaluation.result.policies,
  undefined: (evaluation) => evaluation.undefined.policies,
  evaluated: (evaluation) => evaluation.evaluated.policies,
};

export const SimulatedPolicy: SimulatedPolicyResolvers = {
  policyId: (simulated) => simulated.id,
  rules: (simulated) => simulated.rules.map((rule) => ({ ...rule, policyId: simulated.id })),
  policy: (simulated, _, { loaders }) => loaders.policy.load(simulated.id),
};

export const SimulatedRule: SimulatedRuleResolvers = {
  ruleId: (simulated) => simulated.id,
  rule: (simulated, _, { loaders }) => ruleOfPolicy(loaders, simulated.policyId, simulated.id),
};

/** A rule from its policy's rules list; null when the policy (deleted since the simulation) or the rule is gone. */
async function ruleOfPolicy(loaders: Loaders, policyId: string, ruleId: string) {
  const rules = await loaders.rules.load(policyId).catch((error: unknown) => {
    if (isNotFound(error)) return [];
    throw error;
  });
  const rule = rules.find((r) => r.id === ruleId);
  return rule ? withPolicyId(policyId, rule) : null;
}

/** `people.groups.include` -> `PEOPLE_GROUPS_INCLUDE`. */
function constantCase(path: string): string {
  return path
    .split('.')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase())
    .join('_');
}

export const SimulatedCondition: SimulatedConditionResolvers = {
  // The enum's values are the schema's: a path it does not list is null, never an error.
  type: (condition, _, __, info) => {
    const name = constantCase(condition.type);
    return (getNamedType(info.returnType) as GraphQLEnumType).getValue(name) ? (name as SimulatedConditionType) : null;
  },
  path: (condition) => condition.type,
};
