// One estimate of what an operation costs, made once its variables are known and before its first
// upstream call: the upstream calls it asks for at least, and the size of its result (items ×
// selected fields), where a page holds `first` items whether `first` is a literal, a variable or
// left to the service's default, and a list inside one REST object counts its maximum where the
// spec states one. Every static cost limit reads this estimate, and `extensions.cost` reports it.
import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { type PolicyType, RULE_TYPE_OF } from '../rest/types.ts';
import { planReadCalls } from '../policyDocument/read.ts';
import { WHOLE_LIST_PAGE_SIZE } from '../upstream/pagination.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from './resolvers/typenames.ts';

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
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = WHOLE_LIST_PAGE_SIZE;

/**
 * Lists with a maximum the spec states (user types per org, profile attributes, IdP providers,
 * and a payload's whole list of a type's policies, read 200 at a time). A list not named here
 * counts once: either it is part of one REST object already counted, or it is fetched by a call
 * of its own per item (`rules`, `applications`), which the call budget and the response budget
 * bound at run time.
 */
const LIST_MAXIMA: Readonly<Record<string, number>> = {
  'Query.userTypes': 10,
  'UserTypeCondition.includedUserTypes': 10,
  'UserTypeCondition.excludedUserTypes': 10,
  'ProfileEnrollmentAction.profileAttributes': 10,
  'ProfileEnrollmentAction.targetGroupIds': 1,
  'ProfileEnrollmentAction.preRegistrationInlineHooks': 1,
  'IdpAction.providers': 10,
  'PolicyPayload.policiesOfType': MAX_PAGE_SIZE,
  'DeletePolicyPayload.policiesOfType': MAX_PAGE_SIZE,
};

/** Root fields whose calls follow from an argument's value: a plan reads what its document manages. */
const CALLS_OF_ARGUMENTS: Readonly<Record<string, (argument: (name: string) => unknown) => number>> = {
  'Mutation.planPolicies': (argument) => planReadCalls(argument('document')),
};

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

export interface CostEstimate {
  /** Upstream calls the operation asks for at least (a list's items counted once). */
  calls: number;
  /** Result size: selected fields × the items they are selected on. */
  size: number;
  /** The root selections, largest first. */
  parts: CostPart[];
}

interface Cost {
  calls: number;
  size: number;
  /** The largest list multiplier met (the items of a page), for the refusal's wording. */
  items: number;
}

const NONE: Cost = { calls: 0, size: 0, items: 1 };

/** What a selection knows from the fields above it: the page's size and the listed policy type. */
interface Scope {
  pageSize: number;
  policyType?: PolicyType;
}

const ROOT_SCOPE: Scope = { pageSize: 1 };

/** The estimate of one operation with its variable values (defaults filled in here when absent). */
export function estimateCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): CostEstimate {
  const root = schema.getRootType(operation.operation);
  if (!root) return { calls: 0, size: 0, parts: [] };
  const estimator = new Estimator(schema, fragments, variableValues(operation, variables ?? {}));
  const parts: CostPart[] = [];
  let calls = 0;
  for (const { node, parent } of estimator.fields(operation.selectionSet, root, ROOT_SCOPE)) {
    const cost = estimator.field(node, parent, ROOT_SCOPE);
    calls += cost.calls;
    const existing = parts.find((p) => p.field === (node.alias ?? node.name).value);
    if (existing) {
      existing.size += cost.size;
      existing.items = Math.max(existing.items, cost.items);
    } else parts.push({ field: (node.alias ?? node.name).value, items: cost.items, size: cost.size });
  }
  parts.sort((a, b) => b.size - a.size);
  return { calls, size: parts.reduce((sum, p) => sum + p.size, 0), parts };
}

/** The operation's variables with the defaults of the variables left out. */
function variableValues(
  operation: OperationDefinitionNode,
  given: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...given };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (values[name] === undefined && definition.defaultValue) values[name] = literal(definition.defaultValue, {});
  }
  return values;
}

/** The value of an argument: a literal, or a variable's value (a plain JSON value; enums are strings). */
function literal(node: ValueNode, variables: Readonly<Record<string, unknown>>): unknown {
  switch (node.kind) {
    case Kind.VARIABLE:
      return variables[node.name.value];
    case Kind.INT:
      return Number.parseInt(node.value, 10);
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    default:
      return undefined;
  }
}

