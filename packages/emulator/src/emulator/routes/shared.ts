// Lookups and body checks that every resource's routes share.
import type { LifecycleStatus, PolicyType } from '../../rest/types.ts';
import { POLICY_TYPES } from '../../rest/types.ts';
import { forbidden, notFound, validationFailed } from '../common/errors.ts';
import { noContent, type Reply } from './handler.ts';
import { now } from '../common/ids.ts';
import type { OrgStore, StoredPolicy } from '../org/store.ts';
import { BODY_NOT_AN_OBJECT, type Check, isJsonObject, type JsonObject } from '../common/check.ts';
import type { ContractCheckOptions } from '../policyTypes/contractCheck.ts';
import { POLICY_TYPE_MODULES } from '../policyTypes/index.ts';

/** The routes word a text's length limit as the service always has: `must be at most N characters`. */
export const ROUTE_WORDING: ContractCheckOptions = {
  message: (_path, e) => (e.keyword === 'maxLength' ? `must be at most ${e.params.limit} characters` : undefined),
};

export function findPolicy(store: OrgStore, id: string): StoredPolicy {
  const p = store.policy(id);
  if (!p) throw notFound(`${id} (Policy)`);
  return p;
}

/** The body's object, or a validation error naming the body. */
export function bodyObject(body: unknown): JsonObject {
  if (!isJsonObject(body)) throw validationFailed([BODY_NOT_AN_OBJECT]);
  return body;
}

/** Checks `type` against the engine: identity-engine types do not exist on classic orgs. */
export function checkPolicyType(store: OrgStore, c: Check, raw: unknown, path = 'type'): PolicyType | undefined {
  const type = c.enum(raw, path, POLICY_TYPES, { required: true });
  if (type && store.engine === 'CLASSIC' && POLICY_TYPE_MODULES[type].ieOnly) {
    c.fail(path, `${type} policies are available only on identity engine orgs`);
    return undefined;
  }
  return type;
}

/**
 * Activates or deactivates a policy or rule (204): a system one (`what`: "policy", "rule") cannot
 * be deactivated, and a repeat changes nothing.
 */
export function setLifecycleStatus(
  store: OrgStore,
  item: { system: boolean; status: LifecycleStatus; lastUpdated: string },
  status: LifecycleStatus,
  what: string,
): Reply {
  if (item.system && status === 'INACTIVE') throw forbidden([`the default ${what} cannot be deactivated`]);
  if (item.status !== status) {
    item.status = status;
    item.lastUpdated = now();
    store.changed();
  }
  return noContent();
}
