// Where stored policies and rules name directory objects: the people condition's groups and users,
// the network condition's zones, and a profile enrollment rule's target groups. A deleted group, user
// or zone leaves every list that names it (docs/choices.md); a zone that is the only one of a list
// cannot be deleted, as the platform refuses it.
import type { OrgStore } from '../org/store.ts';

type Kind = 'group' | 'user' | 'zone';

type Json = Record<string, unknown> | undefined;
/** `o.a.b…` when each step is an object, else undefined. */
const at = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    o,
  );

/** The id lists of one policy's or rule's conditions and actions that hold ids of `kind`. */
function idLists(item: { conditions?: unknown; actions?: unknown }, kind: Kind): string[][] {
  const conditions = item.conditions as Json;
  const lists: unknown[] = [];
  if (kind === 'group' || kind === 'user') {
    const people = at(conditions, 'people', kind === 'group' ? 'groups' : 'users');
    lists.push(at(people, 'include'), at(people, 'exclude'));
  }
  if (kind === 'group') lists.push(at(item.actions, 'profileEnrollment', 'targetGroupIds'));
  if (kind === 'zone') lists.push(at(conditions, 'network', 'include'), at(conditions, 'network', 'exclude'));
  return lists.filter((l): l is string[] => Array.isArray(l));
}

/** Every stored policy and rule, read through the store (so that persistence sees what is touched). */
function* storedItems(store: OrgStore): Generator<{ conditions?: unknown; actions?: unknown }> {
  for (const id of Object.keys(store.data.policies)) {
    const policy = store.policy(id);
    if (!policy) continue;
    yield policy;
    yield* store.rules(id);
  }
}

/** The policies and rules (`policy <id>`, `rule <id>`) with a list that names `id` alone. */
export function soleReferencesTo(store: OrgStore, kind: Kind, id: string): string[] {
  const sole = (item: { conditions?: unknown; actions?: unknown }) =>
    idLists(item, kind).some((l) => l.length === 1 && l[0] === id);
  const found: string[] = [];
  for (const policyId of Object.keys(store.data.policies)) {
    if (sole(store.policy(policyId)!)) found.push(`policy ${policyId}`);
    for (const rule of store.rules(policyId)) if (sole(rule)) found.push(`rule ${rule.id}`);
  }
  return found;
}

/** Removes `id` from every list of `kind` in stored policies and rules. */
export function dropReferences(store: OrgStore, kind: Kind, id: string): void {
  for (const item of storedItems(store)) {
    for (const list of idLists(item, kind)) {
      const at = list.indexOf(id);
      if (at >= 0) list.splice(at, 1);
    }
  }
}
