// The documents a router sends a subgraph on its own behalf: `_service { sdl }` to compose, and
// `_entities(representations:)` to fetch entities. With a trusted-documents manifest they are the
// only documents the gateway runs without an id when it is a subgraph (FEDERATION): their text
// follows from the supergraph's queries, so no manifest can list them ahead.
import { Kind, type SelectionSetNode } from 'graphql';
import { parseWithinLimits } from '../plugins/queryLimits.ts';

/** The root fields of the federation subgraph protocol (`__typename` is harmless beside them). */
const PROTOCOL_ROOT_FIELDS = new Set(['_service', '_entities', '__typename']);

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/** Only protocol fields at the root: no other field, and no fragment that could bring one. */
function onlyProtocolFields(set: SelectionSetNode): boolean {
  return set.selections.every(
    (selection) => selection.kind === Kind.FIELD && PROTOCOL_ROOT_FIELDS.has(selection.name.value),
  );
}

/**
 * Whether `text` is a federation protocol document: queries whose root selections are `_service`
 * and `_entities` alone (fragments allowed below them, none on a root type). Anything else, a text
 * that does not parse or passes `maxTokens` included, is not.
 */
export function isFederationProtocolDocument(text: string, maxTokens: number): boolean {
  // Most documents never name either field: they are not parsed twice.
  if (!text.includes('_entities') && !text.includes('_service')) return false;
  let definitions: ReturnType<typeof parseWithinLimits>['definitions'];
  try {
    definitions = parseWithinLimits(text, { maxTokens }).definitions;
  } catch {
    return false;
  }
  let operations = 0;
  for (const definition of definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      if (definition.operation !== 'query' || !onlyProtocolFields(definition.selectionSet)) return false;
      operations++;
    } else if (definition.kind !== Kind.FRAGMENT_DEFINITION || ROOT_TYPES.has(definition.typeCondition.name.value)) {
      return false;
    }
  }
  return operations > 0;
}
