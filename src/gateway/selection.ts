// What an operation selects below the field being resolved, for resolvers whose upstream call
// depends on it (an extra read only when a payload field is asked for, simulation `expand` values).
import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

/**
 * The dotted paths of the fields selected below the current field, e.g. `evaluation.result.rules`,
 * through inline fragments and fragment spreads (aliases are ignored: paths use field names).
 */
export function selectedPaths(info: GraphQLResolveInfo): Set<string> {
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
  for (const node of info.fieldNodes) visit(node.selectionSet, '', new Set());
  return paths;
}
