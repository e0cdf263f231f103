// One estimate of what an operation costs, made once its variables are known and before its first
// upstream call: the upstream calls it asks for at least, and the size of its result (items ×
// selected fields), where a page holds `first` items whether `first` is a literal, a variable or
// left to the service's default, `nodes` one item per id, a list inside one REST object its maximum
// where the spec states one, and a list fetched at or below a field that leads back to a kind of
// object above it (`rule.policy.rules`) a realistic count; such a field under another one leading
// back to the same kind is reported as a cycle. Fragments count as the same selections written
// inline. Every static cost limit reads this estimate, and `extensions.cost` reports it.
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  valueFromASTUntyped,
} from 'graphql';
import { type PolicyType, RULE_TYPE_OF } from '../rest/types.ts';
import { planReadCalls } from '../policyDocument/read.ts';
import { MAX_USER_TYPES, POLICY_PAGE_SIZE } from 'policy-service-emulator/contract';
import { contractListMaxima } from './contractListMaxima.ts';
import { REFERENCE_KEY_FIELDS } from './federation/applications.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from './resolvers/typenames.ts';
import { RecentlyUsed } from '../upstream/recentlyUsed.ts';

/** The schema directive that marks a field needing an upstream call of its own (schema.graphql). */
export const UPSTREAM_DIRECTIVE = 'upstream';

/** Whether `type`'s field `name` carries `@upstream` (interfaces carry it for their implementations). */
export function hasUpstreamDirective(type: GraphQLNamedType, name: string): boolean {
  if (!isObjectType(type) && !isInterfaceType(type)) return false;
  const field = type.getFields()[name];
  return field?.astNode?.directives?.some((d) => d.name.value === UPSTREAM_DIRECTIVE) ?? false;
}

/**
 * The service's page size when `first` is left out, and the largest it serves (larger is clamped).
 * The spec shows neither; these are the emulator's (see docs/limits.md).
 */
export const DEFAULT_PAGE_SIZE = POLICY_PAGE_SIZE.default;
export const MAX_PAGE_SIZE = POLICY_PAGE_SIZE.maximum;

/**
 * Lists with a maximum the spec states: user types per org, a payload's whole list of a type's
 * policies (read MAX_PAGE_SIZE at a time), and the bounded lists of each policy type's settings and rule
 * actions (profile attributes, IdP providers; read from the contract, contractListMaxima.ts). A list
 * not named here counts once: either it is part of one REST object already counted, or it is
 * fetched by a call of its own per item (`rules`, `applications`), which the call budget and the
 * response budget bound at run time (at or below a back-reference it counts BACK_REFERENCE_ITEMS).
 */
const LIST_MAXIMA: Readonly<Record<string, number>> = {
  'Query.userTypes': MAX_USER_TYPES,
  'UserTypeCondition.includedUserTypes': MAX_USER_TYPES,
  'UserTypeCondition.excludedUserTypes': MAX_USER_TYPES,
  'PolicyPayload.policiesOfType': MAX_PAGE_SIZE,
  'DeletePolicyPayload.policiesOfType': MAX_PAGE_SIZE,
};

/** LIST_MAXIMA with the policy types' bounded lists, worked out once per schema. */
const LIST_MAXIMA_OF_SCHEMA = new WeakMap<GraphQLSchema, Readonly<Record<string, number>>>();
function listMaximaOf(schema: GraphQLSchema): Readonly<Record<string, number>> {
  let maxima = LIST_MAXIMA_OF_SCHEMA.get(schema);
  if (!maxima) {
    maxima = { ...contractListMaxima(schema), ...LIST_MAXIMA };
    LIST_MAXIMA_OF_SCHEMA.set(schema, maxima);
  }
  return maxima;
}

/** Root fields whose calls follow from an argument's value: a plan reads what its document manages. */
const CALLS_OF_ARGUMENTS: Readonly<Record<string, (argument: (name: string) => unknown) => number>> = {
  'Mutation.planPolicies': (argument) => planReadCalls(argument('document')),
};

