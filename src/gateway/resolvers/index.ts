// Every resolver of the schema, one module per resource.
import type { Resolvers } from '../../generated/graphql.ts';
import { UserTypeCondition } from './conditions.ts';
import { policyMutations } from './mutations/policies.ts';
import { ruleMutations } from './mutations/rules.ts';
import { userTypeMutations } from './mutations/userTypes.ts';
import { Application, Policy, PolicyConnection, policyFields, policyQueries } from './policies.ts';
import { DeletePolicyPayload, DeletePolicyRulePayload, PolicyPayload, PolicyRulePayload } from './payloads.ts';
import { PolicyRule, ruleFields } from './rules.ts';
import { FactorMode } from './enums.ts';
import { Node, nodeQueries } from './nodes.ts';
import { DateTime, JSONScalar } from './scalars.ts';
import {
  PolicyTypeEvaluation,
  SimulatedCondition,
  SimulatedPolicy,
  SimulatedRule,
  simulationQueries,
} from './simulation.ts';
import { UserType, userTypeQueries } from './userTypes.ts';
import { policyDocumentMutations, policyDocumentQueries } from './policyDocument.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from './typenames.ts';

export const resolvers: Resolvers = {
  DateTime,
  JSON: JSONScalar,
  FactorMode,
  Query: { ...policyQueries, ...userTypeQueries, ...simulationQueries, ...nodeQueries, ...policyDocumentQueries },
  Node,
  Mutation: { ...policyMutations, ...ruleMutations, ...userTypeMutations, ...policyDocumentMutations },

  Policy,
  PolicyConnection,
  // Every implementation of Policy and PolicyRule: one per REST type.
  ...eachImplementation(POLICY_TYPENAME, policyFields),
  Application,

  PolicyRule,
  ...eachImplementation(RULE_TYPENAME, ruleFields),

  UserTypeCondition,
  UserType,

  PolicyPayload,
  PolicyRulePayload,
  DeletePolicyPayload,
  DeletePolicyRulePayload,

  PolicyTypeEvaluation,
  SimulatedPolicy,
  SimulatedRule,
  SimulatedCondition,
};

/** The same field resolvers for every object type named in `typenames`. */
function eachImplementation<R>(typenames: Record<string, string>, fields: R): Record<string, R> {
  return Object.fromEntries(Object.values(typenames).map((name) => [name, fields]));
}
