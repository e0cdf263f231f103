// What an idempotent create may already have made upstream, for a retry whose earlier attempt's
// outcome was lost: the objects with the create's name (of its policy type, in its policy) that the
// service created at a given time or later.
import type { PolicyType } from '../rest/types.ts';
import type { RestApi } from '../upstream/client.ts';
import { WHOLE_LIST_PAGE_SIZE } from '../upstream/pagination.ts';

interface Created {
  id: string;
  name: string;
  created: string;
}

/** The policies of `type` named `name`: one list call (by name prefix, sorted by name, so exact names come first). */
export function policiesNamed(api: RestApi, type: PolicyType | null | undefined, name: string) {
  return async (since: number): Promise<Created[]> => {
    // Without a type the service refuses the create: nothing can have been made.
    if (!type) return [];
    const page = await api.listPolicies({ type, q: name, sortBy: 'name', limit: WHOLE_LIST_PAGE_SIZE });
    return createdSince(page.items, name, since);
  };
}

export function userTypesNamed(api: RestApi, name: string) {
  return async (since: number): Promise<Created[]> => createdSince(await api.listUserTypes(), name, since);
}

export function rulesNamed(api: RestApi, policyId: string, name: string) {
  return async (since: number): Promise<Created[]> => createdSince(await api.listRules(policyId), name, since);
}

function createdSince<T extends Created>(items: T[], name: string, since: number): T[] {
  return items.filter((item) => item.name === name && Date.parse(item.created) >= since);
}