/**
 * Fields of a federation subgraph (FEDERATION) that return references to apps: free with only the
 * key selected, else the app lookup, at least one call (federation/applications.ts).
 */
const REFERENCES_LOOKED_UP = new Set(['AppConditionEntry.application', 'SloSettings.applications']);

/**
 * Items per parent of a list fetched by a call of its own at or below a back-reference (a field
 * leading to a kind of object above it): such a list is answered again for every item of the lists
 * in between, so it cannot count one item as such a list does elsewhere (`rules` under
 * `rule.policy`, `applications` under `application.accessPolicy`, the `rules` of an application's
 * policy). The spec's largest per-policy list: 100 rules per authentication policy.
 */
export const BACK_REFERENCE_ITEMS = 100;

/**
 * Back-references to one kind of object that one path may follow: one serves a console (a rule's
 * policy, with its rules); a second under it only repeats what the path already holds, once more
 * for every item of the lists in between.
 */
export const BACK_REFERENCES_PER_PATH = 1;

/**
 * Root fields that load one object per value of a list argument: `nodes(ids:)`, and a federation
 * subgraph's `_entities(representations:)` (FEDERATION), which loads each as `nodes` loads its id.
 */
const ID_LIST_ARGUMENTS: Readonly<Record<string, string>> = { nodes: 'ids', _entities: 'representations' };

/** The interface of the objects a client can refetch by id alone; a field returning it can be any kind. */
const NODE_INTERFACE = 'Node';

/**
 * What holding one REST object (a policy, a rule, a user type) costs, in selected fields: the
 * service answers with whole objects whatever the selection, and one object's JSON weighs about as
 * much as this many selected values of the answer (measured, see docs/limits.md).
 */
export const OBJECT_WEIGHT = 40;

/** One root selection's share of the size: what a refusal names. */
export interface CostPart {
  /** The response key: the alias, else the field name. */
  field: string;
  /** Items of its largest list (a page's `first`), 1 without a list. */
  items: number;
  /** Size units: items × fields per item. */
  size: number;
}

/** A field that reaches a kind of object a third time on one path: a back-reference under a back-reference. */
export interface CostCycle {
  /** The response keys from the root to the field. */
  path: string[];
  /** The field, as `Type.field` of the type it is selected on. */
  field: string;
  /** The kind of object it leads back to (`Policy`, `PolicyRule`, `Application`). */
  kind: string;
  /** Back-references to that kind on the path, this one included. */
  backReferences: number;
}

export interface CostEstimate {
  /** Upstream calls the operation asks for at least (a list's items counted once). */
  calls: number;
  /** Result size: selected fields × the items they are selected on. */
  size: number;
  /** The root selections, largest first. */
  parts: CostPart[];
  /** Ids named in `nodes(ids:)` (and representations in `_entities`), every selection of them together, repeated ids each time. */
  nodeIds: number;
  /** Of `nodeIds`, the entity representations of `_entities` (a federation subgraph's); absent without any. */
  representations?: number;
  /** The first back-reference to a kind past BACK_REFERENCES_PER_PATH on its path. */
  cycle?: CostCycle;
}

interface Cost {
  calls: number;
  size: number;
  /** The largest list multiplier met (the items of a page), for the refusal's wording. */
  items: number;
}

const NONE: Cost = { calls: 0, size: 0, items: 1 };

/**
 * What a selection knows from the fields above it: the page's size, the listed policy type, and
 * the kinds of the objects it is inside.
 */
interface Scope {
  pageSize: number;
  policyType?: PolicyType;
  /** The kind of each object above the selection, outermost first (see `kindOf`). */
  kinds: readonly string[];
  /** A back-reference is on the path. */
  reachedBack: boolean;
}

const ROOT_SCOPE: Scope = { pageSize: 1, kinds: [], reachedBack: false };

/** A field of a selection set with the type it is selected on. */
interface Selected {
  node: FieldNode;
  parent: GraphQLNamedType;
}

