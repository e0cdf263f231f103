// Reads what a document describes at the lower bound of upstream calls: the user types (one call),
// each policy type's list (one call per WHOLE_LIST_PAGE_SIZE policies) and each policy's rules (one call per policy,
// all at once within the operation's concurrency). Classic `expand=rules` is not used: it fails on a
// policy with more than MAX_EMBEDDED_RULES rules and the identity engine lacks it.
import type { PolicyType } from '../rest/types.ts';
import type { RestApi } from '../upstream/client.ts';
import { everyPage, WHOLE_LIST_PAGE_SIZE } from '../upstream/pagination.ts';
import type { OrgSnapshot } from './document.ts';

export async function readOrg(api: RestApi, types: readonly PolicyType[]): Promise<OrgSnapshot> {
  const [userTypes, ...lists] = await Promise.all([
    api.listUserTypes(),
    ...types.map(async (type) => {
      const policies = await everyPage((after) => api.listPolicies({ type, limit: WHOLE_LIST_PAGE_SIZE, after }));
      // Sorted copies: an answer may be the read cache's, frozen and shared (cache/store.ts).
      return [...policies].sort((a, b) => a.priority - b.priority);
    }),
  ]);
  const policies: OrgSnapshot['policies'] = {};
  await Promise.all(
    types.map(async (type, i) => {
      policies[type] = await Promise.all(
        lists[i].map(async (policy) => ({
          policy,
          rules: [...(await api.listRules(policy.id))].sort((a, b) => a.priority - b.priority),
        })),
      );
    }),
  );
  // Keep the types in the order asked for, whatever order the reads finished in.
  const ordered: OrgSnapshot['policies'] = {};
  for (const type of types) ordered[type] = policies[type];
  return { userTypes, policies: ordered };
}

/** Calls `readOrg` makes for an org of this shape (one page per WHOLE_LIST_PAGE_SIZE policies assumed). */
export function readCost(org: OrgSnapshot): number {
  let calls = 1;
  for (const list of Object.values(org.policies))
    calls += Math.max(1, Math.ceil((list ?? []).length / WHOLE_LIST_PAGE_SIZE)) + (list ?? []).length;
  return calls;
}

/**
 * The reads a plan of `document` makes, as far as the document tells before any call: the user
 * types, one list per policy type it manages, and one rules list per policy it names (taken as in
 * the org, as in a document exported and edited). More policies of those types in the org cost one
 * more call each, which the operation's call budget bounds as they are made.
 */
export function planReadCalls(document: unknown): number {
  const policies = (document as { policies?: unknown } | null)?.policies;
  if (typeof policies !== 'object' || policies === null) return 1;
  let calls = 1;
  for (const list of Object.values(policies)) calls += 1 + (Array.isArray(list) ? list.length : 0);
  return calls;
}
