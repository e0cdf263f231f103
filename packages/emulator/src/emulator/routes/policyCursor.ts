// The `after` cursor of the policy listing: a policy id, and the listing goes on with the items
// that sort after that policy. The cursor's policy need not be on the listing any more: a page
// whose policies were deleted (the "page, delete, next" clean-up loop), or that left a `status` or
// `q` filter, still leads on to the policies after where it was.
import type { PolicyType } from '../../rest/types.ts';
import type { OrgStore, StoredPolicy } from '../org/store.ts';

/** A place in the listing's order: the policy's name (for sortBy=name) and its place by priority. */
interface Place {
  name: string;
  /** Index in the type's priority order; a deleted policy sits half-way below the policy that was above it. */
  rank: number;
}

/** Where the policy `id` is, or was when deleted; undefined for an id that was never of this type. */
function placeOf(store: OrgStore, type: PolicyType, id: string): Place | undefined {
  const live = store.policy(id);
  if (live) return live.type === type ? { name: live.name, rank: store.policyPriority(live) - 1 } : undefined;
  const gone = store.deletedPolicy(id);
  if (gone?.type !== type) return undefined;
  // The nearest policy above it that still exists; the ones deleted since lead on to theirs.
  let above = gone.above;
  while (above !== null) {
    const p = store.policy(above);
    if (p) return { name: gone.name, rank: store.policyPriority(p) - 1 + 0.5 };
    above = store.deletedPolicy(above)?.above ?? null;
  }
  return { name: gone.name, rank: -0.5 };
}

/**
 * The index in `items` (the listing, filtered and sorted) of the first item after the cursor, or
 * undefined when `after` names no policy of this type, now or since the org was loaded.
 */
export function indexAfter(
  store: OrgStore,
  type: PolicyType,
  items: StoredPolicy[],
  after: string,
  byName: boolean,
): number | undefined {
  const cursor = placeOf(store, type, after);
  if (!cursor) return undefined;
  const rank = (p: StoredPolicy) => store.policyPriority(p) - 1;
  const isAfter = (p: StoredPolicy) => {
    const byNameOrder = byName ? compareByName(p.name, cursor.name) : 0;
    return byNameOrder > 0 || (byNameOrder === 0 && rank(p) > cursor.rank);
  };
  const index = items.findIndex(isAfter);
  return index < 0 ? items.length : index;
}

/** The listing's name order (sortBy=name): ascending in English collation, letter case only breaking ties. */
export function compareByName(a: string, b: string): number {
  return a.localeCompare(b, 'en');
}
