// Stored objects -> the wire shapes of the spec: derived priority and `_links`.
import { fillTemplate, operationPath } from '../../rest/contract/operations.ts';
import type { Link, Policy, PolicyLinks, PolicyRule, RuleLinks, UserType } from '../../rest/types.ts';
import { POLICY_TYPE_MODULES } from '../policyTypes/index.ts';
import { policyDeleteRefusal, ruleEditRefusal } from './refusals.ts';
import type { OrgStore, StoredPolicy, StoredRule, StoredUserType } from './store.ts';

const link = (href: string, ...allow: string[]): Link => ({ href, hints: { allow } });

/** Hints name only what the org then accepts (see refusals.ts). */
export function policyLinks(store: OrgStore, base: string, p: StoredPolicy): PolicyLinks {
  const policyId = p.id;
  const self = base + operationPath('getPolicy', { policyId });
  const canDelete = !policyDeleteRefusal(store, p);
  const links: PolicyLinks = { self: canDelete ? link(self, 'GET', 'PUT', 'DELETE') : link(self, 'GET', 'PUT') };
  // System policies are always active and cannot be deactivated, so they offer no lifecycle link.
  if (!p.system) {
    if (p.status === 'ACTIVE') links.deactivate = link(base + operationPath('deactivatePolicy', { policyId }), 'POST');
    else links.activate = link(base + operationPath('activatePolicy', { policyId }), 'POST');
  }
  // The spec: "`rules` hints allow GET and POST", on every policy, as the real service's own examples
  // show (a profile enrollment policy: POST, GET) even where a new rule would be over the limit (then
  // refused with 400 naming the limit).
  links.rules = link(base + operationPath('listRules', { policyId }), 'GET', 'POST');
  // The mappings list is served read-only (mapping goes through the applications service).
  if (POLICY_TYPE_MODULES[p.type].mapped)
    links.mappings = link(base + operationPath('listPolicyMappings', { policyId }), 'GET');
  return links;
}

export function ruleLinks(store: OrgStore, base: string, policy: StoredPolicy, r: StoredRule): RuleLinks {
  const ids = { policyId: policy.id, ruleId: r.id };
  const self = base + operationPath('getRule', ids);
  const methods = ['GET', ...(ruleEditRefusal(store, policy, r) ? [] : ['PUT']), ...(r.system ? [] : ['DELETE'])];
  const links: RuleLinks = { self: link(self, ...methods) };
  if (!r.system) {
    if (r.status === 'ACTIVE') links.deactivate = link(base + operationPath('deactivateRule', ids), 'POST');
    else links.activate = link(base + operationPath('activateRule', ids), 'POST');
  }
  return links;
}

export function toWirePolicy(store: OrgStore, base: string, p: StoredPolicy): Policy {
  return { ...p, priority: store.policyPriority(p), _links: policyLinks(store, base, p) };
}

export function toWireRule(store: OrgStore, base: string, policy: StoredPolicy, r: StoredRule): PolicyRule {
  return { ...r, priority: store.rulePriority(policy, r), _links: ruleLinks(store, base, policy, r) };
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
