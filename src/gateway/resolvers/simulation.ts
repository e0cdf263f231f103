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
import { badUserInput, gatewayError, isNotFound, toGraphQLError } from '../../errors/graphql.ts';
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

/** The kinds of resource a simulation's input names, and the input path of each. */
const INPUT_RESOURCES: Record<string, (body: SimulationRequest) => { id: string | undefined; path: string[] }> = {
  AppInstance: (body) => ({ id: body.appInstance, path: ['input', 'appInstance'] }),
  User: (body) => ({ id: body.policyContext?.user?.id, path: ['input', 'policyContext', 'subject', 'user', 'id'] }),
};

/** The input path of the resource a 404 says the service did not find, if the input named it. */
function inputPathOfMissing(error: UpstreamError, body: SimulationRequest): string[] | undefined {
  const missing = error.missingResource;
  const named = missing && INPUT_RESOURCES[missing.kind]?.(body);
  return named && named.id === missing.id ? named.path : undefined;
}

/**
 * Bad input (a 400, or a 404 for an app or user of the input that does not exist) is
 * BAD_USER_INPUT with `extensions.fieldErrors`, one per upstream cause, like a mutation's
 * userErrors. A 404 that names no resource of the input is the endpoint's own: a classic org has
 * no access simulation, which is UNSUPPORTED_ENGINE (no input would do).
 */
async function simulate(
  api: RestApi,
  body: SimulationRequest,
  expand: SimulationExpand[],
): Promise<SimulationResponse> {
  try {
    return await api.simulate(body, expand);
  } catch (error) {
    if (!(error instanceof UpstreamError) || (error.status !== 400 && error.status !== 404)) throw error;
    if (error.status === 400) throw badUserInput(error, inputPathOfWire, ['input']);
    const inputPath = inputPathOfMissing(error, body);
    if (inputPath) throw badUserInput(error, () => null, inputPath);
    const { upstream } = toGraphQLError(error).extensions;
    throw new GraphQLError('The access simulation needs an identity engine org; this org runs the classic engine.', {
      extensions: { code: 'UNSUPPORTED_ENGINE', upstream },
    });
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
