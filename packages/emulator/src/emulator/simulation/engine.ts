// The policy evaluation engine behind the access simulation. Pure: it reads the org through
// OrgView and returns the simulation response; nothing is stored or changed.
//
// Per policy type, exactly the spec's "Policy evaluation" order: active policies in ascending
// priority (for ACCESS_POLICY only the one mapped to the app), a policy's own conditions first,
// then its active rules in ascending priority; the first rule that surely matches decides the
// type. Statuses use three-valued logic: a policy or rule whose outcome depends on a condition the
// request gives no data for is UNDEFINED, is reported in `undefined.policies`, and evaluation
// goes on with the next rule or policy.
import {
  SIMULATION_POLICY_TYPES,
  type Policy,
  type PolicyRule,
  type PolicyTypeEvaluation,
  type SimulatedCondition,
  type SimulatedPolicy,
  type SimulatedRule,
  type SimulationExpand,
  type SimulationPolicyType,
  type SimulationRequest,
  type SimulationResponse,
  type SimulationStatus,
} from '../../rest/types.ts';
import type { OrgView } from '../org/orgView.ts';
import { conditionsStatus, evaluateConditions } from './conditions.ts';
import { resolveFacts, type EvaluationFacts } from './context.ts';
import { allOf, anyOf } from './status.ts';

interface Evaluated {
  status: SimulationStatus;
  conditions: SimulatedCondition[];
}
interface RuleOutcome extends Evaluated {
  rule: PolicyRule;
}
interface PolicyOutcome extends Evaluated {
  policy: Policy;
  /** Rules in the order they were evaluated, up to and including the first MATCH. */
  rules: RuleOutcome[];
}

export function simulate(
  org: OrgView,
  request: SimulationRequest,
  expand: ReadonlySet<SimulationExpand>,
): SimulationResponse {
  const facts = resolveFacts(org, request);
  return { evaluation: policyTypesToEvaluate(request).map((type) => evaluateType(org, type, facts, expand)) };
}

/** The requested types in request order without repeats; null or absent means all four. */
export function policyTypesToEvaluate(request: SimulationRequest): SimulationPolicyType[] {
  return [...new Set(request.policyTypes ?? SIMULATION_POLICY_TYPES)];
}

function evaluateType(
  org: OrgView,
  type: SimulationPolicyType,
  facts: EvaluationFacts,
  expand: ReadonlySet<SimulationExpand>,
): PolicyTypeEvaluation {
  const entry: PolicyTypeEvaluation = {
    policyType: type,
    status: null,
    result: { policies: [] },
    undefined: { policies: [] },
    evaluated: { policies: [] },
  };
  for (const policy of candidatePolicies(org, type, facts.appId)) {
    const outcome = evaluatePolicy(org, policy, facts);
    if (!outcome) continue;
    const item = toPolicyItem(outcome, expand);
    if (outcome.status === 'MATCH') {
      entry.result.policies.push(item);
      break;
    }
    if (outcome.status === 'UNDEFINED') entry.undefined.policies.push(item);
    else if (expand.has('EVALUATED')) entry.evaluated.policies.push(item);
  }
  return entry;
}

/** Active policies of the type in ascending priority; for ACCESS_POLICY only the app's policy. */
function candidatePolicies(org: OrgView, type: SimulationPolicyType, appId: string): Policy[] {
  const active = byPriority(org.policiesOfType(type).filter((p) => p.status === 'ACTIVE'));
  if (type !== 'ACCESS_POLICY') return active;
  const mapped = org.accessPolicyIdOfApp(appId);
  return active.filter((p) => p.id === mapped);
}

/** Undefined when the policy has no active rule: such a policy is never considered. */
function evaluatePolicy(org: OrgView, policy: Policy, facts: EvaluationFacts): PolicyOutcome | undefined {
  const rules = byPriority(org.rulesOf(policy.id).filter((r) => r.status === 'ACTIVE'));
  if (rules.length === 0) return undefined;
  const conditions = evaluateConditions(policy.conditions, facts);
  const own = conditionsStatus(conditions);
  if (own === 'NOT_MATCH') return { policy, status: 'NOT_MATCH', conditions, rules: [] };
  const evaluated: RuleOutcome[] = [];
  for (const rule of rules) {
    const ruleConditions = evaluateConditions(rule.conditions, facts);
    const status = conditionsStatus(ruleConditions);
    evaluated.push({ rule, status, conditions: ruleConditions });
    if (status === 'MATCH') break;
  }
  // The policy applies when its own conditions hold and one of its rules matches.
  const status = allOf([own, anyOf(evaluated.map((r) => r.status))]);
  return { policy, status, conditions, rules: evaluated };
}

/** Ascending priority (1, or 0 for authentication policy rules, first); the sort is stable. */
function byPriority<T extends { priority: number }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.priority - b.priority);
}

function toPolicyItem(outcome: PolicyOutcome, expand: ReadonlySet<SimulationExpand>): SimulatedPolicy {
  // Rules that did not match are detail for EVALUATED; matched and undecided rules always show.
  const shown = outcome.rules.filter((r) => r.status !== 'NOT_MATCH' || expand.has('EVALUATED'));
  return {
    ...toItem(outcome.policy, outcome, expand),
    rules: shown.map((r) => toItem(r.rule, r, expand)),
  };
}

function toItem(target: Policy | PolicyRule, outcome: Evaluated, expand: ReadonlySet<SimulationExpand>): SimulatedRule {
  return {
    id: target.id,
    name: target.name ?? null,
    status: outcome.status,
    conditions: expand.has('RULE') ? outcome.conditions : [],
  };
}
