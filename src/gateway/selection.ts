// What an operation selects below the field being resolved, for resolvers whose upstream call
// depends on it (an extra read only when a payload field is asked for, simulation `expand` values).
import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

/**
 * The dotted paths of the fields selected below the current field, e.g. `evaluation.result.rules`,
 * through inline fragments and fragment spreads (aliases are ignored: paths use field names).
 */
export function selectedPaths(info: GraphQLResolveInfo): Set<string> {
  return pathsBelow(info, info.fieldNodes);
}

/**
 * The dotted paths selected on the object the current field belongs to (the current field's
 * siblings and what they select), found by following the response path from the operation's root.
 */
export function parentSelectedPaths(info: GraphQLResolveInfo): Set<string> {
  const keys: string[] = [];
  for (let at = info.path.prev; at; at = at.prev) if (typeof at.key === 'string') keys.unshift(at.key);
  let sets: (SelectionSetNode | undefined)[] = [info.operation.selectionSet];
  for (const key of keys) {
    const fields = sets.flatMap((set) => fieldsWithKey(info, set, key, new Set()));
    sets = fields.map((field) => field.selectionSet);
  }
  const parent = sets.map((selectionSet) => ({ kind: Kind.FIELD, name: { kind: Kind.NAME, value: '' }, selectionSet }));
  return pathsBelow(info, parent as FieldNode[]);
}

/** The fields of a selection set answered under a response key, through fragments. */
function fieldsWithKey(
  info: GraphQLResolveInfo,
  set: SelectionSetNode | undefined,
  key: string,
  seenFragments: Set<string>,
): FieldNode[] {
  return (set?.selections ?? []).flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return (selection.alias ?? selection.name).value === key ? [selection] : [];
    if (selection.kind === Kind.INLINE_FRAGMENT) return fieldsWithKey(info, selection.selectionSet, key, seenFragments);
    const name = selection.name.value;
    if (seenFragments.has(name)) return [];
    return fieldsWithKey(info, info.fragments[name]?.selectionSet, key, new Set([...seenFragments, name]));
  });
}

function pathsBelow(info: GraphQLResolveInfo, fieldNodes: readonly FieldNode[]): Set<string> {
  const paths = new Set<string>();
  const visit = (set: SelectionSetNode | undefined, prefix: string, seenFragments: Set<string>) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        const path = prefix + selection.name.value;
        paths.add(path);
        visit(selection.selectionSet, `${path}.`, seenFragments);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, prefix, seenFragments);
      } else {
        const name = selection.name.value;
        if (seenFragments.has(name)) continue;
        visit(info.fragments[name]?.selectionSet, prefix, new Set([...seenFragments, name]));
      }
    }
  };
  for (const node of fieldNodes) visit(node.selectionSet, '', new Set());
  return paths;
}
