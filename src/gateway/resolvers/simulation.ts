// Access simulation: one simulate call, then joins through the request's loaders. A simulated
// policy is joined with the policy loader (one GET per distinct policy); a simulated rule with its
// policy's rules list (one list call per distinct policy, however many of its rules appear).
import { GraphQLError } from 'graphql';
import {
  POLICY_TYPES,
  type PolicyType,
  type SimulationExpand,
  type SimulationRequest,
  type SimulationResponse,
} from '../../rest/types.ts';
import type { RestApi } from '../../upstream/client.ts';
import { gatewayError, isNotFound, toGraphQLError } from '../errors.ts';
import type {
  PolicyTypeEvaluationResolvers,
  QueryResolvers,
  SimulatedPolicyResolvers,
  SimulatedRuleResolvers,
} from '../../generated/graphql.ts';
import { toSimulationBody } from './inputs.ts';
import { withPolicyId } from './models.ts';
import { fromUpstream } from './upstream.ts';

/**
 * Bad input is BAD_USER_INPUT with the upstream causes: a 400, and also a 404, which here means
 * that the input names an app or user that does not exist.
 */
async function simulate(
  api: RestApi,
  body: SimulationRequest,
  expand: SimulationExpand[],
): Promise<SimulationResponse> {
  try {
    return await api.simulate(body, expand);
  } catch (error) {
    const graphQLError = toGraphQLError(error);
    if (!isNotFound(error)) throw graphQLError;
    throw new GraphQLError(graphQLError.message, {
      extensions: { ...graphQLError.extensions, code: 'BAD_USER_INPUT' },
    });
  }
}

export const simulationQueries: Pick<QueryResolvers, 'simulateAccess'> = {
  simulateAccess: (_, { input, expand }, { api }) => simulate(api, toSimulationBody(input), expand ?? []),
};

function isPolicyType(value: string): value is PolicyType {
  return (POLICY_TYPES as readonly string[]).includes(value);
}

export const PolicyTypeEvaluation: PolicyTypeEvaluationResolvers = {
  policyType: (evaluation) => {
    if (isPolicyType(evaluation.policyType)) return evaluation.policyType;
    throw gatewayError(
      `The service reported an unknown policy type ${JSON.stringify(evaluation.policyType)}.`,
      'UPSTREAM_ERROR',
    );
  },
  result: (evaluation) => evaluation.result.policies,
  undefined: (evaluation) => evaluation.undefined.policies,
  evaluated: (evaluation) => evaluation.evaluated.policies,
};

export const SimulatedPolicy: SimulatedPolicyResolvers = {
  rules: (simulated) => simulated.rules.map((rule) => ({ ...rule, policyId: simulated.id })),
  policy: (simulated, _, { loaders }) => fromUpstream(loaders.policy.load(simulated.id)),
};

export const SimulatedRule: SimulatedRuleResolvers = {
  rule: async (simulated, _, { loaders }) => {
    const rules = await fromUpstream(
      loaders.rules.load(simulated.policyId).catch((error: unknown) => {
        // The policy was deleted since the simulation: its rules are gone too.
        if (isNotFound(error)) return [];
        throw error;
      }),
    );
    const rule = rules.find((r) => r.id === simulated.id);
    return rule ? withPolicyId(simulated.policyId, rule) : null;
  },
};
