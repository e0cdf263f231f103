// Apollo Client's InMemoryCache for a policy console, with the `update` functions that keep the
// cached `policies(type:)` lists true after every mutation, without a refetch. A normalising cache
// updates objects by id on its own, but it cannot know that a create, clone, move or delete
// renumbered the other policies of a type or changed which policies a list holds: the payloads carry
// the type's whole list in its new order (`policiesOfType`), and these functions put it where the
// cache keeps each `policies(type:)` field. Rule lists need no help: a rule payload's `policy { rules }`
// is the parent by id, so the cache replaces its `rules` itself. Written for Apollo Client 4
// (`@apollo/client@4` with `rxjs`): Apollo Client 3's types differ (its ApolloCache is generic).
import { type ApolloCache, InMemoryCache, type Reference, type StoreObject } from '@apollo/client';
import generated from './gql/possibleTypes.ts';

/** How the cache stores the console's objects: policies and rules by `__typename` and REST id. */
export const typePolicies = {
  Query: {
    fields: {
      // Every argument names a different list: `policies(type: PASSWORD)` and
      // `policies(type: PASSWORD, status: ACTIVE)` are two fields (Apollo's default, said out loud).
      policies: { keyArgs: ['type', 'status', 'q', 'sortBy', 'first', 'after'] },
    },
  },
  // A policy's rules are the list the service last gave, in its order: replaced, never merged.
  ...Object.fromEntries(
    generated.possibleTypes.Policy.map((typename) => [typename, { fields: { rules: { merge: false } } }]),
  ),
};

export function createPolicyCache(): InMemoryCache {
  return new InMemoryCache({ possibleTypes: generated.possibleTypes, typePolicies });
}

/**
 * A policy as a payload carries it: at least its `id`. Its `__typename` is there at run time (Apollo
 * Client adds it to every selection), though generated types have it only where selected.
 */
type PolicyObject = StoreObject & { __typename?: string; id: string };

/** The arguments of one cached `policies` field, from its store name: `policies:{"type":"PASSWORD"}`. */
function argsOf(storeFieldName: string, fieldName: string): Record<string, unknown> | null {
  const json = storeFieldName.slice(fieldName.length).replace(/^[:(]/, '').replace(/\)$/, '');
  try {
    return json ? (JSON.parse(json) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Puts the whole list of a type's policies (a payload's `policiesOfType`, in priority order) into
 * every cached `policies` field of that type: filtered by `status` and `q` and sorted by name where
 * the field asks so, as the service would list them. A paged field (`first` or `after`) is removed
 * instead, so that its next read asks the service for that page.
 */
export function putPoliciesOfType(cache: ApolloCache, policies: readonly PolicyObject[]): void {
  const type = policies[0]?.type;
  if (typeof type !== 'string') return;
  cache.modify({
    fields: {
      policies(existing, { storeFieldName, fieldName, toReference, readField, DELETE }) {
        const args = argsOf(storeFieldName, fieldName);
        if (args?.type !== type) return existing;
        if (args.first != null || args.after != null) return DELETE;
        const refs = policies.map((policy) => toReference(policy)).filter((ref): ref is Reference => ref !== undefined);
        const text = (field: string, ref: Reference) => readField<string>(field, ref) ?? '';
        let view = refs.filter(
          (ref) =>
            (args.status == null || text('status', ref) === args.status) &&
            (args.q == null || text('name', ref).toLowerCase().startsWith(String(args.q).toLowerCase())),
        );
        if (args.sortBy === 'NAME')
          view = [...view].sort((a, b) => text('name', a).localeCompare(text('name', b), 'en'));
        const connection = { ...(existing as Record<string, unknown>) };
        if ('nodes' in connection) connection.nodes = view;
        if ('edges' in connection) {
          connection.edges = view.map((node) => ({
            __typename: 'PolicyEdge',
            cursor: readField<string>('id', node),
            node,
          }));
        }
        if ('pageInfo' in connection) {
          connection.pageInfo = {
            ...(connection.pageInfo as Record<string, unknown>),
            hasNextPage: false,
            startCursor: view.length ? readField<string>('id', view[0]) : null,
            endCursor: view.length ? readField<string>('id', view[view.length - 1]) : null,
          };
        }
        return connection;
      },
    },
  });
}

/** A payload with the policies of the changed policy's type (null when the mutation was refused). */
interface WithPoliciesOfType {
  policiesOfType?: readonly PolicyObject[] | null;
}

/** `update` of createPolicy, clonePolicy, replacePolicy, updatePolicy (a move), activatePolicy, deactivatePolicy. */
export function updatePoliciesOfType(cache: ApolloCache, payload: WithPoliciesOfType | null | undefined): void {
  if (payload?.policiesOfType) putPoliciesOfType(cache, payload.policiesOfType);
}

/**
 * `update` of deletePolicy: the remaining policies of the type go where the lists are, and the deleted
 * policy (named by the console, which had it) leaves the cache with its rules' references.
 */
export function updateAfterDeletePolicy(
  cache: ApolloCache,
  deleted: { __typename?: string; id: string },
  payload: (WithPoliciesOfType & { deletedId?: string | null }) | null | undefined,
): void {
  if (!payload?.deletedId) return;
  if (payload.policiesOfType) putPoliciesOfType(cache, payload.policiesOfType);
  cache.evict({ id: cache.identify(deleted) });
  cache.gc();
}

/** `update` of deletePolicyRule: the rule leaves the cache (its policy's `rules`, in the payload, replace themselves). */
export function updateAfterDeletePolicyRule(
  cache: ApolloCache,
  deleted: { __typename?: string; id: string },
  payload: { deletedId?: string | null } | null | undefined,
): void {
  if (!payload?.deletedId) return;
  cache.evict({ id: cache.identify(deleted) });
  cache.gc();
}
