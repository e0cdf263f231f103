// The rule operations of one policy: list, create, read, replace, delete and lifecycle.
import { type LifecycleStatus, RULE_TYPES, RULE_TYPE_OF } from '../../rest/types.ts';
import { forbidden, notFound, validationFailed } from '../common/errors.ts';
import { noContent, ok, type Handler, type HandlerContext } from './handler.ts';
import { newId, now } from '../common/ids.ts';
import { bodyObject, findPolicy, ROUTE_WORDING, setLifecycleStatus } from './shared.ts';
import type { OrgStore, StoredPolicy, StoredRule } from '../org/store.ts';
import { Check } from '../common/check.ts';
import { checkMember } from '../policyTypes/contractCheck.ts';
import { RuleBodyMembersSchema } from '../../rest/contract/policies.ts';
import { POLICY_TYPE_MODULES, validateConditions } from '../policyTypes/index.ts';
import type { RuleValidationContext } from '../policyTypes/registry.ts';
import { mayCallAnything } from '../access/rights.ts';
import { toWireRule } from '../org/wire.ts';
import { ruleCreateRefusal, ruleEditRefusal } from '../org/refusals.ts';

function findRule(store: OrgStore, policy: StoredPolicy, ruleId: string): StoredRule {
  const r = store.rule(policy.id, ruleId);
  if (!r) throw notFound(`${ruleId} (PolicyRule)`);
  return r;
}

interface ParsedRule {
  fields: Pick<StoredRule, 'type' | 'name' | 'status' | 'conditions' | 'actions'>;
  priority?: number;
}

/** Validates a create or replace body. Read-only violations (403) win over validation causes (400). */
function parseRule(store: OrgStore, policy: StoredPolicy, body: unknown, existing?: StoredRule): ParsedRule {
  const raw = bodyObject(body);
  const c = new Check();
  const mod = POLICY_TYPE_MODULES[policy.type];
  const forbids: string[] = [];
  const type = c.enum(raw.type, 'type', RULE_TYPES, { required: true });
  if (type && type !== mod.ruleType) c.fail('type', `must be ${mod.ruleType} for a rule of a ${policy.type} policy`);
  if (existing && raw.id !== undefined && raw.id !== existing.id) c.fail('id', 'does not match the rule in the path');
  const name = checkMember<string>(RuleBodyMembersSchema, raw, 'name', '', c, ROUTE_WORDING);
  const status = checkMember<LifecycleStatus>(RuleBodyMembersSchema, raw, 'status', '', c);
  const priority = checkMember<number>(RuleBodyMembersSchema, raw, 'priority', '', c);
  // The contract allows 0 for every type; only access policies number their rules from 0.
  if (priority !== undefined && priority < mod.firstRulePriority) {
    c.fail('priority', `must be at least ${mod.firstRulePriority}`);
  }
  if (existing?.system) {
    // A 400 naming `status`, as for a system policy: one code for a status change in a PUT of either.
    if (status === 'INACTIVE') c.fail('status', 'the default rule cannot be deactivated');
    if (priority !== undefined && priority !== store.rulePriority(policy, existing))
      c.fail('priority', 'the default rule is always last');
  }
  const ctx: RuleValidationContext = {
    check: c,
    engine: store.engine,
    org: store,
    policy: store.wirePolicy(policy),
    existing: existing && toWireRule(store, '', policy, existing, mayCallAnything),
    isDefaultRule: existing?.system ?? false,
    forbid: (message) => forbids.push(message),
  };
  const conditions = validateConditions(raw.conditions, ctx, 'rule');
  mod.ruleConditions?.(conditions, ctx);
  const actions = mod.actions(raw.actions, ctx);
  if (forbids.length) throw forbidden(forbids);
  if (!c.ok) throw validationFailed(c.causes);
  return {
    fields: {
      type: RULE_TYPE_OF[policy.type],
      name: name!,
      status: status ?? existing?.status ?? 'ACTIVE',
      conditions,
      actions,
    },
    priority,
  };
}

export const listRules: Handler = ({ store, base, params, may }) => {
  const p = findPolicy(store, params.policyId);
  return ok(store.rules(p.id).map((r) => toWireRule(store, base, p, r, may)));
};

export const getRule: Handler = ({ store, base, params, may }) => {
  const p = findPolicy(store, params.policyId);
  return ok(toWireRule(store, base, p, findRule(store, p, params.ruleId), may));
};

export const createRule: Handler = ({ store, base, params, body, may }) => {
  const p = findPolicy(store, params.policyId);
  const refusal = ruleCreateRefusal(store, p);
  if (refusal) throw validationFailed([refusal]);
  const { fields, priority } = parseRule(store, p, body);
  const t = now();
  const r: StoredRule = { id: newId('0pr'), system: false, ...fields, created: t, lastUpdated: t };
  store.placeRule(p, r, priority);
  store.changed();
  return ok(toWireRule(store, base, p, r, may));
};

export const replaceRule: Handler = ({ store, base, params, body, may }) => {
  const p = findPolicy(store, params.policyId);
  const existing = findRule(store, p, params.ruleId);
  const refusal = ruleEditRefusal(store, p, existing);
  if (refusal) throw forbidden([refusal]);
  const { fields, priority } = parseRule(store, p, body, existing);
  const r: StoredRule = { ...existing, ...fields, lastUpdated: now() };
  store.placeRule(p, r, priority ?? store.rulePriority(p, existing));
  store.changed();
  return ok(toWireRule(store, base, p, r, may));
};

export const deleteRule: Handler = ({ store, params }) => {
  const p = findPolicy(store, params.policyId);
  const r = findRule(store, p, params.ruleId);
  if (r.system) throw forbidden(['the default rule cannot be deleted']);
  store.removeRule(p.id, r.id);
  store.changed();
  return noContent();
};

function setRuleStatus(ctx: HandlerContext, status: LifecycleStatus) {
  const r = findRule(ctx.store, findPolicy(ctx.store, ctx.params.policyId), ctx.params.ruleId);
  return setLifecycleStatus(ctx.store, r, status, 'rule');
}
export const activateRule: Handler = (ctx) => setRuleStatus(ctx, 'ACTIVE');
export const deactivateRule: Handler = (ctx) => setRuleStatus(ctx, 'INACTIVE');

/** The handler of each operation of the REST contract on rules (the router is built from them). */
export const HANDLERS = {
  listRules,
  createRule,
  getRule,
  replaceRule,
  deleteRule,
  activateRule,
  deactivateRule,
} satisfies Partial<Record<import('../../rest/contract/operations.ts').OperationName, Handler>>;
