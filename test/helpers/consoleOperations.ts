// The canonical console operations the cost limits are calibrated against (docs/limits.md): the
// 8-type dashboard with typed settings and typed rule actions, a policy detail, Apollo Client's
// versions of them (`__typename` in every selection), and the attack the limits must refuse.
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  type GraphQLNamedType,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  parse,
  print,
  type SelectionSetNode,
  visit,
} from 'graphql';
import { hasUpstreamDirective } from '../../src/gateway/costEstimate.ts';
import { POLICY_TYPENAME, RULE_TYPENAME } from '../../src/gateway/resolvers/typenames.ts';
import { type PolicyType, RULE_TYPE_OF } from '../../src/rest/types.ts';

const schema = buildSchema(readFileSync(new URL('../../src/generated/schema.graphql', import.meta.url), 'utf8'));

export const POLICY_TYPES = Object.keys(POLICY_TYPENAME) as PolicyType[];

/** The dashboard's 17 policy fields and 6 rule fields. */
const POLICY_ROW = `id type name description status priority system created lastUpdated
  viewerCanUpdate viewerCanDelete viewerCanActivate viewerCanDeactivate
  links { self { href } rules { href } mappings { href } }`;
const RULE_ROW = 'id name status priority system lastUpdated';

/**
 * Every leaf below a field, as a console's typed form shows them: fields without arguments and
 * without an upstream call of their own; an interface or union is left out (none in settings).
 */
function everyLeaf(type: GraphQLNamedType, depth = 6): string {
  if (!isObjectType(type) || depth === 0) return '';
  const parts: string[] = [];
  const needsCall = (name: string) => [type, ...type.getInterfaces()].some((t) => hasUpstreamDirective(t, name));
  for (const field of Object.values(type.getFields())) {
    if (field.args.length > 0 || needsCall(field.name)) continue;
    const named = getNamedType(field.type);
    if (isObjectType(named)) {
      const inner = everyLeaf(named, depth - 1);
      if (inner) parts.push(`${field.name} { ${inner} }`);
    } else if (!isInterfaceType(named)) parts.push(field.name);
  }
  return parts.join(' ');
}

/** `settings { … }` of a policy implementation, every leaf; empty for a type without settings. */
export function typedSettings(typename: string): string {
  const type = schema.getType(typename);
  const settings = isObjectType(type) ? type.getFields().settings : undefined;
  return settings ? `settings { ${everyLeaf(getNamedType(settings.type))} }` : '';
}

/** `actions { … }` of a rule implementation, every leaf. */
export function typedActions(typename: string): string {
  const type = schema.getType(typename);
  const actions = isObjectType(type) ? type.getFields().actions : undefined;
  return actions ? `actions { ${everyLeaf(getNamedType(actions.type))} }` : '';
}

export type PageSize = 'literal' | 'variable' | 'default';

/**
 * The 8-type dashboard: every policy type at `first: 200` (written as a literal, as `$first`, or
 * left to the service's default page size), 17 policy fields, typed settings, and the rules with 6
 * fields and their typed actions (with `deferRules`, each type's rules in a `@defer` fragment).
 */
export function dashboard(
  pageSize: PageSize = 'variable',
  { deferRules = false }: { deferRules?: boolean } = {},
): { query: string; variables: Record<string, unknown> } {
  const first = pageSize === 'literal' ? ', first: 200' : pageSize === 'variable' ? ', first: $first' : '';
  const aliases = POLICY_TYPES.map((type) => {
    const policy = POLICY_TYPENAME[type];
    const rule = RULE_TYPENAME[RULE_TYPE_OF[type]];
    const rules = `rules { ${RULE_ROW} ... on ${rule} { ${typedActions(rule)} } }`;
    // `rules` is a field of the Policy interface: deferred beside the typed fragment, at the same depth.
    const typed = deferRules
      ? `${typedSettings(policy) && `... on ${policy} { ${typedSettings(policy)} }`} ... @defer(label: "${type.toLowerCase()}Rules") { ${rules} }`
      : `... on ${policy} { ${typedSettings(policy)} ${rules} }`;
    return `${type.toLowerCase()}: policies(type: ${type}${first}) {
      nodes { ${POLICY_ROW} ${typed} }
      pageInfo { hasNextPage endCursor } }`;
  });
  const signature = pageSize === 'variable' ? '($first: Int = 20)' : '';
  return {
    query: `query Dashboard${signature} {\n  ${aliases.join('\n  ')}\n}`,
    variables: pageSize === 'variable' ? { first: 200 } : {},
  };
}

/** One policy in full: typed settings, its rules with typed actions, conditions and the user types they name. */
export const POLICY_DETAIL = `query PolicyDetail($id: ID!) {
  policy(id: $id) {
    ${POLICY_ROW}
    ${POLICY_TYPES.filter((type) => typedSettings(POLICY_TYPENAME[type]))
      .map((type) => `... on ${POLICY_TYPENAME[type]} { ${typedSettings(POLICY_TYPENAME[type])} }`)
      .join('\n    ')}
    rules {
      ${RULE_ROW}
      conditions { people { users { include exclude } groups { include exclude } } network { connection include exclude }
        userType { include exclude includedUserTypes { id name displayName } excludedUserTypes { id name } } }
      ${POLICY_TYPES.map((type) => `... on ${RULE_TYPENAME[RULE_TYPE_OF[type]]} { ${typedActions(RULE_TYPENAME[RULE_TYPE_OF[type]])} }`).join('\n      ')}
    }
  }
}`;

/** Apollo Client's version of a document: `__typename` in every selection set but the operation's. */
export function withTypename(query: string): string {
  const document = visit(parse(query), {
    SelectionSet: {
      leave(node: SelectionSetNode, _key, parent) {
        if (parent && !Array.isArray(parent) && (parent as { kind: string }).kind === Kind.OPERATION_DEFINITION) {
          return undefined;
        }
        const has = node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename');
        if (has) return undefined;
        return {
          ...node,
          selections: [...node.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }],
        };
      },
    },
  });
  return print(document);
}

/** The issue's attack: 50 aliased pages of 200 passed as a variable, 10 fields each. */
export function variableAttack(aliases = 50): { query: string; variables: Record<string, unknown> } {
  const pages = Array.from(
    { length: aliases },
    (_, i) =>
      `p${i}: policies(type: $type, first: $first, q: "${'Seeded'.slice(0, 1 + (i % 6))}") { nodes { id type name description status priority system created lastUpdated } }`,
  );
  return {
    query: `query Pages($type: PolicyType!, $first: Int) {\n  ${pages.join('\n  ')}\n}`,
    variables: { type: 'PASSWORD', first: 200 },
  };
}
