// GraphQL documents a hostile (or careless) client could send, generated from the schema with
// fast-check: a random walk over the Query type's fields and what they return, with aliases, named
// fragments spread at any level (the root included), inline fragments on the root, on interfaces and
// on their implementations, and a variable for every argument, its value generated from the
// argument's type (large page sizes, ids of the org, a few ids repeated thousands of times); and,
// beside the walk, the shapes known to multiply an answer, with generated sizes: back-references
// (`rules { policy { rules … } }`), `nodes(ids:)` with one id repeated, and aliased pages as a root
// fragment. Most documents are valid and within the static limits; the others (past the depth, alias
// or token limit, two generated fields in conflict, a value the variable's type refuses) test the
// refusals, which must be coded too. Only queries: a mutation would change the org between runs.
import fc, { type GeneratorValue } from 'fast-check';
import {
  getNamedType,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { hasUpstreamDirective } from '../../src/gateway/costEstimate.ts';

/** Ids the generated arguments pick from, so that documents reach real objects. */
export interface OrgIds {
  policies: string[];
  rules: string[];
  userTypes: string[];
  apps: string[];
}

export interface HostileDocument {
  /** Which generator made it: `walk` or one of the known shapes. */
  shape: string;
  query: string;
  variables: Record<string, unknown>;
}

/** Page sizes: ordinary, the service's largest, and far past it. */
const PAGE_SIZES = [0, 1, 5, 20, 200, 201, 1_000, 100_000, 2 ** 31 - 1, -1];
/** Selections (fields, fragments) one walk may write in all: larger documents meet the token limit anyway. */
const WALK_BUDGET = 160;
/** A walk's text stays under this; the token limit refuses far less than that already. */
const WALK_CHARACTERS = 20_000;

/** A hostile document drawn with `g`: a schema walk, or one of the known shapes with drawn sizes. */
export function hostileDocument(g: GeneratorValue, schema: GraphQLSchema, ids: OrgIds): HostileDocument {
  const shape = g(fc.constantFrom, 'walk', 'walk', 'back-references', 'repeated ids', 'root fragment');
  if (shape === 'back-references') return backReferences(g, ids);
  if (shape === 'repeated ids') return repeatedIds(g, ids);
  if (shape === 'root fragment') return rootFragment(g);
  return new Walk(g, schema, ids).document();
}

/** `policies { nodes { rules { policy { rules … } } } }`, `levels` round trips deep, in `copies` aliases. */
function backReferences(g: GeneratorValue, ids: OrgIds): HostileDocument {
  const levels = g(fc.integer, { min: 1, max: 6 });
  const copies = g(fc.integer, { min: 1, max: 4 });
  const fromNode = g(fc.boolean);
  // On a rule: its policy's rules, `levels` times (3 levels is the document of the attack soak).
  let onRule = 'name id';
  for (let i = 0; i < levels; i++) onRule = `policy { rules { ${onRule} } }`;
  const onPolicy = `name rules { ${onRule} }`;
  const root = fromNode ? 'policy(id: $id)' : 'policies(type: PASSWORD, first: $first)';
  const body = fromNode ? onPolicy : `nodes { ${onPolicy} }`;
  const selections = Array.from({ length: copies }, (_, i) => `c${i}: ${root} { ${body} }`);
  const query = fromNode
    ? `query Back($id: ID!) { ${selections.join(' ')} }`
    : `query Back($first: Int) { ${selections.join(' ')} }`;
  const variables = fromNode
    ? { id: g(fc.constantFrom, ...ids.policies) }
    : { first: g(fc.constantFrom, ...PAGE_SIZES) };
  return { shape: 'back-references', query, variables };
}

/** `nodes(ids: $ids)` with one id repeated up to thousands of times, in `copies` aliases. */
function repeatedIds(g: GeneratorValue, ids: OrgIds): HostileDocument {
  const id = g(fc.constantFrom, ...ids.policies, ...ids.rules, ...ids.userTypes);
  const times = g(fc.constantFrom, 1, 2, 50, 500, 5_000, 20_000);
  const copies = g(fc.constantFrom, 1, 2, 8, 50);
  const fields = '__typename id ... on Policy { name rules { id name } } ... on PolicyRule { name policy { id } }';
  const selections = Array.from({ length: copies }, (_, i) => `n${i}: nodes(ids: $ids) { ${fields} }`);
  return {
    shape: 'repeated ids',
    query: `query Repeated($ids: [ID!]!) { ${selections.join(' ')} }`,
    variables: { ids: Array.from({ length: times }, () => id) },
  };
}

/** Aliased pages of policies with their rules, as a root fragment spread, directly or in `... on Query`. */
function rootFragment(g: GeneratorValue): HostileDocument {
  const copies = g(fc.integer, { min: 1, max: 50 });
  const inline = g(fc.boolean);
  const pages = Array.from(
    { length: copies },
    (_, i) =>
      `p${i}: policies(type: PASSWORD, first: $first) { nodes { id name ... on PasswordPolicy { settings { password { complexity { minLength } } } } rules { id name } } }`,
  );
  const root = inline ? '{ ... on Query { ...Pages } }' : '{ ...Pages }';
  return {
    shape: 'root fragment',
    query: `query Spread($first: Int) ${root} fragment Pages on Query { ${pages.join(' ')} }`,
    variables: { first: g(fc.constantFrom, ...PAGE_SIZES) },
  };
}

/** One random walk from the Query type: the variables and fragments it declares as it goes. */
class Walk {
  private readonly declarations: string[] = [];
  private readonly variables: Record<string, unknown> = {};
  /** Fragments written so far, with the levels of nesting each one spans. */
  private readonly fragments: { name: string; on: string; levels: number; text: string }[] = [];
  private names = 0;
  private budget = WALK_BUDGET;
  /** Characters the copies of aliased fields may still write (nested copies multiply). */
  private characters = WALK_CHARACTERS;

  constructor(
    private readonly g: GeneratorValue,
    private readonly schema: GraphQLSchema,
    private readonly ids: OrgIds,
  ) {}

  document(): HostileDocument {
    // Mostly within MAX_QUERY_DEPTH (12), sometimes past it.
    const depth = this.g(fc.constantFrom, 2, 3, 4, 4, 5, 6, 7, 8, 10, 13);
    const root = this.selectionSet(this.schema.getQueryType()!, depth);
    const variables = this.declarations.length ? `(${this.declarations.join(', ')})` : '';
    const fragments = this.fragments.map((f) => `fragment ${f.name} on ${f.on} ${f.text}`);
    return {
      shape: 'walk',
      query: [`query Walk${variables} ${root}`, ...fragments].join('\n'),
      variables: this.variables,
    };
  }

  private name(prefix: string): string {
    return `${prefix}${this.names++}`;
  }

  /** `{ … }` on `type`: fields, inline fragments and fragment spreads, `depth` levels deep at most. */
  private selectionSet(type: GraphQLCompositeType, depth: number): string {
    if (depth <= 0 || this.budget <= 0) return '{ __typename }';
    const count = this.g(fc.integer, { min: 1, max: 4 });
    const parts: string[] = [];
    for (let i = 0; i < count && this.budget > 0; i++) {
      this.budget--;
      const kind = this.g(fc.constantFrom, 'field', 'field', 'field', 'inline', 'spread');
      if (kind === 'field') {
        parts.push(this.field(type, depth));
      } else if (kind === 'inline') {
        const on = this.typeCondition(type);
        const condition = on !== type || this.g(fc.boolean) ? ` on ${on.name}` : '';
        // A fragment counts as a level too: fragments in fragments would otherwise nest without end.
        parts.push(`...${condition} ${this.selectionSet(on, depth - 1)}`);
      } else {
        parts.push(`...${this.fragment(this.typeCondition(type), depth - 1)}`);
      }
    }
    return `{ ${parts.join(' ') || '__typename'} }`;
  }

  /** A type a fragment inside `type` may name: itself, an interface it implements, or a possible type. */
  private typeCondition(type: GraphQLCompositeType): GraphQLCompositeType {
    const related: GraphQLCompositeType[] = [type];
    if (isObjectType(type)) related.push(...type.getInterfaces());
    if (isAbstractType(type)) related.push(...this.schema.getPossibleTypes(type));
    return this.pick(related);
  }

  /** One of `items`, drawn by index: fast-check compares the arguments of a draw, and schema objects are cyclic. */
  private pick<T>(items: T[]): T {
    return items[this.g(fc.integer, { min: 0, max: items.length - 1 })];
  }

  /** A named fragment on `on`: a new one, or one written before on the same type (spread again). */
  private fragment(on: GraphQLCompositeType, depth: number): string {
    // One written before fits where it spans no more levels than are left here.
    const earlier = this.fragments.filter((f) => f.on === on.name && f.levels <= depth);
    if (earlier.length && this.g(fc.integer, { min: 0, max: 2 }) === 0) return this.pick(earlier).name;
    const name = this.name('F');
    // Written before it is listed: a fragment spreads only fragments listed earlier, never itself.
    const text = this.selectionSet(on, depth);
    this.fragments.push({ name, on: on.name, levels: depth, text });
    return name;
  }

  /** One field of `type` (lists and fields with an upstream call preferred), in 1 or more aliases. */
  private field(type: GraphQLCompositeType, depth: number): string {
    // A union (the schema has none today) selects no field but `__typename`.
    if (!isObjectType(type) && !isInterfaceType(type)) return '__typename';
    const fields = Object.values(type.getFields());
    const weighted = fields.flatMap((f) => {
      const named = getNamedType(f.type);
      const list = isListType(isNonNullType(f.type) ? f.type.ofType : f.type);
      const weight = (isCompositeType(named) ? 3 : 1) + (hasUpstreamDirective(type, f.name) || list ? 3 : 0);
      return Array.from({ length: weight }, () => f);
    });
    const field = this.pick([...weighted, '__typename' as const]);
    if (field === '__typename') return '__typename';
    const args = this.args(field);
    const named = getNamedType(field.type);
    const sub = isCompositeType(named) ? ` ${this.selectionSet(named, depth - 1)}` : '';
    // Copies of an object field multiply what is read (nested copies multiply each other, up to the
    // alias limit; the known shapes send 50 at the root); copies of a leaf only spend the alias limit.
    const drawn = sub ? this.g(fc.constantFrom, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 8) : 1;
    const copies = Math.max(
      1,
      Math.min(drawn, Math.floor(this.characters / (field.name.length + args.length + sub.length + 8))),
    );
    this.characters -= copies * (field.name.length + args.length + sub.length + 8);
    // An alias for each copy and for a field with arguments: each draw makes new variables, and two
    // fields of one name with different arguments would conflict.
    if (copies === 1 && !args) return `${field.name}${sub}`;
    return Array.from({ length: copies }, () => `${this.name('a')}: ${field.name}${args}${sub}`).join(' ');
  }

  /** `(name: $v, …)`: every required argument, and each optional one half the time, as a variable. */
  private args(field: GraphQLField<unknown, unknown>): string {
    const parts = field.args.flatMap((arg) => {
      if (!isNonNullType(arg.type) && this.g(fc.boolean)) return [];
      const variable = this.name('v');
      this.declarations.push(`$${variable}: ${String(arg.type)}`);
      this.variables[variable] = this.value(arg.type, `${field.name}.${arg.name}`, 3);
      return [`${arg.name}: $${variable}`];
    });
    return parts.length ? `(${parts.join(', ')})` : '';
  }

  /** A value of an input type; `at` (field.argument or input member) picks ids and page sizes. */
  private value(type: GraphQLInputType, at: string, depth: number): unknown {
    if (!isNonNullType(type) && this.g(fc.integer, { min: 0, max: 19 }) === 0) return null;
    return this.nonNullValue(nullableOf(type), at, depth);
  }

  /** A value of `type` (its non-null wrapper taken off), never null itself. */
  private nonNullValue(type: GraphQLInputType, at: string, depth: number): unknown {
    if (isListType(type) && at === 'nodes.ids') {
      // A few ids, repeated in turn: the same object asked for hundreds of times.
      const distinct = Array.from({ length: this.g(fc.integer, { min: 1, max: 3 }) }, () => this.id(at));
      const times = this.g(fc.constantFrom, 1, 2, 50, 500, 5_000);
      return Array.from({ length: times }, (_, i) => distinct[i % distinct.length]);
    }
    if (isListType(type)) {
      const length = this.g(fc.constantFrom, 0, 1, 2, 3);
      return Array.from({ length }, () => this.value(type.ofType, at, depth));
    }
    if (isEnumType(type)) return this.g(fc.constantFrom, ...type.getValues().map((v) => v.name));
    if (isInputObjectType(type)) {
      const value: Record<string, unknown> = {};
      const members = Object.values(type.getFields());
      // A @oneOf input takes exactly one member.
      if (type.isOneOf) {
        const member = this.pick(members);
        return { [member.name]: this.nonNullValue(nullableOf(member.type), member.name, depth - 1) };
      }
      for (const member of members) {
        const required = isNonNullType(member.type) && member.defaultValue === undefined;
        if (required || (depth > 0 && this.g(fc.boolean))) {
          value[member.name] = this.value(member.type, member.name, depth - 1);
        }
      }
      return value;
    }
    return this.scalar(getNamedType(type), at);
  }

  private scalar(type: GraphQLNamedType, at: string): unknown {
    if (!isLeafType(type)) return null;
    switch (type.name) {
      case 'Int':
        return this.g(fc.constantFrom, ...PAGE_SIZES);
      case 'Float':
        return this.g(fc.double, { noNaN: true, noDefaultInfinity: true });
      case 'Boolean':
        return this.g(fc.boolean);
      case 'ID':
        return this.id(at);
      case 'DateTime':
        return this.g(fc.constantFrom, '2024-01-31T09:15:00.000Z', 'yesterday');
      case 'JSON':
        return this.g(fc.constantFrom, {}, { a: [1, 2, 3] }, 'text', 42);
      default:
        return this.g(
          fc.constantFrom,
          '',
          'Large',
          'Rule 1',
          this.g(fc.constantFrom, ...this.ids.policies),
          'x'.repeat(300),
        );
    }
  }

  /** An id of the kind `at` asks for (or of no object: `nope`). */
  private id(at: string): unknown {
    const { policies, rules, userTypes, apps } = this.ids;
    if (at === 'nodes.ids') return this.g(fc.constantFrom, ...policies, ...rules, ...userTypes, 'nope');
    if (/app/i.test(at)) return this.g(fc.constantFrom, ...apps, 'nope');
    if (/userType|types/i.test(at)) return this.g(fc.constantFrom, ...userTypes, 'default', 'nope');
    return this.g(fc.constantFrom, ...policies, ...rules, ...userTypes, 'nope');
  }
}

function nullableOf(type: GraphQLInputType): GraphQLInputType {
  return isNonNullType(type) ? type.ofType : type;
}
