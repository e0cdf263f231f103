// The upstream calls an operation asks for, counted from the document alone before it runs: each
// selection (each alias) of a field whose value needs an upstream call of its own counts one, and
// a field inside a list counts once (how many items the list holds is known only after its call).
// An operation over the limit (MAX_UPSTREAM_CALLS) is refused with COST_LIMIT_EXCEEDED before any
// call; at run time the upstream client counts the real calls against the same budget.
import {
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Fields below the root that need an upstream call of their own, by the type or interface that
 * declares them (every field of Query and Mutation does). Not listed: joins answered from data
 * the path already loaded, such as a rule's `policy`.
 */
export const FIELDS_WITH_UPSTREAM_CALLS: Readonly<Record<string, readonly string[]>> = {
  Policy: ['rules', 'rule', 'applications'],
  Application: ['accessPolicy'],
  UserTypeCondition: ['includedUserTypes', 'excludedUserTypes'],
  PolicyTypeEvaluation: ['matchedPolicy', 'matchedRule', 'undecidedPolicies'],
  SimulatedPolicy: ['policy'],
  SimulatedRule: ['rule'],
  PolicyPayload: ['policiesOfType'],
  PolicyRulePayload: ['policy'],
  DeletePolicyPayload: ['policiesOfType'],
  DeletePolicyRulePayload: ['policy'],
  DeleteUserTypePayload: ['referencingRules'],
};

export function upstreamCallEstimatePlugin(maxCalls: number): Plugin {
  const rule = upstreamCallLimitRule(maxCalls);
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}

export function upstreamCallLimitRule(maxCalls: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return;
      const estimate = new CallCounter(context).count(operation.selectionSet, root);
      if (estimate <= maxCalls) return;
      context.reportError(
        new GraphQLError(
          `The operation asks for at least ${estimate} upstream calls; the limit is ${maxCalls}. Split it into smaller operations.`,
          { nodes: [operation], extensions: { code: 'COST_LIMIT_EXCEEDED', estimate, limit: maxCalls } },
        ),
      );
    },
  });
}

/** Counts over the document with each fragment counted once and reused wherever it is spread. */
class CallCounter {
  private readonly schema: GraphQLSchema;
  /** Calls per fragment; -1 while it is being counted (a cycle, which another rule reports). */
  private readonly fragmentCalls = new Map<string, number>();

  constructor(private readonly context: ValidationContext) {
    this.schema = context.getSchema();
  }

  count(selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined): number {
    let calls = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
        // Unknown fields (and introspection) are another rule's business.
        if (!field || !parent) continue;
        if (this.needsCall(parent, name)) calls++;
        if (selection.selectionSet) calls += this.count(selection.selectionSet, getNamedType(field.type));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        calls += this.count(selection.selectionSet, type);
      } else {
        calls += this.fragment(this.context.getFragment(selection.name.value));
      }
    }
    return calls;
  }

  private fragment(fragment: FragmentDefinitionNode | null | undefined): number {
    if (!fragment) return 0;
    const name = fragment.name.value;
    const known = this.fragmentCalls.get(name);
    if (known !== undefined) return Math.max(known, 0);
    this.fragmentCalls.set(name, -1);
    const calls = this.count(fragment.selectionSet, this.schema.getType(fragment.typeCondition.name.value));
    this.fragmentCalls.set(name, calls);
    return calls;
  }

  private needsCall(parent: GraphQLNamedType, field: string): boolean {
    if (parent === this.schema.getQueryType() || parent === this.schema.getMutationType()) return true;
    const declaring = isObjectType(parent) ? [parent, ...parent.getInterfaces()] : [parent];
    return declaring.some((type) => FIELDS_WITH_UPSTREAM_CALLS[type.name]?.includes(field));
  }
}
