// Stored objects -> the wire shapes of the spec: derived priority and `_links` (hinting what the
// caller may do).
import { fillTemplate, OPERATIONS, type OperationName, operationPath } from '../../rest/contract/operations.ts';
import type { MayCall } from '../access/rights.ts';
import type { Link, Policy, PolicyLinks, PolicyRule, RuleLinks, UserType } from '../../rest/types.ts';
import { POLICY_TYPE_MODULES } from '../policyTypes/index.ts';
import { policyDeleteRefusal, ruleEditRefusal } from './refusals.ts';
import type { OrgStore, StoredPolicy, StoredRule, StoredUserType } from './store.ts';

/**
 * A link to the path of `ops[0]` whose hints name the methods of those of `ops` the caller may call
 * (the store's own reads pass `mayCallAnything`).
 */
function link(base: string, params: Record<string, string>, may: MayCall, ...ops: OperationName[]): Link {
  return {
    href: base + operationPath(ops[0], params),
    hints: { allow: ops.filter(may).map((op) => OPERATIONS[op].method) },
  };
}

/** Hints name only what the org then accepts (see refusals.ts) and the caller may do. */
export function policyLinks(store: OrgStore, base: string, p: StoredPolicy, may: MayCall): PolicyLinks {
  const ids = { policyId: p.id };
  const canDelete = !policyDeleteRefusal(store, p);
  const links: PolicyLinks = {
    self: link(base, ids, may, 'getPolicy', 'replacePolicy', ...(canDelete ? ['deletePolicy' as const] : [])),
  };
  // System policies are always active and cannot be deactivated, so they offer no lifecycle link.
  if (!p.system) {
    if (p.status === 'ACTIVE') {
      if (may('deactivatePolicy')) links.deactivate = link(base, ids, may, 'deactivatePolicy');
    } else if (may('activatePolicy')) links.activate = link(base, ids, may, 'activatePolicy');
  }
  // The spec: "`rules` hints allow GET and POST", on every policy, as the real service's own examples
  // show (a profile enrollment policy: POST, GET) even where a new rule would be over the limit (then
  // refused with 400 naming the limit).
  links.rules = link(base, ids, may, 'listRules', 'createRule');
  // The mappings list is served read-only (mapping goes through the applications service).
  if (POLICY_TYPE_MODULES[p.type].mapped) links.mappings = link(base, ids, may, 'listPolicyMappings');
  return links;
}

export function ruleLinks(store: OrgStore, base: string, policy: StoredPolicy, r: StoredRule, may: MayCall): RuleLinks {
  const ids = { policyId: policy.id, ruleId: r.id };
  const ops: OperationName[] = [
    'getRule',
    ...(ruleEditRefusal(store, policy, r) ? [] : ['replaceRule' as const]),
    ...(r.system ? [] : ['deleteRule' as const]),
  ];
  const links: RuleLinks = { self: link(base, ids, may, ...ops) };
  if (!r.system) {
    if (r.status === 'ACTIVE') {
      if (may('deactivateRule')) links.deactivate = link(base, ids, may, 'deactivateRule');
    } else if (may('activateRule')) links.activate = link(base, ids, may, 'activateRule');
  }
  return links;
}

/** `may`: what the caller may call (the hints); the store's own reads pass `mayCallAnything`. */
export function toWirePolicy(store: OrgStore, base: string, p: StoredPolicy, may: MayCall): Policy {
  return { ...p, priority: store.policyPriority(p), _links: policyLinks(store, base, p, may) };
}

export function toWireRule(
  store: OrgStore,
  base: string,
  policy: StoredPolicy,
  r: StoredRule,
  may: MayCall,
): PolicyRule {
  return { ...r, priority: store.rulePriority(policy, r), _links: ruleLinks(store, base, policy, r, may) };
}

/** A user type's profile schema (the Schemas API, not served here). */
const USER_SCHEMA_PATH = '/api/v1/meta/schemas/user/{schemaId}';

/** An application (the applications service, not served here). */
export const APPLICATION_PATH = '/api/v1/apps/{appId}';

export function schemaIdOf(typeId: string): string {
  return `osc${typeId.replace(/^oty/, '')}`;
}

export function toWireUserType(base: string, t: StoredUserType): UserType {
  return {
    ...t,
    _links: {
      schema: {
        rel: 'schema',
        href: base + fillTemplate(USER_SCHEMA_PATH, { schemaId: schemaIdOf(t.id) }),
        method: 'GET',
      },
      self: { rel: 'self', href: base + operationPath('getUserType', { typeId: t.id }), method: 'GET' },
    },
  };
}