/** The estimate of one operation with its variable values (defaults filled in here when absent). */
export function estimateCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): CostEstimate {
  return estimateReading(schema, operation, fragments, variables).estimate;
}

/** Estimates kept per operation of a document: one per distinct set of the values the estimate read. */
const ESTIMATES_PER_OPERATION = 16;
/** Values longer than this, as JSON (a plan's whole document), are not kept as a key: estimated each time. */
const MAX_KEY_LENGTH = 1024;

interface KnownEstimates {
  /** The variables whose values the estimate read (the same for every set of values). */
  reads: readonly string[];
  /** By the values of those variables (valuesKey). */
  byValues: RecentlyUsed<string, CostEstimate>;
}

const knownEstimates = new WeakMap<
  GraphQLSchema,
  WeakMap<DocumentNode, Map<OperationDefinitionNode, KnownEstimates>>
>();

/**
 * `estimateCost` of an operation of `document`, worked out once per document and the values of the
 * variables the estimate reads (`first`, `type`, `ids`, a plan's document): a document sent again,
 * which the server's parse cache hands back as the same object, costs a lookup. An estimate reading
 * no variable is the document's alone.
 */
export function documentEstimate(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): CostEstimate {
  let documents = knownEstimates.get(schema);
  if (!documents) {
    documents = new WeakMap();
    knownEstimates.set(schema, documents);
  }
  let operations = documents.get(document);
  if (!operations) {
    operations = new Map();
    documents.set(document, operations);
  }
  const known = operations.get(operation);
  // The key is made once per request: a plan's document can be a megabyte of JSON.
  const knownKey = known && valuesKey(known.reads, variables);
  if (knownKey !== undefined) {
    const remembered = known?.byValues.get(knownKey);
    if (remembered) return remembered;
  }
  const { estimate, reads } = estimateReading(schema, operation, fragmentsOf(document), variables);
  const entry = known ?? { reads, byValues: new RecentlyUsed<string, CostEstimate>(ESTIMATES_PER_OPERATION) };
  if (!known) operations.set(operation, entry);
  const key = known ? knownKey : valuesKey(reads, variables);
  if (key === undefined) return estimate;
  entry.byValues.set(key, estimate);
  return estimate;
}

/**
 * The values of `names` as one string (a variable left out differs from one sent as null: only
 * the first takes its default); undefined when too long to keep, or not JSON. Never empty.
 */
function valuesKey(
  names: readonly string[],
  variables: Readonly<Record<string, unknown>> | null | undefined,
): string | undefined {
  try {
    // JSON escapes control characters, so the separator cannot occur inside a value.
    const key = `=${names.map((name) => (variables?.[name] === undefined ? '' : JSON.stringify(variables[name]))).join('\u0000')}`;
    return key.length <= MAX_KEY_LENGTH ? key : undefined;
  } catch {
    return undefined;
  }
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}

/** The estimate, and the variables whose values it read. */
function estimateReading(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): { estimate: CostEstimate; reads: string[] } {
  const root = schema.getRootType(operation.operation);
  if (!root) return { estimate: { calls: 0, size: 0, parts: [], nodeIds: 0 }, reads: [] };
  const estimator = new Estimator(schema, fragments, variableValues(operation, variables ?? {}));
  const parts: CostPart[] = [];
  let calls = 0;
  // The root's fragments are opened here (each once, as execution collects them), so that every
  // root field is a part of its own whether written inline or in a fragment.
  for (const selected of estimator.collect(operation.selectionSet, root, ROOT_SCOPE, new Set(), true)) {
    if (!('node' in selected)) continue;
    const { node, parent } = selected;
    const cost = estimator.field(node, parent, ROOT_SCOPE);
    calls += cost.calls;
    const existing = parts.find((p) => p.field === (node.alias ?? node.name).value);
    if (existing) {
      existing.size += cost.size;
      existing.items = Math.max(existing.items, cost.items);
    } else parts.push({ field: (node.alias ?? node.name).value, items: cost.items, size: cost.size });
  }
  parts.sort((a, b) => b.size - a.size);
  const size = parts.reduce((sum, p) => sum + p.size, 0);
  return {
    estimate: {
      calls,
      size,
      parts,
      nodeIds: estimator.nodeIds,
      ...(estimator.representations > 0 && { representations: estimator.representations }),
      ...(estimator.cycle && { cycle: estimator.cycle }),
    },
    reads: [...estimator.reads].sort(),
  };
}