class Estimator {
  /** Per fragment and policy type: its cost, or NONE while it is being counted (a cycle, which validation reports). */
  private readonly fragmentCosts = new Map<string, Cost>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>,
    private readonly variables: Readonly<Record<string, unknown>>,
  ) {}

  /**
   * The fields of a selection set with the type each is selected on, fragments expanded; a
   * fragment on another policy (or rule) type than the list's `type:` is left out.
   */
  *fields(
    set: SelectionSetNode,
    parent: GraphQLNamedType,
    scope: Scope,
  ): Generator<{ node: FieldNode; parent: GraphQLNamedType }> {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) yield { node: selection, parent };
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        if (type && this.applies(type, scope)) yield* this.fields(selection.selectionSet, type, scope);
      }
    }
  }

  /** A selection set's cost per item, fragment spreads included (each fragment counted once per policy type). */
  selectionSet(set: SelectionSetNode, parent: GraphQLNamedType, scope: Scope): Cost {
    const total = { calls: 0, size: 0, items: 1 };
    const add = (cost: Cost) => {
      total.calls += cost.calls;
      total.size += cost.size;
      total.items = Math.max(total.items, cost.items);
    };
    for (const { node, parent: type } of this.fields(set, parent, scope)) add(this.field(node, type, scope));
    for (const spread of this.spreads(set, parent, scope)) add(this.fragment(spread, scope));
    return total;
  }

  /** Fragment spreads of a selection set, those inside its inline fragments that apply included. */
  private *spreads(set: SelectionSetNode, parent: GraphQLNamedType, scope: Scope): Generator<string> {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) yield selection.name.value;
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        if (type && this.applies(type, scope)) yield* this.spreads(selection.selectionSet, type, scope);
      }
    }
  }

  private fragment(name: string, scope: Scope): Cost {
    const definition = this.fragments[name];
    const key = `${name} ${scope.pageSize} ${scope.policyType ?? ''}`;
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
    const byArguments = CALLS_OF_ARGUMENTS[`${parent.name}.${name}`];
    const calls = !this.needsCall(parent, name) ? 0 : byArguments ? byArguments((a) => this.argument(node, a)) : 1;
    const items = this.multiplier(parent, field, scope);
    if (!node.selectionSet) return { calls, size: items, items };
    const page = name === 'policies' && parent === this.schema.getQueryType();
    const inner: Scope = page
      ? { pageSize: this.pageSize(node), policyType: this.argument(node, 'type') as PolicyType | undefined }
      : scope;
    const below = this.selectionSet(node.selectionSet, getNamedType(field.type), inner);
    // A field with a call of its own holds the REST objects it returns: a page's items, else its items.
    const objects = calls === 0 ? 0 : (page ? inner.pageSize : 1) * OBJECT_WEIGHT;
    return {
      // Calls inside a list count once (its length is known only after its own call).
      calls: calls + below.calls,
      size: items * (1 + objects + below.size),
      items: items * below.items,
    };
  }

  /** How many items a list field holds at most: a page's nodes and edges hold the page; 1 for anything else. */
  private multiplier(parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>, scope: Scope): number {
    if (parent.name === 'PolicyConnection' && (field.name === 'nodes' || field.name === 'edges')) return scope.pageSize;
    return LIST_MAXIMA[`${parent.name}.${field.name}`] ?? 1;
  }

  /** `first` as literal, variable or default, clamped as the service clamps it. */
  private pageSize(node: FieldNode): number {
    const first = this.argument(node, 'first');
    if (typeof first !== 'number' || !Number.isFinite(first)) return DEFAULT_PAGE_SIZE;
    return Math.min(Math.max(Math.trunc(first), 1), MAX_PAGE_SIZE);
  }

  private argument(node: FieldNode, name: string): unknown {
    const argument = node.arguments?.find((a) => a.name.value === name);
    return argument && literal(argument.value, this.variables);
  }

  /** False for a fragment on a policy or rule implementation of another type than the listed one. */
  private applies(type: GraphQLNamedType, { policyType }: Scope): boolean {
    if (!policyType || !isObjectType(type)) return true;
    const implemented = type.getInterfaces().map((i) => i.name);
    if (implemented.includes('Policy')) return POLICY_TYPENAME[policyType] === type.name;
    if (implemented.includes('PolicyRule')) return RULE_TYPENAME[RULE_TYPE_OF[policyType]] === type.name;
    return true;
  }

  private needsCall(parent: GraphQLNamedType, field: string): boolean {
    if (parent === this.schema.getQueryType() || parent === this.schema.getMutationType()) return true;
    const declaring = isObjectType(parent) ? [parent, ...parent.getInterfaces()] : [parent];
    return declaring.some((type) => hasUpstreamDirective(type, field));
  }
}