/** The operation's variables with the defaults of the variables left out. */
function variableValues(
  operation: OperationDefinitionNode,
  given: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...given };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (values[name] === undefined && definition.defaultValue)
      values[name] = valueFromASTUntyped(definition.defaultValue);
  }
  return values;
}

/** How many values a list argument holds: one value is a list of one (GraphQL's input coercion). */
function listLength(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return value === undefined || value === null ? 0 : 1;
}

/** Each type's kind, worked out once. */
const KIND_OF_TYPE = new WeakMap<GraphQLNamedType, string | undefined>();

/**
 * The kind of object a type stands for, so that a path can tell when it comes back to a kind it is
 * already inside: only objects with an id (the REST objects) have one, a policy or rule
 * implementation its interface (`Policy`, `PolicyRule`), any other itself (`Application`,
 * `UserType`); `Node` (any kind) and values (settings, conditions, pages) have none.
 */
function kindOf(type: GraphQLNamedType): string | undefined {
  if (KIND_OF_TYPE.has(type)) return KIND_OF_TYPE.get(type);
  let kind: string | undefined;
  if ((isObjectType(type) || isInterfaceType(type)) && type.name !== NODE_INTERFACE && type.getFields().id) {
    const implemented = type
      .getInterfaces()
      .find((i) => i.name !== NODE_INTERFACE && i.getInterfaces().some((n) => n.name === NODE_INTERFACE));
    kind = implemented?.name ?? type.name;
  }
  KIND_OF_TYPE.set(type, kind);
  return kind;
}

function countOf(values: readonly string[], value: string): number {
  let count = 0;
  for (const v of values) if (v === value) count++;
  return count;
}

class Estimator {
  /** Per fragment and scope: its cost, or NONE while it is being counted (a cycle, which validation reports). */
  private readonly fragmentCosts = new Map<string, Cost>();
  /** Ids named in `nodes(ids:)` so far. */
  nodeIds = 0;
  /** Of them, representations named in `_entities`. */
  representations = 0;
  /** The response keys from the root to the field being estimated (for a refusal). */
  private readonly path: string[] = [];
  /** The first back-reference under a back-reference met. */
  cycle?: CostCycle;
  /** The variables whose values an argument read so far. */
  readonly reads = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>,
    private readonly variables: Readonly<Record<string, unknown>>,
  ) {}

  /**
   * The fields of a selection set with the type each is selected on, inline fragments opened, and
   * its fragment spreads: each fragment once (`seen`), as execution collects them, opened too when
   * `open`, else named. A fragment on another policy (or rule) type than the list's `type:` is left out.
   */
  *collect(
    set: SelectionSetNode,
    parent: GraphQLNamedType,
    scope: Scope,
    seen: Set<string>,
    open: boolean,
  ): Generator<Selected | { fragment: string }> {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        yield { node: selection, parent };
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        if (type && this.applies(type, scope)) yield* this.collect(selection.selectionSet, type, scope, seen, open);
        continue;
      }
      const name = selection.name.value;
      if (seen.has(name)) continue;
      seen.add(name);
      if (!open) {
        yield { fragment: name };
        continue;
      }
      const definition = this.fragments[name];
      const type = definition && this.schema.getType(definition.typeCondition.name.value);
      if (type && this.applies(type, scope)) yield* this.collect(definition.selectionSet, type, scope, seen, open);
    }
  }

  /** A selection set's cost per item, fragment spreads included (each fragment counted once per scope). */
  selectionSet(set: SelectionSetNode, parent: GraphQLNamedType, scope: Scope): Cost {
    const total = { calls: 0, size: 0, items: 1 };
    for (const selected of this.collect(set, parent, scope, new Set(), false)) {
      const cost =
        'node' in selected
          ? this.field(selected.node, selected.parent, scope)
          : this.fragment(selected.fragment, scope);
      total.calls += cost.calls;
      total.size += cost.size;
      total.items = Math.max(total.items, cost.items);
    }
    return total;
  }

  private fragment(name: string, scope: Scope): Cost {
    const definition = this.fragments[name];
    // The path is left out: a fragment costs the same wherever it is spread with the same scope.
    const key = `${name} ${scope.pageSize} ${scope.policyType ?? ''} ${scope.kinds.join('>')} ${scope.reachedBack}`;
    const known = this.fragmentCosts.get(key);
    if (known) return known;
    const type = definition && this.schema.getType(definition.typeCondition.name.value);
    if (!type || !this.applies(type, scope)) return NONE;
    this.fragmentCosts.set(key, NONE);
    const cost = this.selectionSet(definition.selectionSet, type, scope);
    this.fragmentCosts.set(key, cost);
    return cost;
  }

  field(node: FieldNode, parent: GraphQLNamedType, scope: Scope): Cost {
    const name = node.name.value;
    const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
    // Unknown fields and introspection are validation's business, and cost nothing upstream.
    if (!field) return { calls: 0, size: 1, items: 1 };
    const type = getNamedType(field.type);
    const key = (node.alias ?? node.name).value;
    const parentKind = kindOf(parent);
    const kind = kindOf(type);
    // How often the path is already inside the kind this field returns: each time is one more
    // back-reference to it (a field leading back to a kind of object above it).
    const visits = kind ? countOf(scope.kinds, kind) + (parentKind === kind ? 1 : 0) : 0;
    if (kind && visits > BACK_REFERENCES_PER_PATH) {
      this.cycle ??= { path: [...this.path, key], field: `${parent.name}.${name}`, kind, backReferences: visits };
      return NONE;
    }
    const qualified = `${parent.name}.${name}`;
    const byArguments = CALLS_OF_ARGUMENTS[qualified];
    const calls = REFERENCES_LOOKED_UP.has(qualified)
      ? Number(this.selectsBeyondKey(node, type, scope))
      : !this.needsCall(parent, name)
        ? 0
        : byArguments
          ? byArguments((a) => this.argument(node, a))
          : 1;
    const reachedBack = scope.reachedBack || visits > 0;
    const items = this.multiplier(node, parent, field, scope, calls > 0 && reachedBack);
    if (!node.selectionSet) return { calls, size: items, items };
    const page = name === 'policies' && parent === this.schema.getQueryType();
    const kinds = parentKind ? [...scope.kinds, parentKind] : scope.kinds;
    const policyType = this.keepsPolicyType(type) ? scope.policyType : undefined;
    let inner = scope;
    if (page) {
      inner = {
        pageSize: this.pageSize(node),
        policyType: this.argument(node, 'type') as PolicyType | undefined,
        kinds,
        reachedBack: false,
      };
    } else if (kinds !== scope.kinds || policyType !== scope.policyType || reachedBack !== scope.reachedBack) {
      inner = { ...scope, policyType, kinds, reachedBack };
    }
    this.path.push(key);
    const below = this.selectionSet(node.selectionSet, type, inner);
    this.path.pop();
    // A field with a call of its own holds the REST objects it returns: a page's items, else one per item.
    const objects = calls === 0 ? 0 : (page ? inner.pageSize : 1) * OBJECT_WEIGHT;
    return {
      // Calls inside a list count once (its length is known only after its own call).
      calls: calls + below.calls,
      size: items * (1 + objects + below.size),
      items: items * below.items,
    };
  }

  /**
   * How many items a field holds: a page's nodes and edges the page, `nodes` one per id, a list
   * with a stated maximum that maximum, a list with a call of its own at or below a back-reference
   * BACK_REFERENCE_ITEMS; 1 for anything else.
   */
  private multiplier(
    node: FieldNode,
    parent: GraphQLNamedType,
    field: GraphQLField<unknown, unknown>,
    scope: Scope,
    fetchedBehindBackReference: boolean,
  ): number {
    if (parent.name === 'PolicyConnection' && (field.name === 'nodes' || field.name === 'edges')) return scope.pageSize;
    const idList = parent === this.schema.getQueryType() ? ID_LIST_ARGUMENTS[field.name] : undefined;
    if (idList) {
      const count = listLength(this.argument(node, idList));
      this.nodeIds += count;
      if (idList === 'representations') this.representations += count;
      return count;
    }
    const maximum = listMaximaOf(this.schema)[`${parent.name}.${field.name}`];
    if (maximum !== undefined) return maximum;
    return fetchedBehindBackReference && isListType(getNullableType(field.type)) ? BACK_REFERENCE_ITEMS : 1;
  }

  /**
   * Whether the listed policy type still holds below a field returning `type`: through the
   * policy's rules and their policy, and inside values; not in another kind of object with an id of
   * its own (an application's `accessPolicy` is an authentication policy whatever the list's type).
   */
  private keepsPolicyType(type: GraphQLNamedType): boolean {
    const kind = kindOf(type);
    return kind === undefined || kind === 'Policy' || kind === 'PolicyRule';
  }

  /** `first` as literal, variable or default, clamped as the service clamps it. */
  private pageSize(node: FieldNode): number {
    const first = this.argument(node, 'first');
    if (typeof first !== 'number' || !Number.isFinite(first)) return DEFAULT_PAGE_SIZE;
    return Math.min(Math.max(Math.trunc(first), 1), MAX_PAGE_SIZE);
  }

  private argument(node: FieldNode, name: string): unknown {
    const argument = node.arguments?.find((a) => a.name.value === name);
    if (argument) this.noteVariables(argument.value);
    // A literal (lists included), or a variable's value: plain JSON, enums as strings.
    return argument && valueFromASTUntyped(argument.value, this.variables);
  }

  /** Notes the variables a value names, at any depth: the estimate depends on their values. */
  private noteVariables(value: ValueNode): void {
    if (value.kind === Kind.VARIABLE) this.reads.add(value.name.value);
    else if (value.kind === Kind.LIST) for (const item of value.values) this.noteVariables(item);
    else if (value.kind === Kind.OBJECT) for (const field of value.fields) this.noteVariables(field.value);
  }

  /** False for a fragment on a policy or rule implementation of another type than the listed one. */
  private applies(type: GraphQLNamedType, { policyType }: Scope): boolean {
    if (!policyType || !isObjectType(type)) return true;
    const implemented = type.getInterfaces().map((i) => i.name);
    if (implemented.includes('Policy')) return POLICY_TYPENAME[policyType] === type.name;
    if (implemented.includes('PolicyRule')) return RULE_TYPENAME[RULE_TYPE_OF[policyType]] === type.name;
    return true;
  }

  /** Whether a reference's selection asks for more than its key (fragments opened). */
  private selectsBeyondKey(node: FieldNode, type: GraphQLNamedType, scope: Scope): boolean {
    if (!node.selectionSet) return false;
    for (const selected of this.collect(node.selectionSet, type, scope, new Set(), true)) {
      if ('node' in selected && !REFERENCE_KEY_FIELDS.has(selected.node.name.value)) return true;
    }
    return false;
  }

  private needsCall(parent: GraphQLNamedType, field: string): boolean {
    if (parent === this.schema.getQueryType() || parent === this.schema.getMutationType()) return true;
    const declaring = isObjectType(parent) ? [parent, ...parent.getInterfaces()] : [parent];
    return declaring.some((type) => hasUpstreamDirective(type, field));
  }
}
